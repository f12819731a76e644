import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { toJsonLines, type LogEvent, type LogHeader } from '../core';
import { createRunner } from '../run/play';
import { decodeShare, encodeShare, type LinkRecording, type SharedRun } from '../share/link';
import { replayInputOfLink } from '../run/replay';
import { verifyRun } from '../run/verify';
import { readRunFile } from '../run/run-file';
import { getLocale, overwriteGetLocale, type Locale } from '../paraglide/runtime';
import type { Problem } from '../problem';
import { errorText, problemText } from './errors';
import { toEngineError } from '../engines/webllm-errors';
import { WEBLLM_ERRORS } from '../engines/fake-webllm';
import { cacheReadProblem } from '../engines/model-cache';
import { loadError } from '../engines/transformers';
import { normaliseBaseUrl } from '../engines/base-url';
import { choiceProblem } from '../ui/players/choice-problem';

const base = getLocale;
let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterEach(() => {
	locale = 'en';
});
const inChinese = <T>(f: () => T): T => {
	locale = 'zh';
	try {
		return f();
	} finally {
		locale = 'en';
	}
};
/** No run of English words outside what the page shows as program output (`detail`). */
const noEnglish = (text: string) => expect(text).not.toMatch(/[A-Za-z][a-z]+[ ,:;-]+[A-Za-z][a-z]+/);

async function log(): Promise<{ header: LogHeader; events: LogEvent[] }> {
	const r = createRunner({ scenario: 'undercover', seed: 4, config: {} });
	while (r.log.length < 12 && (await r.step())) {
		/* one turn a step */
	}
	return { header: r.log.header, events: r.log.events.slice(0, 12) };
}

/** Refusals made by the real readers, each with the English sentence the reader wrote. */
async function refusals(): Promise<{ error: string; problem: Problem }[]> {
	const { header, events } = await log();
	const text = toJsonLines(header, events);
	const ls = text.split('\n').filter(Boolean);
	const files = [
		'',
		'Shopping list\nmilk',
		JSON.stringify({ ...header, format: 99 }),
		JSON.stringify({ ...header, seed: 'x' }),
		[ls[0], '{not json'].join('\n'),
		[ls[0], '[1]'].join('\n'),
		[ls[0], JSON.stringify({ ...JSON.parse(ls[1]!), tick: -1 })].join('\n'),
		[ls[0], ...ls.slice(1, 4), ls[5]].join('\n'),
		[ls[0], ls[1]!.replace(/"tick":(\d+)/, (_, t) => `"tick":${Number(t) + 1}`), ...ls.slice(2)].join('\n'),
		[ls[0], ...ls.slice(2)].join('\n')
	];
	const out: { error: string; problem: Problem }[] = [];
	for (const f of files) {
		const r = readRunFile(f);
		expect(r.ok, f.slice(0, 40)).toBe(false);
		if (!r.ok) out.push(r);
	}
	const link = encodeShare({ scenario: 'undercover', seed: 1, config: {} });
	for (const l of ['', 'hello', 'v99.abc', 'v1.@@@', link.slice(0, 12), `${link}~rjunk`]) {
		const d = decodeShare(l);
		expect(d.ok, l).toBe(false);
		if (!d.ok) out.push(d);
	}
	out.push(...(await linkRefusals()));
	return out;
}

/** Refusals of links with recorded replies, made by the one verifier (run/verify.ts) as the play page gets them. */
async function linkRefusals(): Promise<{ error: string; problem: Problem }[]> {
	const scripted: SharedRun = { scenario: 'undercover', seed: 4, config: {} };
	const model: SharedRun = {
		...scripted,
		seats: { '1': { engine: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' } }
	};
	const person: SharedRun = { ...scripted, seats: { '2': { engine: 'human' } } };
	const hash = 'a'.repeat(64);
	const call = {
		seat: 1,
		ask: 'r1:speak:1',
		fingerprint: '0'.repeat(16),
		reply: '',
		finishReason: 'stop' as const,
		promptTokens: 1,
		completionTokens: -1
	};
	const links: [SharedRun, LinkRecording, string][] = [
		[scripted, { events: 3, logHash: hash, calls: [] }, 'link-altered'],
		[scripted, { events: 100_000, logHash: hash, calls: [] }, 'link-replay-ended'],
		[model, { events: 50, logHash: hash, calls: [] }, 'link-replay-stopped'],
		[model, { events: 50, logHash: hash, calls: [call] }, 'link-altered-call'],
		[person, { events: 50, logHash: hash, calls: [] }, 'link-setup']
	];
	const out: { error: string; problem: Problem }[] = [];
	for (const [run, recording, code] of links) {
		const v = await verifyRun(replayInputOfLink(run, recording));
		expect(v.ok ? '' : v.problem.code, code).toBe(code);
		if (!v.ok) {
			expect(v.error, code).toMatch(/^This link /);
			out.push(v);
		}
	}
	return out;
}

describe('errors a person reads, in the interface language', () => {
	it('says each problem in English exactly as its reader wrote it', async () => {
		const all = await refusals();
		expect(new Set(all.map((r) => r.problem.code)).size).toBeGreaterThanOrEqual(9);
		for (const r of all) expect(problemText(r.problem)).toEqual({ text: r.error });
	});

	it('says why the play page refuses a malformed, truncated, newer or out-of-range share link', () => {
		// The links undercover.e2e.ts once opened one by one; the page shows problemText of the decoder's problem.
		const setup = {
			scenario: 'undercover',
			seed: 20261130,
			config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
		};
		const cases: [string, RegExp][] = [
			['v1.%%%not-base64', /damaged/],
			[encodeShare(setup).slice(0, 25), /damaged/],
			[`v9.${encodeShare(setup).slice(3)}`, /newer version/],
			[encodeShare({ ...setup, config: { ...setup.config, seats: 40 } }), /seats must be/]
		];
		for (const [fragment, message] of cases) {
			const d = decodeShare(fragment);
			if (d.ok) throw new Error(`${fragment} was accepted`);
			expect(problemText(d.problem).text, fragment).toMatch(message);
		}
	});

	it('says each problem in Chinese, words from elsewhere kept apart as detail', async () => {
		for (const r of await refusals()) {
			const said = inChinese(() => problemText(r.problem));
			expect(said.text, r.error).not.toBe(r.error);
			noEnglish(said.text);
		}
	});

	it('reads back the sentences that cross a worker: a crash, an endpoint that refuses, a lost GPU', () => {
		const crash =
			'seat 3 stopped working (Uncaught Error: simulated crash). The run is paused and saved. Press play to retry.';
		expect(errorText(crash)).toEqual({ text: crash });
		expect(inChinese(() => errorText(crash))).toEqual({
			text: '座位 3 的代理停止了工作。运行已暂停并保存。请按播放重试。',
			detail: 'Uncaught Error: simulated crash'
		});
		const refused =
			'The run stopped: The endpoint http://127.0.0.1:9/v1 failed (HTTP 500): upstream is down (tried 3 times). It is saved up to the last event shown.';
		expect(inChinese(() => errorText(refused))).toEqual({
			text: '运行停止了：接口 http://127.0.0.1:9/v1 出错了（HTTP 500）（已尝试 3 次）。已保存到显示的最后一个事件。',
			detail: 'upstream is down'
		});
		const key = 'The endpoint http://127.0.0.1:9/v1 refused the key (HTTP 401) Nothing was started.';
		const said = inChinese(() => errorText(key));
		expect(said.text).toBe('接口 http://127.0.0.1:9/v1 拒绝了这个密钥（HTTP 401）。没有开始任何运行。');
		const gpu =
			'The GPU stopped working while Qwen2.5 was answering (device lost: a driver reset). The run is paused and saved; Qwen2.5 loads again when you resume. Press play to retry.';
		noEnglish(inChinese(() => errorText(gpu)).text.replace(/Qwen2\.5/g, ''));
	});

	it('reads back what the engines say when a model cannot load, and an endpoint URL refused', () => {
		const sentences = [
			toEngineError(new Error('WebGPU is not supported in your current environment'), {
				modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
				phase: 'load'
			}).message,
			toEngineError(Object.assign(new Error('x'), { name: 'QuotaExceededError' }), {
				modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
				phase: 'load'
			}).message,
			loadError(new Error('boom'), 'tiny-chat', '/test-models/').message
		];
		for (const text of sentences) {
			const wrapped = `Could not load webllm · smollm2: ${text} Nothing was started.`;
			const said = inChinese(() => errorText(wrapped));
			expect(said.text, text).toMatch(/^无法加载 webllm · smollm2：/);
			noEnglish(said.text.replace(/SmolLM2 360M|tiny-chat|webllm · smollm2/g, ''));
		}
		let refused = '';
		try {
			normaliseBaseUrl('http://gpu-box.lan:8000/v1');
		} catch (err) {
			refused = (err as Error).message;
		}
		expect(inChinese(() => errorText(refused)).text).toContain('gpu-box.lan:8000');
		// The host is what the person typed, the one part left as it is.
		noEnglish(inChinese(() => errorText(refused)).text.replace('gpu-box.lan:8000', ''));
	});

	it('says an engine’s failure from its problem, with no sentence read back: every kind the engines make', () => {
		const problemOfError = (make: () => unknown): Problem => {
			try {
				make();
			} catch (err) {
				return (err as { problem: Problem }).problem;
			}
			throw new Error('nothing was thrown');
		};
		const webllm = (err: Error) =>
			toEngineError(err, { modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC', phase: 'load' }).problem!;
		const problems: Problem[] = [
			webllm(new Error('WebGPU is not supported in your current environment')),
			webllm(Object.assign(new Error('x'), { name: 'QuotaExceededError' })),
			webllm(Object.assign(new Error('x'), { name: 'ShaderF16SupportError' })),
			webllm(new Error('Failed to fetch')),
			webllm(Object.assign(new Error('x'), { name: 'GPUOutOfMemoryError' })),
			loadError(new Error('boom'), 'tiny-chat', '/test-models/').problem!,
			loadError(Object.assign(new Error('no file'), { name: 'ModelFileNotFoundError' }), 'tiny-chat', '/m/')
				.problem!,
			...[
				'',
				'gpu-box.lan/v1',
				'http://gpu-box.lan:8000/v1',
				'https://u:p@host/v1',
				'https://host/v1?k=1'
			].map((url) => problemOfError(() => normaliseBaseUrl(url)))
		];
		expect(problems.every((p) => p !== undefined)).toBe(true);
		for (const p of problems) {
			const said = inChinese(() => problemText(p));
			noEnglish(said.text.replace(/SmolLM2 360M Instruct|tiny-chat|gpu-box\.lan:8000|http:\/\/\S+/g, ''));
		}
		// A model the pool could not load, because nothing answers at its endpoint, and the run not started:
		// the endpoint's name in the interface's language, the platform's words apart as detail.
		const load: Problem = {
			code: 'run-not-started',
			cause: {
				code: 'model-load-failed',
				values: { engine: 'openai', model: 'mock' },
				cause: {
					code: 'endpoint-unreachable',
					values: { url: 'http://127.0.0.1:9/v1', detail: 'connection refused', tried: 3 }
				}
			}
		};
		expect(inChinese(() => problemText(load))).toEqual({
			text: '无法加载 端点模型“mock”：无法连接到 http://127.0.0.1:9/v1。服务器是否在运行？地址是否正确？（已尝试 3 次）。没有开始任何运行。',
			detail: 'connection refused'
		});
		expect(problemText(load)).toEqual({
			text: 'Could not load endpoint model “mock”: Could not reach http://127.0.0.1:9/v1. Is the server running, and is the URL right? (tried 3 times). Nothing was started.',
			detail: 'connection refused'
		});
		// Without a known cause: said around the engine's own words.
		const unknown: Problem = {
			code: 'model-load-failed',
			values: { engine: 'webllm', model: 'smollm2-360m', detail: 'odd' }
		};
		expect(inChinese(() => problemText(unknown))).toEqual({
			text: '无法加载 WebLLM · smollm2-360m：出现了一个错误（原文见下）',
			detail: 'odd'
		});
	});

	it("says the model host's answers, a cancel and an unreadable model storage in each language, from their problems", () => {
		const load = { modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC', phase: 'load' } as const;
		const chat = { ...load, phase: 'chat' } as const;
		// WebLLM 0.2.86's own words (engines/fake-webllm.ts) for each error.
		const errors = [
			toEngineError(WEBLLM_ERRORS.httpStatus(403), load),
			toEngineError(WEBLLM_ERRORS.httpStatus(404), load),
			toEngineError(WEBLLM_ERRORS.httpStatus(429), load),
			toEngineError(WEBLLM_ERRORS.httpStatus(503), load),
			toEngineError(WEBLLM_ERRORS.abort(), load),
			toEngineError(WEBLLM_ERRORS.unloadReason(), load),
			toEngineError(WEBLLM_ERRORS.abort(), chat)
		];
		for (const err of errors) {
			// In English the problem says what the engine wrote; in Chinese, no English but the model's name.
			expect(problemText(err.problem!)).toEqual({ text: err.message });
			noEnglish(inChinese(() => problemText(err.problem!)).text.replace(/SmolLM2 360M Instruct/g, ''));
			// A sentence saved before its problem (an old run's stop reason) is read back the same way.
			expect(inChinese(() => errorText(err.message))).toEqual(inChinese(() => problemText(err.problem!)));
		}
		expect(inChinese(() => problemText(errors[2]!.problem!).text)).toBe(
			'模型主机现在正在限制下载。请等一分钟再重试。'
		);
		expect(inChinese(() => problemText(errors[3]!.problem!).text)).toBe(
			'模型主机出了问题（HTTP 503）。请过一会儿再重试。'
		);
		expect(inChinese(() => problemText(errors[4]!.problem!).text)).toBe('已取消加载 SmolLM2 360M Instruct。');
		expect(inChinese(() => problemText(errors[6]!.problem!).text)).toBe(
			'SmolLM2 360M Instruct 的回复已被停止。'
		);
		// Chromium's words when site data is blocked and `caches.open` refuses: shown as they are, apart.
		const blocked = new DOMException(
			"Failed to execute 'open' on 'CacheStorage': An attempt was made to break through the security policy of the user agent.",
			'SecurityError'
		);
		const detail = `SecurityError: ${blocked.message}`;
		expect(inChinese(() => problemText(cacheReadProblem(blocked)))).toEqual({
			text: '无法读取这个浏览器保存了哪些模型，所以目录中的存储一栏可能不准确。',
			detail
		});
		expect(problemText(cacheReadProblem(blocked))).toEqual({
			text: "Could not read which models this browser keeps, so the catalog's storage column may be wrong.",
			detail
		});
	});

	it('says a pause during a turn from its problem: a crashed worker, a lost GPU, each endpoint failure', () => {
		const crash: Problem = {
			code: 'run-paused-retry',
			cause: {
				code: 'worker-crashed',
				values: { who: 'seat', seat: 3, detail: 'Uncaught Error: simulated crash' }
			}
		};
		// English: the sentence the pool and the session write (agent-pool `spawn`, game `step`).
		expect(problemText(crash)).toEqual({
			text: 'seat 3 stopped working (Uncaught Error: simulated crash). The run is paused and saved. Press play to retry.'
		});
		expect(inChinese(() => problemText(crash))).toEqual({
			text: '座位 3 的代理停止了工作。运行已暂停并保存。请按播放重试。',
			detail: 'Uncaught Error: simulated crash'
		});
		const engine: Problem = {
			code: 'worker-crashed',
			values: { who: 'engine', engine: 'transformers', model: '/test-models/tiny-chat', detail: 'oom' }
		};
		expect(inChinese(() => problemText(engine)).text).toBe(
			'模型引擎 transformers.js · tiny-chat 停止了工作。运行已暂停并保存。'
		);
		expect(inChinese(() => problemText({ code: 'worker-crashed', values: { who: 'tools' } })).text).toBe(
			'工具代理停止了工作。运行已暂停并保存。'
		);
		const url = 'http://127.0.0.1:9/v1';
		const causes: Problem[] = [
			{ code: 'seat-not-running', values: { seat: 2 } },
			{ code: 'engine-gpu-lost', values: { model: 'qwen' } },
			{ code: 'engine-timeout', values: { model: 'qwen' } },
			{ code: 'endpoint-deadline', values: { url, ms: 180_000 } },
			{ code: 'endpoint-silent', values: { url, ms: 500, tried: 3 } },
			{ code: 'endpoint-bad-json', values: { url } },
			{ code: 'endpoint-no-reply', values: { url } },
			{ code: 'endpoint-cut-short', values: { url, tried: 2 } },
			{ code: 'endpoint-reported', values: { url, detail: 'model crashed' } }
		];
		for (const cause of causes) {
			const said = inChinese(() => problemText({ code: 'run-paused-retry', cause }));
			expect(said.text, cause.code).toMatch(/请按播放重试。$/);
			noEnglish(said.text.replace(url, '').replace(/qwen/g, ''));
		}
		expect(inChinese(() => problemText(causes[3]!)).text).toBe(`${url} 没有在 180 秒内回复完，请求已放弃。`);
		expect(problemText(causes[3]!).text).toBe(
			`${url} did not finish the reply within 180 s, so the request was given up.`
		);
		expect(inChinese(() => problemText(causes[8]!))).toEqual({
			text: `${url} 报告了一个错误。`,
			detail: 'model crashed'
		});
		// A run that stopped, a replay that stopped, on an engine's problem: framed, no English either.
		for (const code of ['run-stopped', 'run-replay-stopped', 'run-after-game', 'run-follow-failed'] as const)
			noEnglish(inChinese(() => problemText({ code, cause: causes[6]! })).text.replace(url, ''));
	});

	it('the setup form says which rule a typed base URL breaks, from the rule’s own problem', () => {
		const english = 'seat 2: any sentence';
		const said = (baseUrl: string) =>
			inChinese(() => choiceProblem({ engine: 'openai', model: 'm', baseUrl }, english));
		expect(said('http://gpu-box.lan:8000/v1')).toContain('gpu-box.lan:8000');
		noEnglish(said('http://gpu-box.lan:8000/v1').replace('gpu-box.lan:8000', ''));
		const rules = ['', 'gpu-box.lan/v1', 'https://u:p@host/v1', 'https://host/v1?k=1'].map(said);
		expect(new Set(rules).size).toBe(rules.length);
		for (const r of rules) noEnglish(r);
		// In English the sentence comes as the link's rule wrote it.
		expect(choiceProblem({ engine: 'openai', model: 'm', baseUrl: '' }, english)).toBe(english);
	});

	it('frames a sentence of an unknown form in Chinese and keeps its words as they came', () => {
		expect(inChinese(() => errorText('Something odd happened.'))).toEqual({
			text: '出现了一个错误（原文见下）',
			detail: 'Something odd happened.'
		});
		expect(errorText('Something odd happened.')).toEqual({ text: 'Something odd happened.' });
	});
});

// The runtime's own getLocale, back for other spec files run in the same worker.
afterAll(() => overwriteGetLocale(base));
