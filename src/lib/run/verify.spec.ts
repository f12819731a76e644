/**
 * The verifier every door uses (run/verify.ts after run/run-file.ts): real logs of all three
 * scenarios, edited the way a forger would and sealed again, are refused with one sentence naming the
 * event or the header field; untouched logs, a person's game included, re-execute to their hash.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
	EventLog,
	seatId,
	sha256Hex,
	toJsonLines,
	type Ask,
	type LogEvent,
	type LogHeader,
	type Policy,
	type PolicyContext,
	type ToolCallRecord
} from '../core';
import type { ChatRequest, ModelChoice } from '../engines/types';
import { scriptedPolicyFor } from '../policies';
import { policyForChoice } from '../policies/factory';
import type { ChatClient } from '../policies/llm/chat-client';
import { stateToolHost, type GovernanceState } from '../scenarios/governance';
import type { SharedRun } from '../share/link';
import { FAKE_USAGE, fakeClient as sharedFake } from '../../../scripts/fake-client';
import { MAX_TOOL_CALLS } from '../scenarios/governance/prompts';
import { readRunFile } from './run-file';
import { createRunner } from './play';
import { replayInputOf } from './replay';
import { verifyRun, type Verification } from './verify';

const CHOICE: ModelChoice = { engine: 'openai', model: 'fake-1', baseUrl: 'http://127.0.0.1:9/v1' };

/** A deterministic "model": its reply is a pure function of the request, valid for speak and vote. */
const fakeClient: ChatClient = {
	engine: 'openai',
	model: 'fake-1',
	contextWindow: 4096,
	async chat(req: ChatRequest) {
		const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
		const pick = parseInt(sha256Hex(JSON.stringify(req.messages)).slice(0, 6), 16);
		const text = props.target
			? JSON.stringify({ target: props.target.enum?.[pick % props.target.enum.length], reason: 'quiet' })
			: JSON.stringify({ speech: `It is something you can hold, number ${pick % 97}.` });
		const usage = {
			promptTokens: 100,
			completionTokens: 12,
			ttftMs: 5,
			totalMs: 9,
			decodeTokensPerSecond: 40
		};
		return { text, finishReason: 'stop' as const, usage };
	}
};

interface Log {
	name: string;
	header: LogHeader;
	events: LogEvent[];
}

async function play(name: string, run: SharedRun, maxEvents = 400): Promise<Log> {
	const policies = new Map<number, Policy>();
	for (const [seat, choice] of Object.entries(run.seats ?? {}))
		if (choice.engine === 'openai')
			policies.set(
				Number(seat),
				policyForChoice(run.scenario, choice, { client: fakeClient, seat: Number(seat) })
			);
	const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
	while (runner.log.length < maxEvents && (await runner.step())) {
		/* one turn a step */
	}
	return { name, header: runner.log.header, events: runner.log.events };
}

/** One real log of each scenario, a model game and a person's game among them. */
const logs = (async () => [
	await play('undercover with models', {
		scenario: 'undercover',
		seed: 5,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 3 },
		seats: { '1': CHOICE, '2': { engine: 'scripted' }, '3': CHOICE, '4': CHOICE }
	}),
	// Headless, a person's seat is played by the scripted stand-in: the log is a person's game's.
	await play('undercover with a person', {
		scenario: 'undercover',
		seed: 8,
		config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 4 },
		seats: { '2': { engine: 'human' } }
	}),
	await play('governance', { scenario: 'governance', seed: 3, config: { rounds: 3 } }, 160),
	await play('autonomy', { scenario: 'autonomy', seed: 2, config: { days: 12, legacyConsider: true } }),
	// Runs that reach the kinds the ones above do not: amendments, cosigns refused, a person's approvals,
	// failed providers and rolled-back worlds (the approval policy 'human' is played by the stand-in here).
	await play(
		'governance with cosign',
		{ scenario: 'governance', seed: 3, config: { policy: 'cosign', rounds: 12 } },
		900
	),
	await play(
		'governance under the human approval policy',
		{ scenario: 'governance', seed: 4, config: { policy: 'human', approval: 30, rounds: 12 } },
		900
	),
	await play(
		'autonomy with faults',
		{ scenario: 'autonomy', seed: 2, config: { days: 30, faultRate: 0.3 } },
		3000
	)
])();

/** The chain sealed again after an edit: what any forger can do. */
function reseal(
	header: LogHeader,
	events: readonly Pick<LogEvent, 'kind' | 'data' | 'tick' | 'meta'>[]
): string {
	const log = new EventLog(header);
	for (const e of events)
		log.append({ kind: e.kind, data: e.data, ...(e.meta ? { meta: e.meta } : {}) }, e.tick);
	return toJsonLines(header, log.events);
}

/** The one door: read the file, then re-execute it. */
async function open(
	text: string
): Promise<Verification | Extract<ReturnType<typeof readRunFile>, { ok: false }>> {
	const file = readRunFile(text);
	if (!file.ok) return file;
	return verifyRun(replayInputOf(file.header, file.events));
}

/** A refusal a person can read: one sentence, naming where, no engine internals. */
function expectSentence(v: { ok: boolean; error?: string }, where?: RegExp, what = ''): void {
	expect(v.ok, what).toBe(false);
	const error = v.error ?? '';
	expect(error).not.toMatch(/\n|Cannot read|undefined|TypeError|RangeError|is not a function|stack/);
	expect(error).toMatch(/[.)]$/);
	expect(error).toMatch(where ?? /event \d+ \(|header|line \d+|file/);
}

const clone = <T>(v: T): T => structuredClone(v);

describe('one verifier for every door', () => {
	it('re-executes a real log of each scenario to its hash; a person’s game is checked move by move', async () => {
		for (const log of await logs) {
			expect(log.events.length, log.name).toBeGreaterThan(15);
			const v = await open(toJsonLines(log.header, log.events));
			expect(v.ok, `${log.name}: ${v.ok ? '' : v.error}`).toBe(true);
			if (v.ok) {
				expect(v.method).toBe(log.name.includes('person') ? 'checked' : 'reexecuted');
				expect(v.replay.runner.hash).toBe(log.events.at(-1)!.hash);
			}
		}
	});

	it('refuses the forgeries the adversarial check stored: a vote by an eliminated seat, a flipped winner, swapped roles, an unknown kind', async () => {
		for (const log of (await logs).filter((l) => l.header.scenario === 'undercover')) {
			const { header, events } = log;
			const gone = events.find((e) => e.kind === 'seat.eliminated');
			const lastVote = events.findLast((e) => e.kind === 'vote.cast');
			expect(gone && lastVote, log.name).toBeTruthy();
			const goneSeat = (gone!.data as { seat: number }).seat;
			// A vote by the seat that was voted out, in the last vote of the game.
			const ghost = clone(events);
			(ghost[lastVote!.seq]!.data as { seat: number; target: number }).seat = goneSeat;
			const ended = events.find((e) => e.kind === 'game.ended')!;
			const flipped = clone(events);
			const d = flipped[ended.seq]!.data as { winner: string };
			d.winner = d.winner === 'civilians' ? 'undercover' : 'civilians';
			const dealt = events.find((e) => e.kind === 'game.dealt')!;
			const swapped = clone(events);
			const seats = (swapped[dealt.seq]!.data as { seats: { role: string }[] }).seats;
			const u = seats.find((x) => x.role === 'undercover')!;
			const c = seats.find((x) => x.role === 'civilian')!;
			[u.role, c.role] = [c.role, u.role];
			const unknown = clone(events);
			unknown.splice(5, 0, { ...unknown[5]!, kind: 'treasure.found', data: { seat: 1 } });
			for (const [what, forged, at] of [
				['ghost vote', ghost, lastVote!.seq],
				['flipped winner', flipped, ended.seq],
				['swapped roles', swapped, dealt.seq],
				['unknown kind', unknown, 5]
			] as const) {
				const v = await open(reseal(header, forged));
				expectSentence(v, new RegExp(`event ${at} \\(`), `${log.name}: ${what}`);
				if (!v.ok) expect(v.seq, `${log.name}: ${what}: ${v.error}`).toBe(at);
			}
		}
	});

	it('refuses recorded usage that is negative, fractional or past the request’s budget, naming the call', async () => {
		const { header, events } = (await logs)[0]!;
		const call = events.find((e) => e.kind === 'model.called')!;
		for (const [field, value] of [
			['completionTokens', -100000],
			['promptTokens', 3.5],
			['completionTokens', 100000]
		] as const) {
			const forged = clone(events);
			(forged[call.seq]!.data as Record<string, unknown>)[field] = value;
			const v = await open(reseal(header, forged));
			expectSentence(v, new RegExp(`^This file was altered: event ${call.seq} \\(model\\.called\\) records`));
		}
	});

	it('checks the header whole: a relabelled engine, an extra field, a config spelled another way', async () => {
		const { header, events } = (await logs)[2]!; // scripted governance
		const relabelled = {
			...header,
			engines: { ...header.engines, '1': 'openai:gpt-4o@https://api.openai.com/v1' }
		};
		const extra = { ...header, note: 'x'.repeat(1000) };
		const { policy: _policy, ...implicit } = header.config;
		const spelled = { ...header, config: implicit };
		for (const [h, field] of [
			[relabelled, 'engines'],
			[extra, 'note'],
			[spelled, 'config']
		] as const) {
			const v = await open(reseal(h as LogHeader, events));
			expectSentence(v, new RegExp(`field "${field}" differs`));
		}
		const huge = await open(reseal({ ...header, note: 'x'.repeat(200_000) } as LogHeader, events));
		expectSentence(huge, /header is far too long/);
	});

	it('gives sentences for the crash kinds: 1e400, 200,000 nested arrays, a header spelling out a default', async () => {
		const { header, events } = (await logs)[0]!;
		const text = toJsonLines(header, events);
		const ls = text.split('\n');
		const big = [...ls];
		big[3] = big[3]!.replace(/"tick":(\d+)/, '"tick":$1,"x":1e400');
		expectSentence(await open(big.join('\n')), /Event 2 of this file holds a number too large/);
		const deep = [...ls];
		deep[4] = deep[4]!.replace(/"data":/, `"data":${'['.repeat(200_000)}${']'.repeat(200_000)},"d2":`);
		expectSentence(await open(deep.join('\n')), /Event 3 of this file nests lists more than/);
		// The config written out with a default value the setup leaves implicit.
		const spelled = { ...header, config: { ...header.config, rounds: header.config.rounds } };
		delete (spelled.config as Record<string, unknown>).lang;
		expectSentence(await open(reseal(spelled, events)), /header/);
	});

	it('refuses an illegal edit of every event kind of every scenario, naming an event at or after it', async () => {
		const covered = new Set<string>();
		for (const log of await logs) {
			const seen = new Set<string>();
			for (const e of log.events) {
				if (seen.has(e.kind)) continue;
				seen.add(e.kind);
				const forged = clone(log.events);
				forged[e.seq]!.data = mutate(forged[e.seq]!.data);
				const v = await open(reseal(log.header, forged));
				// Only a model's reply may be edited into another consistent run (a reply the policy reads the same).
				if (v.ok && e.kind === 'model.called') continue;
				expectSentence(v, undefined, `${log.name}: ${e.kind}`);
				if (v.ok) continue;
				expect(v.seq ?? 0, `${log.name} ${e.kind}: ${v.error}`).toBeGreaterThanOrEqual(
					e.kind === 'model.called' ? e.seq : 0
				);
			}
			expect(seen.size, log.name).toBeGreaterThan(5);
			for (const k of seen) covered.add(k);
		}
		// The kinds only the longer runs reach are among those edited.
		for (const kind of [
			'amendment.proposed',
			'amendment.ruled',
			'cosign.refused',
			'approval.recorded',
			'provider.failed',
			'world.rolled-back',
			'model.called'
		])
			expect(covered, kind).toContain(kind);
	});

	it('fuzz: a re-sealed mutation of a real log is refused in one sentence or replays faithfully', async () => {
		const all = await logs;
		await fc.assert(
			fc.asyncProperty(
				fc.nat({ max: all.length - 1 }),
				fc.nat(),
				fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-1, 0.5, 1e308, '', null, [], {})),
				fc.string({ maxLength: 12 }),
				async (li, ei, value, key) => {
					const log = all[li]!;
					const events = clone(log.events);
					const e = events[ei % events.length]!;
					const data = e.data as Record<string, unknown>;
					const keys = typeof data === 'object' && data ? Object.keys(data) : [];
					if (keys.length && key.length % 2) data[keys[key.length % keys.length]!] = value;
					else if (typeof data === 'object' && data) data[key || 'k'] = value;
					else e.data = value;
					const text = reseal(log.header, events);
					const v = await open(text);
					if (v.ok) {
						// Faithful: the run its rules give is exactly the file's.
						expect(v.replay.runner.log.events.map((x) => x.hash)).toEqual(
							readRunFile(text).ok
								? (readRunFile(text) as { events: LogEvent[] }).events.map((x) => x.hash)
								: []
						);
					} else expectSentence(v);
				}
			),
			{ numRuns: 40, seed: 21 }
		);
	});
});

/** An edit that makes the event say something else: a number moved, a string changed, a field added. */
function mutate(data: unknown): unknown {
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return { forged: true };
	const out = { ...(data as Record<string, unknown>) };
	const key = Object.keys(out).find(
		(k) => k !== 'ask' && (typeof out[k] === 'number' || typeof out[k] === 'string')
	);
	if (key === undefined) return { ...out, forged: true };
	const v = out[key];
	out[key] = typeof v === 'number' ? v + 1 : `${v as string}!`;
	return out;
}

/** A client answering each request with `reply`'s text, or failing in transport where it returns null. */
function replying(model: string, reply: (req: ChatRequest, n: number) => string | null): ChatClient {
	let n = 0;
	return {
		engine: 'openai',
		model,
		contextWindow: 8192,
		async chat(req: ChatRequest) {
			const text = reply(req, ++n);
			if (text === null)
				throw Object.assign(new Error('transport: HTTP 500 from the provider'), { transport: true });
			const usage = {
				promptTokens: 80,
				completionTokens: 10,
				ttftMs: 1,
				totalMs: 2,
				decodeTokensPerSecond: 9
			};
			return { text, finishReason: 'stop' as const, usage };
		}
	};
}

/** Plays a setup with the given policies; `between` may change the run between turns (a model change). */
async function playWith(
	name: string,
	run: SharedRun,
	policies: Map<number, Policy>,
	maxEvents: number,
	between?: (runner: ReturnType<typeof createRunner>) => void
): Promise<Log> {
	const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
	while (runner.log.length < maxEvents && (await runner.step())) between?.(runner);
	return { name, header: runner.log.header, events: runner.log.events };
}

const userText = (req: ChatRequest) =>
	req.messages
		.filter((m) => m.role === 'user')
		.map((m) => m.content)
		.join('\n');

/** The runs that reach the kinds the logs above do not (each is checked to reach them). */
const rarer = (async () => {
	const ucSetup: SharedRun = {
		scenario: 'undercover',
		seed: 5,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 3 },
		seats: { '1': CHOICE, '2': { engine: 'scripted' }, '3': CHOICE, '4': CHOICE }
	};
	// Seat 1's model never answers in the shape asked (forfeits); seat 3 gets another model mid-run.
	const FAKE_2: ModelChoice = { ...CHOICE, model: 'fake-2' };
	const uc = new Map<number, Policy>([
		[1, policyForChoice('undercover', CHOICE, { client: replying('fake-1', () => 'no idea'), seat: 1 })],
		[3, policyForChoice('undercover', CHOICE, { client: fakeClient, seat: 3 })],
		[4, policyForChoice('undercover', CHOICE, { client: fakeClient, seat: 4 })]
	]);
	let changed = false;
	const forfeitAndChange = await playWith(
		'undercover: forfeits and a model change',
		ucSetup,
		uc,
		400,
		(r) => {
			if (changed || r.log.length < 12) return;
			changed = true;
			r.changeModel(seatId(3), CHOICE, FAKE_2);
			uc.set(3, policyForChoice('undercover', FAKE_2, { client: sharedFake('fake-2'), seat: 3 }));
		}
	);

	// The Executor is a model that abandons every vetoed task.
	const GOV_EXECUTOR = { ...CHOICE, model: 'fake-gov' };
	const govRun: SharedRun = {
		scenario: 'governance',
		seed: 1,
		// Long enough for inference tasks: a veto the Executor may abandon (R4 with R3), where a missing
		// line alone is a redo, which may only be resubmitted.
		config: { rounds: 24 },
		seats: { '2': GOV_EXECUTOR }
	};
	const box: { runner?: ReturnType<typeof createRunner> } = {};
	const tools = stateToolHost(() => box.runner!.state as GovernanceState);
	const executor = replying('fake-gov', (req) => {
		const task = /Task (T\d+), assigned/.exec(userText(req))?.[1] ?? '';
		return JSON.stringify(
			JSON.stringify(req.schema ?? {}).includes('"response"')
				? JSON.stringify(req.schema ?? {}).includes('"abandon"')
					? { task_id: task, response: 'abandon', reason: 'It cannot be done as asked.' }
					: {
							task_id: task,
							response: 'resubmit',
							output: {
								task_id: task,
								status: 'success',
								content: 'Title: Q3\nConfidence: high',
								tool_calls: []
							}
						}
				: { task_id: task, status: 'success', content: 'Title: Q3\nConfidence: high', tool_calls: [] }
		);
	});
	const govPolicies = new Map<number, Policy>([
		[2, policyForChoice('governance', GOV_EXECUTOR, { client: executor, seat: 2, deps: { tools } })]
	]);
	box.runner = createRunner(govRun, { tools, policyFor: (s) => govPolicies.get(s) });
	while (box.runner.log.length < 600 && (await box.runner.step())) {
		/* one turn a step */
	}
	const abandoning: Log = {
		name: 'governance: a model Executor abandons',
		header: box.runner.log.header,
		events: box.runner.log.events
	};

	const rollingBack = await rollbackRun();

	// The fuse trips every round (forced metrics) and a person at seat 4 resumes the run.
	const stand = scriptedPolicyFor('governance', 4);
	const person: Policy = {
		label: 'person',
		act: (obs, ask, ctx) =>
			ask.kind === 'resume' ? { action: { decision: 'resume' } } : stand.act(obs, ask, ctx)
	};
	const fused = await playWith(
		'governance: a fuse tripped and resumed by a person',
		{
			scenario: 'governance',
			seed: 1,
			config: { rounds: 12, forceMetrics: true, fuseRounds: 2 },
			seats: { '4': { engine: 'human' } }
		},
		new Map([[4, person]]),
		300
	);

	// The Sentinel's provider fails every third call.
	const sentinel = replying('fake-1', (_, n) =>
		n % 3 === 0 ? null : '{"decision":"SKIP","reason":"Nothing to change."}'
	);
	const failing = await playWith(
		'autonomy: a provider that fails',
		{ scenario: 'autonomy', seed: 2, config: { days: 12 }, seats: { '1': CHOICE } },
		new Map([[1, policyForChoice('autonomy', CHOICE, { client: sentinel, seat: 1 })]]),
		600
	);

	return [
		// Seed 10 at 3 rounds: a revote that ties again (settled by lot) and a halt at the cap.
		await play('undercover: a tie, a lot and a halt', {
			scenario: 'undercover',
			seed: 10,
			config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 3 }
		}),
		forfeitAndChange,
		await play(
			'governance: an escalation, clarifications, an amendment',
			{
				scenario: 'governance',
				seed: 1,
				config: { rounds: 40, escalateAfter: 2 }
			},
			900
		),
		await play(
			'governance: an impact assessment',
			{
				scenario: 'governance',
				seed: 3,
				config: { policy: 'impact', rounds: 24 }
			},
			900
		),
		abandoning,
		fused,
		failing,
		rollingBack
	];
})();

/**
 * A model Executor that appeals with a rollback. Its fake model answers as the scripted Executor
 * would (the scripted policy, run over the same state, tells it what to reply), its tool calls made
 * one by one through the model's Tool Agent loop so the log carries them; once a rule version is
 * superseded (seed 1 enacts R1-v2 from the T155 amendment), its next appeal asks for that version
 * back. The scripted Assigner grants an appeal against a veto that cites R4, so the rules enact the
 * rollback: the only way a run reaches `rule.rolled-back`.
 */
async function rollbackRun(): Promise<Log> {
	const EXECUTOR = { ...CHOICE, model: 'fake-rollback' };
	const setup: SharedRun = {
		scenario: 'governance',
		seed: 1,
		config: { rounds: 40 },
		seats: { '2': EXECUTOR }
	};
	const box: {
		runner?: ReturnType<typeof createRunner>;
		turn?: { obs: unknown; ask: Ask; ctx: PolicyContext };
	} = {};
	const state = () => box.runner!.state as GovernanceState;
	const tools = stateToolHost(state);
	// The scripted Executor's own probes run over a second host: only the model's calls are logged.
	const scripted = scriptedPolicyFor('governance', 2, { tools: stateToolHost(state) });
	let plan:
		{ key: string; calls: ToolCallRecord[]; action: Record<string, unknown>; made: number } | undefined;
	let askedBack = false;
	const client: ChatClient = {
		engine: 'openai',
		model: EXECUTOR.model,
		contextWindow: 8192,
		async chat() {
			const { obs, ask, ctx } = box.turn!;
			const key = `${ask.id}#${ask.attempt}`;
			if (plan?.key !== key) {
				const r = await scripted.act(obs, ask, ctx);
				const calls = (r.toolCalls ?? []).slice(0, MAX_TOOL_CALLS);
				plan = { key, calls, action: { ...(r.action as Record<string, unknown>) }, made: 0 };
			}
			const call = plan.calls[plan.made++];
			let text: string;
			if (call) text = JSON.stringify({ tool_call: { tool: call.tool, args: call.args } });
			else {
				const superseded = state().rules.find((r) => r.valid_until !== null);
				if (plan.action.response === 'appeal' && superseded && !askedBack) {
					askedBack = true;
					plan.action.rollback = { id: superseded.id, version: superseded.version };
				}
				text = JSON.stringify(plan.action);
			}
			return { text, finishReason: 'stop' as const, usage: { ...FAKE_USAGE } };
		}
	};
	const model = policyForChoice('governance', EXECUTOR, { client, seat: 2, deps: { tools } });
	const executor: Policy = {
		label: model.label,
		act(obs, ask, ctx) {
			box.turn = { obs, ask, ctx };
			return model.act(obs, ask, ctx);
		}
	};
	box.runner = createRunner(setup, { tools, policyFor: (s) => (s === 2 ? executor : undefined) });
	while (
		!box.runner.log.events.some((e) => e.kind === 'rule.rolled-back') &&
		box.runner.log.length < 1200 &&
		(await box.runner.step())
	) {
		/* one turn a step, until the rollback is enacted */
	}
	return {
		name: 'governance: a model Executor appeals with a rollback',
		header: box.runner.log.header,
		events: box.runner.log.events
	};
}

describe('an edit of every kind the logs above do not reach', () => {
	const KINDS = [
		'tie.declared',
		'action.forfeited',
		'run.halted',
		'seat.model-changed',
		'clarification.requested',
		'clarification.answered',
		'escalation.ruled',
		'fuse.tripped',
		'fuse.resumed',
		'impact.assessed',
		'rule.amended',
		'task.abandoned',
		'spend.failed',
		'rule.rolled-back'
	];

	it('the runs that reach them re-execute untouched', async () => {
		const reached = new Set<string>();
		for (const log of await rarer) {
			const v = await open(toJsonLines(log.header, log.events));
			expect(v.ok, `${log.name}: ${v.ok ? '' : v.error}`).toBe(true);
			for (const e of log.events) reached.add(e.kind);
		}
		for (const kind of KINDS) expect(reached, kind).toContain(kind);
	});

	it('each edited and sealed again is refused in a sentence naming that event', async () => {
		const edited = new Set<string>();
		const misses: string[] = [];
		for (const log of await rarer)
			for (const kind of KINDS) {
				const e = log.events.find((x) => x.kind === kind);
				if (!e || edited.has(kind)) continue;
				edited.add(kind);
				for (const [how, data] of editsOf(e.data)) {
					const forged = clone(log.events);
					forged[e.seq]!.data = data;
					const v = await open(reseal(log.header, forged));
					const what = `${log.name}: ${kind} ${how}`;
					if (!v.ok) expectSentence(v, undefined, what);
					// A model change moved to another seat that had the same model is, alone, a change the
					// page could have made: it is contradicted by that seat's next call, which is named.
					if (kind === 'seat.model-changed' && how === 'seat changed') {
						expect(v.ok ? '' : v.error, what).toMatch(/at event \d+ \(model\.called\).*the model differs/);
						if (!v.ok) expect(v.seq, what).toBeGreaterThan(e.seq);
					} else if (kind === 'seat.model-changed' && how === 'to.baseUrl changed') {
						// An endpoint's address is the file's word, in a model change as in the header: a reply
						// does not say which server sent it, and no later event records the address. The run is
						// the file's own (the same replies, the same moves); it counts as an imported run.
						expect(v.ok, what).toBe(true);
					} else if (v.ok || v.seq !== e.seq || !v.error.includes(`event ${e.seq} (${kind})`))
						misses.push(`${what}: ${v.ok ? 'replayed' : v.error}`);
				}
			}
		expect(misses).toEqual([]);
		expect([...edited].sort()).toEqual([...KINDS].sort());
	});
});

describe('a revote that ties again, settled by lot', () => {
	it('re-executes to its hash; the lot moved to the other tied seat, or its mark dropped or added, is refused naming the event', async () => {
		const log = (await rarer).find((l) => l.name.includes('a lot'))!;
		const lotAt = log.events.findIndex(
			(e) => e.kind === 'seat.eliminated' && (e.data as { lot?: boolean }).lot === true
		);
		expect(lotAt, 'the run has a lot').toBeGreaterThan(0);
		const v = await open(toJsonLines(log.header, log.events));
		expect(v.ok, v.ok ? '' : v.error).toBe(true);
		const lot = log.events[lotAt]!;
		const d = lot.data as { round: number; seat: number; lot: true };
		const revote = log.events.findLast(
			(e) => e.seq < lot.seq && e.kind === 'votes.tallied' && (e.data as { stage: string }).stage === 'revote'
		)!;
		const other = (revote.data as { top: number[] }).top.find((x) => x !== d.seat)!;
		expect(other, 'a second tied seat').toBeDefined();
		const plain = log.events.find((e) => e.kind === 'seat.eliminated' && !(e.data as { lot?: true }).lot);
		const edits: [string, number, unknown][] = [
			['the other tied seat drawn', lot.seq, { ...d, seat: other }],
			['the lot mark dropped', lot.seq, { round: d.round, seat: d.seat }]
		];
		if (plain)
			edits.push(['a lot mark added to a vote-out', plain.seq, { ...(plain.data as object), lot: true }]);
		for (const [what, seq, data] of edits) {
			const forged = clone(log.events);
			forged[seq]!.data = data;
			const r = await open(reseal(log.header, forged));
			expectSentence(r, new RegExp(`event ${seq} \\(seat\\.eliminated\\)`), what);
			if (!r.ok) expect(r.seq, what).toBe(seq);
		}
	});
});

/**
 * Edits of one event's data: each field changed in turn (a number moved, a string changed), one
 * added, and each field of a field that is itself a record (a rolled-back rule's version, its text).
 */
function editsOf(data: unknown): [string, unknown][] {
	if (typeof data !== 'object' || data === null || Array.isArray(data))
		return [['replaced', { forged: true }]];
	const out: [string, unknown][] = [['a field added', { ...data, forged: true }]];
	for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
		out.push([`${k} changed`, { ...(data as object), [k]: changedValue(v) }]);
		if (typeof v === 'object' && v !== null && !Array.isArray(v))
			for (const [k2, v2] of Object.entries(v as Record<string, unknown>))
				out.push([
					`${k}.${k2} changed`,
					{ ...(data as object), [k]: { ...(v as object), [k2]: changedValue(v2) } }
				]);
	}
	return out;
}

/** A value edited so that it says something else, of the same type where it has one. */
function changedValue(v: unknown): unknown {
	return typeof v === 'number'
		? v + 1
		: typeof v === 'string'
			? `${v}!`
			: typeof v === 'boolean'
				? !v
				: v === null
					? 'forged'
					: Array.isArray(v)
						? [...v, v[0] ?? 1]
						: { ...(v as object), forged: true };
}
