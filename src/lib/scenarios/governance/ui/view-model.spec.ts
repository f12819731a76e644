import { afterEach, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { createRunner } from '$lib/run/play';
import { roleScores, topDrifted, type GovernanceState } from '$lib/scenarios/governance';
import { BOARD_SHOWN, COLUMNS, driftBars, roleCards, taskBoard, vetoBars } from './view-model';

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
