import { describe, expect, it } from 'vitest';
import { WEBLLM_ERRORS, webllmError, type WebLLMErrorKind } from './fake-webllm';
import { EngineError, type EngineErrorCode } from './types';
import {
	cancelledError,
	FALLBACK_OFFER,
	PAUSED_SMALLER_MODEL,
	RETRY_CONNECTION,
	toEngineError
} from './webllm-errors';

const load = { modelId: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', phase: 'load' } as const;
const chat = { modelId: 'qwen2.5-0.5b', phase: 'chat' } as const;

interface Case {
	code: EngineErrorCode;
	retryable?: boolean;
	transport?: boolean;
	says?: RegExp | string;
}

// Every kind the fake can throw, and what a teacher should read.
const expected: Record<WebLLMErrorKind, Case> = {
	failedToFetch: { code: 'download-failed', retryable: true, transport: true, says: RETRY_CONNECTION },
	failedToStore: { code: 'download-failed', retryable: true, transport: true, says: RETRY_CONNECTION },
	httpStatus: { code: 'server-error', retryable: true, transport: true, says: 'HTTP 503' },
	modelNotFound: { code: 'model-not-found', says: /not a model WebLLM knows/ },
	noAdapter: { code: 'no-webgpu', says: FALLBACK_OFFER },
	webgpuNotAvailable: { code: 'no-webgpu', says: FALLBACK_OFFER },
	webgpuNotFound: { code: 'no-webgpu', says: FALLBACK_OFFER },
	gpuLimits: { code: 'no-webgpu', says: FALLBACK_OFFER },
	shaderF16: { code: 'unsupported-model', says: /shader-f16.*q4f32/ },
	featureSupport: { code: 'unsupported-model', says: /subgroups/ },
	deviceLost: { code: 'device-lost', says: PAUSED_SMALLER_MODEL },
	outOfMemory: { code: 'out-of-memory', says: PAUSED_SMALLER_MODEL },
	wasmOutOfMemory: { code: 'out-of-memory', says: PAUSED_SMALLER_MODEL },
	emscriptenAbort: { code: 'out-of-memory', says: PAUSED_SMALLER_MODEL },
	abort: { code: 'aborted', says: /cancelled/ },
	unloadReason: { code: 'aborted' },
	timeout: { code: 'timeout', retryable: true, transport: true },
	quota: { code: 'download-failed', retryable: false, says: /storage space/ },
	integrity: { code: 'bad-model-files', says: /download it again/ },
	missingWasm: { code: 'bad-model-files' },
	contextWindow: { code: 'unknown', says: /longer than .* \(4,096 tokens\)/ },
	modelNotLoaded: { code: 'unknown', says: /not loaded/ },
	deviceLostMidReply: { code: 'device-lost', says: /GPU stopped working/ },
	disposed: { code: 'unknown', says: /already been disposed/ },
	grammar: { code: 'unknown', says: /reply format/ },
	seedType: { code: 'unknown', says: /setting/ },
	configRange: { code: 'unknown', says: /setting.*top_p/ }
};

describe('toEngineError', () => {
	it.each(Object.entries(expected) as Array<[WebLLMErrorKind, Case]>)('maps %s', (kind, want) => {
		const raw = webllmError(kind);
		const err = toEngineError(raw, load);
		expect(err).toBeInstanceOf(EngineError);
		expect(err.code).toBe(want.code);
		expect(err.retryable).toBe(want.retryable ?? false);
		expect(err.transport).toBe(want.transport ?? false);
		if (want.says instanceof RegExp) expect(err.message).toMatch(want.says);
		else if (want.says) expect(err.message).toContain(want.says);
		expect(err.cause).toBe(raw);
		// Readable: no stack trace lines, no URLs dumped at a teacher, a sane length.
		expect(err.message).not.toMatch(/\n\s+at |https?:\/\//);
		expect(err.message.length).toBeLessThan(300);
	});

	it('covers every kind the fake throws', () => {
		expect(Object.keys(expected).sort()).toEqual(Object.keys(WEBLLM_ERRORS).sort());
	});

	it('names the model by its label and, for downloads, its size', () => {
		const err = toEngineError(WEBLLM_ERRORS.failedToFetch(), load);
		expect(err.message).toBe(
			`Qwen2.5 0.5B Instruct (about 260 MB) could not be downloaded. ${RETRY_CONNECTION}`
		);
		expect(toEngineError(WEBLLM_ERRORS.deviceLost(), chat).message).toMatch(
			/while Qwen2\.5 0\.5B Instruct was replying/
		);
	});

	it('says "offline" when the browser knows it is offline', () => {
		const err = toEngineError(WEBLLM_ERRORS.failedToFetch(), { ...load, online: false });
		expect(err.code).toBe('offline');
		expect(err.retryable).toBe(true);
		expect(err.transport).toBe(true);
		expect(err.message).toContain(RETRY_CONNECTION);
	});

	it('maps HTTP statuses of the model host', () => {
		const code = (s: number) => toEngineError(WEBLLM_ERRORS.httpStatus(s), load).code;
		expect(code(401)).toBe('unauthorized');
		expect(code(403)).toBe('unauthorized');
		expect(code(404)).toBe('model-not-found');
		expect(code(429)).toBe('rate-limited');
		expect(code(502)).toBe('server-error');
	});

	it("says which problem each answer of the model host is, from WebLLM's own words and from the status asked again", () => {
		const problem = (err: unknown) => toEngineError(err, load).problem;
		const model = 'Qwen2.5 0.5B Instruct';
		// WebLLM 0.2.86's ArtifactOPFSCache words (fake-webllm), and webllm.ts's own after Chromium's bare
		// "Request failed", which asks the host again for the status.
		const asked = (s: number) =>
			new Error(`The model host answered with status ${s} for Qwen2.5-0.5B-Instruct-q4f16_1-MLC`);
		for (const make of [WEBLLM_ERRORS.httpStatus, asked]) {
			expect(problem(make(401))).toEqual({
				code: 'engine-host-refused',
				values: { model, phase: 'load', status: 401 }
			});
			expect(problem(make(403))?.values?.status).toBe(403);
			expect(problem(make(404))).toEqual({ code: 'engine-host-missing', values: { model, phase: 'load' } });
			expect(problem(make(429))).toEqual({ code: 'engine-host-limited', values: { model, phase: 'load' } });
			expect(problem(make(503))).toEqual({
				code: 'engine-host-error',
				values: { model, phase: 'load', status: 503 }
			});
		}
		expect(toEngineError(WEBLLM_ERRORS.httpStatus(429), load).message).toBe(
			'The model host is limiting downloads right now. Wait a minute and retry.'
		);
		expect(toEngineError(asked(502), load).message).toBe(
			'The model host had a problem (HTTP 502). Retry in a while.'
		);
	});

	it("says a cancel as a problem: a load cancelled, a reply stopped, WebLLM's unload reason", () => {
		const model = 'Qwen2.5 0.5B Instruct';
		for (const kind of ['abort', 'unloadReason'] as const) {
			const err = toEngineError(WEBLLM_ERRORS[kind](), load);
			expect(err.message).toBe(`Loading ${model} was cancelled.`);
			expect(err.problem).toEqual({ code: 'engine-cancelled', values: { model, phase: 'load' } });
		}
		const stopped = toEngineError(WEBLLM_ERRORS.abort(), chat);
		expect(stopped.message).toBe(`The reply from ${model} was stopped.`);
		expect(stopped.problem).toEqual({ code: 'engine-cancelled', values: { model, phase: 'chat' } });
		// The one webllm.ts makes when its own signal fired, named by a catalog or a WebLLM id alike.
		expect(cancelledError({ modelId: 'qwen2.5-0.5b', phase: 'load' }).message).toBe(
			`Loading ${model} was cancelled.`
		);
		expect(cancelledError(load).problem).toEqual(toEngineError(WEBLLM_ERRORS.abort(), load).problem);
	});

	it('finds a fetch failure wrapped as a cause', () => {
		const wrapped = new Error('load failed somewhere', { cause: new TypeError('Failed to fetch') });
		expect(toEngineError(wrapped, load).code).toBe('download-failed');
	});

	it('passes an EngineError through, and rebuilds one that lost its prototype crossing a worker', () => {
		const original = new EngineError('rate-limited', 'slow down', { retryable: true, transport: true });
		expect(toEngineError(original, load)).toBe(original);
		const cloned = {
			name: 'EngineError',
			code: 'device-lost',
			message: 'gone',
			options: { retryable: false }
		};
		const rebuilt = toEngineError(cloned, load);
		expect(rebuilt).toBeInstanceOf(EngineError);
		expect(rebuilt).toMatchObject({ code: 'device-lost', message: 'gone' });
	});

	it('reads a GPU lost mid-reply as a device loss, not a cancel: the AbortError of the token read, then "not loaded" and "disposed"', () => {
		for (const kind of ['deviceLostMidReply', 'modelNotLoaded', 'disposed'] as const) {
			const err = toEngineError(WEBLLM_ERRORS[kind](), chat);
			expect(err.code, kind).toBe('device-lost');
			expect(err.message).toContain('The run is paused and saved');
		}
		// A person's cancel is still a cancel.
		expect(toEngineError(WEBLLM_ERRORS.abort(), chat).code).toBe('aborted');
	});

	it('does not take a JavaScript RangeError for a WebLLM setting, nor an Emscripten abort for a cancel', () => {
		expect(toEngineError(new RangeError('Array buffer allocation failed'), load).code).toBe('out-of-memory');
		expect(toEngineError(WEBLLM_ERRORS.emscriptenAbort(), load).code).not.toBe('aborted');
	});

	it('keeps anything else as "unknown" with the first line of its message, never a stack', () => {
		const err = toEngineError(new Error('Something odd\n    at foo (x.js:1:1)'), chat);
		expect(err.code).toBe('unknown');
		expect(err.message).toBe('Something went wrong while Qwen2.5 0.5B Instruct was replying: Something odd');
		expect(toEngineError('a string', load).message).toContain('a string');
		expect(toEngineError(undefined, load).code).toBe('unknown');
	});
});
