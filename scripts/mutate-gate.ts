/**
 * Mutation test of the spend gate: `npm run mutate`. Every check of the kernel gate and of the
 * autonomy doors is built with `check(name, budget, refuse)`; this script replaces one of them at a
 * time with `allow(...)` (the same check, never refusing), runs the gate's tests, and expects some test
 * to fail. A check whose mutant survives is a check no test relies on: the script exits 1 and names it.
 * It prints each mutant with the tests that killed it, and restores every file whatever happens.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
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

export function findMutants(file: string, text: string): Mutant[] {
	return [...text.matchAll(CHECK)].map((m, index) => ({ file, name: m[1] as string, index }));
}

export function mutate(text: string, index: number): string {
	let i = -1;
	return text.replace(CHECK, (match, name: string) => (++i === index ? `allow('${name}'` : match));
}

interface VitestJson {
	testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

async function failingTests(): Promise<string[]> {
	const out = join(mkdtempSync(join(tmpdir(), 'mutate-')), 'result.json');
	try {
		await run('npx', ['vitest', 'run', ...SPECS, '--reporter=json', `--outputFile=${out}`], {
			cwd: root,
			maxBuffer: 64 * 1024 * 1024
		});
	} catch {
		/* a failing run is what a killed mutant looks like; the JSON says which tests failed */
	}
	const result = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
	return result.testResults.flatMap((f) =>
		f.assertionResults
			.filter((a) => a.status === 'failed')
			.map((a) => `${f.name.replace(root + '/', '')} > ${a.fullName}`)
	);
}

async function main() {
	const originals = new Map(TARGETS.map((t) => [t.file, readFileSync(join(root, t.file), 'utf8')]));
	const restore = () => {
		for (const [file, text] of originals) writeFileSync(join(root, file), text);
	};
	process.on('SIGINT', () => {
		restore();
		process.exit(130);
	});
	const baseline = await failingTests();
	if (baseline.length) {
		console.error(`mutate: the unmutated tests fail already:\n  ${baseline.join('\n  ')}`);
		process.exit(1);
	}
	const rows: { mutant: string; killedBy: string[] }[] = [];
	try {
		for (const target of TARGETS) {
			const original = originals.get(target.file)!;
			for (const m of findMutants(target.file, original)) {
				writeFileSync(join(root, target.file), target.importAllow(mutate(original, m.index)));
				const killedBy = await failingTests();
				restore();
				rows.push({ mutant: `${target.file}: "${m.name}" always allows`, killedBy });
				console.log(
					`${killedBy.length ? 'killed  ' : 'SURVIVED'} ${rows.at(-1)!.mutant} (${killedBy.length} failing)`
				);
			}
		}
	} finally {
		restore();
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
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
