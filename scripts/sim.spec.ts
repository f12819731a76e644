import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fromJsonLines } from '../src/lib/core';
import { parseArgs, simulate, UsageError } from './sim';

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
