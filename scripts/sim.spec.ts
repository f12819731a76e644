import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fromJsonLines } from '../src/lib/core';
import { EVAL_SETS } from '../src/lib/scenarios/undercover/eval-sets';
import { govEvalCsv, runGovEval } from './gov-eval';
import { parseArgs, simulate, simulateGovernance, UsageError } from './sim';

const run = promisify(execFile);
const sim = (...args: string[]) =>
	run('npx', ['tsx', 'scripts/sim.ts', ...args], { cwd: join(__dirname, '..') });

describe('npm run sim', () => {
	it('prints one JSON summary line and writes the log it describes', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-'));
		const file = join(dir, 'run.jsonl');
		const { stdout } = await sim('--scenario', 'undercover', '--seed', '42', '--json', '--log', file);
		const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
		expect(Object.keys(summary).sort()).toEqual([
			'eliminated',
			'events',
			'link',
			'logHash',
			'rounds',
			'scenario',
			'seed',
			'winner'
		]);
		expect(['civilians', 'undercover', 'draw']).toContain(summary.winner);
		const log = fromJsonLines(readFileSync(file, 'utf8'));
		expect(log.events).toHaveLength(summary.events);
		expect(log.events.at(-1)!.hash).toBe(summary.logHash);
		// The share link runs the same game.
		const again = await sim('--link', `http://localhost:4173${summary.link}`, '--json');
		expect(JSON.parse(again.stdout.trim()).logHash).toBe(summary.logHash);
	});

	it('exits with code 2 and one line for bad arguments', async () => {
		for (const args of [
			['--scenario', 'chess'],
			['--seed', '4.5'],
			['--seats', '12'],
			['--lang', 'fr'],
			['--nope']
		]) {
			const err = (await sim(...args).catch((e) => e)) as { code: number; stderr: string };
			expect(err.code, args.join(' ')).toBe(2);
			expect(err.stderr.trim().split('\n')).toHaveLength(1);
			expect(err.stderr).toMatch(/^sim: /);
		}
	});

	it('parses options into the same setup a share link carries', async () => {
		const a = parseArgs(['--seed', '9', '--seats', '5', '--lang', 'zh']);
		expect(a.run).toEqual({
			scenario: 'undercover',
			seed: 9,
			config: { seats: 5, undercover: 1, blank: false, lang: 'zh', rounds: 6 }
		});
		expect(() => parseArgs(['--link', 'http://x/play/#v1.@@'])).toThrow(UsageError);
		const { summary } = await simulate(a.run);
		expect(summary.seed).toBe(9);
	});
});

describe('npm run sim -- --scenario governance', () => {
	it('prints the governance summary: counts, the fuse and the three rates', async () => {
		const { stdout } = await sim(
			'--scenario',
			'governance',
			'--seed',
			'1',
			'--policy',
			'assigner-alone',
			'--json'
		);
		const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
		expect(Object.keys(summary).sort()).toEqual([
			'amendments',
			'appeals',
			'fuse',
			'logHash',
			'metrics',
			'scenario',
			'seed',
			'tasks',
			'vetoes'
		]);
		expect(summary).toMatchObject({ scenario: 'governance', seed: 1, fuse: null });
		expect(summary.amendments).toBeGreaterThanOrEqual(1);
		for (const k of ['tasks', 'vetoes', 'appeals']) expect(Number.isInteger(summary[k])).toBe(true);
		expect(Object.keys(summary.metrics).sort()).toEqual(['conversion', 'drift', 'penetration']);
		// The same run in-process gives the same hash: the CLI adds nothing to the run.
		const { summary: again } = await simulateGovernance(
			parseArgs(['--scenario', 'governance', '--seed', '1']).run
		);
		expect(again).toEqual(summary);
	});

	it('takes the amendment policy, the rounds and, under human, a fixed approval', async () => {
		const a = parseArgs([
			'--scenario',
			'governance',
			'--seed',
			'3',
			'--policy',
			'human',
			'--approval',
			'80',
			'--rounds',
			'12'
		]);
		expect(a.run.config).toMatchObject({ policy: 'human', approval: 80, rounds: 12 });
		const low = await simulateGovernance(
			parseArgs(['--scenario', 'governance', '--seed', '3', '--policy', 'human', '--approval', '30']).run
		);
		const high = await simulateGovernance(
			parseArgs(['--scenario', 'governance', '--seed', '3', '--policy', 'human', '--approval', '80']).run
		);
		expect(low.summary).toMatchObject({ amendments: 0 });
		expect(high.summary.amendments).toBeGreaterThanOrEqual(1);
	});

	it('gives every role a model with --engine/--model, or one role its own with --role', () => {
		const tiny = 'tests/fixtures/models/tiny-chat';
		const all = parseArgs([
			'--scenario',
			'governance',
			'--engine',
			'openai',
			'--model',
			'm',
			'--base-url',
			'http://localhost:1/v1'
		]).run;
		expect(Object.keys(all.seats ?? {})).toEqual(['1', '2', '3']);
		expect(all.seats?.['2']).toEqual({ engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' });
		const mixed = parseArgs([
			'--scenario',
			'governance',
			'--role',
			`executor=transformers:${tiny}`,
			'--role',
			'auditor=scripted'
		]).run;
		expect(mixed.seats).toEqual({ 2: { engine: 'transformers', model: tiny }, 3: { engine: 'scripted' } });
		for (const bad of [
			['--role', 'person=scripted'],
			['--role', 'executor'],
			['--role', 'assigner=scripted:red-team'],
			['--role', 'executor=webllm:x']
		])
			expect(() => parseArgs(['--scenario', 'governance', ...bad]), bad.join(' ')).toThrow(UsageError);
		expect(() => parseArgs(['--role', 'executor=scripted'])).toThrow('governance');
	});

	it('plays a governance run with the tiny model as Executor, and counts its calls and tokens', async () => {
		const tiny = join(__dirname, '..', 'tests/fixtures/models/tiny-chat');
		const { summary, runner } = await simulateGovernance(
			parseArgs([
				'--scenario',
				'governance',
				'--seed',
				'3',
				'--rounds',
				'3',
				'--role',
				`executor=transformers:${tiny}`
			]).run
		);
		const calls = runner.log.events.filter((e) => e.kind === 'model.called');
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((e) => (e.data as { seat: number }).seat === 2)).toBe(true);
		expect(summary).toMatchObject({ modelCalls: calls.length });
		expect((summary as { promptTokens: number }).promptTokens).toBeGreaterThan(0);
		expect(runner.log.header.engines['2']).toMatch(/^transformers:/);
	});

	it('answers T155 as a table: amendments proposed and enacted per policy, with intervals', async () => {
		const base = parseArgs(['--scenario', 'governance', '--rounds', '12']).run;
		const out = await runGovEval({ base, seeds: [1, 2, 3] }, { simulateGovernance });
		expect(out.rows.map((r) => r.policy)).toEqual(['assigner-alone', 'cosign', 'impact', 'human']);
		for (const row of out.rows) {
			expect(row.runs).toBe(3);
			// Each cell is the runs themselves: the same seeds played alone give the same counts.
			let enacted = 0;
			for (const seed of [1, 2, 3]) {
				const { summary, runner } = await simulateGovernance({
					...base,
					seed,
					config: { ...base.config, policy: row.policy }
				});
				if (summary.amendments > 0) enacted++;
				expect(row.logs.find((l) => l.seed === seed)?.logHash).toBe(runner.hash);
			}
			expect(row.enacted).toMatchObject({ x: enacted, n: 3 });
			expect(row.enacted.lower).toBeLessThanOrEqual(row.enacted.rate!);
			expect(row.proposed.x).toBeGreaterThanOrEqual(row.enacted.x);
		}
		const csv = govEvalCsv(out).trim().split('\r\n');
		expect(csv).toHaveLength(5);
		expect(csv[0]).toMatch(
			/^policy,runs,proposed_x,proposed_n,proposed_rate,proposed_lower,proposed_upper,enacted_x/
		);
	});

	it('refuses a bad T155 option with code 2', async () => {
		for (const args of [
			['--scenario', 'governance', '--eval', 't155', '--seeds', '0'],
			['--scenario', 'governance', '--eval', 'smoke'],
			['--scenario', 'governance', '--eval', 't155', '--policy', 'cosign']
		]) {
			const err = (await sim(...args).catch((e) => e)) as { code: number; stderr: string };
			expect(err.code, args.join(' ')).toBe(2);
			expect(err.stderr).toMatch(/^eval: /);
		}
	});

	it('exits with code 2 and one line for a bad approval or policy', async () => {
		for (const args of [
			['--scenario', 'governance', '--policy', 'human', '--approval', '101'],
			['--scenario', 'governance', '--policy', 'human', '--approval', '-5'],
			['--scenario', 'governance', '--policy', 'human', '--approval', 'high'],
			['--scenario', 'governance', '--approval', '50'],
			['--scenario', 'governance', '--policy', 'vote'],
			['--scenario', 'governance', '--seats', '6'],
			['--scenario', 'undercover', '--policy', 'cosign']
		]) {
			const err = (await sim(...args).catch((e) => e)) as { code: number; stderr: string };
			expect(err.code, args.join(' ')).toBe(2);
			expect(err.stderr.trim().split('\n')).toHaveLength(1);
			expect(err.stderr).toMatch(/^sim: /);
		}
	});
});

describe('npm run sim with a model', () => {
	it('plays a whole game offline on the generated tiny model and counts its calls and tokens', async () => {
		const { stdout } = await sim(
			'--scenario',
			'undercover',
			'--seed',
			'1',
			'--engine',
			'transformers',
			'--model',
			'tests/fixtures/models/tiny-chat',
			'--json'
		);
		const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
		expect(['civilians', 'undercover', 'draw']).toContain(summary.winner);
		expect(summary.modelCalls).toBeGreaterThan(6);
		expect(summary.promptTokens).toBeGreaterThan(summary.completionTokens);
		expect(summary.completionTokens).toBeGreaterThan(0);
		// Deterministic: the same seed gives the same log.
		const again = await sim(
			'--scenario',
			'undercover',
			'--seed',
			'1',
			'--engine',
			'transformers',
			'--model',
			'tests/fixtures/models/tiny-chat',
			'--json'
		);
		expect(JSON.parse(again.stdout.trim()).logHash).toBe(summary.logHash);
	});

	it('exits non-zero with one clear line for a missing model folder', async () => {
		const err = (await sim(
			'--seed',
			'1',
			'--engine',
			'transformers',
			'--model',
			'tests/fixtures/models/no-such-model'
		).catch((e) => e)) as {
			code: number;
			stderr: string;
		};
		expect(err.code).toBe(1);
		expect(err.stderr.trim().split('\n')).toHaveLength(1);
		expect(err.stderr).toMatch(/^sim: .*no-such-model/);
	});

	it('runs the smoke evaluation set headless', async () => {
		const { stdout } = await sim(
			'--scenario',
			'undercover',
			'--eval',
			'smoke',
			'--engine',
			'scripted',
			'--json'
		);
		const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
		expect(out.eval).toBe('smoke');
		expect(out.games).toBeGreaterThanOrEqual(10);
		expect(out.results[0].label).toBe('scripted oracle (no LLM)');
		expect(out.results[0].civilianWin.n).toBeGreaterThan(0);
	});

	it('runs an A/B headless: a paired table, its CSV, and every game’s log to replay', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'ab-'));
		const csv = join(dir, 'ab.csv');
		const logs = join(dir, 'logs');
		const { stdout } = await sim(
			'--eval',
			'smoke',
			'--engine',
			'scripted',
			'--limit',
			'3',
			'--vs-temperature',
			'0.2',
			'--csv',
			csv,
			'--log-dir',
			logs
		);
		expect(stdout).toContain('paired over 3 game(s)');
		expect(stdout).toContain('A = scripted (no LLM)\nB = scripted (no LLM) (temperature 0.2)');
		const lines = readFileSync(csv, 'utf8').trim().split('\r\n');
		expect(lines[0]).toMatch(/^figure,a,b,pairs,a_x,a_n,a_value,b_x,b_n,b_value,diff,lower,upper/);
		// Scripted agents ignore the temperature: the same games, no difference, nothing to size.
		const win = lines.find((l) => l.startsWith('civilianWin,'))!.split(',');
		expect(win[3]).toBe('3');
		expect(win[10]).toBe('0');
		const files = readdirSync(logs).sort();
		expect(files).toHaveLength(6);
		const first = EVAL_SETS.smoke.games[0]!;
		const a = fromJsonLines(readFileSync(join(logs, `${first.id}.a.jsonl`), 'utf8'));
		const b = fromJsonLines(readFileSync(join(logs, `${first.id}.b.jsonl`), 'utf8'));
		expect(a.header.seed).toBe(first.run.seed);
		expect(b.events.at(-1)!.hash).toBe(a.events.at(-1)!.hash);
	});
});
