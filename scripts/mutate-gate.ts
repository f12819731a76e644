/**
 * Mutation test of the spend gate: `npm run mutate`. Every check of the kernel gate and of the
 * autonomy doors is built with `check(name, budget, refuse)`; this script replaces one of them at a
 * time with `allow(...)` (the same check, never refusing), runs the gate's tests, and expects some test
 * to fail. A check whose mutant survives is a check no test relies on: the script exits 1 and names it.
 * It prints each mutant with the tests that killed it. A mutant exists only in Vitest's memory, never
 * on disk: a script stopped part way (killed, or CI's job cancelled) leaves no mutated gate in the tree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVitest } from 'vitest/node';

const root = join(import.meta.dirname, '..');

/** The files whose checks are mutated, and how each reaches `allow`. */
const TARGETS = [
	{ file: 'src/lib/core/gate.ts', importAllow: (s: string) => s },
	{
		file: 'src/lib/scenarios/autonomy/doors.ts',
		importAllow: (s: string) => s.replace('import { authorize, check,', 'import { allow, authorize, check,')
	}
];
const SPECS = [
	'src/lib/core/gate.spec.ts',
	'src/lib/scenarios/autonomy/doors.spec.ts',
	'src/lib/scenarios/autonomy/golden.spec.ts'
];
const CHECK = /\bcheck\(\s*'([^']+)'/g;

interface Mutant {
	file: string;
	name: string;
	/** Index of the `check(` among the file's matches. */
	index: number;
}

function findMutants(file: string, text: string): Mutant[] {
	return [...text.matchAll(CHECK)].map((m, index) => ({ file, name: m[1] as string, index }));
}

export function mutate(text: string, index: number): string {
	let i = -1;
	return text.replace(CHECK, (match, name: string) => (++i === index ? `allow('${name}'` : match));
}

/**
 * One Vitest for the whole run: starting it costs more than the three specs take, and there are 17 runs.
 * A mutant is what the plugin below loads for its file instead of the file on disk, and the file is
 * invalidated in Vitest's module graph, as watch mode does on a save, so the next run imports it afresh.
 * (If that ever failed, the stale, unmutated code would pass its tests and the mutant would be reported
 * as surviving: never as killed by mistake.)
 */
type Runner = Awaited<ReturnType<typeof createVitest>>;

async function failingTests(vitest: Runner): Promise<string[]> {
	const { testModules, unhandledErrors } = await vitest.runTestFiles(SPECS.map((s) => join(root, s)));
	if (testModules.length !== SPECS.length || testModules.some((m) => m.state() === 'skipped'))
		throw new Error(`mutate: ${SPECS.length} spec files expected, ${testModules.length} ran`);
	const failed = testModules.flatMap((m) => {
		const tests = [...m.children.allTests('failed')].map((t) => `${m.relativeModuleId} > ${t.fullName}`);
		// A spec that fails outside any test (it cannot import the mutant) fails the suite all the same.
		return tests.length || m.state() !== 'failed' ? tests : [`${m.relativeModuleId} (failed to run)`];
	});
	return unhandledErrors.length ? [...failed, `unhandled: ${String(unhandledErrors[0])}`] : failed;
}

async function main() {
	const originals = new Map(
		TARGETS.map((t) => [join(root, t.file), readFileSync(join(root, t.file), 'utf8')])
	);
	/** The mutated text of one file, loaded in place of that file while its mutant is tested. */
	let mutant: { path: string; text: string } | undefined;
	const loadMutant = {
		name: 'conclave:mutant',
		enforce: 'pre' as const,
		load: (id: string) => (mutant && id.split('?')[0] === mutant.path ? mutant.text : null)
	};
	// As under the vitest command: vite.config.ts then leaves out Paraglide's plugin, which would compile
	// the messages again into src/lib/paraglide under anything reading them at the time.
	process.env.VITEST ??= 'true';
	// A reporter with no hooks: the script prints its own lines and table, not 17 runs' failures.
	const vitest = await createVitest('test', { watch: false, reporters: [{}] }, { plugins: [loadMutant] });
	await vitest.standalone();
	const baseline = await failingTests(vitest);
	if (baseline.length) {
		console.error(`mutate: the unmutated tests fail already:\n  ${baseline.join('\n  ')}`);
		process.exit(1);
	}
	const rows: { mutant: string; killedBy: string[] }[] = [];
	try {
		for (const target of TARGETS) {
			const path = join(root, target.file);
			const original = originals.get(path)!;
			for (const m of findMutants(target.file, original)) {
				mutant = { path, text: target.importAllow(mutate(original, m.index)) };
				vitest.invalidateFile(path);
				const killedBy = await failingTests(vitest);
				mutant = undefined;
				vitest.invalidateFile(path);
				rows.push({ mutant: `${target.file}: "${m.name}" always allows`, killedBy });
				console.log(
					`${killedBy.length ? 'killed  ' : 'SURVIVED'} ${rows.at(-1)!.mutant} (${killedBy.length} failing)`
				);
			}
		}
	} finally {
		await vitest.close();
	}
	console.log('\n| mutant | killed by (first 3 failing tests) |\n| --- | --- |');
	for (const r of rows)
		console.log(`| ${r.mutant} | ${r.killedBy.slice(0, 3).join('; ') || '**survived**'} |`);
	const survivors = rows.filter((r) => !r.killedBy.length);
	if (survivors.length) {
		console.error(
			`\nmutate: ${survivors.length} mutant(s) survived: ${survivors.map((r) => r.mutant).join(', ')}`
		);
		process.exit(1);
	}
	console.log(`\nmutate: all ${rows.length} mutants killed`);
	// Vitest set a failing exit code for the mutants' runs, whose failures were the point.
	process.exitCode = 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
