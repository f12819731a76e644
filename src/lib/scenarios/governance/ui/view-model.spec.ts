import { afterEach, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { createRunner } from '$lib/run/play';
import { roleScores, topDrifted, type GovernanceState } from '$lib/scenarios/governance';
import {
	BOARD_SHOWN,
	COLUMNS,
	driftBars,
	metricData,
	roleCards,
	scoreData,
	taskBoard,
	vetoBars
} from './view-model';
import { METRICS } from '$lib/scenarios/governance/rates';

describe('roleCards', () => {
	it('shows each scored role with its objective, its score, the factors behind it, and who is at work', async () => {
		const runner = createRunner({
			scenario: 'governance',
			seed: 1,
			config: { rounds: 2, policy: 'assigner-alone' }
		});
		await runner.run();
		const s = runner.state as GovernanceState;
		const scores = roleScores(s);
		const cards = roleCards(s, scores);
		expect(cards.map((c) => c.role)).toEqual(['assigner', 'executor', 'auditor']);
		expect(cards.map((c) => c.objective)).toEqual([
			'allocation reasonableness × completion rate',
			'quality × speed',
			'review accuracy × appeal rejection rate'
		]);
		expect(cards.map((c) => c.score)).toEqual([
			scores.assigner.score,
			scores.executor.score,
			scores.auditor.score
		]);
		expect(cards[1]?.factors).toEqual([
			{ label: 'quality (outputs approved)', value: scores.executor.quality },
			{ label: 'speed', value: scores.executor.speed }
		]);
		expect(cards[2]?.factors.map((f) => f.value)).toEqual([
			scores.auditor.accuracy,
			scores.auditor.appealRejection
		]);
		// The run is over: no role's phase is current.
		expect(cards.some((c) => c.busy)).toBe(false);
		expect(roleCards({ ...s, phase: 'EXECUTOR' }, scores).map((c) => c.busy)).toEqual([false, true, false]);
	});
});

describe('vetoBars', () => {
	const original = getLocale;
	afterEach(() => overwriteGetLocale(original));

	it('names a veto that cited no rule in the interface’s language, and a cited rule by its id and title', () => {
		const s = {
			vetoes: [
				{ task_id: 'T1', rule: null, reason: 'unclear' },
				{ task_id: 'T2', rule: { id: 'R1', version: 1 }, reason: 'breaks R1' }
			],
			rules: [{ id: 'R1', title: 'Cite the rule' }]
		} as unknown as GovernanceState;
		expect(vetoBars(s).map((b) => b.label)).toContain('no rule cited');
		overwriteGetLocale(() => 'zh');
		const labels = vetoBars({ ...s, vetoes: [...s.vetoes] }).map((b) => b.label);
		expect(labels).toContain('未引用规则');
		expect(labels.find((l) => l.startsWith('R1'))).toMatch(/^R1-v1 · Cite the rule$/);
	});
});

describe('driftBars', () => {
	it('folded forward as the run grows, draws the most drifted of the whole run, as topDrifted orders them', async () => {
		const r = createRunner({ scenario: 'governance', seed: 2, config: { rounds: 80 } });
		let checked = 0;
		let changed = 0;
		let last = '';
		while (!r.done) {
			await r.step();
			const s = r.state as GovernanceState;
			const drawn = driftBars(s).map((b) => `${b.key} ${b.value}`);
			const whole = topDrifted(s).map(
				(d) => `${d.task_id}#${d.n} ${Math.round((1 - d.similarity) * 100) / 100}`
			);
			expect(drawn).toEqual(whole);
			checked++;
			if (drawn.join() !== last) changed++;
			last = drawn.join();
		}
		// The bars changed many times over the run: the fold was exercised, not one list read once.
		expect(checked).toBeGreaterThan(100);
		expect(changed).toBeGreaterThan(3);
		expect(last.split(',')).toHaveLength(5);
		// Another run's state (not grown from the last one) is read afresh.
		const other = createRunner({ scenario: 'governance', seed: 3, config: { rounds: 30 } });
		while (!other.done) await other.step();
		const o = other.state as GovernanceState;
		expect(driftBars(o).map((b) => b.key)).toEqual(topDrifted(o).map((d) => `${d.task_id}#${d.n}`));
	});
});

describe('metricData and scoreData', () => {
	/** Every series' points as made from the whole metrics list at once (what the fold replaces). */
	const whole = (s: GovernanceState) => ({
		rates: METRICS.map((m) =>
			s.metrics.map((r) => ({
				round: r.round,
				value: r.rates[m],
				...(r.forced ? { measured: r.measured[m] } : {}),
				past: r.past[m]
			}))
		),
		scores: [
			...(['assigner', 'executor', 'auditor'] as const).map((role) =>
				s.metrics.map((r) => ({ round: r.round, value: r.scores[role].score, past: false }))
			),
			...(s.config.policy === 'human'
				? [
						s.metrics.map((r) => ({
							round: r.round,
							value: r.scores.reward === null ? null : r.scores.reward / 100,
							past: false
						}))
					]
				: [])
		]
	});

	it('folded forward as the run grows, draw the points of the whole metrics list, every event', async () => {
		// The human policy adds the mean-approval series; the second is the run the bench plays on the
		// page (scripts/page-cost.ts); forced rates (a measured rate beside the forced one) trip a fuse
		// that stops the run early.
		const cases = [
			{ rounds: 40, policy: 'human' as const, approval: 60 },
			{
				rounds: 60,
				policy: 'assigner-alone' as const,
				approval: 50,
				thresholds: { drift: 0.7, penetration: 0.4, conversion: 0.6 },
				fuseRounds: 10,
				fuseMode: 'soft' as const
			},
			{ rounds: 60, policy: 'assigner-alone' as const, forceMetrics: true }
		];
		for (const config of cases) {
			const r = createRunner({ scenario: 'governance', seed: 1, config });
			let steps = 0;
			while (!r.done) {
				await r.step();
				const s = r.state as GovernanceState;
				const expected = whole(s);
				expect(metricData(s).series.map((x) => x.points)).toEqual(expected.rates);
				expect(scoreData(s).series.map((x) => x.points)).toEqual(expected.scores);
				steps++;
			}
			const s = r.state as GovernanceState;
			// Many rounds were folded one at a time, not one list read once.
			expect(steps).toBeGreaterThan(s.metrics.length);
			expect(s.metrics.length).toBeGreaterThan(config.forceMetrics ? 0 : 30);
			expect(metricData(s).series[0]?.points).toHaveLength(s.metrics.length);
			if (config.forceMetrics)
				expect(metricData(s).series.some((x) => x.points.some((p) => 'measured' in p))).toBe(true);
		}
		// Another run's state (not grown from the last one) is read afresh.
		const other = createRunner({ scenario: 'governance', seed: 3, config: { rounds: 12 } });
		while (!other.done) await other.step();
		const o = other.state as GovernanceState;
		expect(metricData(o).series.map((x) => x.points)).toEqual(whole(o).rates);
		expect(scoreData(o).series.map((x) => x.points)).toEqual(whole(o).scores);
	});
});

describe('taskBoard', () => {
	it('counts every task in a column and builds cards for its latest 40 only', async () => {
		const r = createRunner({ scenario: 'governance', seed: 1, config: { rounds: 200 } });
		while (!r.done) await r.step();
		const s = r.state as GovernanceState;
		const board = taskBoard(s);
		expect(board.map((c) => c.key)).toEqual(COLUMNS.map((c) => c.key));
		for (const [i, col] of board.entries()) {
			const all = s.tasks.filter((t) => COLUMNS[i]!.statuses.includes(t.status));
			expect(col.count).toBe(all.length);
			expect(col.tasks.map((t) => t.id)).toEqual(all.slice(-BOARD_SHOWN).map((t) => t.id));
		}
		// A 200-round run has a column longer than the board shows: the count says how many are left out.
		expect(Math.max(...board.map((c) => c.count))).toBeGreaterThan(BOARD_SHOWN);
	});
});
