/**
 * WebLLM's failures, turned into `EngineError`s a teacher can act on.
 *
 * WebLLM 0.2.86 exports almost none of its error classes, several of its errors are plain `Error`s
 * thrown by its runtime (tvmjs), and errors that cross a worker boundary lose their prototype anyway.
 * So errors are told apart by `name` and message, never by `instanceof`. The names and messages
 * matched here are those in node_modules/@mlc-ai/web-llm/lib/index.js (0.2.86) and those browsers
 * give `fetch` failures; `webllm-errors.spec.ts` replays each one.
 */
import { findByWebllmId, getCatalogEntry } from './catalog';
import type { ProblemCode } from '../problem';
import { EngineError, type EngineErrorCode } from './types';

export interface ErrorContext {
	/** Catalog id or WebLLM model id; used to name the model in the message. */
	modelId: string;
	phase: 'load' | 'chat';
	/** `navigator.onLine` where known: tells "offline" from a failed download. */
	online?: boolean;
}

export const FALLBACK_OFFER = 'You can use transformers.js (WASM) or scripted agents instead.';
export const RETRY_CONNECTION = 'Check your connection and retry.';
export const PAUSED_SMALLER_MODEL = 'The run is paused and saved; resume with a smaller model.';

const CODES: ReadonlySet<string> = new Set<EngineErrorCode>([
	'no-webgpu',
	'unsupported-model',
	'model-not-found',
	'download-failed',
	'offline',
	'out-of-memory',
	'device-lost',
	'cors',
	'unauthorized',
	'rate-limited',
	'server-error',
	'timeout',
	'aborted',
	'bad-model-files',
	'unknown'
]);

/** WebLLM's `ConfigValueError` family and other bad request settings (its own `RangeError` included). */
const SETTING_ERRORS = new Set([
	'ConfigValueError',
	'MinValueError',
	'NonNegativeError',
	'InvalidNumberStringError',
	'DependencyError',
	'SeedTypeError',
	'StreamingCountError',
	'InvalidStreamOptionsError',
	'UnsupportedFieldsError'
]);

const NOT_LOADED_ERRORS = new Set([
	'ModelNotLoadedError',
	'EngineNotLoadedError',
	'WorkerEngineModelNotLoadedError',
	'ConfigurationNotInitializedError'
]);

const FORMAT_ERRORS = new Set([
	'GrammarMatcherInitError',
	'InvalidResponseFormatError',
	'InvalidResponseFormatGrammarError',
	'InvalidResponseFormatStructuralTagError'
]);

/** Files that arrived but cannot be used. `MissingModelWasmError` names itself "MissingModelError". */
const BAD_FILE_ERRORS = new Set([
	'IntegrityError',
	'ArtifactManifestError',
	'MissingModelError',
	'MissingModelWasmError',
	'UnsupportedTokenizerFilesError'
]);

function nameOf(err: unknown): string {
	if (err && typeof err === 'object' && 'name' in err && typeof err.name === 'string') return err.name;
	return '';
}

function messageOf(err: unknown): string {
	if (typeof err === 'string') return err;
	if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string')
		return err.message;
	return '';
}

/** Like `messageOf`, with the messages of its causes: WebLLM wraps fetch failures ("Failed to store ... with error: TypeError: ..."). */
function fullMessage(err: unknown): string {
	const parts: string[] = [];
	let cur: unknown = err;
	for (let depth = 0; depth < 4 && cur; depth++) {
		const m = messageOf(cur);
		if (m) parts.push(m);
		cur = cur && typeof cur === 'object' && 'cause' in cur ? cur.cause : undefined;
	}
	return parts.join(' | ');
}

function modelLabel(modelId: string): string {
	return getCatalogEntry(modelId)?.label ?? findByWebllmId(modelId)?.entry.label ?? modelId;
}

function downloadMB(modelId: string): number | undefined {
	const hit = findByWebllmId(modelId);
	if (hit) return hit.entry.builds[hit.quant]?.downloadMB;
	return undefined;
}

/** The first line of a foreign message, cut short: enough to search for, never a stack trace. */
function brief(message: string): string {
	const line = (message.split('\n')[0] ?? '').trim();
	return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

function httpStatus(message: string): number | undefined {
	const m = /\b(?:status(?: code)?|HTTP(?:\/\d(?:\.\d)?)?)[\s:=]*(\d{3})\b/i.exec(message);
	return m?.[1] ? Number(m[1]) : undefined;
}

const NETWORK_RE =
	/failed to fetch|networkerror|network error|load failed|network request failed|network response was not ok|cannot fetch|unable to fetch|failed to store|request failed|err_internet_disconnected|err_name_not_resolved|err_connection/i;

const OOM_RE =
	/out of memory|\boom\b|array buffer allocation failed|cannot allocate \d+ bytes|could not allocate|allocation failed|failed to grow|memory limit/i;

const DEVICE_LOST_RE = /device (?:was |is |has been )?lost|gpudevice.*lost|lost the (?:gpu|device)/i;

/** tvmjs's words for a GPU object used after WebLLM let go of it (after a lost device). */
const DISPOSED_RE = /has already been disposed/i;

const NO_GPU_RE =
	/unable to find a compatible gpu|cannot find webgpu|webgpu is not supported|webgpu is not available|navigator\.gpu/i;

const GPU_LIMITS_RE = /cannot initialize runtime because of requested max/i;

function isAbort(name: string, message: string): boolean {
	// Not a bare /aborted/: Emscripten reports its own crashes as "Aborted(...)", out of memory included.
	// WebLLM aborts its downloads with the reason string "Engine.unload() is called.", which fetch rethrows as is.
	return (
		name === 'AbortError' ||
		/^(?:the operation was aborted|signal is aborted|the user aborted)|engine\.unload\(\) is called/i.test(
			message
		)
	);
}

/**
 * A load or a reply stopped on purpose (a person's cancel, an unload): webllm.ts makes these itself
 * when its own signal fired, and `toEngineError` when WebLLM's abort comes back. `phase` picks the
 * sentence; the page says it from the problem.
 */
export function cancelledError(ctx: Pick<ErrorContext, 'modelId' | 'phase'>, cause?: unknown): EngineError {
	const label = modelLabel(ctx.modelId);
	return new EngineError(
		'aborted',
		ctx.phase === 'load' ? `Loading ${label} was cancelled.` : `The reply from ${label} was stopped.`,
		{ cause, problem: { code: 'engine-cancelled', values: { model: label, phase: ctx.phase } } }
	);
}

export function toEngineError(err: unknown, ctx: ErrorContext): EngineError {
	if (err instanceof EngineError) return err;
	const name = nameOf(err);
	const message = fullMessage(err);

	// An EngineError that crossed a worker boundary arrives as a plain object with its name and code.
	if (name === 'EngineError' && err && typeof err === 'object' && 'code' in err) {
		const code = String(err.code);
		if (CODES.has(code)) {
			const opts = 'options' in err && err.options && typeof err.options === 'object' ? err.options : {};
			return new EngineError(code as EngineErrorCode, messageOf(err), { ...opts, cause: err });
		}
	}

	const label = modelLabel(ctx.modelId);
	const doing = ctx.phase === 'load' ? `loading ${label}` : `${label} was replying`;
	const make = (
		code: EngineErrorCode,
		text: string,
		flags: { retryable?: boolean; transport?: boolean } = {},
		problem?: ProblemCode,
		values: Record<string, number> = {}
	) =>
		new EngineError(code, text, {
			...flags,
			cause: err,
			// `phase` says what the GPU was doing: loading the model, or the model replying.
			...(problem
				? { problem: { code: problem, values: { model: label, phase: ctx.phase, ...values } } }
				: {})
		});

	// A GPU lost mid-reply surfaces first as an AbortError from the pending token read ("The Device was
	// lost before mapping was resolved."), then, once WebLLM's device.lost handler has unloaded the
	// model, as "not loaded" or tvmjs's "already been disposed". None of these is a person's cancel
	// (that one is seen on the request's own signal before any mapping): the run pauses as a device loss.
	if (
		DEVICE_LOST_RE.test(message) ||
		(ctx.phase === 'chat' && (NOT_LOADED_ERRORS.has(name) || DISPOSED_RE.test(message)))
	) {
		return make(
			'device-lost',
			`The GPU stopped working while ${doing}, most often because it ran out of memory. ${PAUSED_SMALLER_MODEL}`,
			{},
			'engine-gpu-stopped'
		);
	}
	if (isAbort(name, messageOf(err))) return cancelledError(ctx, err);
	if (name === 'TimeoutError') {
		return make(
			'timeout',
			`${label} took too long and was stopped. Try again.`,
			{ retryable: true, transport: true },
			'engine-timeout'
		);
	}
	if (name === 'QuotaExceededError' || /quota/i.test(message)) {
		return make(
			'download-failed',
			`There is not enough storage space in this browser to keep ${label}. Delete downloaded models you no longer use, or free disk space, then retry.`,
			{},
			'engine-storage-full'
		);
	}
	if (
		name === 'ModelNotFoundError' ||
		name === 'SpecifiedModelNotFoundError' ||
		/cannot find model record/i.test(message)
	) {
		return make(
			'model-not-found',
			`"${ctx.modelId}" is not a model WebLLM knows. Choose a model from the list.`,
			{},
			'engine-unknown-model'
		);
	}
	if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError' || NO_GPU_RE.test(message)) {
		return make(
			'no-webgpu',
			`No GPU is available to WebGPU in this browser, so ${label} cannot run here. ${FALLBACK_OFFER}`,
			{},
			'engine-no-gpu'
		);
	}
	if (GPU_LIMITS_RE.test(message)) {
		return make(
			'no-webgpu',
			`This GPU's WebGPU limits are too small for WebLLM, so ${label} cannot run here. ${FALLBACK_OFFER}`,
			{},
			'engine-gpu-limits'
		);
	}
	if (name === 'ShaderF16SupportError' || /shader-f16/i.test(message)) {
		return make(
			'unsupported-model',
			`This build of ${label} needs 16-bit float shaders (shader-f16), which this GPU does not offer. Choose its q4f32 build or another model.`,
			{},
			'engine-f16'
		);
	}
	if (
		name === 'FeatureSupportError' ||
		(name === 'ArtifactManifestError' &&
			/unsupported webgpu feature|requires maxStorageBufferBindingSize/i.test(message))
	) {
		return make(
			'unsupported-model',
			`${label} needs a GPU feature this browser does not offer (${brief(messageOf(err))}). Choose another model.`
		);
	}
	if (name === 'DeviceLostError' || name === 'GPUDeviceLostInfo' || DEVICE_LOST_RE.test(message)) {
		return make(
			'device-lost',
			`The GPU stopped working while ${doing}, most often because it ran out of memory. ${PAUSED_SMALLER_MODEL}`,
			{},
			'engine-gpu-stopped'
		);
	}
	if (name === 'GPUOutOfMemoryError' || OOM_RE.test(message)) {
		return make(
			'out-of-memory',
			`The GPU ran out of memory while ${doing}. ${PAUSED_SMALLER_MODEL}`,
			{},
			'engine-gpu-memory'
		);
	}
	if (name === 'ContextWindowSizeExceededError') {
		const window =
			getCatalogEntry(ctx.modelId)?.contextWindow ?? findByWebllmId(ctx.modelId)?.entry.contextWindow;
		return make(
			'unknown',
			`The conversation is longer than ${label} can read at once${window ? ` (${window.toLocaleString('en-US')} tokens)` : ''}. Shorten what the agent is given or choose a model with a longer context.`
		);
	}
	if (BAD_FILE_ERRORS.has(name) || (ctx.phase === 'load' && name === 'SyntaxError')) {
		return make(
			'bad-model-files',
			`The downloaded files of ${label} are damaged or incomplete. Delete ${label} from this browser's model storage and download it again.`,
			{},
			'engine-files-damaged'
		);
	}
	const status = httpStatus(message);
	// The host of the weights and model libraries answered, but not with the files (WebLLM's
	// "received status N", or the status webllm.ts asks again after Chromium's bare "Request failed").
	if (status === 401 || status === 403) {
		return make(
			'unauthorized',
			`The model host refused to send ${label} (HTTP ${status}).`,
			{},
			'engine-host-refused',
			{ status }
		);
	}
	if (status === 404) {
		return make(
			'model-not-found',
			`The files of ${label} were not found on the model host (HTTP 404).`,
			{},
			'engine-host-missing'
		);
	}
	if (status === 429) {
		return make(
			'rate-limited',
			`The model host is limiting downloads right now. Wait a minute and retry.`,
			{ retryable: true, transport: true },
			'engine-host-limited'
		);
	}
	if (status !== undefined && status >= 500) {
		return make(
			'server-error',
			`The model host had a problem (HTTP ${status}). Retry in a while.`,
			{ retryable: true, transport: true },
			'engine-host-error',
			{ status }
		);
	}
	if (NETWORK_RE.test(message) || (name === 'TypeError' && /fetch/i.test(message))) {
		const size = downloadMB(ctx.modelId);
		const about = size ? ` (about ${size.toLocaleString('en-US')} MB)` : '';
		if (ctx.online === false) {
			return make(
				'offline',
				`This browser is offline, so ${label}${about} cannot be downloaded. ${RETRY_CONNECTION} Models already downloaded work offline.`,
				{ retryable: true, transport: true },
				'engine-offline'
			);
		}
		return make(
			'download-failed',
			`${label}${about} could not be downloaded. ${RETRY_CONNECTION}`,
			{ retryable: true, transport: true },
			'engine-download'
		);
	}
	if (NOT_LOADED_ERRORS.has(name)) {
		return make(
			'unknown',
			`${label} is not loaded (it may have been unloaded after a GPU problem). Load it again.`
		);
	}
	if (FORMAT_ERRORS.has(name)) {
		return make(
			'unknown',
			`${label} could not follow the reply format it was given (${brief(messageOf(err))}).`
		);
	}
	if (SETTING_ERRORS.has(name) || (name === 'RangeError' && /^make sure/i.test(messageOf(err)))) {
		return make('unknown', `A generation setting was not accepted by ${label}: ${brief(messageOf(err))}`);
	}
	const detail = brief(
		messageOf(err) || (typeof err === 'string' || typeof err === 'number' ? String(err) : '')
	);
	return make('unknown', `Something went wrong while ${doing}${detail ? `: ${detail}` : '.'}`);
}
