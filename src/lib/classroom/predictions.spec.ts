import { describe, expect, it } from 'vitest';
import { canonicalJson, type Policy } from '../core';
import { createRunner } from '../run/play';
import { scenarios } from '../scenarios';
import type { SharedRun } from '../share/link';
import {
	checkClassLog,
	classLines,
	classPick,
	PredictionLog,
	score,
	splitClassLines,
	summarize,
	upcomingPoint,
	type PredictionPoint
} from './predictions';
import { scriptedPolicyFor } from '../policies';
import { stateToolHost, type GovernanceState } from '../scenarios/governance';

/**
 * Plays a run the way the page's predict mode does: before each turn, where the class can predict,
 * it records a tally (the first option gets `hands` hands). Every observation a seat is given is kept.
 */
async function playPredicting(run: SharedRun, opts: { predict: boolean }) {
	const observed: string[] = [];
	const scripted = new Map<number, Policy>();
	const box: { runner?: ReturnType<typeof createRunner> } = {};
	const tools = stateToolHost(() => box.runner?.state as GovernanceState);
	const runner = (box.runner = createRunner(run, {
		policyFor: (seat) => {
			let p = scripted.get(seat);
			if (!p) scripted.set(seat, (p = scriptedPolicyFor(run.scenario, seat, { tools })));
			const inner = p;
			return {
				label: inner.label,
				act(obs, ask, ctx) {
					observed.push(canonicalJson({ ask: ask.id, obs }));
					return inner.act(obs, ask, ctx);
				}
			};
		}
	}));
	const classLog = new PredictionLog(runner.log.header);
	const points: PredictionPoint[] = [];
	for (;;) {
		const p = opts.predict ? upcomingPoint(run.scenario, runner.state, run.seed) : null;
		if (p && !classLog.has(p.id)) {
			points.push(p);
			const tally = Object.fromEntries(p.options.map((o, i) => [o.value, i === 0 ? 7 : 1]));
			classLog.record(p, tally, { length: runner.log.length, hash: runner.hash });
		}
		if (!(await runner.step())) break;
	}
	return { runner, observed, classLog, points };
}

describe('predict, then reveal', () => {
	for (const run of [
		{ scenario: 'undercover', seed: 3, config: {} },
		{ scenario: 'governance', seed: 1, config: { rounds: 6 } },
		{ scenario: 'autonomy', seed: 1, config: { days: 6, legacyConsider: true } }
	] satisfies SharedRun[]) {
		it(`${run.scenario}: predictions never reach an agent and leave the agents' log hash alone`, async () => {
			const plain = await playPredicting(run, { predict: false });
			const withClass = await playPredicting(run, { predict: true });
			expect(withClass.points.length).toBeGreaterThan(0);
			expect(withClass.runner.hash).toBe(plain.runner.hash);
			expect(withClass.runner.log.length).toBe(plain.runner.log.length);
			// Every observation, of every seat at every ask, is the same with a class predicting.
			expect(withClass.observed).toEqual(plain.observed);
			// And the scenario's state holds nothing of the class.
			expect(JSON.stringify(withClass.runner.state)).not.toMatch(/prediction|tally/);
			// Each point is revealed from the agents' log.
			const scored = withClass.classLog.events.map((e) => score(e.data, withClass.runner.log.events));
			expect(scored.every((s) => s.reveal !== null)).toBe(true);
			const sum = summarize(scored);
			expect(sum.revealed).toBe(scored.length);
			expect(sum.hands).toBe(scored.reduce((a, s) => a + s.hands, 0));
			expect(checkClassLog(withClass.classLog.toJSON(), withClass.runner.log)).toBeNull();
		});
	}

	it('undercover: one point per vote stage, offering the candidates and a tie; revealed by the tally', async () => {
		const { classLog, runner, points } = await playPredicting(
			{ scenario: 'undercover', seed: 3, config: {} },
			{ predict: true }
		);
		const tallies = runner.log.events.filter((e) => e.kind === 'votes.tallied');
		expect(points.length).toBe(tallies.length);
		const first = points[0]!;
		expect(first.id).toBe('r1:vote:vote');
		expect(first.options.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', 'tie']);
		const s = score(classLog.events[0]!.data, runner.log.events);
		const t = tallies[0]!.data as { top: number[]; counts: Record<string, number> };
		expect(s.reveal?.outcome).toBe(t.top.length === 1 ? String(t.top[0]) : 'tie');
		expect(s.reveal?.votes).toEqual(t.counts);
		// The class put 7 hands on seat 1, 1 on each other option.
		expect(s.pick).toBe('1');
		expect(s.hit).toBe(s.reveal?.outcome === '1');
		expect(s.right).toBe(s.reveal?.outcome === '1' ? 7 : 1);
	});

	it('a prediction before the point is revealed has no reveal yet', async () => {
		const run = { scenario: 'undercover', seed: 3, config: {} };
		const runner = createRunner(run);
		while (!upcomingPoint('undercover', runner.state, 3)) await runner.step();
		const p = upcomingPoint('undercover', runner.state, 3)!;
		const classLog = new PredictionLog(runner.log.header);
		const e = classLog.record(p, { '2': 3 }, { length: runner.log.length, hash: runner.hash });
		expect(score(e.data, runner.log.events)).toMatchObject({ reveal: null, hit: null });
		await runner.step(); // the votes
		await runner.step(); // the tally
		expect(score(e.data, runner.log.events).reveal).not.toBeNull();
	});

	it('refuses a second prediction at a point, an option not on offer and a tally that is not a count', async () => {
		const runner = createRunner({ scenario: 'undercover', seed: 3, config: {} });
		while (!upcomingPoint('undercover', runner.state, 3)) await runner.step();
		const p = upcomingPoint('undercover', runner.state, 3)!;
		const log = new PredictionLog(runner.log.header);
		const at = { length: runner.log.length, hash: runner.hash };
		expect(() => log.record(p, { '9': 1 }, at)).toThrow(/not on offer/);
		expect(() => log.record(p, { '1': -1 }, at)).toThrow(/not a count/);
		expect(() => log.record(p, { '1': 1.5 }, at)).toThrow(/not a count/);
		log.record(p, { '1': 2 }, at);
		expect(() => log.record(p, { '1': 2 }, at)).toThrow(/already predicted/);
	});

	it('the class pick is the single most chosen option; a tie at the top or no hands is no pick', () => {
		expect(classPick({ a: 3, b: 1 })).toBe('a');
		expect(classPick({ a: 2, b: 2 })).toBeNull();
		expect(classPick({ a: 0, b: 0 })).toBeNull();
	});

	it('exported after the agents’ lines, read back and checked against the agents’ log', async () => {
		const { runner, classLog } = await playPredicting(
			{ scenario: 'undercover', seed: 5, config: {} },
			{ predict: true }
		);
		const agents = [runner.log.header, ...runner.log.events].map((x) => JSON.stringify(x)).join('\n') + '\n';
		const text = agents + classLines(classLog.toJSON());
		const split = splitClassLines(text);
		expect(split.agents).toBe(agents);
		expect(split.classLog).toEqual(classLog.toJSON());
		expect(checkClassLog(split.classLog!, runner.log)).toBeNull();
		// A file without predictions splits into itself.
		expect(splitClassLines(agents)).toEqual({ agents, classLog: null });
		// A tampered tally breaks the class's chain; a prediction moved to another point breaks its anchor.
		const tampered = structuredClone(classLog.toJSON());
		tampered.events[0]!.data.tally['1'] = 99;
		expect(checkClassLog(tampered, runner.log)).toMatch(/damaged: event 0 was altered/);
		const other = await playPredicting({ scenario: 'undercover', seed: 6, config: {} }, { predict: false });
		expect(checkClassLog(classLog.toJSON(), other.runner.log)).toMatch(/another run/);
	});

	it('a saved class log resumes: it refuses predictions of another run', async () => {
		const a = createRunner({ scenario: 'undercover', seed: 3, config: {} });
		const b = createRunner({ scenario: 'undercover', seed: 4, config: {} });
		const saved = new PredictionLog(a.log.header).toJSON();
		expect(() => new PredictionLog(b.log.header, saved)).toThrow(/another run/);
		expect(new PredictionLog(a.log.header, saved).events).toEqual([]);
	});

	it('no point once the run is over', async () => {
		const runner = createRunner({ scenario: 'undercover', seed: 3, config: {} });
		await runner.run();
		expect(upcomingPoint('undercover', runner.state, 3)).toBeNull();
		expect(upcomingPoint('nope', runner.state, 3)).toBeNull();
		expect(Object.keys(scenarios)).toContain('autonomy');
	});

	it('reads hostile class logs as input: a sentence, never a throw', async () => {
		const { runner, classLog } = await playPredicting(
			{ scenario: 'undercover', seed: 3, config: {} },
			{ predict: true }
		);
		const good = classLog.toJSON();
		const bad: unknown[] = [
			null,
			{ header: good.header, events: 'x' },
			{ header: good.header, events: [null] },
			{ header: good.header, events: [{ ...good.events[0], data: null }] }
		];
		for (const c of bad) expect(checkClassLog(c as never, runner.log)).toMatch(/\w/);
		// A well-chained prediction whose tally names an outcome not on offer.
		const forged = new PredictionLog(runner.log.header);
		const d = { ...good.events[0]!.data, tally: { '42': 3 } };
		forged.log.append({ kind: 'prediction.recorded', data: d }, d.at);
		expect(checkClassLog(forged.toJSON(), runner.log)).toMatch(/not a count of hands per outcome/);
		// A prediction claiming to be made at a point the agents' log never had.
		const moved = new PredictionLog(runner.log.header);
		moved.log.append({ kind: 'prediction.recorded', data: { ...good.events[0]!.data, at: 2 } }, 2);
		expect(checkClassLog(moved.toJSON(), runner.log)).toMatch(/does not sit where/);
		expect(splitClassLines('{"format":1}\n{"format":1,"scenario":"predictions",\n').error).toMatch(
			/not JSON/
		);
	});
});
