/**
 * What the Models page says of this device and of the model cache, in the interface's language. The
 * engines write these reasons in English (`GPU_MESSAGES`, `webllmLimitsProblem`, `pickBuild`, a
 * broken cache entry's `why`), which Node, logs and tests read; here the same facts are said again from the
 * data they come from (the GPU's caps, the cache's state). Only the list of limits WebLLM finds too
 * small (names and numbers) is taken from the engine's sentence, and shown as it is.
 */
import { GPU_MESSAGES, webllmLimitsProblem, type GpuCaps } from '$lib/engines/gpu';
import type { CatalogEntry } from '$lib/engines/catalog';
import type { CacheHealth } from '$lib/engines/model-cache';
import type { ChatUsage } from '$lib/engines/types';
import type { Said } from '$lib/i18n/errors';
import { m } from '$lib/paraglide/messages';

/** Why WebGPU cannot be used at all (detectGpu's reason is one of GPU_MESSAGES then). */
function noGpuText(caps: GpuCaps): string {
	if (caps.reason === GPU_MESSAGES.noAdapter) return m.models_gpu_no_adapter();
	if (caps.reason === GPU_MESSAGES.timeout) return m.models_gpu_timeout();
	if (caps.reason === GPU_MESSAGES.noWebGpu) return m.models_gpu_no_webgpu();
	return m.models_gpu_unavailable();
}

/** The limits WebLLM finds too small, as the engine lists them (names and numbers, not sentences). */
function limitsDetail(caps: GpuCaps): string | undefined {
	const problem = webllmLimitsProblem(caps);
	return problem ? (/\((.*)\)/.exec(problem)?.[1] ?? problem) : undefined;
}

/** What detectGpu found wrong with this device (`caps.reason`), in the interface's language. */
export function gpuReasonText(caps: GpuCaps): Said {
	if (!caps.webgpu || !caps.adapter) return { text: noGpuText(caps) };
	const parts: string[] = [];
	if (caps.isFallbackAdapter) parts.push(m.models_gpu_fallback());
	const limits = limitsDetail(caps);
	if (limits) parts.push(m.models_gpu_limits());
	else if (!caps.shaderF16) parts.push(m.models_gpu_no_shader_f16());
	return { text: parts.join(' '), ...(limits ? { detail: limits } : {}) };
}

/** Why no build of this catalog entry runs here (the cases of engines/catalog.ts `pickBuild`). */
export function buildReasonText(entry: CatalogEntry, caps: GpuCaps): Said {
	return deviceReasonText(caps) ?? { text: m.models_q4f16_only({ label: entry.label }) };
}

/**
 * Why no model at all runs on this device's GPU (no WebGPU, no adapter, limits too small), or null
 * when it depends on the model: the page says it once, not on every row of the catalog.
 */
export function deviceReasonText(caps: GpuCaps): Said | null {
	if (!caps.webgpu || !caps.adapter)
		return { text: caps.reason ? noGpuText(caps) : m.models_gpu_unavailable() };
	const limits = limitsDetail(caps);
	if (limits) return { text: m.models_gpu_limits(), detail: limits };
	return null;
}

/** A model's state in the browser's cache (engines/model-cache.ts `checkModelCache`). */
export function healthText(h: CacheHealth): string {
	switch (h.state) {
		case 'absent':
			return m.models_cache_absent();
		case 'complete':
			return m.models_cache_complete();
		case 'partial':
			return h.of ? m.models_cache_partial_of({ have: h.have, of: h.of }) : m.models_cache_partial();
		case 'broken':
			return m.models_cache_broken({
				why: h.file
					? m.models_cache_cut({ file: h.file })
					: h.part === 'config'
						? m.models_cache_config()
						: h.part === 'library'
							? m.models_cache_library()
							: m.models_cache_index()
			});
	}
}

/**
 * The one-question test's figures. A rate needs at least two tokens (the time between the first and
 * the last): a one-token reply says so instead of "0.0 tokens/s".
 */
export function testStatsText(r: { loadMs: number; usage: ChatUsage }): string {
	const common = {
		load: Math.round(r.loadMs),
		prompt: r.usage.promptTokens,
		ttft: Math.round(r.usage.ttftMs)
	};
	if (r.usage.completionTokens <= 1 || r.usage.decodeTokensPerSecond <= 0)
		return m.models_stats_one_token(common);
	return m.models_stats({
		...common,
		completion: r.usage.completionTokens,
		rate: r.usage.decodeTokensPerSecond.toFixed(1)
	});
}
