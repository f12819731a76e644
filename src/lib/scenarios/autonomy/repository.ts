/**
 * Sentinel's repository, seeded: modules of JavaScript-like files in the run's virtual filesystem,
 * some modules locked. The agent reads them through the Tool Agent (path policy and all); the world
 * (merges) writes them directly, as a push to master would.
 */
import { createStream, fnv1a32, sha256Hex, type Stream } from '../../core';
import { emptyFileSystem, runTool, writeFile, type FileSystemState, type ReadResult } from '../../tools';
import type { RepoFile } from './state';

const REPO_ROOT = '/workspace/input/repo';
const PATCH_ROOT = '/workspace/output/patches';

/** Module -> files; a locked file is out of every check (and, in the seed, still feeds a trigger). */
const LAYOUT: readonly { module: string; files: readonly (string | [string, 'locked'])[] }[] = [
	{
		module: 'libs/core',
		files: ['wake-gate.js', 'autonomy-budget.js', 'autonomy-trigger.js', 'scheduler.js', 'ledger.js']
	},
	{ module: 'libs/crypto', files: ['decrypto.js', ['cipher-v1.js', 'locked'], ['keystore.js', 'locked']] },
	{ module: 'libs/engine', files: ['pressure-engine.js', 'load-balancer.js', 'retry-policy.js'] },
	{ module: 'libs/api', files: ['openai-client.js', 'http.js', 'rate-limit.js'] },
	{
		module: 'libs/legacy',
		files: [
			['billing-v0.js', 'locked'],
			['migrate-2019.js', 'locked']
		]
	},
	{ module: 'apps/web', files: ['routes.js', 'render.js'] }
];

/** The files of the seed's eternal reasons: their questions always get SKIP. */
export const ETERNAL_PENALTY_FILE = 'libs/crypto/decrypto.js';
export const SECURITY_OWNER = 'libs/engine/pressure-engine.js';

/** The summer rollbacks of the locked crypto siblings: 90 and 75 days before the run. */
export const SUMMER_PENALTIES: Readonly<Record<string, number>> = {
	'libs/crypto/cipher-v1.js': -90 * 1440,
	'libs/crypto/keystore.js': -75 * 1440
};

/** The security counter before day 1 (the seed's "10 security failures" arrive early in a run). */
export const INITIAL_SECURITY_FAILURES = 9;

export function repoFiles(): RepoFile[] {
	return LAYOUT.flatMap(({ module, files }) =>
		files.map((f) => {
			const [name, lock] = typeof f === 'string' ? [f, undefined] : f;
			return { path: `${module}/${name}`, module, locked: lock === 'locked' };
		})
	);
}

export const repoPath = (path: string) => `${REPO_ROOT}/${path}`;
export const patchPath = (path: string) => `${PATCH_ROOT}/${path.replaceAll('/', '__')}.md`;

const VERBS = ['load', 'check', 'merge', 'score', 'parse', 'route', 'retry', 'flush', 'seal', 'plan'];
const NOUNS = ['budget', 'token', 'window', 'trigger', 'ledger', 'cycle', 'module', 'payload', 'key', 'head'];

function fn(rng: Stream, i: number, fixme: boolean): string {
	const name = `${rng.pick(VERBS)}${rng.pick(NOUNS)[0]!.toUpperCase()}${rng.pick(NOUNS).slice(1)}${i}`;
	const arg = rng.pick(NOUNS);
	const lines = [
		`/** ${name}: ${rng.pick(VERBS)}s the ${rng.pick(NOUNS)} for the current ${rng.pick(NOUNS)}. */`,
		`export function ${name}(${arg}, options = {}) {`,
		`\tconst limit = options.limit ?? ${10 + rng.int(90)};`,
		`\tif (!${arg}) return null;`,
		`\tconst seen = new Set();`,
		`\tfor (const item of ${arg}.items ?? []) {`,
		`\t\tif (seen.size >= limit) break;`,
		`\t\tif (item.${rng.pick(NOUNS)} === undefined) continue;`,
		`\t\tseen.add(item.id);`,
		`\t}`,
		...(fixme ? [`\t// FIXME: ${rng.pick(NOUNS)} is read twice when the ${rng.pick(NOUNS)} is stale`] : []),
		`\treturn { count: seen.size, ${arg}: ${arg}.id, at: options.now ?? 0 };`,
		`}`
	];
	return lines.join('\n');
}

/** A file's content: about 5,500 characters, deterministic from (seed, path, revision). */
export function fileContent(seed: number, path: string, revision = 0): string {
	const rng = createStream(seed, `repo:${path}:${revision}`);
	// The eternal files never have a FIXME: their question's answer cannot change.
	const eternal = path === ETERNAL_PENALTY_FILE || path === SECURITY_OWNER;
	const fixmeAt = !eternal && rng.next() < 0.25 ? rng.int(14) : -1;
	const header = `// ${path} (revision ${revision})\n// Part of Sentinel. Owned by the ${path.split('/')[1]} team.\n\n`;
	const body = Array.from({ length: 14 }, (_, i) => fn(rng, i, i === fixmeAt)).join('\n\n');
	return `${header}${body}\n`;
}

export function initialRepository(seed: number, files: readonly RepoFile[]): FileSystemState {
	let fs = emptyFileSystem();
	for (const f of files) fs = writeFile(fs, repoPath(f.path), fileContent(seed, f.path), 0);
	return fs;
}

/** The repository's head: a hash over every file's path and content (a merge moves it). */
export function headOf(fs: FileSystemState): string {
	const parts = Object.keys(fs.files)
		.filter((p) => p.startsWith(REPO_ROOT + '/'))
		.sort()
		.map((p) => `${p}\u0000${fs.files[p]!.content}`);
	return sha256Hex(parts.join('\u0001')).slice(0, 12);
}

/** Local analysis: how sure Sentinel is without a model (0-99), from the file's content alone. */
export function localConfidence(path: string, content: string): number {
	return fnv1a32(`${path}\u0000${content}`) % 100;
}

export const CONFIDENT_AT = 45;

export const hasFixme = (content: string) => content.includes('// FIXME');

/** The file as the Tool Agent reads it (path policy included); the repository is read-only to Sentinel. */
export function readRepoFile(s: { fs: FileSystemState; minute: number }, path: string): string {
	const { outcome } = runTool(
		s.fs,
		{ tool: 'read_file', args: { path: repoPath(path) } },
		Math.max(0, s.minute)
	);
	if (!outcome.ok) throw new Error(`the repository lost ${path}: ${outcome.message}`);
	return (outcome.result as ReadResult).content;
}
