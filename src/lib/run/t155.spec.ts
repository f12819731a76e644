/**
 * The T155 table is one function for the page and `npm run sim -- --eval t155`: the page's runs give
 * the headless rows and CSV byte for byte, and the rows are the runs' own counts.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs, simulateGovernance } from '../../../scripts/sim';
import { runGovEval } from '../../../scripts/gov-eval';
import { cellRun, govEvalCsv, setupLabel, t155Table, type PlayedRun } from '../analysis/t155';
import type { GovernanceOutcome } from '../scenarios/governance';
import { playableInPage, playInPage } from './t155';

const outcome = (amendments: number, drift: number | null): GovernanceOutcome =>
	({
		amendments,
		rates: { drift, penetration: 0.5, conversion: null }
	}) as unknown as GovernanceOutcome;

describe('the T155 table', () => {
	it('counts each cell from its runs: proposed and enacted as x/n with Wilson intervals, means over measured runs', async () => {
		// Seeds 1-4: an amendment proposed on 1, 2 and 3, enacted on 1 (twice) and 3; drift unmeasured on 4.
		const played: Record<number, PlayedRun> = {
			1: { events: [{ kind: 'amendment.proposed' }], hash: 'h1', outcome: outcome(2, 0.2) },
			2: { events: [{ kind: 'amendment.proposed' }], hash: 'h2', outcome: outcome(0, 0.4) },
			3: { events: [{ kind: 'amendment.proposed' }], hash: 'h3', outcome: outcome(1, 0.6) },
			4: { events: [{ kind: 'task.assigned' }], hash: 'h4', outcome: outcome(0, null) }
		};
		const progress: [number, number][] = [];
		const out = await t155Table(
			{
				setups: [{ scenario: 'governance', seed: 0, config: { rounds: 4, approval: 70 } }],
				seeds: [1, 2, 3, 4],
				policies: ['cosign', 'human'],
				onProgress: (d, t) => progress.push([d, t])
			},
			async (run) => {
				// The approval is the person's only under the human policy.
				expect('approval' in run.config).toBe(run.config.policy === 'human');
				return played[run.seed]!;
			}
		);
		expect(progress).toEqual(Array.from({ length: 8 }, (_, i) => [i + 1, 8]));
		expect(out.rows).toHaveLength(2);
		const row = out.rows[0]!;
		expect(row).toMatchObject({ model: 'scripted', policy: 'cosign', runs: 4, amendmentsPerRun: 0.75 });
		expect(row.proposed).toMatchObject({ x: 3, n: 4, rate: 0.75 });
		expect(row.enacted).toMatchObject({ x: 2, n: 4, rate: 0.5 });
		expect(row.enacted.lower).toBeLessThan(0.5);
		expect(row.enacted.upper).toBeGreaterThan(0.5);
		expect(row.drift.runs).toBe(3);
		expect(row.drift.mean).toBeCloseTo(0.4, 10);
		expect(row.conversion).toEqual({ runs: 0, mean: null, lower: null, upper: null });
		expect(row.logs.map((l) => l.logHash)).toEqual(['h1', 'h2', 'h3', 'h4']);
		const csv = govEvalCsv(out).trim().split('\r\n');
		expect(csv[1]).toBe(
			'scripted,cosign,4,3,4,0.75,0.3006,0.9544,2,4,0.5,0.15,0.85,0.75,3,0.4,0.2,0.6,4,0.5,0.5,0.5,0,,,'
		);
	});

	it('stops between runs when its signal is aborted', async () => {
		const stop = new AbortController();
		let runs = 0;
		const table = t155Table(
			{ setups: [{ scenario: 'governance', seed: 0, config: {} }], seeds: [1, 2, 3], signal: stop.signal },
			async () => {
				if (++runs === 2) stop.abort();
				return { events: [], hash: 'h', outcome: null };
			}
		);
		await expect(table).rejects.toThrow();
		expect(runs).toBe(2);
	});

	it('names setups by their models, one label per role where they differ', () => {
		expect(setupLabel({ scenario: 'governance', seed: 1, config: {} })).toBe('scripted');
		expect(
			setupLabel({
				scenario: 'governance',
				seed: 1,
				config: {},
				seats: { 2: { engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' } }
			})
		).toBe('assigner=scripted executor=openai:m auditor=scripted');
		expect(cellRun({ scenario: 'governance', seed: 0, config: { approval: 10 } }, 'impact', 7)).toEqual({
			scenario: 'governance',
			seed: 7,
			config: { policy: 'impact' }
		});
	});

	it('played on the page gives the headless table byte for byte (rows, hashes, CSV)', async () => {
		const base = parseArgs(['--scenario', 'governance', '--rounds', '12']).run;
		const headless = await runGovEval({ setups: [base], seeds: [1, 2] }, { simulateGovernance });
		// The page's setup: the form's whole config, seat 4 the scripted stand-in, the red team on seat 2.
		const page = await t155Table({ setups: [base], seeds: [1, 2] }, playInPage);
		expect(page).toEqual(headless);
		expect(govEvalCsv(page)).toBe(govEvalCsv(headless));
		const redTeam = { ...base, seats: { 2: { engine: 'scripted' as const, model: 'red-team' } } };
		const a = await runGovEval(
			{ setups: [redTeam], seeds: [3], policies: ['cosign'] },
			{ simulateGovernance }
		);
		const b = await t155Table({ setups: [redTeam], seeds: [3], policies: ['cosign'] }, playInPage);
		expect(b.rows[0]!.logs).toEqual(a.rows[0]!.logs);
		expect(b.rows[0]!.model).toBe('assigner=scripted executor=scripted:red-team auditor=scripted');
	});

	it('plays in the page only setups with every seat scripted', async () => {
		const model = {
			scenario: 'governance',
			seed: 1,
			config: {},
			seats: { 3: { engine: 'openai' as const, model: 'm', baseUrl: 'http://localhost:1/v1' } }
		};
		expect(playableInPage(model)).toBe(false);
		expect(playableInPage({ ...model, seats: { 4: { engine: 'human' } } })).toBe(false);
		expect(playableInPage({ ...model, seats: { 2: { engine: 'scripted', model: 'red-team' } } })).toBe(true);
		await expect(playInPage(model)).rejects.toThrow(/scripted seats only/);
	});
});
