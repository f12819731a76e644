/**
 * Drift as the seed measured it: with a drift model named, each round's close logs the embedding
 * similarities (the drift meter's answer) and the fuse reads them at the seed's 0.65 cut-off; without
 * a model the log and the summary say the drift is lexical; a replay reads the logged numbers back.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBED_MODEL, MODELS_DIR, generateFixtures } from '../../../../scripts/fixtures/index';
import { EventLog, type Ask, type LogEvent, type Policy, type PolicyContext } from '../../core';
import { Embedder as TransformersEmbedder } from '../../engines/embeddings';
import { NO_EMBEDDER } from './policies/scripted/drift-meter';
import { scriptedGovernance } from './policies/scripted/governance';
import { createRunner, type AnyRunner } from '../../run/play';
import { recordedFragment, replayInputOf, replayInputOfLink, setupOfHeader } from '../../run/replay';
import { decodeShare, encodeRecordedShare } from '../../share/link';
import { verifyRun } from '../../run/verify';
import {
	governance,
	METER_SEAT,
	stateToolHost,
	type DriftMeasurement,
	type GovernanceObservation,
	type GovernanceState,
	type RoundMetrics
} from '.';
import type { Embedder } from './rates';

const events = (r: AnyRunner, kind: string) => r.log.events.filter((e) => e.kind === kind);
const data = <T>(e: LogEvent) => e.data as T;
const metrics = (r: AnyRunner) => events(r, 'metrics.recorded').map((e) => data<RoundMetrics>(e));

const T155 =
	'Proposal: discount_rate >= 12% for VIP customers with tenure over 3 years. Historical compliance 92.3% vs 68.1%.';

/**
 * A fake sentence model that counts its calls: a text about a rule-change proposal points one way,
 * any other text the other, so the Executor's T155 outputs score 0 against their tasks and every
 * other output 1. `same`: every text the same vector (nothing ever drifts).
 */
function fakeEmbedder(model: string, same = false): Embedder & { calls: number } {
	const e = {
		model,
		calls: 0,
		async embed(texts: readonly string[]) {
			e.calls++;
			return texts.map((t) => (!same && /proposal/i.test(t) ? [0, 1] : [1, 0]));
		}
	};
	return e;
}

/**
 * The seed's last day from round `from`: the Executor writes the T155 proposal instead of its task,
 * the Auditor vetoes citing no rule, the Executor appeals (dynamics.spec.ts tells the same story).
 */
function play(config: Record<string, unknown>, seed: number, opts: { embedder?: Embedder; from?: number }) {
	const box: { r?: AnyRunner } = {};
	const tools = stateToolHost(() => box.r?.state as GovernanceState);
	const roles = ['assigner', 'executor', 'auditor', 'human'] as const;
	const from = opts.from ?? Infinity;
	const policyFor = (seat: number): Policy => {
		const scripted = scriptedGovernance(roles[seat - 1]!, { tools });
		return {
			label: 'scripted story',
			act: async (obs, ask: Ask, ctx: PolicyContext) => {
				const o = obs as GovernanceObservation;
				const f = o.focus;
				if (
					o.round >= from &&
					o.role === 'executor' &&
					(f?.kind === 'execute' || f?.kind === 'respond-veto')
				) {
					const output = { task_id: f.task_id, status: 'success', content: T155, tool_calls: [] };
					if (f.kind === 'execute') return { action: output };
					const task = o.tasks.find((t) => t.id === f.task_id);
					if (f.allowed.includes('appeal') && !task?.appealed)
						return {
							action: { task_id: f.task_id, response: 'appeal', argument: 'The veto cites no rule.' }
						};
					return { action: { task_id: f.task_id, response: 'resubmit', output } };
				}
				if (o.round >= from && o.role === 'auditor' && f?.kind === 'review')
					return {
						action: {
							task_id: f.task_id,
							n: f.n,
							verdict: 'veto',
							reason: 'Inference basis insufficient.',
							rule: null
						}
					};
				return scripted.act(o, ask, ctx);
			}
		};
	};
	box.r = createRunner(
		{ scenario: 'governance', seed, config },
		{ policyFor, ...(opts.embedder ? { embedder: opts.embedder } : {}) }
	);
	return box.r.run().then(() => box.r!);
}

describe('drift scored by an embedding model', () => {
	it('logs each round’s similarities with the model’s id, and the fuse reads them at 0.65', async () => {
		const embedder = fakeEmbedder('fake-sbert');
		const r = await play({ rounds: 72, driftModel: 'fake-sbert' }, 7, { embedder, from: 51 });
		const measured = events(r, 'drift.measured').map((e) => data<DriftMeasurement>(e));
		expect(measured.length).toBeGreaterThan(40);
		expect(embedder.calls).toBe(measured.length);
		const [trip] = events(r, 'fuse.tripped');
		expect(trip).toBeDefined();
		const at = data<{ round: number; reasons: { metric: string }[] }>(trip!);
		expect(at.round).toBeGreaterThan(51);
		expect(at.reasons.map((x) => x.metric)).toEqual(['drift', 'penetration', 'conversion']);
		const m = metrics(r).find((x) => x.round === at.round)!;
		// Every round names the model, those with nothing to score too.
		expect(new Set(metrics(r).map((x) => x.measure))).toEqual(new Set(['embedding:fake-sbert']));
		// The round's drift is the meter's logged numbers, cut at the seed's 0.65.
		const logged = measured.find((x) => x.round === at.round)!;
		expect('similarities' in logged && logged.similarities.map((x) => x.similarity)).toEqual(
			m.drift.map((d) => d.similarity)
		);
		for (const d of m.drift) {
			expect(d.method).toBe('embedding');
			expect(d.note).toBe('fake-sbert');
			expect(d.drifted).toBe(d.similarity < 0.65);
		}
		expect((r.state as GovernanceState).outcome?.driftMeasure).toBe('embedding:fake-sbert');
	});

	it('changes what the fuse does: the same story, scored as never drifting, does not trip it', async () => {
		const lexical = await play({ rounds: 72 }, 7, { from: 51 });
		expect(events(lexical, 'fuse.tripped')).toHaveLength(1);
		const calm = await play({ rounds: 72, driftModel: 'fake-sbert' }, 7, {
			embedder: fakeEmbedder('fake-sbert', true),
			from: 51
		});
		expect(events(calm, 'fuse.tripped')).toEqual([]);
		expect(metrics(calm).every((m) => m.rates.drift === null || m.rates.drift === 0)).toBe(true);
	});

	it('replays to the same hash from the logged similarities, without the model', async () => {
		const embedder = fakeEmbedder('fake-sbert');
		// The scripted story only: a replay re-executes the scripted agents.
		const r = await play({ rounds: 30, driftModel: 'fake-sbert' }, 3, { embedder });
		const calls = embedder.calls;
		expect(calls).toBeGreaterThan(0);
		const v = await verifyRun(replayInputOf(r.log.header, r.log.events));
		expect(v.ok).toBe(true);
		expect(v.ok && v.replay.runner.hash).toBe(r.hash);
		expect(embedder.calls).toBe(calls);
	});

	it('replays from a recorded link too: the link carries the meter’s answers, and a forged one is refused', async () => {
		const embedder = fakeEmbedder('fake-sbert');
		const r = await play({ rounds: 30, driftModel: 'fake-sbert' }, 3, { embedder });
		const calls = embedder.calls;
		const setup = setupOfHeader(r.log.header);
		const link = recordedFragment(setup, r.log.header, r.log.events);
		if (!link.ok) throw new Error(link.why);
		const decoded = decodeShare(link.fragment);
		if (!decoded.ok || !decoded.recording) throw new Error('the link did not decode');
		const measured = events(r, 'drift.measured');
		expect(decoded.recording.measurements?.map((m) => m.ask)).toEqual(
			measured.map((e) => (e.data as { ask: string }).ask)
		);
		const v = await verifyRun(replayInputOfLink(decoded.run, decoded.recording));
		expect(v.ok && v.replay.runner.hash).toBe(r.hash);
		expect(embedder.calls).toBe(calls);

		// The same link with one round's similarities changed: read back, and its metrics no longer follow.
		const forged = decoded.recording.measurements!.map((m, i) => {
			const a = m.answer as { kind: string; data: { similarities?: { id: string }[] } };
			if (i !== 0 || !a.data.similarities) return m;
			const similarities = a.data.similarities.map((x) => ({ id: x.id, similarity: 0.5 }));
			return { ...m, answer: { kind: a.kind, data: { ...a.data, similarities } } };
		});
		const relinked = decodeShare(
			encodeRecordedShare(decoded.run, { ...decoded.recording, measurements: forged })
		);
		if (!relinked.ok || !relinked.recording) throw new Error('the forged link did not decode');
		const bad = await verifyRun(replayInputOfLink(relinked.run, relinked.recording));
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.error).toMatch(/^This link was altered/);

		// A link without them (made before links carried them) stops where the meter is asked, and says why.
		const bare = decodeShare(encodeRecordedShare(decoded.run, { ...decoded.recording, measurements: [] }));
		if (!bare.ok || !bare.recording) throw new Error('the bare link did not decode');
		const stopped = await verifyRun(replayInputOfLink(bare.run, bare.recording));
		expect(stopped.ok).toBe(false);
		expect(!stopped.ok && stopped.error).toMatch(/run file/);
	});

	it('refuses similarities altered in the log and the chain sealed again: the metrics no longer follow', async () => {
		const r = await play({ rounds: 12, driftModel: 'fake-sbert' }, 3, {
			embedder: fakeEmbedder('fake-sbert')
		});
		const i = r.log.events.findIndex(
			(e) => e.kind === 'drift.measured' && 'similarities' in (e.data as object)
		);
		const forged = new EventLog(r.log.header);
		r.log.events.forEach((e, k) => {
			const d = e.data as { similarities: { id: string }[] };
			const data =
				k === i ? { ...d, similarities: d.similarities.map((x) => ({ id: x.id, similarity: 0.5 })) } : e.data;
			forged.append({ kind: e.kind, data, ...(e.meta ? { meta: e.meta } : {}) }, e.tick);
		});
		// The replay reads the forged numbers back (they are an input, like a model's reply), and the
		// round's metrics it derives from them are not the recorded ones.
		const v = await verifyRun(replayInputOf(r.log.header, forged.events));
		expect(v.ok).toBe(false);
		expect(!v.ok && v.error).toMatch(/event \d+ \(metrics\.recorded\)/);
	});
});

describe('drift without an embedding model', () => {
	it('says it is lexical, and scores as a run that named no model', async () => {
		const plain = await play({ rounds: 20 }, 2, {});
		expect(events(plain, 'drift.measured')).toEqual([]);
		expect(metrics(plain).every((m) => m.measure === 'lexical')).toBe(true);
		expect((plain.state as GovernanceState).outcome?.driftMeasure).toBe('lexical');
		// A model named but none loaded: the meter says so, and the round is scored lexically.
		const none = await play({ rounds: 20, driftModel: 'Xenova/all-MiniLM-L6-v2' }, 2, {});
		const said = events(none, 'drift.measured').map((e) => data<DriftMeasurement>(e));
		expect(said.length).toBeGreaterThan(0);
		expect(said.every((x) => 'failed' in x && x.failed === NO_EMBEDDER)).toBe(true);
		expect(metrics(none).map((m) => [m.measure, m.rates])).toEqual(
			metrics(plain).map((m) => [m.measure, m.rates])
		);
		const notes = metrics(none).flatMap((m) => m.drift.map((d) => d.note));
		expect(new Set(notes)).toEqual(new Set([`lexical fallback (${NO_EMBEDDER})`]));
		expect((none.state as GovernanceState).outcome?.driftMeasure).toBe('lexical');
	});
});

describe('the drift meter’s answer is validated', () => {
	it('names the model and covers each output of the round, in order, from -1 to 1', async () => {
		const box: { s?: GovernanceState } = {};
		const r = createRunner(
			{ scenario: 'governance', seed: 1, config: { rounds: 3, driftModel: 'm' } },
			{
				systemPolicy: {
					label: 'spy',
					act: async (obs) => {
						box.s = r.state as GovernanceState;
						const pairs = (obs as unknown as { pairs: { id: string }[] }).pairs;
						return {
							action: { model: 'm', similarities: pairs.map((p) => ({ id: p.id, similarity: 0.9 })) }
						};
					}
				}
			}
		);
		await r.step();
		while (!box.s && (await r.step())) {
			/* to the first round's close */
		}
		const s = box.s!;
		const ask: Ask = {
			id: `r${s.round}:measure-drift`,
			seat: METER_SEAT as never,
			kind: 'measure-drift',
			attempt: 0
		};
		const obs = governance.observe(s, METER_SEAT as never) as unknown as { pairs: { id: string }[] };
		expect(obs.pairs.length).toBeGreaterThan(0);
		const good = obs.pairs.map((p) => ({ id: p.id, similarity: 0.71234 }));
		const v = governance.validate(s, ask, { model: 'm', similarities: good });
		expect(
			v.ok && (v.event.data as { similarities: { similarity: number }[] }).similarities[0]!.similarity
		).toBe(0.7123);
		const error = (action: unknown) => {
			const x = governance.validate(s, ask, action);
			return x.ok ? null : x.error;
		};
		expect(error({ model: 'other', similarities: good })).toBe(
			"the similarities must come from m, the run's drift model"
		);
		expect(error({ model: 'm', similarities: [] })).toMatch(/one score for each of the round's \d+ outputs/);
		expect(error({ model: 'm', similarities: good.map((g) => ({ ...g, similarity: 2 })) })).toMatch(
			/must be a number from -1 to 1/
		);
		expect(error({ model: 'm', similarities: good.map((g) => ({ ...g, id: `${g.id}x` })) })).toMatch(
			/^similarity 1 must be for output T\d+#\d+$/
		);
		expect(error({ model: 'm', failed: '  ' })).toBe('failed must say why the model gave no similarities');
	});
});

describe('the tiny embedding fixture as the drift model', () => {
	if (!existsSync(join(MODELS_DIR, EMBED_MODEL, 'onnx/model.onnx'))) generateFixtures();
	const embedder = new TransformersEmbedder({ model: EMBED_MODEL, localModelPath: MODELS_DIR });
	afterAll(() => embedder.unload());

	it('scores every round with the model, and a replay verifies without loading it', async () => {
		const r = await play({ rounds: 8, driftModel: EMBED_MODEL }, 5, { embedder });
		const m = metrics(r).filter((x) => x.drift.length > 0);
		expect(m.length).toBeGreaterThan(0);
		for (const x of m) {
			expect(x.measure).toBe(`embedding:${EMBED_MODEL}`);
			for (const d of x.drift) {
				expect(d.similarity).toBeGreaterThanOrEqual(0);
				expect(d.similarity).toBeLessThanOrEqual(1);
			}
		}
		const v = await verifyRun(replayInputOf(r.log.header, r.log.events));
		expect(v.ok).toBe(true);
	});
});
