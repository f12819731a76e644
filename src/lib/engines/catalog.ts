/**
 * The WebLLM models Conclave offers, by friendly, stable ids that go into share links.
 *
 * The catalog is plain data so that the UI and the memory planner can read it without loading
 * `@mlc-ai/web-llm` (6.8 MB of JavaScript). `catalog.spec.ts` checks every `webllmId`, VRAM figure
 * and context window against `prebuiltAppConfig.model_list` of the installed package, so an upgrade
 * that renames or drops a build fails a test instead of a visitor's download.
 */
import { webllmLimitsProblem, type GpuCaps } from './gpu';

export type Quant = 'q4f16' | 'q4f32';

export interface CatalogBuild {
	/** `model_id` in WebLLM's `prebuiltAppConfig.model_list`. */
	webllmId: string;
	/** `vram_required_MB` from that list (weights plus WebLLM's buffers for the context window). */
	vramMB: number;
	/** An estimate: WebLLM 0.2.86 publishes no download sizes (see `estimateDownloadMB`). */
	downloadMB: number;
	/** `low_resource_required` from that list: WebLLM's own "fits modest devices" flag. */
	lowResource: boolean;
	/** `model` from that list: where the weights come from, and their key prefix in the cache. */
	modelUrl: string;
	/** `model_lib` from that list: the compiled model library (wasm), its key in `webllm/wasm`. */
	modelLibUrl: string;
}

/** Where WebLLM 0.2.86 fetches models (`model` of every prebuilt record here). */
const MODEL_HOST = 'https://huggingface.co/mlc-ai/';
/** `modelLibURLPrefix + modelVersion + '/base/'` of @mlc-ai/web-llm 0.2.86. */
const MODEL_LIB_PREFIX =
	'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_86/base/';

export interface CatalogEntry {
	id: string;
	label: string;
	/** Parameters, in billions (the model card's figure, embeddings included). */
	params: number;
	/** Tokens of context WebLLM's prebuilt config allocates (`overrides.context_window_size`), not the model's native maximum. */
	contextWindow: number;
	builds: Partial<Record<Quant, CatalogBuild>>;
	/**
	 * A reasoning model (Qwen3, Qwen3.5): it writes a `<think>` block first unless told not to. The engine
	 * asks it not to, and its seats get the larger reply budgets (the `reasoning` column of `REPLY_BUDGET`), since a
	 * think block that slips through would otherwise eat the whole reply (seed 002's first pitfall).
	 */
	thinking?: boolean;
	notes?: string;
}

/**
 * Bits stored per weight. MLC's q4f16_1 / q4f32_1 pack 4-bit weights in groups of 32 with one scale
 * per group, an f16 or an f32: 4 + 16/32 = 4.5 and 4 + 32/32 = 5 bits. Norms and biases are a rounding
 * error, and the model library (a few MB of wasm) is left out.
 */
const BITS_PER_WEIGHT: Record<Quant, number> = { q4f16: 4.5, q4f32: 5 };

/** About how many MB (2^20 bytes, as WebLLM's progress text counts them) a build downloads, to 10 MB. */
export function estimateDownloadMB(paramsBillions: number, quant: Quant): number {
	const bytes = (paramsBillions * 1e9 * BITS_PER_WEIGHT[quant]) / 8;
	return Math.round(bytes / 2 ** 20 / 10) * 10;
}

/** One catalog entry as written below: what is particular to the model; the rest has defaults or is derived. */
interface EntrySpec extends Omit<CatalogEntry, 'builds' | 'contextWindow'> {
	/** WebLLM's model ids are `<stem>-q4f16_1-MLC` and `<stem>-q4f32_1-MLC`, then the `suffix` if any. */
	stem: string;
	/** What WebLLM appends to the ids of a build with another context window (`-1k`). */
	suffix?: string;
	/** `vram_required_MB` of each build WebLLM publishes (Gemma 3 1B has no q4f32 one). */
	vramMB: Partial<Record<Quant, number>>;
	/** 4,096 unless said: the window WebLLM's prebuilt configs give every model here but the 1k build. */
	contextWindow?: number;
	/** `low_resource_required`, the same for both builds of each model here; true unless said. */
	lowResource?: boolean;
	/** The stem of the model library's file name, where it differs (Qwen2.5 0.5B runs Qwen2's library). */
	libStem?: string;
}

function entry({
	stem,
	suffix = '',
	vramMB,
	contextWindow = 4096,
	lowResource = true,
	libStem = stem,
	...e
}: EntrySpec): CatalogEntry {
	const builds: Partial<Record<Quant, CatalogBuild>> = {};
	for (const quant of ['q4f16', 'q4f32'] as const) {
		const mb = vramMB[quant];
		if (mb === undefined) continue;
		const webllmId = `${stem}-${quant}_1-MLC${suffix}`;
		builds[quant] = {
			webllmId,
			vramMB: mb,
			downloadMB: estimateDownloadMB(e.params, quant),
			lowResource,
			modelUrl: `${MODEL_HOST}${stem}-${quant}_1-MLC`,
			modelLibUrl: `${MODEL_LIB_PREFIX}${libStem}-${quant}_1_cs1k-webgpu.wasm`
		};
	}
	return { ...e, contextWindow, builds };
}

// VRAM figures: `vram_required_MB` of @mlc-ai/web-llm 0.2.86 (model version v0_2_86), rounded.
export const CATALOG: readonly CatalogEntry[] = [
	entry({
		id: 'qwen2.5-0.5b',
		label: 'Qwen2.5 0.5B Instruct',
		params: 0.49,
		stem: 'Qwen2.5-0.5B-Instruct',
		libStem: 'Qwen2-0.5B-Instruct',
		vramMB: { q4f16: 945, q4f32: 1060 },
		notes:
			'Small and quick to download: the default. Follows simple instructions; weak at long-range strategy.'
	}),
	entry({
		id: 'qwen2.5-1.5b',
		label: 'Qwen2.5 1.5B Instruct',
		params: 1.54,
		stem: 'Qwen2.5-1.5B-Instruct',
		libStem: 'Qwen2-1.5B-Instruct',
		vramMB: { q4f16: 1630, q4f32: 1889 },
		notes: 'A good balance of quality and speed for most games.'
	}),
	entry({
		id: 'qwen2.5-3b',
		label: 'Qwen2.5 3B Instruct',
		params: 3.09,
		stem: 'Qwen2.5-3B-Instruct',
		vramMB: { q4f16: 2505, q4f32: 2894 },
		notes: 'Noticeably better reasoning; needs a GPU with about 2.5 GB to spare.'
	}),
	entry({
		id: 'qwen3-0.6b',
		label: 'Qwen3 0.6B',
		params: 0.6,
		thinking: true,
		stem: 'Qwen3-0.6B',
		vramMB: { q4f16: 1403, q4f32: 1925 },
		notes: 'Qwen3 thinks aloud by default; Conclave turns thinking off so replies fit their token budget.'
	}),
	entry({
		id: 'qwen3-1.7b',
		label: 'Qwen3 1.7B',
		params: 1.7,
		thinking: true,
		stem: 'Qwen3-1.7B',
		vramMB: { q4f16: 2037, q4f32: 2635 },
		notes: 'Qwen3 thinks aloud by default; Conclave turns thinking off so replies fit their token budget.'
	}),
	entry({
		id: 'qwen3-4b',
		label: 'Qwen3 4B',
		params: 4.0,
		thinking: true,
		stem: 'Qwen3-4B',
		vramMB: { q4f16: 3432, q4f32: 4328 },
		notes: 'The strongest Qwen here; needs a well-equipped GPU (about 3.4 GB, 4.3 GB without shader-f16).'
	}),
	entry({
		id: 'qwen3.5-0.8b',
		label: 'Qwen3.5 0.8B',
		params: 0.8,
		thinking: true,
		stem: 'Qwen3.5-0.8B',
		vramMB: { q4f16: 1629, q4f32: 1894 },
		notes: 'The newest small Qwen; a reasoning model, run with thinking off and a larger reply budget.'
	}),
	entry({
		id: 'qwen3.5-2b',
		label: 'Qwen3.5 2B',
		params: 2.0,
		thinking: true,
		stem: 'Qwen3.5-2B',
		vramMB: { q4f16: 2245, q4f32: 2592 },
		lowResource: false,
		notes: 'A reasoning model; about 2.2 GB of GPU memory (2.6 GB without shader-f16).'
	}),
	entry({
		id: 'qwen3.5-4b',
		label: 'Qwen3.5 4B',
		params: 4.0,
		thinking: true,
		stem: 'Qwen3.5-4B',
		vramMB: { q4f16: 3868, q4f32: 4680 },
		lowResource: false,
		notes: 'The strongest model here; needs a well-equipped GPU (about 3.9 GB, 4.7 GB without shader-f16).'
	}),
	entry({
		id: 'phi-4-mini',
		label: 'Phi-4 mini Instruct',
		params: 3.84,
		stem: 'Phi-4-mini-instruct',
		vramMB: { q4f16: 3438, q4f32: 4221 },
		lowResource: false,
		notes: 'Phi-3.5 mini’s successor: less memory than it for better instruction following.'
	}),
	entry({
		id: 'gemma-3-1b',
		label: 'Gemma 3 1B Instruct',
		params: 1.0,
		stem: 'gemma3-1b-it',
		vramMB: { q4f16: 711 },
		notes:
			'The smallest memory need of the 1B models, but WebLLM builds it only as q4f16: it needs shader-f16. Gemma Terms of Use.'
	}),
	entry({
		id: 'phi-3.5-mini',
		label: 'Phi-3.5 mini Instruct',
		params: 3.82,
		stem: 'Phi-3.5-mini-instruct',
		vramMB: { q4f16: 3672, q4f32: 5483 },
		lowResource: false,
		notes: 'Strong reasoning for its size, but the most memory-hungry model here.'
	}),
	entry({
		id: 'phi-3.5-mini-1k',
		label: 'Phi-3.5 mini Instruct (1k context)',
		params: 3.82,
		contextWindow: 1024,
		stem: 'Phi-3.5-mini-instruct',
		suffix: '-1k',
		vramMB: { q4f16: 2520, q4f32: 3179 },
		notes: 'The same weights with a 1,024-token context: less memory, but long game histories will not fit.'
	}),
	entry({
		id: 'llama-3.2-1b',
		label: 'Llama 3.2 1B Instruct',
		params: 1.24,
		stem: 'Llama-3.2-1B-Instruct',
		vramMB: { q4f16: 879, q4f32: 1129 },
		notes: 'Meta Llama 3.2 Community License.'
	}),
	entry({
		id: 'llama-3.2-3b',
		label: 'Llama 3.2 3B Instruct',
		params: 3.21,
		stem: 'Llama-3.2-3B-Instruct',
		vramMB: { q4f16: 2264, q4f32: 2952 },
		notes: 'Meta Llama 3.2 Community License.'
	}),
	entry({
		id: 'smollm2-360m',
		label: 'SmolLM2 360M Instruct',
		params: 0.36,
		stem: 'SmolLM2-360M-Instruct',
		vramMB: { q4f16: 376, q4f32: 580 },
		notes: 'Tiny and fast; its replies are often off the mark. Handy for trying the pipeline.'
	}),
	entry({
		id: 'smollm2-1.7b',
		label: 'SmolLM2 1.7B Instruct',
		params: 1.71,
		stem: 'SmolLM2-1.7B-Instruct',
		vramMB: { q4f16: 1774, q4f32: 2692 }
	})
];

const byId = new Map(CATALOG.map((e) => [e.id, e]));

export function getCatalogEntry(id: string): CatalogEntry | undefined {
	return byId.get(id);
}

/** The catalog entry and quantisation a WebLLM model id belongs to (for error messages and logs). */
export function findByWebllmId(webllmId: string): { entry: CatalogEntry; quant: Quant } | undefined {
	for (const e of CATALOG) {
		for (const quant of ['q4f16', 'q4f32'] as const) {
			if (e.builds[quant]?.webllmId === webllmId) return { entry: e, quant };
		}
	}
	return undefined;
}

export type BuildPick =
	{ quant: Quant; build: CatalogBuild; reason?: undefined } | { quant: null; build: null; reason: string };

/**
 * The build this adapter can run: none where its limits are below WebLLM's minimum
 * (`webllmLimitsProblem`); q4f16 (smaller, faster) only with shader-f16, since its kernels use f16
 * arithmetic and WebLLM would fail late, after the download; otherwise q4f32.
 */
export function pickBuild(entry: CatalogEntry, caps: GpuCaps, prefer?: Quant): BuildPick {
	if (!caps.webgpu || !caps.adapter) {
		return {
			quant: null,
			build: null,
			reason:
				caps.reason ??
				'WebGPU is not available here, so WebLLM models cannot run. Use transformers.js (WASM) or scripted agents.'
		};
	}
	const small = webllmLimitsProblem(caps);
	if (small) return { quant: null, build: null, reason: small };
	const order: Quant[] = prefer === 'q4f32' ? ['q4f32', 'q4f16'] : ['q4f16', 'q4f32'];
	for (const quant of order) {
		const b = entry.builds[quant];
		if (!b) continue;
		if (quant === 'q4f16' && !caps.shaderF16) continue;
		return { quant, build: b };
	}
	return {
		quant: null,
		build: null,
		reason: `${entry.label} only comes as a q4f16 build, which needs 16-bit float shaders (shader-f16); this GPU does not offer them. Choose a model with a q4f32 build.`
	};
}

/** Smallest download of a useful instruction-following model: a first run should not wait on gigabytes. */
export const DEFAULT_MODEL_ID = 'qwen2.5-0.5b';

/** What a device can run, coarsely: the class decides the default model (see `DEVICE_DEFAULTS`). */
export type DeviceClass = 'no-webgpu' | 'software' | 'f32' | 'f16';

export function deviceClass(caps: GpuCaps): DeviceClass {
	if (!caps.webgpu || !caps.adapter) return 'no-webgpu';
	if (caps.isFallbackAdapter) return 'software';
	return caps.shaderF16 ? 'f16' : 'f32';
}

/**
 * The default per device class and why, as the Models page explains it. null: no WebLLM model by
 * default (transformers.js on WASM, or scripted agents).
 */
export const DEVICE_DEFAULTS: Record<
	DeviceClass,
	{ model: string | null; quant: Quant | null; why: string }
> = {
	f16: {
		model: DEFAULT_MODEL_ID,
		quant: 'q4f16',
		why: 'A GPU with 16-bit float shaders runs q4f16 builds, the smallest and fastest. Qwen2.5 0.5B downloads about 260 MB and needs under 1 GB of GPU memory, so a first game starts in a minute; it follows the JSON replies the games ask for. Pick Qwen3.5 2B, Phi-4 mini or Qwen3.5 4B when the GPU has 2.5 to 5 GB to spare.'
	},
	f32: {
		model: DEFAULT_MODEL_ID,
		quant: 'q4f32',
		why: 'This GPU has no 16-bit float shaders (shader-f16), so only q4f32 builds run: their 32-bit scales make them about 10% larger and slower, and q4f16-only models (Gemma 3 1B) are unavailable. The smallest model keeps that cost low: Qwen2.5 0.5B as q4f32, about 1.1 GB of GPU memory.'
	},
	software: {
		model: null,
		quant: null,
		why: 'The only WebGPU adapter is a software one (SwiftShader): a model would take minutes a reply. transformers.js on WASM or scripted agents are the better choice.'
	},
	'no-webgpu': {
		model: null,
		quant: null,
		why: 'No WebGPU here, so WebLLM cannot run: transformers.js runs small models on the CPU (WASM), and scripted agents need no model at all.'
	}
};

/**
 * The model to offer first, or null: use transformers.js on WASM or scripted agents. With shader-f16
 * its q4f16 build, without it the q4f32 one (`pickBuild` chooses); never on a software fallback
 * adapter, which would take minutes a reply.
 */
export function defaultModel(caps: GpuCaps): CatalogEntry | null {
	// A GPU whose limits WebLLM refuses runs no WebLLM model, whatever its class.
	if (webllmLimitsProblem(caps)) return null;
	const id = DEVICE_DEFAULTS[deviceClass(caps)].model;
	return id ? (getCatalogEntry(id) ?? null) : null;
}

/** Whether a model reasons before it answers (Qwen3, Qwen3.5): its seats get the larger reply budgets. */
export function isReasoningModel(id: string): boolean {
	return getCatalogEntry(id)?.thinking ?? false;
}
