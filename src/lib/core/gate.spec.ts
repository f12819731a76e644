import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sendRecorded, type ChatClient } from '../policies/llm/chat-client';
import { estimateMessages } from './tokens';
import {
	authorize,
	check,
	Gate,
	Runner,
	seatId,
	type Budgets,
	type CallRequest,
	type LogEvent,
	type ModelCall,
	type Policy,
	type Scenario
} from '.';

const budgets = (b: Partial<Budgets> = {}): Budgets => ({
	rounds: 10,
	actions: 100,
	retries: 5,
	retriesPerAsk: 1,
	...b
});
const req = (promptTokens = 60, maxTokens = 40): CallRequest => ({
	purpose: 'vote',
	promptTokens,
	maxTokens
});
const call = (promptTokens: number, completionTokens: number, extra: Partial<ModelCall> = {}): ModelCall => ({
	engine: 'fake',
	model: 'm',
	requestHash: 'h',
	purpose: 'vote',
	reply: 'ok',
	finishReason: 'stop',
	promptTokens,
	completionTokens,
	...extra
});
let seq = 0;
const logged = (ask: string, c: ModelCall, meta?: Record<string, number>): LogEvent =>
	({
		seq: seq++,
		tick: 1,
		kind: 'model.called',
		data: { ask, seat: 1, ...c },
		prev: '',
		hash: '',
		...(meta ? { meta } : {})
	}) as LogEvent;
const refusedBy = (a: ReturnType<Gate['authorizeCall']>) => (a.ok ? 'admitted' : `${a.budget}/${a.check}`);

describe('authorize', () => {
	it('admits when every check passes, listing them, and refuses at the first that fails, naming its budget', () => {
		const ok = authorize({ id: 'a', purpose: 'p', reserve: 5 }, [
			check('one', 'b1', () => null),
			check('two', 'b2', () => null)
		]);
		expect(ok.ok && { passed: ok.permit.passed, reserved: ok.permit.reserved }).toEqual({
			passed: ['one', 'two'],
			reserved: 5
		});
		const no = authorize({ id: 'b', purpose: 'p' }, [
			check('one', 'b1', () => null),
			check('two', 'daily', () => 'nothing left today'),
			check('three', 'b3', () => 'never reached')
		]);
		expect(no).toEqual({
			ok: false,
			budget: 'daily',
			check: 'two',
			reason: 'nothing left today',
			passed: ['one']
		});
	});

	it('gives a frozen permit', () => {
		const a = authorize({ id: 'a', purpose: 'p' }, []);
		expect(a.ok && Object.isFrozen(a.permit)).toBe(true);
	});
});

describe('the run gate', () => {
	it('a burst of 10 simultaneous calls against room for 3 admits exactly 3 (worst case reserved)', async () => {
		const gate = new Gate(budgets({ tokens: 300 }));
		// Each call reserves 100 (prompt 60 + max 40) but uses only 70: without reservation all 10 would pass
		// before the first settles.
		const results = await Promise.all(
			Array.from({ length: 10 }, async (_, i) => {
				const g = gate.forAsk(`vote:${i}`);
				const a = await g.authorize(req());
				await Promise.resolve();
				if (a.ok) await g.settle(a.permit, call(50, 20));
				return a;
			})
		);
		expect(results.filter((r) => r.ok)).toHaveLength(3);
		const refusals = results.filter((r) => !r.ok);
		expect(refusals).toHaveLength(7);
		expect(refusals.every((r) => !r.ok && r.budget === 'tokens')).toBe(true);
		expect(!refusals[0]!.ok && refusals[0]!.reason).toMatch(/worst case of 100 tokens does not fit/);
	});

	it('a burst against a call budget with room for 3 admits exactly 3', async () => {
		const gate = new Gate(budgets({ calls: 3 }));
		const results = await Promise.all(
			Array.from({ length: 10 }, async (_, i) => gate.forAsk(`a${i}`).authorize(req()))
		);
		expect(results.filter((r) => r.ok)).toHaveLength(3);
		expect(results.filter((r) => !r.ok).map(refusedBy)).toEqual(Array(7).fill('calls/calls'));
	});

	it('settles to what a call used: a settled call frees the rest of its reservation', () => {
		const gate = new Gate(budgets({ tokens: 200 }));
		const a = gate.authorizeCall('x', req(60, 40));
		expect(refusedBy(gate.authorizeCall('y', req(60, 40)))).toBe('admitted');
		expect(refusedBy(gate.authorizeCall('z', req(60, 40)))).toBe('tokens/tokens');
		if (a.ok) gate.settle(a.permit, call(10, 10));
		expect(refusedBy(gate.authorizeCall('z', req(40, 40)))).toBe('admitted');
	});

	it('charges what the log shows after the turn, and a resumed gate (folded from the log) refuses the same', () => {
		const gate = new Gate(budgets({ tokens: 250 }));
		const a = gate.authorizeCall('x', req());
		if (a.ok) gate.settle(a.permit, call(100, 50));
		gate.account(logged('x', call(100, 50)));
		gate.closeTurn();
		expect(gate.tokens).toBe(150);
		expect(refusedBy(gate.authorizeCall('y', req(60, 41)))).toBe('tokens/tokens');
		const resumed = new Gate(budgets({ tokens: 250 }));
		resumed.account(logged('x', call(100, 50)));
		expect(refusedBy(resumed.authorizeCall('y', req(60, 41)))).toBe('tokens/tokens');
		expect(refusedBy(resumed.authorizeCall('y', req(60, 40)))).toBe('admitted');
	});

	it('logs a transport failure without charging it as a call or tokens, and caps failures for the run', () => {
		const gate = new Gate(budgets({ calls: 5, tokens: 1000, transportFailures: 2 }));
		const fail = call(0, 0, { transportError: 'HTTP 500', finishReason: 'error' });
		const a = gate.authorizeCall('x', req());
		if (a.ok) gate.settle(a.permit, fail);
		gate.account(logged('x', fail));
		gate.closeTurn();
		expect({ calls: gate.calls, tokens: gate.tokens, failures: gate.transportFailures }).toEqual({
			calls: 0,
			tokens: 0,
			failures: 1
		});
		// A success in between does not reset the failure count.
		gate.account(logged('y', call(10, 10)));
		expect(refusedBy(gate.authorizeCall('z', req()))).toBe('admitted');
		gate.closeTurn();
		gate.account(logged('z', fail));
		const refused = gate.authorizeCall('w', req());
		expect(refusedBy(refused)).toBe('retries/transport failures');
		expect(gate.haltReason(0)).toBe('transport-failure cap of 2 reached');
	});

	it('counts a failure settled this turn against the cap before it is logged', () => {
		const gate = new Gate(budgets({ transportFailures: 1 }));
		const a = gate.authorizeCall('x', req());
		if (a.ok) gate.settle(a.permit, call(0, 0, { transportError: 'timeout' }));
		expect(refusedBy(gate.authorizeCall('y', req()))).toBe('retries/transport failures');
	});

	it('caps the calls of one ask (a tool loop), counting logged, held and settled calls', () => {
		const gate = new Gate(budgets({ callsPerAsk: 2 }));
		gate.account(logged('loop', call(1, 1)));
		const a = gate.authorizeCall('loop', req());
		expect(a.ok).toBe(true);
		expect(refusedBy(gate.authorizeCall('loop', req()))).toBe('loop/calls per ask');
		expect(refusedBy(gate.authorizeCall('other', req()))).toBe('admitted');
	});

	it('does not count an ask’s transport failures against its loop cap (the ask is tried again after an outage)', () => {
		const gate = new Gate(budgets({ callsPerAsk: 1 }));
		gate.account(logged('vote', call(0, 0, { transportError: 'HTTP 503', finishReason: 'error' })));
		expect(refusedBy(gate.authorizeCall('vote', req()))).toBe('admitted');
	});

	it('refuses once the calls have taken the wall-time budget (timings from meta)', () => {
		const gate = new Gate(budgets({ wallMs: 1000 }));
		gate.account(logged('a', call(1, 1), { totalMs: 600 }));
		expect(refusedBy(gate.authorizeCall('b', req()))).toBe('admitted');
		gate.closeTurn();
		gate.account(logged('b', call(1, 1), { totalMs: 500 }));
		expect(refusedBy(gate.authorizeCall('c', req()))).toBe('wall time/wall time');
	});

	it('refuses a call that declares no valid size', () => {
		const gate = new Gate(budgets({ tokens: 1000 }));
		expect(refusedBy(gate.authorizeCall('a', req(10, 0)))).toBe('calls/request');
		expect(refusedBy(gate.authorizeCall('a', req(Number.NaN, 10)))).toBe('calls/request');
	});

	it('the retry caps count the whole run and never reset on success', () => {
		const gate = new Gate(budgets({ retries: 2, retriesPerAsk: 1 }));
		expect(gate.mayRetry(0)).toBe(true);
		expect(gate.retryRefusal(1)?.check).toBe('retries per ask');
		const rejected = { seq: 0, tick: 1, kind: 'action.rejected', data: { ask: 'a' }, prev: '', hash: '' };
		const accepted = { ...rejected, kind: 'vote.cast' };
		gate.account(rejected as LogEvent);
		gate.account(accepted as LogEvent);
		gate.account(rejected as LogEvent);
		gate.account(accepted as LogEvent);
		expect(gate.retryRefusal(0)?.check).toBe('retries in the run');
	});

	it('refuses to settle a permit it did not issue', () => {
		const gate = new Gate(budgets());
		const other = new Gate(budgets()).authorizeCall('x', req());
		expect(() => other.ok && gate.settle(other.permit, call(1, 1))).toThrow(/not issued by this gate/);
	});
});

const VOTE_MESSAGE = { role: 'user' as const, content: 'x'.repeat(120) };

// A ten-seat table where every seat answers at once through a model: the kernel path end to end.
interface Table {
	round: number;
	answers: number;
}
const table: Scenario<null, Table, null, string> = {
	id: 'table',
	parseConfig: () => ({ ok: true, config: null }),
	serializeConfig: () => ({}),
	// Room for exactly three worst cases (prompt estimate plus max_tokens).
	budgets: () => budgets({ rounds: 2, tokens: 3 * (estimateMessages([VOTE_MESSAGE]) + 60) }),
	init: () => ({ round: 0, answers: 0 }),
	next: (s) =>
		s.round === 0
			? {
					type: 'asks',
					asks: Array.from({ length: 10 }, (_, i) => ({
						id: `vote:${i + 1}`,
						seat: seatId(i + 1),
						kind: 'vote',
						attempt: 0
					}))
				}
			: { type: 'done' },
	observe: () => null,
	validate: (_s, _a, action) => ({ ok: true, event: { kind: 'vote.cast', data: { action } } }),
	apply: (s, e) =>
		e.kind === 'action.forfeited' || e.kind === 'vote.cast'
			? { round: s.answers + 1 >= 10 ? 1 : 0, answers: s.answers + 1 }
			: s,
	roundsCompleted: (s) => s.round,
	outcome: (s) => (s.round > 0 ? 'voted' : null)
};

const fakeClient: ChatClient = {
	engine: 'fake',
	model: 'm',
	contextWindow: 512,
	chat: async () => {
		await new Promise((r) => setTimeout(r, 0));
		return {
			text: 'yes',
			finishReason: 'stop',
			usage: { promptTokens: 20, completionTokens: 2, ttftMs: 0, totalMs: 0, decodeTokensPerSecond: 0 }
		};
	}
};
const llmSeat: Policy = {
	label: 'fake',
	async act(_o, ask, ctx) {
		const request = {
			messages: [VOTE_MESSAGE],
			temperature: 0,
			seed: 1,
			max_tokens: 60
		};
		const { call } = await sendRecorded(
			fakeClient,
			request,
			{ engine: 'fake', model: 'm', requestHash: ask.id, purpose: 'vote' },
			[],
			'vote',
			ctx.gate!
		);
		return { action: 'yes', calls: [call] };
	}
};

describe('every model call passes the runner gate', () => {
	it('ten simultaneous votes against room for three: three calls, seven forfeits naming the token budget', async () => {
		const runner = new Runner({ scenario: table, config: null, seed: 1, policyFor: () => llmSeat });
		await runner.run();
		const kinds = runner.log.events.map((e) => e.kind);
		expect(kinds.filter((k) => k === 'model.called')).toHaveLength(3);
		const forfeits = runner.log.events.filter((e) => e.kind === 'action.forfeited');
		expect(forfeits).toHaveLength(7);
		expect((forfeits[0]!.data as { reason: string }).reason).toMatch(
			/^refused by the tokens budget \(tokens\)/
		);
		// No retry is spent on a refusal: retrying cannot make room.
		expect(kinds).not.toContain('action.rejected');
	});
});

describe('known failures of budget guards', () => {
	const reply = (text: string, promptTokens: number, completionTokens: number): ChatClient => ({
		engine: 'fake',
		model: 'm',
		contextWindow: 512,
		chat: async () => ({
			text,
			finishReason: 'stop',
			usage: { promptTokens, completionTokens, ttftMs: 0, totalMs: 0, decodeTokensPerSecond: 0 }
		})
	});
	const request = { messages: [VOTE_MESSAGE], temperature: 0, seed: 1, max_tokens: 60 };
	const base = { engine: 'fake', model: 'm', requestHash: 'h', purpose: 'vote' };

	it('a streamed call that reports no usage is charged its estimate, never zero', async () => {
		const gate = new Gate(budgets({ tokens: 10_000 }));
		const { call } = await sendRecorded(
			reply('yes, that one', 0, 0),
			request,
			base,
			[],
			'vote',
			gate.forAsk('a')
		);
		expect(call.usageEstimated).toBe(true);
		expect(call.promptTokens).toBe(estimateMessages([VOTE_MESSAGE]));
		expect(call.completionTokens).toBeGreaterThan(0);
	});

	it('a second endpoint is counted against the same budget', async () => {
		const gate = new Gate(budgets({ calls: 1 })).forAsk('a');
		await sendRecorded(reply('a', 5, 1), request, base, [], 'vote', gate);
		const second = await sendRecorded(
			{ ...reply('b', 5, 1), engine: 'openai' },
			request,
			base,
			[],
			'vote',
			gate
		).catch((e: unknown) => e);
		expect((second as Error).message).toMatch(/^refused by the calls budget/);
	});
});

describe('permits', () => {
	it('are created by no module but the gate', () => {
		const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
		const files: string[] = [];
		const walk = (dir: string) => {
			for (const name of readdirSync(dir)) {
				if (name === 'node_modules' || name.startsWith('.')) continue;
				const p = join(dir, name);
				if (statSync(p).isDirectory()) walk(p);
				else if (/\.(ts|svelte|js)$/.test(name)) files.push(p);
			}
		};
		walk(join(root, 'src'));
		walk(join(root, 'scripts'));
		walk(join(root, 'tests'));
		// Any cast to Permit, or any use of its brand, outside gate.ts would let code make one.
		const forging = /as\s+(unknown\s+as\s+)?Permit\b|<Permit>|permitBrand/;
		const offenders = files
			.filter((f) => !f.endsWith(join('core', 'gate.ts')) && !f.endsWith('gate.spec.ts'))
			.filter((f) => forging.test(readFileSync(f, 'utf8')))
			.map((f) => relative(root, f));
		expect(offenders).toEqual([]);
		expect(files.length).toBeGreaterThan(100);
	});
});
