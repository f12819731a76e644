/**
 * Bench rows for promises that used to be timed unit tests: the path policy answers at once on any
 * input and stays linear below its length limit, and the tiny models generate quickly. Each time is
 * a median over repeated calls, and the goals are ratios measured in the same run, so a busy machine
 * moves both sides of a ratio together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from '../src/lib/run/bench';
import { checkToolPath } from '../src/lib/tools';
import { generateFixtures } from './fixtures/index';

export interface BenchRow {
	metric: string;
	value: string;
	goal: string;
	met: boolean | null;
}

/** Median microseconds per call of `check(input)`, over `reps` calls repeated in 9 batches. */
function perCall(input: string, reps: number): number {
	const batches: number[] = [];
	for (let b = 0; b < 9; b++) {
		const t0 = performance.now();
		for (let i = 0; i < reps; i++) checkToolPath(input, 'read');
		batches.push(((performance.now() - t0) * 1000) / reps);
	}
	return median(batches);
}

export function guardRows(): BenchRow[] {
	const ordinary = '/workspace/output/报告（终版）-' + 'a'.repeat(200) + '.md';
	const hostile = ['a', '../', '．', '报', '%2e', '\u0000'].map((piece) =>
		piece.repeat(1_000_000 / piece.length)
	);
	const shape = (n: number) => '/workspace/output/' + 'é'.repeat(n) + '/' + '（'.repeat(n);
	perCall(ordinary, 2000); // warm-up: let the JIT settle
	const base = perCall(ordinary, 2000);
	const huge = Math.max(...hostile.map((s) => perCall(s, 2000)));
	const [short, long] = [50, 100].map((n) => perCall(shape(n), 2000)) as [number, number];
	const scratch = mkdtempSync(join(tmpdir(), 'conclave-bench-fixtures-'));
	let fixturesMs: number;
	try {
		fixturesMs = generateFixtures(scratch).ms;
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
	const fmt = (n: number) => n.toPrecision(3);
	return [
		{
			metric: 'path policy: 1 MB hostile path / 230-char path, time per call (worst of 6)',
			value: fmt(huge / base),
			goal: '<= 2',
			met: huge / base <= 2
		},
		{
			metric: 'path policy: 2x the characters / 1x, time per call (linear is 2)',
			value: fmt(long / short),
			goal: '<= 3',
			met: long / short <= 3
		},
		{
			metric: 'tiny test models generated from nothing',
			value: `${Math.round(fixturesMs)} ms`,
			goal: '',
			met: null
		}
	];
}
