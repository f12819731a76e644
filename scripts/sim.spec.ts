import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { EventLog, fromJsonLines, toJsonLines, type LogEvent, type LogHeader } from '../src/lib/core';
import { recordedFragment, setupOfHeader } from '../src/lib/run/replay';
import { MAX_RUN_FILE_BYTES } from '../src/lib/run/run-file';
import { createRunner } from '../src/lib/run/play';
import {
	classLines,
	percent,
	PredictionLog,
	scoreClassLog,
	upcomingPoint
} from '../src/lib/classroom/predictions';
import { encodeShare, type SharedRun } from '../src/lib/share/link';
import type { GovernanceState } from '../src/lib/scenarios/governance';
import { EVAL_SETS } from '../src/lib/scenarios/undercover/eval-sets';
import { govEvalCsv, govEvalMain, runGovEval, type GovEvalOutput } from './gov-eval';
import { startMockOpenAI } from './mock-openai';
import {
	main,
	parseArgs,
	readReplayFile,
	ReplayFailed,
	simulate,
	simulateAutonomy,
	simulateGovernance,
	simulateReplay
} from './sim';
import { UsageError } from './usage';

const run = promisify(execFile);
/** The real command, spawned: a few smoke tests prove what reaches the shell (output, exit codes). */
const cli = (...args: string[]) =>
	run('npx', ['tsx', 'scripts/sim.ts', ...args], { cwd: join(__dirname, '..') });

/**
 * The command in process, through the `main` the CLI calls: what it printed, or for an exit code
 * other than 0 an error carrying the code and the output, as a spawned command's would. No process
 * per run (a chain of spawned runs outlived its timeout on a loaded machine).
 */
async function sim(...args: string[]): Promise<{ stdout: string; stderr: string }> {
	const stdout: string[] = [];
	const stderr: string[] = [];
	const log = vi.spyOn(console, 'log').mockImplementation((...a) => void stdout.push(`${format(...a)}\n`));
	const error = vi
		.spyOn(console, 'error')
		.mockImplementation((...a) => void stderr.push(`${format(...a)}\n`));
	try {
		const code = await main(args);
		const printed = { stdout: stdout.join(''), stderr: stderr.join('') };
		if (code !== 0) throw Object.assign(new Error(`sim exited with code ${code}`), { code, ...printed });
		return printed;
	} finally {
		log.mockRestore();
		error.mockRestore();
	}
}

/** A misused command line: the parser refuses it with one line, in process (no process per case). */
function expectUsageError(args: string[]): void {
	let thrown: unknown;
	try {
		parseArgs(args);
	} catch (err) {
		thrown = err;
	}
	expect(thrown, args.join(' ')).toBeInstanceOf(UsageError);
	expect((thrown as Error).message.split('\n'), args.join(' ')).toHaveLength(1);
}

/** The command itself, once: such a line is printed as `sim: …` and exits with code 2. */
async function expectExit2(args: string[], via = sim): Promise<void> {
	const err = (await via(...args).catch((e) => e)) as { code: number; stderr: string };
	expect(err.code, args.join(' ')).toBe(2);
	expect(err.stderr.trim().split('\n')).toHaveLength(1);
	expect(err.stderr).toMatch(/^sim: /);
}

describe('npm run sim', () => {
	it('prints one JSON summary line and writes the log it describes', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-'));
		const file = join(dir, 'run.jsonl');
		// Spawned: the real command's output and log (the rest of this file calls its main in process).
		const { stdout } = await cli('--scenario', 'undercover', '--seed', '42', '--json', '--log', file);
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
		const cases = [
			['--scenario', 'chess'],
			['--seed', '4.5'],
			['--seats', '12'],
			['--lang', 'fr'],
			['--nope']
		];
		const first = cases[0]!;
		for (const args of cases) {
			expectUsageError(args);
		}
		// Spawned: the code 2 reaches the shell.
		await expectExit2(first, cli);
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
			'driftMeasure',
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
		const out = await runGovEval({ setups: [base], seeds: [1, 2, 3] }, { simulateGovernance });
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
			/^model,policy,runs,proposed_x,proposed_n,proposed_rate,proposed_lower,proposed_upper,enacted_x/
		);
	});

	it('puts several models in one T155 table (--vs-engine, repeatable), each cell the runs played alone', async () => {
		const server = await startMockOpenAI({ msPerToken: 0 });
		const dir = mkdtempSync(join(tmpdir(), 't155-'));
		const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
		try {
			const code = await govEvalMain(
				[
					...['--scenario', 'governance', '--eval', 't155', '--seeds', '2', '--rounds', '4', '--json'],
					...['--csv', join(dir, 't155.csv'), '--engine', 'scripted'],
					...['--vs-engine', 'openai', '--vs-model', 'mock-a', '--vs-base-url', server.baseUrl],
					...['--vs-engine', 'scripted', '--vs-role', 'executor=scripted:red-team']
				],
				{ parseArgs, simulateGovernance }
			);
			expect(code).toBe(0);
			const out = JSON.parse(printed.mock.calls.at(-1)![0] as string) as GovEvalOutput;
			const models = [
				'scripted',
				'openai:mock-a',
				'assigner=scripted executor=scripted:red-team auditor=scripted'
			];
			expect(out.setups.map((s) => s.model)).toEqual(models);
			expect(out.rows).toHaveLength(12);
			expect(out.rows.map((r) => `${r.model}|${r.policy}`)).toEqual(
				models.flatMap((m) => ['assigner-alone', 'cosign', 'impact', 'human'].map((p) => `${m}|${p}`))
			);
			expect(server.requests).toBeGreaterThan(0);
			// A cell of the model's row is the run that setup plays alone.
			const alone = await simulateGovernance({
				scenario: 'governance',
				seed: 2,
				config: { policy: 'cosign', rounds: 4 },
				seats: out.setups[1]!.seats!
			});
			const cell = out.rows.find((r) => r.model === 'openai:mock-a' && r.policy === 'cosign')!;
			expect(cell.logs.find((l) => l.seed === 2)?.logHash).toBe(alone.runner.hash);
			expect(alone.runner.log.events.some((e) => e.kind === 'model.called')).toBe(true);
			const csv = readFileSync(join(dir, 't155.csv'), 'utf8').trim().split('\r\n');
			expect(csv).toHaveLength(13);
			expect(csv[7]).toMatch(/^openai:mock-a,impact,2,\d,2,/);
			// Every rate is x/n with its interval.
			for (const r of out.rows)
				for (const p of [r.proposed, r.enacted]) {
					expect(p.n).toBe(2);
					expect(p.lower).toBeLessThanOrEqual(p.upper);
				}
			// A setup flag before any --vs-engine is refused, and names the fix.
			const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
			expect(
				await govEvalMain(['--scenario', 'governance', '--eval', 't155', '--vs-model', 'x'], {
					parseArgs,
					simulateGovernance
				})
			).toBe(2);
			expect(errors.mock.calls[0]![0]).toMatch(/--vs-model belongs to a setup: give --vs-engine first/);
			expect(
				await govEvalMain(['--scenario', 'governance', '--eval', 't155', '--vs-engine', 'webllm'], {
					parseArgs,
					simulateGovernance
				})
			).toBe(2);
			expect(errors.mock.calls[1]![0]).toMatch(/setup 2 \(--vs-\): --engine must be/);
		} finally {
			vi.restoreAllMocks();
			await server.close();
		}
	});

	it('refuses a bad T155 option with code 2', async () => {
		const cases = [
			['--scenario', 'governance', '--eval', 't155', '--seeds', '0'],
			['--scenario', 'governance', '--eval', 'smoke'],
			['--scenario', 'governance', '--eval', 't155', '--policy', 'cosign']
		];
		// Through the parser, as sim's main calls it, then through main itself.
		const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		try {
			for (const args of cases) {
				printed.mockClear();
				expect(await govEvalMain(args, { parseArgs, simulateGovernance }), args.join(' ')).toBe(2);
				expect(printed.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/^eval: [^\n]+$/);
			}
		} finally {
			printed.mockRestore();
		}
		const err = (await sim(...cases[0]!).catch((e) => e)) as { code: number; stderr: string };
		expect(err.code).toBe(2);
		expect(err.stderr).toMatch(/^eval: /);
	});

	it('exits with code 2 and one line for a bad approval or policy', async () => {
		const cases = [
			['--scenario', 'governance', '--policy', 'human', '--approval', '101'],
			['--scenario', 'governance', '--policy', 'human', '--approval', '-5'],
			['--scenario', 'governance', '--policy', 'human', '--approval', 'high'],
			['--scenario', 'governance', '--approval', '50'],
			['--scenario', 'governance', '--policy', 'vote'],
			['--scenario', 'governance', '--seats', '6'],
			['--scenario', 'undercover', '--policy', 'cosign']
		];
		const first = cases[0]!;
		for (const args of cases) {
			expectUsageError(args);
		}
		await expectExit2(first);
	});
});

describe('npm run sim -- --scenario autonomy', () => {
	const KEYS = [
		'cost',
		'days',
		'logHash',
		'repeatedFingerprints',
		'scenario',
		'seed',
		'spends',
		'spendsWithoutTrigger',
		'tokensUsed',
		'transportFailures',
		'transportFailuresCharged'
	];

	it('prints the ledger counts as one JSON line; the legacy door shows spends without trigger', async () => {
		const fixed = JSON.parse(
			(await sim('--scenario', 'autonomy', '--seed', '1', '--days', '30', '--json')).stdout.trim()
		);
		expect(Object.keys(fixed).sort()).toEqual(KEYS);
		expect(fixed).toMatchObject({
			scenario: 'autonomy',
			seed: 1,
			days: 30,
			spendsWithoutTrigger: 0,
			transportFailuresCharged: 0
		});
		const legacy = JSON.parse(
			(
				await sim('--scenario', 'autonomy', '--seed', '1', '--days', '30', '--legacy-consider', '--json')
			).stdout.trim()
		);
		expect(legacy.spendsWithoutTrigger).toBeGreaterThan(0);
		expect(legacy.logHash).not.toBe(fixed.logHash);
	});

	it('maps each switch to its config key, and the fault rate', () => {
		const { run } = parseArgs([
			'--scenario',
			'autonomy',
			'--seed',
			'3',
			'--days',
			'5',
			'--no-fingerprint',
			'--no-staleness',
			'--charge-transport-errors',
			'--fault-rate',
			'0.5'
		]);
		expect(run.config).toMatchObject({
			days: 5,
			legacyConsider: false,
			ignoreFingerprint: true,
			noStaleness: true,
			chargeTransportErrors: true,
			faultRate: 0.5
		});
	});

	it('counts the same way whatever the switches (in process)', async () => {
		const on = await simulateAutonomy(
			parseArgs(['--scenario', 'autonomy', '--seed', '2', '--no-fingerprint', '--no-staleness']).run
		);
		const off = await simulateAutonomy(parseArgs(['--scenario', 'autonomy', '--seed', '2']).run);
		expect(on.summary.repeatedFingerprints).toBeGreaterThan(10);
		expect(off.summary.repeatedFingerprints).toBe(0);
		const charged = await simulateAutonomy(
			parseArgs(['--scenario', 'autonomy', '--seed', '2', '--charge-transport-errors']).run
		);
		expect(charged.summary.transportFailuresCharged).toBe(charged.summary.transportFailures);
		expect(charged.summary.transportFailures).toBeGreaterThan(0);
	});

	it('exits with code 2 and one line for bad autonomy flags', async () => {
		const cases = [
			['--scenario', 'autonomy', '--fault-rate', '2'],
			['--scenario', 'autonomy', '--days', 'many'],
			['--scenario', 'autonomy', '--days', '0'],
			['--scenario', 'undercover', '--legacy-consider'],
			['--scenario', 'autonomy', '--no-such-switch']
		];
		const first = cases[0]!;
		for (const args of cases) {
			expectUsageError(args);
		}
		await expectExit2(first);
	});

	it('asks the tiny model through the gate: each question is a logged model.called event', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-'));
		const file = join(dir, 'run.jsonl');
		await sim(
			'--scenario',
			'autonomy',
			'--seed',
			'1',
			'--days',
			'2',
			'--engine',
			'transformers',
			'--model',
			'tests/fixtures/models/tiny-chat',
			'--log',
			file
		);
		const { events } = fromJsonLines(readFileSync(file, 'utf8'));
		const calls = events.filter((e) => e.kind === 'model.called');
		expect(calls.length).toBeGreaterThan(0);
		expect((calls[0]!.data as { ask: string }).ask).toMatch(/^decide:/);
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
		// Two whole tiny-model games on the CPU: about 30 s on a quiet two-core machine, twice that
		// when it is busy, so the suite's 60 s default would fail it on load, not on behaviour.
	}, 240_000);

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
		expect(lines[0]).toMatch(
			/^figure,a,b,method,games_a,games_b,a_x,a_n,a_value,b_x,b_n,b_value,diff,lower,upper,level,verdict,differs/
		);
		// Scripted agents ignore the temperature: the same games, no difference, nothing to size.
		const win = lines.find((l) => l.startsWith('civilianWin,'))!.split(',');
		expect(win.slice(3, 6)).toEqual(['paired', '3', '3']);
		expect(win[12]).toBe('0');
		expect(win.slice(16, 18)).toEqual(['same', 'false']);
		const files = readdirSync(logs).sort();
		expect(files).toHaveLength(6);
		const first = EVAL_SETS.smoke.games[0]!;
		const a = fromJsonLines(readFileSync(join(logs, `${first.id}.a.jsonl`), 'utf8'));
		const b = fromJsonLines(readFileSync(join(logs, `${first.id}.b.jsonl`), 'utf8'));
		expect(a.header.seed).toBe(first.run.seed);
		expect(b.events.at(-1)!.hash).toBe(a.events.at(-1)!.hash);
	});
});

describe('npm run sim -- --replay and --link with recorded replies', () => {
	const TINY = ['--engine', 'transformers', '--model', 'tests/fixtures/models/tiny-chat'];
	const lastLine = (out: string) => out.trim().split('\n').at(-1)!;
	const failure = async (...args: string[]) =>
		(await sim(...args).then(
			() => ({ code: 0, stderr: '' }),
			(e: { code: number; stderr: string }) => e
		)) as { code: number; stderr: string };

	it('refuses a run file past 50 MB in one sentence, before reading it', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-huge-'));
		const at = (name: string, bytes: number) => {
			const file = join(dir, name);
			// Sparse: the size is what is checked, and nothing of it is read.
			writeFileSync(file, '');
			truncateSync(file, bytes);
			return file;
		};
		const over = at('over.jsonl', MAX_RUN_FILE_BYTES + 1);
		expect(() => readReplayFile(over)).toThrow(
			new ReplayFailed('This file is 51 MB; Conclave opens run files of up to 50 MB.')
		);
		expect(() => readReplayFile(at('huge.jsonl', 200 * 2 ** 20))).toThrow(
			'This file is 200 MB; Conclave opens run files of up to 50 MB.'
		);
		// At the limit the size is no reason: what is refused is what is in it (here, nothing readable).
		expect(() => readReplayFile(at('limit.jsonl', MAX_RUN_FILE_BYTES))).not.toThrow(/MB/);
		const cli = await failure('--replay', over, '--json');
		expect(cli.code).toBe(1);
		expect(cli.stderr.trim()).toBe('sim: This file is 51 MB; Conclave opens run files of up to 50 MB.');
	});

	it('re-executes a tiny-model run file, and a link carrying its replies, to the same summary', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
		const file = join(dir, 'tiny.jsonl');
		const played = await sim(
			'--seed',
			'2',
			'--seats',
			'4',
			'--rounds',
			'2',
			...TINY,
			'--json',
			'--log',
			file
		);
		const summary = lastLine(played.stdout);
		expect(JSON.parse(summary).modelCalls).toBeGreaterThan(4);
		const replayed = await sim('--replay', file, '--json');
		expect(lastLine(replayed.stdout)).toBe(summary);

		// The same run as a link with its recorded replies: no model is loaded (there is no --engine).
		const { header, events } = fromJsonLines(readFileSync(file, 'utf8'));
		const setup = setupOfHeader(header);
		const link = recordedFragment(setup, header, events);
		expect(link.ok).toBe(true);
		const viaLink = await sim(
			'--link',
			`http://localhost:4173/play/#${link.ok ? link.fragment : ''}`,
			'--json'
		);
		expect(lastLine(viaLink.stdout)).toBe(summary);

		// One character of one event changed: exit 1, one line naming the event.
		const lines = readFileSync(file, 'utf8').split('\n');
		const seq = events.findIndex((e) => e.kind === 'model.called') + 2;
		lines[seq + 1] = lines[seq + 1]!.replace(/"tick":(\d+)/, (_, t) => `"tick":${Number(t) + 1}`);
		writeFileSync(join(dir, 'tampered.jsonl'), lines.join('\n'));
		const tampered = await failure('--replay', join(dir, 'tampered.jsonl'), '--json');
		expect(tampered.code).toBe(1);
		expect(tampered.stderr.trim().split('\n')).toHaveLength(1);
		expect(tampered.stderr.trim()).toBe(
			`sim: This file was altered: event ${seq} (${events[seq]!.kind}) no longer matches its hash.`
		);

		// A recording that lacks one call (its chain sealed again, so only the replay can tell).
		const dropped = events.findIndex((e, i) => i > 10 && e.kind === 'model.called');
		const call = events[dropped]!.data as { seat: number; ask: string };
		const resealed = new EventLog(header);
		for (const e of events) if (e.seq !== dropped) resealed.append({ kind: e.kind, data: e.data }, e.tick);
		writeFileSync(join(dir, 'short.jsonl'), toJsonLines(header, resealed.events));
		const short = await failure('--replay', join(dir, 'short.jsonl'), '--json');
		expect(short.code).toBe(1);
		expect(short.stderr.trim().split('\n')).toHaveLength(1);
		expect(short.stderr).toMatch(
			new RegExp(
				`^sim: This run does not replay: at event \\d+ \\([a-z.-]+\\) its recording has no answer for what the run asks \\(seat ${call.seat}, ask ${call.ask}: `
			)
		);
	});

	it('replays a governance run file to the same summary, tool calls and files included', async () => {
		const run = { scenario: 'governance', seed: 4, config: { policy: 'impact', rounds: 10 } };
		const played = await simulateGovernance(run);
		const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
		const file = join(dir, 'governance.jsonl');
		writeFileSync(file, toJsonLines(played.runner.log.header, played.runner.log.events));
		expect(played.runner.log.events.some((e) => e.kind === 'tool.called')).toBe(true);
		const replayed = await simulateReplay(readReplayFile(file));
		expect(replayed.summary).toEqual(played.summary);
		expect(replayed.runner.state.fs).toEqual(played.runner.state.fs);
	});

	it('replays a tiny-model autonomy run from its file and from its link, with the autonomy summary', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
		const file = join(dir, 'sentinel.jsonl');
		const played = await sim(
			'--scenario',
			'autonomy',
			'--seed',
			'3',
			'--days',
			'2',
			...TINY,
			'--json',
			'--log',
			file
		);
		const summary = lastLine(played.stdout);
		expect(JSON.parse(summary)).toMatchObject({ scenario: 'autonomy', days: 2 });
		const { header, events } = fromJsonLines(readFileSync(file, 'utf8'));
		expect(events.some((e) => e.kind === 'model.called')).toBe(true);
		expect(lastLine((await sim('--replay', file, '--json')).stdout)).toBe(summary);
		const link = recordedFragment(setupOfHeader(header), header, events);
		expect(link.ok).toBe(true);
		const viaLink = await sim(
			'--link',
			`http://localhost:4173/play/#${link.ok ? link.fragment : ''}`,
			'--json'
		);
		expect(lastLine(viaLink.stdout)).toBe(summary);
	});

	it('refuses --replay of a missing file (exit 2) and of a file that is not a run (exit 1)', async () => {
		const missing = await failure('--replay', '/no/such/file.jsonl');
		expect(missing.code).toBe(2);
		const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
		writeFileSync(join(dir, 'notes.txt'), 'just some notes\n');
		const notALog = await failure('--replay', join(dir, 'notes.txt'));
		expect(notALog.code).toBe(1);
		expect(notALog.stderr.trim()).toBe(
			'sim: This is not a Conclave run file: its first line is not a run header.'
		);
	});
});

describe('npm run sim -- --replay of forged files, and --link with an endpoint', () => {
	const reseal = (header: LogHeader, events: readonly LogEvent[]) => {
		const log = new EventLog(header);
		for (const e of events) log.append({ kind: e.kind, data: e.data }, e.tick);
		return toJsonLines(header, log.events);
	};
	/** What `sim --replay` says of a file: its read, then the one verifier (in process, as the CLI does). */
	const refusal = async (text: string): Promise<string> => {
		const file = join(mkdtempSync(join(tmpdir(), 'sim-forged-')), 'forged.jsonl');
		writeFileSync(file, text);
		try {
			await simulateReplay(readReplayFile(file));
		} catch (err) {
			expect(err).toBeInstanceOf(ReplayFailed);
			return (err as Error).message;
		}
		return 'replayed';
	};

	it('refuses a re-sealed forgery of each scenario and a relabelled header, naming the event or field', async () => {
		const uc = (
			await simulate({
				scenario: 'undercover',
				seed: 1,
				config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 4 }
			})
		).runner.log;
		const gov = (await simulateGovernance({ scenario: 'governance', seed: 3, config: { rounds: 3 } })).runner
			.log;
		const aut = (await simulateAutonomy({ scenario: 'autonomy', seed: 2, config: { days: 12 } })).runner.log;
		for (const [log, kind] of [
			[uc, 'game.ended'],
			[gov, 'task.assigned'],
			[aut, 'spend.decided']
		] as const) {
			const events = structuredClone(log.events);
			const e = events.find((x) => x.kind === kind)!;
			e.data = { ...(e.data as object), forged: true };
			const said = await refusal(reseal(log.header, events));
			expect(said, kind).toMatch(
				new RegExp(`^This file was altered: event ${e.seq} \\(${kind.replace('.', '\\.')}\\)`)
			);
			expect(said.split('\n'), kind).toHaveLength(1);
		}
		const relabelled = {
			...gov.header,
			engines: { ...gov.header.engines, '1': 'openai:gpt-4o@https://api.openai.com/v1' }
		};
		expect(await refusal(reseal(relabelled, gov.events))).toMatch(/header.*field "engines" differs/);
		// Untouched, the same files replay: the refusals above are the edits'.
		for (const log of [uc, gov, aut])
			expect(await refusal(toJsonLines(log.header, log.events))).toBe('replayed');

		// The command itself: exit 1 and the one line.
		const dir = mkdtempSync(join(tmpdir(), 'sim-forged-'));
		writeFileSync(join(dir, 'relabelled.jsonl'), reseal(relabelled, gov.events));
		// Spawned: the code 1 reaches the shell.
		const refused = (await cli('--replay', join(dir, 'relabelled.jsonl'), '--json').catch((e) => e)) as {
			code: number;
			stderr: string;
		};
		expect(refused.code).toBe(1);
		expect(refused.stderr.trim().split('\n')).toHaveLength(1);
		expect(refused.stderr.trim()).toMatch(/^sim: This run file's header .*its field "engines" differs\.$/);
	});

	it('plays a link whose seats name an endpoint only with --call-link-endpoint: a link never chooses where the key goes', () => {
		const setup: SharedRun = {
			scenario: 'undercover',
			seed: 4,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { '1': { engine: 'openai', model: 'gpt-4o', baseUrl: 'https://evil.example/v1' } }
		};
		const link = `http://localhost:4173/play/#${encodeShare(setup)}`;
		let thrown: unknown;
		try {
			parseArgs(['--link', link]);
		} catch (err) {
			thrown = err;
		}
		expect(thrown).toBeInstanceOf(UsageError);
		expect((thrown as Error).message).toBe(
			"this link's seats call the endpoint https://evil.example/v1; to play it there (with OPENAI_API_KEY) add --call-link-endpoint"
		);
		expect(parseArgs(['--link', link, '--call-link-endpoint']).run).toEqual(setup);
	});
});

describe('npm run sim -- --replay of a file exported in predict mode', () => {
	const lastLine = (out: string) => out.trim().split('\n').at(-1)!;

	/** Plays a scripted game as the page's predict mode does, the class's hands alternating between options. */
	async function predictedFile(setup: SharedRun) {
		const runner = createRunner(setup);
		const classLog = new PredictionLog(runner.log.header);
		for (let k = 0; ;) {
			const p = upcomingPoint(setup.scenario, runner.state, setup.seed);
			if (p && !classLog.has(p.id)) {
				const tally = Object.fromEntries(p.options.map((o, i) => [o.value, i === k % 2 ? 5 : 1]));
				classLog.record(p, tally, { length: runner.log.length, hash: runner.hash });
				k++;
			}
			if (!(await runner.step())) break;
		}
		const dir = mkdtempSync(join(tmpdir(), 'sim-predict-'));
		const file = join(dir, 'predicted.jsonl');
		const agents = toJsonLines(runner.log.header, runner.log.events);
		writeFileSync(file, agents + classLines(classLog.toJSON()));
		return { runner, classLog, file, dir, agents };
	}

	it('prints each prediction and the class’s hit rate: the numbers of the page’s predict panel', async () => {
		const setup: SharedRun = { scenario: 'undercover', seed: 3, config: {} };
		const { runner, classLog, file } = await predictedFile(setup);
		// What the page shows: PredictMode scores the class's log with this very function.
		const page = scoreClassLog(classLog.events, runner.log.events);
		expect(page.summary.revealed).toBeGreaterThan(1);

		const json = JSON.parse(lastLine((await sim('--replay', file, '--json')).stdout));
		const { predictions, ...agentsSummary } = json;
		expect(predictions).toMatchObject({
			...page.summary,
			hitRate: percent(page.summary.hits, page.summary.revealed),
			handsRate: percent(page.summary.handsRight, page.summary.hands)
		});
		expect(predictions.points.map((p: { hit: boolean }) => p.hit)).toEqual(page.scored.map((s) => s.hit));
		expect(predictions.points.map((p: { agents: string }) => p.agents)).toEqual(
			page.scored.map((s) => s.reveal?.label)
		);
		// The agents' game is the one the run gives without a class (the link differs: a replay's setup is written out in full).
		const { link: _link, ...plain } = (await simulate(setup)).summary;
		expect(agentsSummary).toMatchObject(plain);

		const text = (await sim('--replay', file)).stdout;
		expect(text).toContain(
			`class hit rate: ${page.summary.hits} of ${page.summary.revealed} predictions right (${percent(page.summary.hits, page.summary.revealed)}); ${page.summary.handsRight} of ${page.summary.hands} hands were for what the agents did`
		);
		for (const s of page.scored)
			expect(text).toContain(`${s.prediction.point}: ${s.prediction.question} class:`);
	});

	it('keeps the predictions in --log, and refuses a file whose predictions were altered (exit 1)', async () => {
		const { file, dir, classLog } = await predictedFile({ scenario: 'undercover', seed: 5, config: {} });
		const copy = join(dir, 'copy.jsonl');
		await sim('--replay', file, '--json', '--log', copy);
		expect(readFileSync(copy, 'utf8')).toBe(readFileSync(file, 'utf8'));
		expect(classLog.events.length).toBeGreaterThan(0);

		const lines = readFileSync(file, 'utf8').split('\n');
		const last = lines.findLastIndex((l) => l.includes('"prediction.recorded"'));
		lines[last] = lines[last]!.replace(
			/"tally":\{"([^"]+)":(\d+)/,
			(_, k, n) => `"tally":{"${k}":${Number(n) + 1}`
		);
		writeFileSync(join(dir, 'altered.jsonl'), lines.join('\n'));
		const altered = await sim('--replay', join(dir, 'altered.jsonl')).then(
			() => ({ code: 0, stderr: '' }),
			(e: { code: number; stderr: string }) => e
		);
		expect(altered.code).toBe(1);
		expect(altered.stderr).toMatch(/^sim: In this file, the class's predictions are damaged: /);
	});
});

describe('npm run sim -- --drift-model', () => {
	it('scores drift with the model, says so in the summary, and replays without it', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-drift-'));
		const file = join(dir, 'gov.jsonl');
		const model = join('tests', 'fixtures', 'models', 'tiny-embed');
		const played = await sim(
			'--scenario',
			'governance',
			'--seed',
			'3',
			'--rounds',
			'6',
			'--drift-model',
			model,
			'--log',
			file
		);
		expect(played.stdout).toMatch(/drift \(embedding:tiny-embed\) \d/);
		const hash = /log hash ([0-9a-f]{64})/.exec(played.stdout)?.[1];
		expect(hash).toBeDefined();
		expect(readFileSync(file, 'utf8')).toContain('"kind":"drift.measured"');
		const replayed = await sim('--replay', file);
		expect(replayed.stdout).toContain(`log hash ${hash}`);
		expect(replayed.stdout).toMatch(/drift \(embedding:tiny-embed\)/);
		const lexical = await sim('--scenario', 'governance', '--seed', '3', '--rounds', '6');
		expect(lexical.stdout).toMatch(/drift \(lexical\) /);
		expectUsageError(['--scenario', 'undercover', '--drift-model', model]);
		expectUsageError(['--scenario', 'governance', '--drift-model', 'package.json']);
	}, 180_000);
});

describe('npm run sim -- --analyze', () => {
	it('answers the seed’s questions about an exported run, over a range of hours', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sim-analyze-'));
		const file = join(dir, 'gov.jsonl');
		const r = createRunner({ scenario: 'governance', seed: 7, config: { rounds: 72 } });
		await r.run();
		writeFileSync(file, toJsonLines(r.log.header, r.log.events));
		const text = (await sim('--analyze', file, '--from', '48', '--to', '71', '--task', 'T130')).stdout;
		expect(text).toContain('hours 48-71 (evolution)');
		expect(text).toMatch(/^ {2}executor +\d/m);
		expect(text).toContain('top drift spikes:');
		expect(text).toMatch(/R4-v1: \d+ \(/);
		expect(text).toMatch(/trace of T130:\n {2}#\d+ round \d+ assigner -> executor: T130/);
		expect(text).toMatch(/conversion-high: \d appeals in a row rewrote their task\n {4}fix: /);
		const json = JSON.parse(
			(await sim('--analyze', file, '--from', '0', '--to', '23', '--json')).stdout.trim().split('\n').at(-1)!
		);
		expect(json.range).toEqual({ from: 0, to: 23 });
		expect(json.heatmap.hours).toHaveLength(24);
		// The first day's messages only: rounds 1-24 of 72 are hours 0-23.
		const firstDay = (r.state as GovernanceState).messages.filter((m) => m.round <= 24);
		const counted = json.heatmap.counts.flat().reduce((a: number, b: number) => a + b, 0);
		expect(counted).toBe(firstDay.length + firstDay.filter((m) => m.to === 'tool').length);
		expect(() => parseArgs(['--analyze', file, '--from', '80'])).toThrow(
			/--from must be an hour from 0 to 71/
		);
		expect(() => parseArgs(['--analyze', file, '--from', '9', '--to', '3'])).toThrow(UsageError);
		expect(() => parseArgs(['--seed', '1', '--from', '3'])).toThrow(/--from is an option of --analyze/);
	}, 180_000);
});
