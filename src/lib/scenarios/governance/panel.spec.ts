/**
 * The Auditor as a panel of two models that must agree: the rule of agreement and of a split, both
 * members' calls in the log (first, then second), and a replay of such a run from its recording.
 */
import { describe, expect, it } from 'vitest';
import { RunInterrupted, type Ask, type ModelCall, type Policy } from '../../core';
import { panelPolicy } from '../../policies/panel';
import { createReplay, recordedFragment, replayInputOf, replayInputOfLink } from '../../run/replay';
import { decodeShare, parseChoice } from '../../share/link';
import { MAX_TEXT_CHARS } from './tasks';
import { PANEL_ASKS, panelAction } from './panel';
import { parseArgs, simulateGovernance } from '../../../../scripts/sim';
import { startMockOpenAI } from '../../../../scripts/mock-openai';
import { fill } from '../../../../tests/e2e/mock-endpoint';

const review = (verdict: string, reason: string, rule: { id: string; version: number } | null = null) => ({
	task_id: 'T3',
	n: 1,
	verdict,
	reason,
	rule
});
const R1 = { id: 'R1', version: 1 };
const R2 = { id: 'R2', version: 1 };

describe('the panel’s rule', () => {
	it('approves only when both approve; a split is a redo citing no rule', () => {
		expect(panelAction('review', review('approve', 'fine'), review('approve', 'ok'))).toEqual({
			task_id: 'T3',
			n: 1,
			verdict: 'approve',
			reason: 'the panel agreed: A: approve (fine); B: approve (ok)'
		});
		expect(panelAction('review', review('approve', 'fine'), review('veto', 'no title', R1))).toEqual({
			task_id: 'T3',
			n: 1,
			verdict: 'redo',
			rule: null,
			reason: 'the panel split, so the output goes back for a redo: A: approve (fine); B: veto (no title)'
		});
		expect(panelAction('review', review('escalate', 'x', R2), review('approve', 'y'))).toMatchObject({
			verdict: 'redo',
			rule: null
		});
	});

	it('keeps a refusal both made: the same verdict, or a plain veto where their demands differ', () => {
		expect(panelAction('review', review('veto', 'a', R1), review('veto', 'b', R2))).toMatchObject({
			verdict: 'veto',
			rule: R1
		});
		expect(panelAction('review', review('redo', 'a'), review('redo', 'b'))).toMatchObject({
			verdict: 'redo',
			rule: null
		});
		expect(panelAction('review', review('escalate', 'a'), review('escalate', 'b', R2))).toMatchObject({
			verdict: 'escalate',
			rule: R2
		});
		// One asks for a redo, the other appeals: the demand only one made is dropped.
		expect(panelAction('review', review('redo', 'a'), review('escalate', 'b', R2))).toMatchObject({
			verdict: 'veto',
			rule: R2
		});
	});

	it('co-signs only when both co-sign', () => {
		const c = (cosign: boolean, reason: string) => ({ proposal_id: 'P1', cosign, reason });
		expect(panelAction('cosign', c(true, 'sound'), c(true, 'fine'))).toMatchObject({ cosign: true });
		expect(panelAction('cosign', c(true, 'sound'), c(false, 'no evidence'))).toEqual({
			proposal_id: 'P1',
			cosign: false,
			reason: 'the panel split, so it does not co-sign: A: true (sound); B: false (no evidence)'
		});
		expect(panelAction('cosign', c(false, 'a'), c(false, 'b'))).toMatchObject({ cosign: false });
	});

	it('says it in the run’s language and keeps within a reason’s length', () => {
		expect(panelAction('review', review('approve', '好'), review('veto', '缺标题'), 'zh')).toMatchObject({
			reason: '审计组意见不一，输出退回重做: A：approve（好）; B：veto（缺标题）'
		});
		const long = 'x'.repeat(MAX_TEXT_CHARS);
		const joined = panelAction('review', review('veto', long), review('veto', long)) as { reason: string };
		expect(joined.reason.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
		expect(joined.reason).toContain('B: veto (');
	});

	it('reads only answers it can: anything else is null', () => {
		expect(panelAction('review', review('approve', 'a'), { verdict: 'maybe', reason: 'b' })).toBeNull();
		expect(panelAction('review', null, review('approve', 'a'))).toBeNull();
		expect(panelAction('assign', {}, {})).toBeNull();
		expect(PANEL_ASKS).toEqual(['review', 'cosign']);
	});
});

const call = (model: string): ModelCall => ({
	engine: 'openai',
	model,
	requestHash: model,
	purpose: 'review',
	reply: '',
	finishReason: 'stop',
	promptTokens: 1,
	completionTokens: 1
});
const ask = (kind: string): Ask => ({ id: `r1:${kind}:T3`, seat: 3 as Ask['seat'], kind, attempt: 0 });
const member = (model: string, action: unknown, error?: string): Policy => ({
	label: model,
	act: () => ({ action, calls: [call(model)], ...(error ? { error } : {}) })
});
const ctx = {} as Parameters<Policy['act']>[2];
const rule = { asks: PANEL_ASKS, join: (k: string, a: unknown, b: unknown) => panelAction(k, a, b) };

describe('the panel policy', () => {
	it('asks both on a review, records the first’s call then the second’s, and joins their answers', async () => {
		const p = panelPolicy(member('a', review('approve', 'x')), member('b', review('veto', 'y')), rule);
		expect(p.label).toBe('a + b');
		const reply = await p.act({}, ask('review'), ctx);
		expect(reply.calls?.map((c) => c.model)).toEqual(['a', 'b']);
		expect(reply.action).toMatchObject({ verdict: 'redo' });
		// Any other ask is the first member's alone.
		const other = await p.act({}, ask('assign'), ctx);
		expect(other.calls?.map((c) => c.model)).toEqual(['a']);
	});

	it('hands an unreadable answer to the runner with both calls, and keeps the first’s calls on a failure', async () => {
		const bad = panelPolicy(member('a', review('approve', 'x')), member('b', null, 'not JSON'), rule);
		expect(await bad.act({}, ask('review'), ctx)).toMatchObject({ action: null, error: 'not JSON' });
		const failing: Policy = {
			label: 'b',
			act: () => {
				throw new RunInterrupted('b is down', 'transport', { calls: [call('b')] });
			}
		};
		const p = panelPolicy(member('a', review('approve', 'x')), failing, rule);
		const err = await Promise.resolve(p.act({}, ask('review'), ctx)).catch((e: unknown) => e);
		expect(err).toBeInstanceOf(RunInterrupted);
		expect((err as RunInterrupted).calls.map((c) => c.model)).toEqual(['a', 'b']);
	});
});

describe('a run whose Auditor is a panel', () => {
	it('refuses a panel of one model twice, of scripted agents, or on another seat', () => {
		const a = { engine: 'openai', model: 'a', baseUrl: 'http://localhost:1/v1' };
		expect(parseChoice({ ...a, panel: a })).toMatch(/two different models/);
		expect(parseChoice({ ...a, panel: { engine: 'scripted' } })).toMatch(/needs a model in both places/);
		expect(() =>
			parseArgs(['--scenario', 'governance', '--role', 'executor=openai:a+openai:b', '--base-url', a.baseUrl])
		).toThrow(/seat 2 cannot be played by a panel of two models \(only seat 3 can\)/);
		expect(
			parseArgs(['--scenario', 'governance', '--role', 'auditor=openai:a+openai:b', '--base-url', a.baseUrl])
				.run.seats
		).toEqual({ 3: { ...a, baseUrl: 'http://localhost:1/v1', panel: { ...a, model: 'b' } } });
	});

	it('logs both members’ calls for every review, splits into redos, and replays to the same hash', async () => {
		// Model a approves everything, model b vetoes everything: every review is a split.
		const server = await startMockOpenAI({
			reply: (body, n) => {
				const model = (body as { model?: string }).model;
				const schema = body.response_format?.json_schema?.schema as Parameters<typeof fill>[0];
				return JSON.stringify(
					fill(schema, () => `finding ${n}`, n, {
						verdict: model === 'a' ? 'approve' : 'veto',
						rule: null,
						cosign: model === 'a'
					})
				);
			}
		});
		try {
			const run = parseArgs([
				...['--scenario', 'governance', '--seed', '3', '--rounds', '8'],
				...['--role', 'auditor=openai:a+openai:b', '--base-url', server.baseUrl]
			]).run;
			const { runner } = await simulateGovernance(run);
			const events = runner.log.events;
			expect(runner.log.header.engines['3']).toBe(`openai:a@${server.baseUrl} + openai:b@${server.baseUrl}`);
			const calls = events
				.filter((e) => e.kind === 'model.called')
				.map((e) => e.data as ModelCall & { ask: string });
			const reviews = calls.filter((c) => c.ask.includes(':review:'));
			expect(reviews.length).toBeGreaterThan(0);
			// Per review ask: a's call, then b's.
			const byAsk = new Map<string, typeof reviews>();
			for (const c of reviews) byAsk.set(c.ask, [...(byAsk.get(c.ask) ?? []), c]);
			for (const group of byAsk.values()) expect(group.map((c) => c.model)).toEqual(['a', 'b']);
			const vetoes = events
				.filter((e) => e.kind === 'output.vetoed')
				.map((e) => e.data as Record<string, unknown>);
			expect(vetoes.length).toBe(byAsk.size);
			for (const v of vetoes) {
				expect(v).toMatchObject({ demand: 'redo', rule: null });
				expect(v.reason).toMatch(/^the panel split, so the output goes back for a redo: A: approve/);
			}
			expect(events.some((e) => e.kind === 'output.approved')).toBe(false);
			// The replay answers each member from the recording (no server), to the same hash.
			await server.close();
			const replay = createReplay(replayInputOf(runner.log.header, events));
			await replay.run();
			expect(replay.runner.hash).toBe(runner.hash);
			// So does a link carrying the replies: it says which calls were the second model's.
			const link = recordedFragment(run, runner.log.header, events);
			if (!link.ok) throw new Error(link.why);
			const decoded = decodeShare(link.fragment);
			if (!decoded.ok || !decoded.recording) throw new Error('the link did not decode');
			expect(decoded.recording.calls.filter((c) => c.second)).toHaveLength(
				calls.filter((c) => c.model === 'b').length
			);
			const fromLink = createReplay(replayInputOfLink(decoded.run, decoded.recording));
			await fromLink.run();
			expect(fromLink.runner.hash).toBe(runner.hash);
		} finally {
			await server.close().catch(() => undefined);
		}
	});
});
