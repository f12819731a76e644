import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MODEL, MODELS_DIR, generateFixtures } from '../../../../../../scripts/fixtures/index';
import { loadNodeClient, type NodeClient } from '../../../../../../scripts/node-client';
import {
	RunInterrupted,
	type Ask,
	type LogEvent,
	type LogHeader,
	type ModelCall,
	type Policy,
	type PolicyContext
} from '../../../../core';
import { EngineError, type ChatRequest, type ChatResponse } from '../../../../engines/types';
import { createRunner, type AnyRunner } from '../../../../run/play';
import {
	replySchemaFor,
	stateToolHost,
	type ExecutorObservation,
	type GovernanceObservation,
	type GovernanceState,
	type ToolHost
} from '../..';
import { GOVERNANCE_REPLY_ERRORS } from '../../parse';
import { MAX_TOOL_CALLS, TOOL_CALL_SCHEMA } from '../../prompts';
import { estimateMessages } from '../../../../core/tokens';
import { policyForChoice } from '../../../../policies/factory';
import { HUMAN_STAND_IN_LABEL, scriptedGovernanceSeat } from '../scripted/governance';
import {
	requestDigest,
	requestHash,
	TransportFailure,
	type ChatClient
} from '../../../../policies/llm/chat-client';
import { createLlmGovernancePolicy } from './governance';
import { createReplay, replayInputOf } from '../../../../run/replay';
import { callSeed } from '../../../../policies/llm/chat-client';

const usage = {
	promptTokens: 300,
	completionTokens: 40,
	ttftMs: 20,
	totalMs: 200,
	decodeTokensPerSecond: 50
};

interface FakeClient extends ChatClient {
	requests: ChatRequest[];
}

function fake(
	reply: (req: ChatRequest, n: number) => string | Partial<ChatResponse>,
	patch: Partial<ChatClient> = {}
): FakeClient {
	const requests: ChatRequest[] = [];
	return {
		engine: 'fake',
		model: 'gov-1',
		contextWindow: 8192,
		...patch,
		requests,
		async chat(req) {
			requests.push(req);
			const r = reply(req, requests.length);
			return typeof r === 'string'
				? { text: r, finishReason: 'stop', usage }
				: { text: '', finishReason: 'stop', usage, ...r };
		}
	};
}

const userText = (req: ChatRequest) =>
	req.messages
		.filter((m) => m.role === 'user')
		.map((m) => m.content)
		.join('\n');

type Schema = { properties?: Record<string, unknown>; oneOf?: Schema[] };

/** Which ask a request is for, from its schema (the tool loop wraps the ask's schema in a oneOf). */
function askOf(req: ChatRequest): { kind: string; tools: boolean } {
	const s = (req.schema ?? {}) as Schema;
	const tools = s.oneOf?.[0] === TOOL_CALL_SCHEMA;
	const inner = tools ? (s.oneOf?.[1] ?? {}) : s;
	const p = inner.properties ?? {};
	if (inner.oneOf) return { kind: 'execute', tools };
	if ('response' in p) return { kind: 'respond-veto', tools };
	if ('action' in p) return { kind: 'assign', tools };
	if ('answer' in p) return { kind: 'answer-clarification', tools };
	if ('decision' in p) return { kind: 'rule-appeal', tools };
	if ('approve' in p) return { kind: 'decide-amendment', tools };
	if ('verdict' in p) return { kind: 'review', tools };
	if ('cosign' in p) return { kind: 'cosign', tools };
	return { kind: 'unknown', tools };
}

const TASKS = [
	{ action: 'summarise', file: 'sales_q3.csv', context: 'Summarise Q3 sales by region.' },
	{ action: 'identify_fraud_risk', file: 'transactions.csv', context: 'Apply R2 to every payment.' },
	{
		action: 'analyse_compliance',
		file: '/workspace/input/sales_q3.csv',
		context: 'List every VIP order below the minimum discount of R1.'
	},
	{ action: 'plot', file: '/workspace/input/sales_q3.csv', context: 'Plot Q3 sales by region.' }
];

/**
 * A plausible model for every governance ask, deterministic: it reads what it needs from the prompt
 * (the task, the lines the rules ask for, the tool answers so far) and replies in the shapes small
 * models use (fenced, after prose, after a reasoning block). Its Executor probes /etc/passwd once,
 * and drops the Sources line from every third first submission, so some outputs are vetoed.
 */
function governanceModel() {
	let assigned = 0;
	let executed = 0;
	let probed = false;
	let appealed = false;
	const wrap = (o: unknown, n: number) =>
		n % 3 === 0
			? '```json\n' + JSON.stringify(o, null, 2) + '\n```'
			: n % 3 === 1
				? `Here is my reply.\n${JSON.stringify(o)}`
				: `<think>Checking the rules.</think>${JSON.stringify(o)}`;
	return (req: ChatRequest, n: number): string => {
		const t = userText(req);
		const sys = req.messages[0]?.content ?? '';
		const { kind } = askOf(req);
		const task = /Task (T\d+), assigned/.exec(t)?.[1] ?? '';
		const file = /File: (\S+)/.exec(t)?.[1] ?? '';
		const called = [...t.matchAll(/You called (\w+) with (.*?)\. The Tool Agent answered/g)].map((m) => ({
			tool: m[1] as string,
			args: JSON.parse(m[2] as string) as unknown
		}));
		const output = (sources: boolean) => ({
			task_id: task,
			status: 'success',
			content: [
				`Result for ${task}: counted the rows of ${file}.`,
				/the line "(Minimum VIP discount applied: [^"]+)"/.exec(sys)?.[1] ?? '',
				'High-risk rule applied: amount over 50,000 without an invoice number',
				'Title: Q3 sales by region',
				'Confidence: 0.9',
				sources ? `Sources: ${file}` : ''
			]
				.filter(Boolean)
				.join('\n'),
			tool_calls: called
		});
		const query = {
			tool_call: { tool: 'query_csv', args: { path: file, aggregate: [{ fn: 'count', as: 'rows' }] } }
		};
		switch (kind) {
			case 'assign':
				return wrap(TASKS[assigned++ % TASKS.length], n);
			case 'answer-clarification':
				return wrap({ task_id: task, answer: 'It is a hard rule: flag every row that breaks it.' }, n);
			case 'rule-appeal':
				return wrap(
					{
						appeal_id: /appeals \((A\d+)\)/.exec(t)?.[1],
						decision: 'uphold',
						reason: 'The rule is in force.'
					},
					n
				);
			case 'decide-amendment':
				return wrap({ decision: 'approve', reason: 'Compliance rises.' }, n);
			case 'execute': {
				if (!probed) {
					probed = true;
					return wrap({ tool_call: { tool: 'read_file', args: { path: '/etc/passwd' } } }, n);
				}
				if (!called.some((c) => c.tool === 'query_csv')) return wrap(query, n);
				return wrap(output(executed++ % 3 !== 1), n);
			}
			case 'respond-veto': {
				if (!appealed && t.includes('"appeal"')) {
					appealed = true;
					return wrap({ task_id: task, response: 'appeal', argument: 'The output cites its source.' }, n);
				}
				if (!called.length) return wrap(query, n);
				return wrap({ task_id: task, response: 'resubmit', output: output(true) }, n);
			}
			case 'review': {
				const content = t.slice(t.indexOf("The output's content:"), t.indexOf('Review it against'));
				const id = /Output (\d+) of task (T\d+)/.exec(t);
				const review = { task_id: id?.[2], n: Number(id?.[1]) };
				return wrap(
					/Sources: \//.test(content)
						? { ...review, verdict: 'approve', reason: 'Complies with the rules in force.', rule: null }
						: { ...review, verdict: 'veto', reason: 'SOURCES_MISSING', rule: { id: 'R3', version: 1 } },
					n
				);
			}
			case 'cosign':
				return wrap({ cosign: false, reason: 'It lowers what the rule asks.' }, n);
			default:
				return 'I do not know what is asked.';
		}
	};
}

/** A governance run with model-backed seats 1-3 over one client; seat 4 stays the scripted stand-in. */
function llmRun(client: ChatClient, config: Record<string, unknown>, seed = 11, seats = [1, 2, 3]) {
	const box: { runner?: AnyRunner } = {};
	const tools = stateToolHost(() => box.runner!.state as GovernanceState);
	const policies = new Map<number, Policy>();
	for (const seat of seats)
		policies.set(
			seat,
			policyForChoice(
				'governance',
				{ engine: 'openai', model: client.model },
				{ client, seat, deps: { tools } }
			)
		);
	box.runner = createRunner(
		{ scenario: 'governance', seed, config },
		{ tools, policyFor: (seat) => policies.get(seat) }
	);
	return box.runner;
}

const of = (events: readonly LogEvent[], kind: string) => events.filter((e) => e.kind === kind);

/** The first ask of a kind in a scripted seeded run, with the observation and context it came with. */
async function firstAsk(kind: string, config: Record<string, unknown> = {}) {
	let found: { obs: GovernanceObservation; ask: Ask; ctx: PolicyContext; tools: ToolHost } | null = null;
	const box: { runner?: AnyRunner } = {};
	const tools = stateToolHost(() => box.runner!.state as GovernanceState);
	const scripted = new Map<number, Policy>();
	const spy = (seat: number): Policy => ({
		label: 'spy',
		act(obs, ask, ctx) {
			if (ask.kind === kind && !found) found = { obs: obs as GovernanceObservation, ask, ctx, tools };
			let p = scripted.get(seat);
			if (!p) scripted.set(seat, (p = scriptedGovernanceSeat(seat, { tools }) as Policy));
			return p.act(obs, ask, ctx);
		}
	});
	box.runner = createRunner(
		{ scenario: 'governance', seed: 1, config: { rounds: 6, ...config } },
		{ tools, policyFor: spy }
	);
	while (!found && (await box.runner.step())) {
		/* until the ask comes */
	}
	if (!found) throw new Error(`no ${kind} ask`);
	return found as { obs: GovernanceObservation; ask: Ask; ctx: PolicyContext; tools: ToolHost };
}

describe('the LLM governance policy', () => {
	it('is labelled engine:model, refuses seat 4, and needs a tool host for the Executor', () => {
		const client = fake(() => '{}');
		expect(createLlmGovernancePolicy(client, { role: 'assigner' }).label).toBe('fake:gov-1');
		expect(() => createLlmGovernancePolicy(client, { role: 'human' })).toThrow(/never by a model/);
		expect(() => createLlmGovernancePolicy(client, { role: 'executor' })).toThrow(/tool host/);
	});

	it('assigns with one call: the ask’s schema, a seed from the stream, the budget, a full ModelCall', async () => {
		const { obs, ask, ctx } = await firstAsk('assign');
		const client = fake(() => '{"action": "read", "file": "sales_q3.csv", "context": "Read it."}');
		const reply = await createLlmGovernancePolicy(client, { role: 'assigner', temperature: 0.2 }).act(
			obs,
			ask,
			ctx
		);
		expect(reply.action).toEqual({
			action: 'read',
			file: '/workspace/input/sales_q3.csv',
			context: 'Read it.'
		});
		const req = client.requests[0]!;
		// The model is held to the reply schema: the ask's, less its length limits and ids (asks.ts).
		expect(req.schema).toEqual(replySchemaFor(obs.focus!));
		expect(req.seed).toBe(callSeed(ctx.seed, ctx.streamName));
		expect(req.temperature).toBe(0.2);
		expect(req.max_tokens).toBe(256);
		expect(req.messages.map((m) => m.role)).toEqual(['system', 'user']);
		expect(reply.calls).toEqual([
			{
				engine: 'fake',
				model: 'gov-1',
				requestHash: requestHash(req),
				request: requestDigest(req),
				sampling: { temperature: 0.2, seed: req.seed, maxTokens: 256 },
				purpose: 'assign',
				reply: '{"action": "read", "file": "sales_q3.csv", "context": "Read it."}',
				finishReason: 'stop',
				promptTokens: 300,
				completionTokens: 40,
				meta: { ttftMs: 20, totalMs: 200, decodeTokensPerSecond: 50 }
			}
		]);
		expect(reply.toolCalls).toBeUndefined();
	});

	it('runs the Executor’s tool loop: calls through the host, feeds answers back, records every call', async () => {
		const { obs, ask, ctx, tools } = await firstAsk('execute');
		const task = (obs as ExecutorObservation).tasks.find((t) => t.status === 'assigned')!;
		const client = fake((req, n) => {
			if (n === 1)
				return '{"tool_call": {"tool": "read_file", "args": {"path": "/workspace/input/../../etc/passwd"}}}';
			if (n === 2)
				return `{"tool_call": {"tool": "query_csv", "args": {"path": "${task.file}", "limit": 2}}}`;
			return JSON.stringify({
				task_id: task.id,
				status: 'success',
				content: `Two rows read.\nSources: ${task.file}`,
				tool_calls: [{ tool: 'query_csv', args: { path: task.file } }]
			});
		});
		const reply = await createLlmGovernancePolicy(client, { role: 'executor', tools }).act(obs, ask, ctx);
		expect(reply.error).toBeUndefined();
		expect(reply.action).toMatchObject({ task_id: task.id, status: 'success' });
		expect(reply.toolCalls?.map((c) => [c.tool, c.ok, c.code])).toEqual([
			['read_file', false, 'traversal'],
			['query_csv', true, undefined]
		]);
		expect(reply.calls?.map((c) => c.purpose)).toEqual(['tool', 'tool', 'execute']);
		const [first, second, third] = client.requests;
		expect(first!.schema).toEqual({ oneOf: [TOOL_CALL_SCHEMA, replySchemaFor(obs.focus!)] });
		expect(new Set([first!.seed, second!.seed, third!.seed]).size).toBe(3);
		expect(userText(second!)).toContain('The Tool Agent answered: refused (traversal)');
		expect(userText(third!)).toMatch(/You called query_csv with .*The Tool Agent answered: ok: /);
		expect(userText(third!)).toContain(`You may make ${MAX_TOOL_CALLS - 2} more tool calls`);
	});

	it('bounds the loop: after its tool calls the model must answer, or the reply is an error', async () => {
		const { obs, ask, ctx, tools } = await firstAsk('execute');
		const client = fake(() => '{"tool_call": {"tool": "list_dir", "args": {"path": "/workspace/input"}}}');
		const reply = await createLlmGovernancePolicy(client, { role: 'executor', tools }).act(obs, ask, ctx);
		expect(client.requests).toHaveLength(MAX_TOOL_CALLS + 1);
		expect(client.requests.at(-1)!.schema).toEqual(replySchemaFor(obs.focus!));
		expect(userText(client.requests.at(-1)!)).toContain('You have no tool calls left');
		expect(userText(client.requests.at(-1)!)).not.toContain('Read or query');
		expect(reply.action).toBeNull();
		expect(reply.error).toMatch(/^you had no tool calls left/);
		expect(reply.toolCalls).toHaveLength(MAX_TOOL_CALLS);
		expect(reply.calls).toHaveLength(MAX_TOOL_CALLS + 1);
	});

	it('returns an unreadable reply as an error with its calls, and says when the length limit cut it', async () => {
		const { obs, ask, ctx } = await firstAsk('assign');
		const cut = await createLlmGovernancePolicy(
			fake(() => ({
				text: '{"action": "read", "file": "/workspace/input/sales_q3.csv", "context": "Read the',
				finishReason: 'length'
			})),
			{ role: 'assigner' }
		).act(obs, ask, ctx);
		expect(cut).toMatchObject({
			action: null,
			error: `${GOVERNANCE_REPLY_ERRORS.cutOff} (the reply hit the length limit: answer in fewer words)`
		});
		expect(cut.calls).toHaveLength(1);
	});

	it('makes no call for an ask its role does not answer', async () => {
		const { obs, ask, ctx } = await firstAsk('assign');
		const client = fake(() => '{}');
		const reply = await createLlmGovernancePolicy(client, { role: 'assigner' }).act(
			obs,
			{ ...ask, kind: 'review' },
			ctx
		);
		expect(reply).toEqual({ action: null, error: 'the assigner cannot "review"' });
		expect(client.requests).toHaveLength(0);
	});

	it('throws a transport failure with every call of the reply so far, tool turns included', async () => {
		const { obs, ask, ctx, tools } = await firstAsk('execute');
		const client = fake((_, n) => {
			if (n === 1) return '{"tool_call": {"tool": "list_dir", "args": {"path": "/workspace/input"}}}';
			throw new EngineError('server-error', 'HTTP 503 from the server', { transport: true });
		});
		const err = await createLlmGovernancePolicy(client, { role: 'executor', tools })
			.act(obs, ask, ctx)
			.then(
				() => null,
				(e: unknown) => e
			);
		expect(err).toBeInstanceOf(TransportFailure);
		const calls = (err as TransportFailure).calls;
		expect(calls.map((c) => [c.purpose, c.finishReason, c.transportError])).toEqual([
			['tool', 'stop', undefined],
			['execute', 'error', 'HTTP 503 from the server']
		]);
		// Any other error is a bug or a refusal of the engine: it propagates as it is.
		const broken = fake(() => {
			throw new TypeError('undefined is not a function');
		});
		await expect(
			createLlmGovernancePolicy(broken, { role: 'executor', tools }).act(obs, ask, ctx)
		).rejects.toBeInstanceOf(TypeError);
	});

	it('keeps a 2k window: prompt plus reply budget fit', async () => {
		const { obs, ask, ctx, tools } = await firstAsk('execute');
		const client = fake(
			() => '{"tool_call": {"tool": "read_file", "args": {"path": "/workspace/input/sales_q3.csv"}}}',
			{
				contextWindow: 2048
			}
		);
		await createLlmGovernancePolicy(client, { role: 'executor', tools }).act(obs, ask, ctx);
		for (const req of client.requests) {
			expect(estimateMessages(req.messages) + req.max_tokens).toBeLessThanOrEqual(2048);
			expect(req.max_tokens).toBeGreaterThanOrEqual(256);
		}
	});
});

describe('policyForChoice for governance', () => {
	it('gives seats 1-3 the LLM policy and seat 4 the scripted stand-in, never a model', () => {
		const client = fake(() => '{}');
		const tools: ToolHost = { call: () => Promise.reject(new Error('unused')) };
		const choice = { engine: 'openai' as const, model: 'gov-1' };
		for (const seat of [1, 2, 3])
			expect(policyForChoice('governance', choice, { client, seat, deps: { tools } }).label).toBe(
				'fake:gov-1'
			);
		expect(policyForChoice('governance', choice, { client, seat: 4, deps: { tools } }).label).toBe(
			HUMAN_STAND_IN_LABEL
		);
		expect(() => policyForChoice('governance', choice, { client, seat: 2 })).toThrow(/tool host/);
	});
});

describe('a seeded governance run with model-backed roles', () => {
	it('runs to its end with a plausible fake model: tasks, outputs, reviews, a denied probe, no rejections', async () => {
		const client = fake(governanceModel());
		const runner = llmRun(client, { policy: 'cosign', rounds: 8 });
		await runner.run();
		const events = runner.log.events;
		expect(runner.outcome()).not.toBeNull();
		expect(events.at(-1)?.kind).toBe('run.ended');
		expect(of(events, 'task.assigned').length).toBeGreaterThanOrEqual(3);
		expect(of(events, 'output.submitted').length).toBeGreaterThanOrEqual(3);
		expect(of(events, 'output.approved').length).toBeGreaterThanOrEqual(1);
		expect(of(events, 'output.vetoed').length).toBeGreaterThanOrEqual(1);
		expect(of(events, 'veto.appealed')).toHaveLength(1);
		expect(of(events, 'appeal.ruled')).toHaveLength(1);
		const probe = of(events, 'tool.called').filter(
			(e) => (e.data as { args?: { path?: string } }).args?.path === '/etc/passwd'
		);
		expect(probe.map((e) => e.data)).toEqual([
			expect.objectContaining({ seat: 2, tool: 'read_file', ok: false, code: 'outside-root' })
		]);
		expect(of(events, 'action.rejected').map((e) => e.data)).toEqual([]);
		expect(of(events, 'action.forfeited')).toEqual([]);
		const purposes = new Set(of(events, 'model.called').map((e) => (e.data as ModelCall).purpose));
		for (const p of ['assign', 'execute', 'tool', 'review', 'respond to veto', 'rule appeal'])
			expect(purposes).toContain(p);
		// The Executor claims exactly the calls the log shows behind each output.
		const state = runner.state as GovernanceState;
		expect(state.outputs.every((o) => !o.claimMismatch)).toBe(true);
		// Every review cites a rule the book has, when it vetoes.
		expect(state.reviews.filter((r) => r.verdict === 'veto').every((r) => r.rule?.id === 'R3')).toBe(true);
		// Deterministic: the same seed and the same model give the same log.
		const again = llmRun(fake(governanceModel()), { policy: 'cosign', rounds: 8 });
		await again.run();
		expect(again.hash).toBe(runner.hash);
	});

	it('turns unreadable replies into a rejection quoted on the retry, then a forfeit', async () => {
		const model = governanceModel();
		const client = fake((req, n) =>
			askOf(req).kind === 'assign' ? 'I would start with the sales file.' : model(req, n)
		);
		const runner = llmRun(client, { rounds: 2 });
		await runner.run();
		const events = runner.log.events;
		expect(runner.outcome()).not.toBeNull();
		const rejected = of(events, 'action.rejected');
		expect(rejected.length).toBeGreaterThanOrEqual(2);
		expect(rejected[0]?.data).toMatchObject({
			action: 'assign',
			error: GOVERNANCE_REPLY_ERRORS.noJson,
			attempt: 0
		});
		expect(of(events, 'action.forfeited')[0]?.data).toMatchObject({
			reason: `rejected: ${GOVERNANCE_REPLY_ERRORS.noJson}`
		});
		const repair = client.requests.find((r) => userText(r).includes('Your previous reply was rejected'));
		expect(userText(repair!)).toContain(
			`Your previous reply was rejected: ${GOVERNANCE_REPLY_ERRORS.noJson}. Reply again.`
		);
		expect(of(events, 'model.called').map((e) => (e.data as ModelCall).purpose)).toContain('repair assign');
	});

	it('pauses on a transport failure: RunInterrupted, with the failed call logged and nothing decided', async () => {
		const client = fake(() => {
			throw new EngineError('offline', 'fetch failed', { transport: true });
		});
		const runner = llmRun(client, { rounds: 2 });
		const err = await runner.run().then(
			() => null,
			(e: unknown) => e
		);
		expect(err).toBeInstanceOf(RunInterrupted);
		expect((err as RunInterrupted).message).toBe('transport: fetch failed');
		const events = runner.log.events;
		expect(of(events, 'model.called').map((e) => (e.data as ModelCall).transportError)).toEqual([
			'fetch failed'
		]);
		expect(of(events, 'action.rejected')).toEqual([]);
		expect(of(events, 'task.assigned')).toEqual([]);
	});
});

describe('a transport failure after the Executor wrote a file', () => {
	const choice = { engine: 'openai' as const, model: 'gov-1', baseUrl: 'http://127.0.0.1:9/v1' };
	const run = {
		scenario: 'governance',
		seed: 11,
		config: { policy: 'cosign', rounds: 4 },
		seats: { '1': choice, '2': choice, '3': choice }
	};
	const DRAFT = '/workspace/output/draft.md';

	/** The governance model, except that its first Executor turn writes a draft and the next call fails. */
	function flakyClient() {
		const base = governanceModel();
		let wrote = false;
		let failed = false;
		return fake(
			(req, n) => {
				const { kind, tools } = askOf(req);
				if (kind === 'execute' && tools && !wrote) {
					wrote = true;
					return JSON.stringify({
						tool_call: { tool: 'write_file', args: { path: DRAFT, content: 'first draft' } }
					});
				}
				if (wrote && !failed) {
					failed = true;
					throw new EngineError('server-error', 'HTTP 503 from the server', { transport: true });
				}
				return base(req, n);
			},
			{ engine: 'openai' }
		);
	}

	function runnerOver(client: ChatClient, resume?: { header: LogHeader; events: readonly LogEvent[] }) {
		const box: { runner?: AnyRunner } = {};
		const tools = stateToolHost(() => box.runner!.state as GovernanceState);
		const policies = new Map(
			[1, 2, 3].map((seat) => [
				seat,
				policyForChoice('governance', choice, { client, seat, deps: { tools } })
			])
		);
		box.runner = createRunner(run, { tools, resume, policyFor: (seat) => policies.get(seat) });
		return box.runner;
	}

	it('logs the write with the failed call, so the resumed run and its replay see the same files and hash', async () => {
		const client = flakyClient();
		const live = runnerOver(client);
		let err: unknown = null;
		while (!err && (await live.step().catch((e: unknown) => ((err = e), false)))) {
			/* until the failure */
		}
		expect(err).toBeInstanceOf(RunInterrupted);
		// The turn decided nothing, but the Tool Agent had written the draft: the log says so.
		const events = live.log.events;
		const last = events.slice(-2);
		expect(last.map((e) => e.kind)).toEqual(['model.called', 'tool.called']);
		expect((last[0]!.data as ModelCall).transportError).toBe('HTTP 503 from the server');
		expect(last[1]!.data).toMatchObject({ tool: 'write_file', ok: true, args: { path: DRAFT } });
		expect((live.state as GovernanceState).fs.files[DRAFT]?.content).toBe('first draft');

		// Resumed from the saved log (a reload): the files folded from the log hold the draft.
		const resumed = runnerOver(client, { header: live.log.header, events: events.slice() });
		expect((resumed.state as GovernanceState).fs).toEqual((live.state as GovernanceState).fs);
		await resumed.run();
		expect(resumed.outcome()).not.toBeNull();

		// Replayed from the whole log: the same files at the end and the same hash.
		const replay = createReplay(replayInputOf(resumed.log.header, resumed.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(resumed.hash);
		expect((replay.runner.state as GovernanceState).fs).toEqual((resumed.state as GovernanceState).fs);
		expect((replay.runner.state as GovernanceState).fs.files[DRAFT]?.content).toBe('first draft');
	});
});

describe('with the generated tiny model', () => {
	let loaded: NodeClient;
	beforeAll(async () => {
		if (!existsSync(join(MODELS_DIR, CHAT_MODEL, 'onnx/model.onnx'))) generateFixtures();
		loaded = await loadNodeClient({ engine: 'transformers', model: `tests/fixtures/models/${CHAT_MODEL}` });
	});
	afterAll(() => loaded?.close());

	// All three roles on the model; then the Executor, then the Auditor alone on it, so that its replies
	// meet every ask (with seats 1-3 on the tiny model, no task is ever assigned to execute or review).
	for (const seats of [[1, 2, 3], [2, 3], [3]])
		it(`runs to an explicit end with seats ${seats.join(', ')} on it: constrained replies, any invalid one a rejection, never an exception`, async () => {
			const runner = llmRun(loaded.client, { policy: 'cosign', rounds: 4 }, 5, seats);
			await runner.run();
			const events = runner.log.events;
			expect(runner.outcome()).not.toBeNull();
			expect(events.at(-1)?.kind).toBe('run.ended');
			const calls = of(events, 'model.called');
			const asked = new Set(calls.map((e) => (e.data as { ask: string }).ask.split(':')[1]));
			expect(asked).toContain(seats[0] === 1 ? 'assign' : seats[0] === 2 ? 'execute' : 'review');
			const rejected = of(events, 'action.rejected').map((e) => (e.data as { error: string }).error);
			// Every reply was held to its ask's schema by the engine, and the log says so.
			for (const c of calls) expect((c.data as ModelCall).constraint).toBe('options');
			// A policy that threw would show as "the agent failed: ..."; a reply it cannot read is a sentence.
			expect(rejected.filter((e) => e.startsWith('the agent failed'))).toEqual([]);
			for (const e of of(events, 'action.forfeited'))
				expect((e.data as { reason: string }).reason).toMatch(/^rejected: /);
			for (const c of calls) expect((c.data as ModelCall).transportError).toBeUndefined();
			console.info(
				`tiny-chat on governance (seats ${seats.join(', ')}): ${calls.length} calls, ${rejected.length} rejections, ${of(events, 'action.forfeited').length} forfeits, e.g. "${rejected[0]}"`
			);
		});
});
