/**
 * What this browser's WebGPU can do, asked once before offering WebLLM models.
 *
 * The project does not depend on `@webgpu/types`, so the few members read here are typed
 * structurally: anything navigator-like (a real navigator, a worker's, a test double) will do.
 */

export interface GpuCaps {
	/** `navigator.gpu` exists. */
	webgpu: boolean;
	/** `requestAdapter()` returned an adapter (within the time limit). */
	adapter: boolean;
	/** The adapter offers the `shader-f16` feature, which q4f16 builds need. */
	shaderF16: boolean;
	/** A software adapter (SwiftShader and the like): works, but far too slow for language models. */
	isFallbackAdapter: boolean;
	/** `adapter.limits.maxBufferSize`: the largest single GPU buffer, the only memory figure WebGPU gives. */
	maxBufferBytes: number | null;
	/** The adapter's other limits WebLLM checks before loading any model (absent where not read). */
	limits?: Partial<Record<Exclude<WebllmLimit, 'maxBufferSize'>, number>>;
	vendor?: string;
	/** Why WebLLM cannot run, or runs with limits, in words a teacher understands; absent when all is well. */
	reason?: string;
}

interface AdapterInfoLike {
	vendor?: string;
	architecture?: string;
	description?: string;
	/** Where newer browsers report it (the adapter's own property is deprecated). */
	isFallbackAdapter?: boolean;
}

interface AdapterLike {
	features?: { has(feature: string): boolean };
	limits?: Partial<Record<WebllmLimit, number>>;
	isFallbackAdapter?: boolean;
	info?: AdapterInfoLike;
}

export interface NavigatorLike {
	gpu?: {
		requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<unknown>;
	};
}

export const GPU_MESSAGES = {
	noWebGpu:
		'This browser has no WebGPU, so models cannot run on the GPU here. Use transformers.js (WASM) or scripted agents, or open Conclave in a browser with WebGPU (recent Chrome or Edge).',
	noAdapter:
		'WebGPU is present but no GPU adapter is available (the GPU may be blocked or switched off for the browser). Use transformers.js (WASM) or scripted agents.',
	timeout:
		'WebGPU did not answer within a second, so the GPU is treated as unavailable. Use transformers.js (WASM) or scripted agents, or reload the page to try again.',
	fallback:
		'The only WebGPU adapter is a software fallback (no real GPU): language models would be far too slow on it.',
	noShaderF16:
		'This GPU does not offer 16-bit float shaders (shader-f16): only the larger q4f32 model builds can run.'
} as const;

const DEFAULT_TIMEOUT_MS = 1000;

/**
 * The least WebLLM 0.2.86 asks of an adapter before it loads any model (`detectGPUDevice` in
 * node_modules/@mlc-ai/web-llm/lib/index.js, after its own fall-backs): below any of these, every
 * load fails with "Cannot initialize runtime because of requested ...". Checked here so that the
 * page can say so before a person picks a model and waits for a download.
 */
const WEBLLM_MIN_LIMITS = {
	maxBufferSize: 1 << 28,
	maxStorageBufferBindingSize: 1 << 27,
	maxComputeWorkgroupStorageSize: 32 << 10,
	maxStorageBuffersPerShaderStage: 10
} as const;
export type WebllmLimit = keyof typeof WEBLLM_MIN_LIMITS;

const LIMIT_NAMES: Record<WebllmLimit, string> = {
	maxBufferSize: 'largest buffer',
	maxStorageBufferBindingSize: 'largest storage buffer binding',
	maxComputeWorkgroupStorageSize: 'workgroup memory',
	maxStorageBuffersPerShaderStage: 'storage buffers per shader'
};

function amount(limit: WebllmLimit, value: number): string {
	if (limit === 'maxStorageBuffersPerShaderStage') return String(value);
	return value >= 2 ** 20 ? `${Math.floor(value / 2 ** 20)} MB` : `${Math.floor(value / 1024)} KB`;
}

/**
 * Why this adapter's limits are too small for WebLLM, in a sentence, or null when they are enough
 * (or were not read: an unknown limit is left for WebLLM itself to judge).
 */
export function webllmLimitsProblem(caps: GpuCaps): string | null {
	const have: Partial<Record<WebllmLimit, number>> = { ...caps.limits };
	if (caps.maxBufferBytes !== null) have.maxBufferSize = caps.maxBufferBytes;
	const short = (Object.keys(WEBLLM_MIN_LIMITS) as WebllmLimit[]).filter((limit) => {
		const value = have[limit];
		return value !== undefined && value < WEBLLM_MIN_LIMITS[limit];
	});
	if (short.length === 0) return null;
	const detail = short
		.map(
			(l) =>
				`${LIMIT_NAMES[l]} ${amount(l, have[l] as number)}, WebLLM needs ${amount(l, WEBLLM_MIN_LIMITS[l])}`
		)
		.join('; ');
	return `This GPU's WebGPU limits are too small for WebLLM (${detail}), so no WebLLM model can run here. Use transformers.js or scripted agents.`;
}

/** Caps for a browser where WebGPU cannot be used at all (also what tests and Node see). */
export function noGpu(reason: string = GPU_MESSAGES.noWebGpu): GpuCaps {
	return {
		webgpu: false,
		adapter: false,
		shaderF16: false,
		isFallbackAdapter: false,
		maxBufferBytes: null,
		reason
	};
}

/**
 * Never throws and settles within about `timeoutMs`: some drivers leave `requestAdapter()` pending
 * forever, and a page must not hang on the question "is there a GPU?".
 */
export async function detectGpu(
	nav: NavigatorLike | undefined = globalThis.navigator as NavigatorLike | undefined,
	options: { timeoutMs?: number } = {}
): Promise<GpuCaps> {
	const gpu = nav?.gpu;
	if (!gpu || typeof gpu.requestAdapter !== 'function') return noGpu(GPU_MESSAGES.noWebGpu);

	const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = Symbol('timeout');
	let result: unknown;
	try {
		result = await Promise.race([
			// The same preference WebLLM uses, so we see the adapter it will get.
			gpu.requestAdapter({ powerPreference: 'high-performance' }),
			new Promise<typeof timedOut>((resolve) => {
				timer = setTimeout(() => resolve(timedOut), timeoutMs);
			})
		]);
	} catch {
		result = null;
	} finally {
		clearTimeout(timer);
	}
	if (result === timedOut) return { ...noGpu(GPU_MESSAGES.timeout), webgpu: true };
	if (!result || typeof result !== 'object') return { ...noGpu(GPU_MESSAGES.noAdapter), webgpu: true };

	const adapter = result as AdapterLike;
	let shaderF16 = false;
	let maxBufferBytes: number | null = null;
	let isFallbackAdapter = false;
	let vendor: string | undefined;
	// A half-implemented adapter (old browser, test double) must not turn detection into a crash.
	try {
		shaderF16 = adapter.features?.has('shader-f16') === true;
	} catch {
		// Unreadable features: assume none.
	}
	const limits: NonNullable<GpuCaps['limits']> = {};
	try {
		const max = adapter.limits?.maxBufferSize;
		maxBufferBytes = typeof max === 'number' && Number.isFinite(max) ? max : null;
		for (const limit of [
			'maxStorageBufferBindingSize',
			'maxComputeWorkgroupStorageSize',
			'maxStorageBuffersPerShaderStage'
		] as const) {
			const value = adapter.limits?.[limit];
			if (typeof value === 'number' && Number.isFinite(value)) limits[limit] = value;
		}
		isFallbackAdapter = adapter.info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true;
		const v = adapter.info?.vendor;
		vendor = typeof v === 'string' && v !== '' ? v : undefined;
	} catch {
		// Keep what was read.
	}

	const caps: GpuCaps = { webgpu: true, adapter: true, shaderF16, isFallbackAdapter, maxBufferBytes };
	if (Object.keys(limits).length > 0) caps.limits = limits;
	const reasons: string[] = [];
	if (isFallbackAdapter) reasons.push(GPU_MESSAGES.fallback);
	const small = webllmLimitsProblem(caps);
	if (small) reasons.push(small);
	else if (!shaderF16) reasons.push(GPU_MESSAGES.noShaderF16);
	if (vendor !== undefined) caps.vendor = vendor;
	if (reasons.length > 0) caps.reason = reasons.join(' ');
	return caps;
}
