/**
 * The choices a seat can have, as the setup page lists them: scripted agents, WebLLM models from the
 * catalog (marked unavailable where this GPU cannot run them), transformers.js models, and an
 * OpenAI-compatible endpoint.
 */
import { CATALOG, defaultModel, getCatalogEntry, pickBuild } from '$lib/engines/catalog';
import { GPU_MESSAGES, webllmLimitsProblem, type GpuCaps } from '$lib/engines/gpu';
import type { ModelChoice } from '$lib/engines/types';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';

export interface ModelOption {
	value: string;
	label: string;
	/** The label is a model's own name (a product name, kept as it is in every language: `translate="no"`). */
	name?: boolean;
	/** The group's name in the interface language (options are grouped by it). */
	group: string;
	choice: ModelChoice;
	/** Why it cannot be picked on this device, if it cannot. */
	unavailable?: string;
	detail?: string;
}

/** transformers.js models from the Hugging Face hub, for browsers without a usable GPU. */
export const TRANSFORMERS_MODELS = [
	{ id: 'onnx-community/Qwen2.5-0.5B-Instruct', label: 'Qwen2.5 0.5B Instruct', downloadMB: 480 },
	{ id: 'HuggingFaceTB/SmolLM2-360M-Instruct', label: 'SmolLM2 360M Instruct', downloadMB: 380 }
] as const;

export const SCRIPTED: ModelChoice = { engine: 'scripted' };
/** The fair scripted baseline: only what a model's prompt shows (see scenarios/undercover/policies/scripted/undercover-fair.ts). */
const SCRIPTED_FAIR: ModelChoice = { engine: 'scripted', model: 'fair' };
/** A person at this keyboard: a seat's own choice only, never "all seats" (someone has to watch). */
export const HUMAN: ModelChoice = { engine: 'human' };

export function choiceValue(choice: ModelChoice): string {
	if (choice.engine === 'scripted' && choice.model) return `scripted:${choice.model}`;
	if (choice.engine === 'scripted' || choice.engine === 'human' || choice.engine === 'openai')
		return choice.engine;
	return `${choice.engine}${choice.device === 'webgpu' ? '-webgpu' : ''}:${choice.model ?? ''}`;
}

/**
 * Why a model choice cannot run on this device (null caps: the GPU is still being asked), or
 * undefined when it can: a WebLLM model needs a build this adapter runs (`pickBuild`: an adapter,
 * WebLLM's minimum limits, shader-f16 for a q4f16-only model), and transformers.js on WebGPU needs an
 * adapter. The setup pages and the resume panel both ask this, so they offer the same models.
 */
export function whyUnavailable(choice: ModelChoice, caps: GpuCaps | null): string | undefined {
	const gpu = choice.engine === 'webllm' || (choice.engine === 'transformers' && choice.device === 'webgpu');
	if (!gpu) return undefined;
	if (!caps) return m.players_why_checking();
	if (choice.engine === 'transformers') return caps.adapter ? undefined : m.players_why_no_adapter();
	const entry = getCatalogEntry(choice.model ?? '');
	if (!entry)
		return getLocale() === 'en'
			? `"${choice.model ?? ''}" is not in the WebLLM model catalog`
			: m.players_why_not_listed();
	const reason = pickBuild(entry, caps).reason;
	// pickBuild's sentences are the engine layer's, in English: elsewhere, one of two short reasons.
	if (reason === undefined || getLocale() === 'en') return reason;
	return reason.includes('only comes as a q4f16 build') ? m.players_why_q4f16() : m.players_why_gpu();
}

/**
 * What the setup pages say about this browser's GPU, or null when there is nothing to warn of:
 * `caps.reason` (the engine layer's English sentences) in English, the same sentences from messages
 * in other languages.
 */
export function gpuStatusText(caps: GpuCaps): string | null {
	if (!caps.reason) return null;
	if (getLocale() === 'en') return caps.reason;
	const parts: string[] = [];
	if (caps.reason.includes(GPU_MESSAGES.noWebGpu)) parts.push(m.players_gpu_no_webgpu());
	if (caps.reason.includes(GPU_MESSAGES.noAdapter)) parts.push(m.players_gpu_no_adapter());
	if (caps.reason.includes(GPU_MESSAGES.timeout)) parts.push(m.players_gpu_timeout());
	if (caps.reason.includes(GPU_MESSAGES.fallback)) parts.push(m.players_gpu_fallback());
	if (caps.adapter && webllmLimitsProblem(caps)) parts.push(m.players_gpu_limits());
	if (caps.reason.includes(GPU_MESSAGES.noShaderF16)) parts.push(m.players_gpu_no_f16());
	return parts.length ? parts.join(' ') : m.players_why_gpu();
}

export function modelOptions(caps: GpuCaps | null): ModelOption[] {
	const options: ModelOption[] = [
		{
			value: 'scripted',
			label: m.players_opt_oracle(),
			group: m.players_group_scripted(),
			choice: SCRIPTED,
			detail: m.players_opt_oracle_detail()
		},
		{
			value: 'scripted:fair',
			label: m.players_opt_fair(),
			group: m.players_group_scripted(),
			choice: SCRIPTED_FAIR,
			detail: m.players_opt_fair_detail()
		}
	];
	for (const entry of CATALOG) {
		const pick = caps ? pickBuild(entry, caps) : null;
		const build = pick?.build ?? null;
		options.push({
			value: `webllm:${entry.id}`,
			label: entry.label,
			name: true,
			group: m.players_group_webllm(),
			choice: { engine: 'webllm', model: entry.id },
			unavailable: whyUnavailable({ engine: 'webllm', model: entry.id }, caps),
			// A software adapter runs WebLLM's q4f32 builds, at 17-40 s a token (measured on SwiftShader):
			// selectable, for whoever wants to see it, but labelled as the unplayable choice it is.
			detail: !build
				? undefined
				: caps?.isFallbackAdapter
					? m.players_opt_webllm_detail_unplayable({ mb: build.downloadMB })
					: m.players_opt_webllm_detail({ gb: (build.vramMB / 1024).toFixed(1), mb: build.downloadMB })
		});
	}
	for (const t of TRANSFORMERS_MODELS)
		options.push({
			value: `transformers:${t.id}`,
			label: t.label,
			name: true,
			group: m.players_group_wasm(),
			choice: { engine: 'transformers', model: t.id },
			detail: m.players_opt_wasm_detail({ mb: t.downloadMB })
		});
	for (const t of TRANSFORMERS_MODELS) {
		const choice: ModelChoice = { engine: 'transformers', model: t.id, device: 'webgpu' };
		options.push({
			value: choiceValue(choice),
			label: m.players_opt_on_webgpu({ label: t.label }),
			name: true,
			group: m.players_group_webgpu(),
			choice,
			unavailable: whyUnavailable(choice, caps),
			detail: (caps?.isFallbackAdapter ? m.players_opt_webgpu_detail_slow : m.players_opt_webgpu_detail)({
				mb: t.downloadMB
			})
		});
	}
	options.push({
		value: 'openai',
		label: m.players_opt_endpoint(),
		group: m.players_group_endpoint(),
		choice: { engine: 'openai' }
	});
	options.push({
		value: 'human',
		label: m.players_opt_person(),
		group: m.players_group_person(),
		choice: HUMAN,
		detail: m.players_opt_person_detail()
	});
	return options;
}

/**
 * What a seat gets by default here: the Models page's recommendation for this GPU (a small Qwen on
 * WebLLM), else scripted agents. Never a download the Models page advises against: without a usable
 * GPU a 480 MB model on the CPU takes seconds to minutes a reply, so it is offered (`modelToTry`), not
 * chosen, and a newcomer who presses Start watches a game.
 */
export function recommendedChoice(caps: GpuCaps | null): ModelChoice {
	const best = caps ? defaultModel(caps) : null;
	if (best) return { engine: 'webllm', model: best.id };
	return SCRIPTED;
}

/** The model offered in one click where the default is scripted: the smallest transformers.js one, on WASM. */
export function modelToTry(): { choice: ModelChoice; label: string; mb: number } {
	const t = TRANSFORMERS_MODELS[0];
	return { choice: { engine: 'transformers', model: t.id }, label: t.label, mb: t.downloadMB };
}
