import { describe, expect, it } from 'vitest';
import type { LogHeader } from '../src/lib/core';
import { EngineError, type ChatRequest } from '../src/lib/engines/types';
import type { ChatClient } from '../src/lib/policies/llm/chat-client';
import { SCRIPTED_LABEL, scriptedPolicy } from '../src/lib/policies';
import { EVAL_SETS } from '../src/lib/scenarios/undercover/eval-sets';
import { startMockOpenAI } from './mock-openai';
import { ckArenaRunCsv, formatAb, formatEval, parseEvalArgs, runAb, runEval } from './eval';
import { UsageError } from './usage';

const usage = { promptTokens: 100, completionTokens: 10, ttftMs: 5, totalMs: 200, decodeTokensPerSecond: 50 };

/** Answers whatever the request's schema asks for: a speech, or the first allowed seat. */
function fakeClient(fail: (n: number) => boolean = () => false): ChatClient & { requests: ChatRequest[] } {
	const requests: ChatRequest[] = [];
	return {
		engine: 'openai',
		model: 'tiny',
		contextWindow: 4096,
		requests,
		async chat(req) {
			requests.push(req);
			if (fail(requests.length))
				throw new EngineError('offline', 'transport: the endpoint is down', { transport: true });
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const text = props.target
				? JSON.stringify({ target: props.target.enum?.[0], reason: 'quiet' })
				: JSON.stringify({ speech: 'Nothing much to add yet.' });
			return { text, finishReason: 'stop', usage };
		}
	};
}

describe('runEval', () => {
	it('runs the smoke set with scripted agents and reports the leaderboard', async () => {
		const progress: number[] = [];
		const out = await runEval({ set: 'smoke', engine: 'scripted', onProgress: (p) => progress.push(p.done) });
		expect(out).toMatchObject({ eval: 'smoke', version: EVAL_SETS.smoke.version, games: 12, failed: [] });
		expect(out.setup).toEqual({ engine: 'scripted', memory: false });
		expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
		expect(out.results).toHaveLength(1);
		const row = out.results[0]!;
		expect(row).toMatchObject({ key: SCRIPTED_LABEL, games: 12, seatGames: 72, calls: 0 });
		expect(row.civilianWin.n + row.undercoverWin.n).toBe(72);
		expect(row.invalidReply.x).toBe(0);
		expect(row.tokens.values).toHaveLength(12);
		expect(out.personas.reduce((s, r) => s + r.seatGames, 0)).toBe(72);
		// Deterministic: the same set gives the same figures.
		expect(await runEval({ set: 'smoke', engine: 'scripted' })).toEqual(out);
	});

	it('plays the fair baseline with --model fair, and labels both baselines apart', async () => {
		const fair = await runEval({ set: 'smoke', engine: 'scripted', model: 'fair' });
		expect(fair.results.map((r) => [r.key, r.label, r.kind])).toEqual([
			['scripted fair (no LLM)', 'scripted fair (no LLM)', 'fair']
		]);
		expect(fair.table.find((r) => r.by === 'model')?.kind).toBe('fair');
		const oracle = await runEval({ set: 'smoke', engine: 'scripted' });
		expect(oracle.results.map((r) => [r.label, r.kind])).toEqual([['scripted oracle (no LLM)', 'oracle']]);
		// The oracle's undercover knows the other word and blends in with shared features: it survives
		// where the fair one, which cannot tell which features are shared, is found.
		const uc = (o: typeof fair) => o.results[0]!.undercoverWin;
		console.log(
			`smoke set, undercover wins: oracle ${uc(oracle).x}/${uc(oracle).n}, fair ${uc(fair).x}/${uc(fair).n}`
		);
		expect(uc(oracle).x).toBeGreaterThan(uc(fair).x);
		expect(() => parseEvalArgs(['--eval', 'smoke', '--engine', 'scripted', '--model', 'gpt'])).toThrow(
			'takes no --model but "fair"'
		);
	});

	it('maps the engine to every seat through SharedRun.seats', async () => {
		const headers: LogHeader[] = [];
		await runEval({
			set: 'smoke',
			engine: 'scripted',
			limit: 1,
			onGame: (_g, log) => headers.push(log.header)
		});
		expect(headers).toHaveLength(1);
		expect(Object.values(headers[0]!.seats ?? {})).toEqual(Array(6).fill({ engine: 'scripted' }));
	});

	it('plays model-backed seats through a chat client, at the set’s or the given temperature', async () => {
		const client = fakeClient();
		const headers: LogHeader[] = [];
		const out = await runEval({
			set: 'smoke',
			engine: 'openai',
			model: 'tiny',
			baseUrl: 'http://localhost:11434/v1',
			client,
			limit: 1,
			onGame: (_g, log) => headers.push(log.header)
		});
		expect(out.games).toBe(1);
		expect(out.results.map((r) => r.key)).toEqual(['openai:tiny']);
		const row = out.results[0]!;
		expect(row.calls).toBe(client.requests.length);
		expect(row.tokens.perGame).toBe(110 * client.requests.length);
		expect(row.seconds.perGame).toBeCloseTo(0.2 * client.requests.length);
		expect(new Set(client.requests.map((r) => r.temperature))).toEqual(new Set([0.7]));
		expect(headers[0]!.seats?.['1']).toEqual({
			engine: 'openai',
			model: 'tiny',
			baseUrl: 'http://localhost:11434/v1'
		});

		const hot = fakeClient();
		const again = await runEval({
			set: 'smoke',
			engine: 'transformers',
			model: 'tiny',
			client: hot,
			limit: 1,
			temperature: 1.2
		});
		expect(again.setup.temperature).toBe(1.2);
		expect(new Set(hot.requests.map((r) => r.temperature))).toEqual(new Set([1.2]));
	});

	it('plays a set’s own temperature, top-p and token cap, and records them on every model.called', async () => {
		const base = EVAL_SETS.smoke.games[0]!;
		const set = {
			...EVAL_SETS.smoke,
			id: 'custom',
			games: [{ ...base, temperature: 0.25, sampling: { temperature: 0.25, topP: 0.8, maxTokens: 40 } }]
		};
		const client = fakeClient();
		const events: { kind: string; data: unknown }[] = [];
		await runEval({
			set,
			engine: 'openai',
			model: 'tiny',
			baseUrl: 'http://localhost:11434/v1',
			client,
			onGame: (_g, log) => events.push(...log.events)
		});
		expect(client.requests.length).toBeGreaterThan(0);
		for (const r of client.requests) {
			expect(r.temperature).toBe(0.25);
			expect(r.top_p).toBe(0.8);
			expect(r.max_tokens).toBeLessThanOrEqual(40);
		}
		const called = events.filter((e) => e.kind === 'model.called');
		expect(called).toHaveLength(client.requests.length);
		called.forEach((e, i) =>
			expect((e.data as { sampling: unknown }).sampling).toEqual({
				temperature: 0.25,
				topP: 0.8,
				seed: client.requests[i]!.seed,
				maxTokens: client.requests[i]!.max_tokens
			})
		);
	});

	it('reports a game whose model cannot be reached as failed, not as invalid replies', async () => {
		const out = await runEval({
			set: 'smoke',
			engine: 'transformers',
			model: 'tiny',
			client: fakeClient(() => true),
			limit: 2
		});
		expect(out.games).toBe(0);
		expect(out.failed).toHaveLength(2);
		expect(out.failed[0]!.error).toContain('transport');
		expect(out.results).toEqual([]);
	});

	it('retries a turn after a brief outage, and leaves the failed call out of the figures', async () => {
		const client = fakeClient((n) => n === 3);
		const out = await runEval({ set: 'smoke', engine: 'transformers', model: 'tiny', client, limit: 1 });
		expect(out.games).toBe(1);
		expect(out.failed).toEqual([]);
		const row = out.results[0]!;
		expect(row.calls).toBe(client.requests.length - 1);
		expect(row.invalidReply.x).toBe(0);
	});

	it('lets a caller put its own policy at a seat', async () => {
		let asked = 0;
		const inner = scriptedPolicy('undercover');
		const out = await runEval({
			set: 'smoke',
			engine: 'scripted',
			limit: 1,
			policyFor: (seat) =>
				seat === 1
					? {
							label: 'counting',
							act: (o, a, c) => {
								asked++;
								return inner.act(o, a, c);
							}
						}
					: undefined
		});
		expect(out.games).toBe(1);
		expect(asked).toBeGreaterThan(0);
	});

	it('formats a readable report', async () => {
		const out = await runEval({ set: 'smoke', engine: 'scripted', limit: 2 });
		const text = formatEval(out);
		expect(text).toContain('eval smoke');
		expect(text).toContain('scripted oracle (no LLM): 2 games, 12 seats');
		expect(text).toContain('win as civilian');
	});
});

describe('many games at once', () => {
	it('gives every game the log it has alone, against a local OpenAI-compatible server', async () => {
		// One server (its URL is in every log's header); a little latency per token, so that requests of
		// different games overlap when they run together.
		const server = await startMockOpenAI({ msPerToken: 2 });
		const play = async (concurrency: number) => {
			const out: Record<string, string> = {};
			server.resetPeak();
			{
				const r = await runEval({
					set: 'smoke',
					engine: 'openai',
					model: 'mock',
					baseUrl: server.baseUrl,
					apiKey: 'none',
					limit: 6,
					concurrency,
					onGame: (g, log) => (out[g.id] = log.events.at(-1)!.hash)
				});
				return { out, r, peak: server.peak };
			}
		};
		const one = await play(1);
		const four = await play(4);
		await server.close();
		// One game alone asks at most its six seats at once (a vote); four games ask more.
		expect(one.peak).toBeLessThanOrEqual(6);
		expect(four.peak).toBeGreaterThan(6);
		expect(Object.keys(one.out)).toHaveLength(6);
		expect(four.out).toEqual(one.out);
		// The figures are the same too, in set order (all but model seconds, a wall-clock measure).
		const noClock = (g: { seconds: number }) => ({ ...g, seconds: null });
		expect(four.r.perGame.map(noClock)).toEqual(one.r.perGame.map(noClock));
		expect(four.r.results.map((r) => ({ ...r, seconds: null }))).toEqual(
			one.r.results.map((r) => ({ ...r, seconds: null }))
		);
	});

	it('refuses a concurrency that is not a positive whole number', () => {
		for (const c of ['0', '1.5', 'many', '1000'])
			expect(() => parseEvalArgs(['--eval', 'smoke', '--concurrency', c])).toThrow(UsageError);
		expect(parseEvalArgs(['--eval', 'smoke', '--concurrency', '8']).options.concurrency).toBe(8);
	});
});

describe('runAb', () => {
	it('plays A and B on identical deals and compares them game by game', async () => {
		const dealsA: unknown[] = [];
		const dealsB: unknown[] = [];
		const dealt = (into: unknown[]) => (_g: unknown, log: { events: { kind: string; data: unknown }[] }) =>
			into.push(log.events.find((e) => e.kind === 'game.dealt')!.data);
		/** B votes for the last seat offered instead of the first: a different player on the same deals. */
		const contrary: ChatClient = {
			...fakeClient(),
			async chat(req) {
				const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
				const text = props.target
					? JSON.stringify({ target: props.target.enum?.at(-1), reason: 'loud' })
					: JSON.stringify({ speech: 'Something you hold.' });
				return { text, finishReason: 'stop', usage };
			}
		};
		const common = {
			set: 'smoke',
			engine: 'openai',
			model: 'tiny',
			baseUrl: 'http://localhost:1/v1',
			limit: 4
		} as const;
		const out = await runAb(
			{ ...common, client: fakeClient(), onGame: dealt(dealsA) },
			{ ...common, model: 'other', client: contrary, onGame: dealt(dealsB) }
		);
		expect(dealsA).toHaveLength(4);
		expect(dealsB).toEqual(dealsA); // words, roles, personas and the opening seat: the same deal
		expect(out.labels).toEqual({ a: 'openai:tiny', b: 'openai:other' });
		expect(out.paired.pairs).toBe(4);
		expect(out.paired.onlyA).toEqual([]);
		expect(out.a.perGame.map((g) => g.game)).toEqual(EVAL_SETS.smoke.games.slice(0, 4).map((g) => g.id));
		const win = out.paired.rates.civilianWin;
		expect(win.a.n).toBe(win.b.n);
		expect(win.mcnemar).not.toBeNull(); // one model at every seat: each game is a yes/no for civilians
		expect(formatAb(out)).toContain('paired over 4 game(s)');
	});
});

describe('the CK-Arena set, headless', () => {
	it('plays CK-Arena’s table against a local server, in English and in Chinese paired by concept', async () => {
		const server = await startMockOpenAI();
		const common = {
			set: 'ck-arena',
			engine: 'openai',
			model: 'mock',
			baseUrl: server.baseUrl,
			apiKey: 'none',
			limit: 3
		} as const;
		try {
			const out = await runAb({ ...common, lang: 'en' }, { ...common, lang: 'zh' });
			expect(out.labels).toEqual({ a: 'openai:mock (in en)', b: 'openai:mock (in zh)' });
			// The first three English games and their Chinese twins: the same concept, persona and seed index.
			expect(out.paired.pairs).toBe(3);
			expect(out.a.perGame.map((g) => g.game)).toEqual(out.b.perGame.map((g) => g.game));
			expect(out.a.perGame[0]!.game).toBe('zebra/giraffe|vera|s0|t0.7');
			expect(Object.keys(out.a.ckArena!)).toEqual(['en']);
			expect(Object.keys(out.b.ckArena!)).toEqual(['zh']);
			const en = out.a.ckArena!.en!;
			expect(en.games).toBe(3);
			expect(en.civiliansWin.n).toBe(3);
			// Four civilians vote in round 1 of every game.
			expect(en.firstRoundCivilianHits.n).toBe(12);
			const report = formatEval(out.a);
			expect(report).toContain('CK-Arena reproduction');
			expect(report).toContain('frontier models');
			expect(report).toMatch(/civilians win\s+66\.7%\s+\d+\.\d% \[\d+\.\d, \d+\.\d\] \(\d\/3\)/);
			// The first three games are all of zebra/giraffe, the set's one concept of difficulty 1.
			expect(Object.keys(out.a.ckArenaByDifficulty?.en ?? {})).toEqual(['1']);
			expect(report).toContain('en difficulty 1: 3 game(s); civilians win');
			// The paired run's reproduction CSV: both languages, overall and by difficulty, the model by kind.
			const csv = ckArenaRunCsv([out.a, out.b]).trim().split('\r\n');
			expect(csv.slice(2).map((l) => l.split(',').slice(0, 6).join(','))).toEqual([
				'this run,openai:mock,model,en,all,3',
				'this run,openai:mock,model,zh,all,3',
				'this run,openai:mock,model,en,1,3',
				'this run,openai:mock,model,zh,1,3'
			]);
		} finally {
			await server.close();
		}
	});

	it('reports the three figures by word-pair difficulty, which add up to the whole', async () => {
		const out = await runEval({ set: 'ck-arena', engine: 'scripted', model: 'fair' });
		expect(out.games).toBe(48);
		for (const lang of ['en', 'zh'] as const) {
			const levels = out.ckArenaByDifficulty![lang]!;
			// Balanced: 8 games of each level in each language (1 concept of level 1 dealt 8 times, 2 of
			// level 2 and 2 of level 3 dealt 4 times each).
			expect(Object.entries(levels).map(([d, f]) => [d, f.games])).toEqual([
				['1', 8],
				['2', 8],
				['3', 8]
			]);
			const all = out.ckArena![lang]!;
			for (const k of ['civiliansWin', 'firstOutUndercover', 'firstRoundCivilianHits'] as const) {
				const sum = (f: (r: { x: number; n: number }) => number) =>
					Object.values(levels).reduce((t, l) => t + f(l[k]), 0);
				expect([sum((r) => r.x), sum((r) => r.n)]).toEqual([all[k].x, all[k].n]);
			}
		}
		const report = formatEval(out);
		expect(report).toContain('scripted fair (no LLM): 48 games');
		expect(report).toMatch(/zh difficulty 3: 8 game\(s\); civilians win \d+\.\d% \[/);
		// The fair baseline is keyed as such in the reproduction CSV, never as the oracle.
		expect(ckArenaRunCsv([out]).split('\r\n')[2]).toMatch(
			/^this run,scripted fair \(no LLM\),fair,en,all,24,/
		);
	});

	it('--ck-csv is for the CK-Arena set only', () => {
		expect(parseEvalArgs(['--eval', 'ck-arena', '--ck-csv', 'ck.csv']).ckCsv).toBe('ck.csv');
		expect(() => parseEvalArgs(['--eval', 'smoke', '--ck-csv', 'ck.csv'])).toThrow(UsageError);
	});

	it('plays it with a tiny local model', async () => {
		const out = await runEval({
			set: 'ck-arena',
			engine: 'transformers',
			model: 'tests/fixtures/models/tiny-chat',
			limit: 1
		});
		expect(out.games + out.failed.length).toBe(1);
		expect(out.ckArena?.en?.games).toBe(out.games);
	}, 120_000);
});

describe('parseEvalArgs', () => {
	it('reads B’s settings from vs- flags, keeping A’s where B names none', () => {
		const args = parseEvalArgs([
			'--eval',
			'smoke',
			'--engine',
			'openai',
			'--model',
			'a',
			'--base-url',
			'http://localhost:1/v1',
			'--vs-model',
			'b',
			'--vs-temperature',
			'0.2',
			'--csv',
			'out.csv',
			'--log-dir',
			'logs'
		]);
		expect(args.vs).toEqual({
			set: 'smoke',
			engine: 'openai',
			model: 'b',
			baseUrl: 'http://localhost:1/v1',
			temperature: 0.2
		});
		expect(args.csv).toBe('out.csv');
		expect(args.logDir).toBe('logs');
		expect(parseEvalArgs(['--eval', 'smoke']).vs).toBeUndefined();
		// A new engine for B takes none of A's model settings.
		expect(() =>
			parseEvalArgs([
				'--eval',
				'smoke',
				'--engine',
				'openai',
				'--model',
				'a',
				'--base-url',
				'http://x',
				'--vs-engine',
				'transformers'
			])
		).toThrow('--engine transformers needs --model');
	});

	it('reads the sim command line', () => {
		expect(
			parseEvalArgs(['--scenario', 'undercover', '--eval', 'smoke', '--engine', 'scripted', '--json'])
		).toEqual({
			options: { set: 'smoke', engine: 'scripted' },
			json: true
		});
		expect(
			parseEvalArgs([
				'--eval=standard',
				'--engine',
				'openai',
				'--model',
				'qwen2.5:0.5b',
				'--base-url',
				'http://localhost:11434/v1',
				'--temperature',
				'0.2',
				'--top-p',
				'0.9',
				'--max-tokens',
				'200',
				'--limit',
				'5'
			]).options
		).toEqual({
			set: 'standard',
			engine: 'openai',
			model: 'qwen2.5:0.5b',
			baseUrl: 'http://localhost:11434/v1',
			temperature: 0.2,
			topP: 0.9,
			maxTokens: 200,
			limit: 5
		});
	});

	it('says what is wrong', () => {
		for (const argv of [
			['--eval', 'huge'],
			['--eval', 'smoke', '--engine', 'webllm'],
			['--eval', 'smoke', '--engine', 'openai', '--model', 'm'],
			['--eval', 'smoke', '--engine', 'transformers'],
			['--eval', 'smoke', '--scenario', 'governance'],
			['--eval', 'smoke', '--temperature', 'hot'],
			['--eval', 'smoke', '--top-p', '0'],
			['--eval', 'smoke', '--top-p', '1.5'],
			['--eval', 'smoke', '--max-tokens', '2.5'],
			['--eval', 'smoke', '--limit', '0'],
			['--eval', 'smoke', '--seed', '3']
		])
			expect(() => parseEvalArgs(argv), argv.join(' ')).toThrow(UsageError);
	});
});
