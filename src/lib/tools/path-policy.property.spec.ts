/**
 * Property test: 100,000 seeded random paths from an alphabet of dangerous pieces, each checked for
 * all three operations. Accepted implies normalised and under a root with a '/' boundary, and even a
 * lax reader (URL-decoding, NFKC, backslash as separator, resolving '..') would stay in that root.
 */
import { describe, expect, it } from 'vitest';
import { createStream } from '../core/rng';
import { checkToolPath, type PathOp } from './path-policy';

const CASES = 100_000;

const PIECES = [
	'/',
	'/',
	'/',
	'..',
	'.',
	'\\',
	'%2e',
	'%2f',
	'%2E%2E',
	'%',
	'．',
	'／',
	'＼',
	'\u2024',
	'‥',
	'…',
	'∕',
	'⁄',
	'╱',
	'。',
	'\u0000',
	'\u001f',
	' ',
	'\u3000',
	'\u200b',
	'\u0301',
	'\ud800',
	'报告',
	'终版',
	'（',
	'）',
	'：',
	'workspace',
	'input',
	'output',
	'rules.json',
	'input_evil',
	'a.csv',
	'x',
	'é',
	'e\u0301',
	'~',
	'-',
	'_',
	'/workspace',
	'/workspace/input',
	'/workspace/output',
	'/workspace/rules.json',
	'/workspace/input/',
	'/workspace/output/',
	'INPUT',
	'::',
	'*',
	'😀'
] as const;

/** Only structural dangers (slashes, dots, spaces, near-root names): these paths are often accepted. */
const STRUCTURAL = [
	'/',
	'/',
	'/',
	'..',
	'.',
	' ',
	'报告',
	'终版',
	'（',
	'）',
	'workspace',
	'input',
	'output',
	'rules.json',
	'input_evil',
	'a.csv',
	'x',
	'e\u0301',
	'/workspace',
	'/workspace/input',
	'/workspace/output/'
] as const;

const PREFIXES = [
	'',
	'',
	'/',
	'/workspace/',
	'/workspace/input/',
	'/workspace/output/',
	'/workspace/rules.json'
];

const INPUT = '/workspace/input';
const OUTPUT = '/workspace/output';
const RULES = '/workspace/rules.json';
const SUSPECT = [
	'\\',
	'%',
	'．',
	'／',
	'＼',
	'\u2024',
	'‥',
	'…',
	'∕',
	'⁄',
	'╱',
	'。',
	'\u3000',
	'\u200b',
	'\ud800'
];

function under(p: string, root: string): boolean {
	return p === root || p.startsWith(root + '/');
}

/** Which root an accepted path lies in for `op`, by an oracle written apart from the policy. */
function rootOf(p: string, op: PathOp): string | null {
	if (op === 'write') return p.startsWith(OUTPUT + '/') ? OUTPUT : null;
	if (p === RULES) return RULES;
	if (under(p, INPUT)) return INPUT;
	if (under(p, OUTPUT)) return OUTPUT;
	if (op === 'list' && p === '/workspace') return '/workspace';
	return null;
}

/** How a careless consumer might read the path: decode, fold, treat '\' as '/', resolve '.' and '..'. */
function laxResolve(p: string): string {
	let s = p.normalize('NFKC').replaceAll('\\', '/');
	try {
		s = decodeURIComponent(s);
	} catch {
		/* not decodable: leave it */
	}
	const out: string[] = [];
	for (const seg of s.split('/')) {
		if (seg === '' || seg === '.') continue;
		if (seg === '..') out.pop();
		else out.push(seg);
	}
	return '/' + out.join('/');
}

function isControl(c: string): boolean {
	const cp = c.codePointAt(0) ?? 0;
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

function violation(p: string, op: PathOp): string | null {
	if (p.length > 256) return 'longer than 256';
	if (!p.startsWith('/')) return 'not absolute';
	if (p.includes('//')) return "contains '//'";
	if (p !== '/' && p.endsWith('/')) return 'trailing slash';
	const segs = p.split('/').slice(1);
	if (segs.some((s) => s === '.' || s === '..' || /^\.+$/.test(s))) return 'dot segment';
	if (segs.some((s) => s.length > 100)) return 'segment longer than 100';
	if ([...p].some(isControl)) return 'control character';
	if (SUSPECT.some((c) => p.includes(c))) return 'suspect character';
	if (p !== p.normalize('NFC')) return 'not NFC';
	const root = rootOf(p, op);
	if (root === null) return `not under a root for ${op}`;
	const lax = laxResolve(p);
	if (root === '/workspace' ? lax !== '/workspace' : !under(lax, root))
		return `a lax reader leaves ${root}: ${lax}`;
	return null;
}

function randomPath(s: ReturnType<typeof createStream>): string {
	const alphabet: readonly string[] = s.int(2) === 0 ? PIECES : STRUCTURAL;
	let p = s.pick(PREFIXES);
	const n = s.int(9);
	for (let i = 0; i < n; i++) p += s.pick(alphabet);
	// Now and then, a long run of one piece, to cross the length limits.
	if (s.int(50) === 0) p += s.pick(PIECES).repeat(20 + s.int(120));
	return p;
}

describe('checkToolPath property', () => {
	it(`holds the invariant over ${CASES} random paths and all three operations`, () => {
		const s = createStream(20_241_130, 'tools:path-policy:property');
		const accepted: Record<PathOp, number> = { read: 0, write: 0, list: 0 };
		const codes = new Map<string, number>();
		const failures: string[] = [];
		for (let i = 0; i < CASES; i++) {
			const p = randomPath(s);
			for (const op of ['read', 'write', 'list'] as const) {
				const r = checkToolPath(p, op);
				if (!r.ok) {
					codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
					if (typeof r.message !== 'string' || r.message === '')
						failures.push(`${op} ${JSON.stringify(p)}: no message`);
					continue;
				}
				accepted[op]++;
				const v = violation(r.path, op);
				if (v) failures.push(`${op} ${JSON.stringify(p)} -> ${JSON.stringify(r.path)}: ${v}`);
				const again = checkToolPath(r.path, op);
				if (!again.ok || again.path !== r.path) failures.push(`${op} ${JSON.stringify(p)}: not idempotent`);
			}
		}
		expect(failures.slice(0, 10)).toEqual([]);
		// The generator must exercise both sides: enough accepted paths, and most denial codes.
		expect(accepted.read).toBeGreaterThan(CASES * 0.05);
		expect(accepted.write).toBeGreaterThan(CASES * 0.02);
		expect(accepted.list).toBeGreaterThan(accepted.read);
		for (const code of [
			'too-long',
			'control-char',
			'backslash',
			'encoded',
			'lookalike',
			'whitespace',
			'bad-char',
			'traversal',
			'dot-segment',
			'empty-segment',
			'relative',
			'trailing-slash',
			'outside-root',
			'read-only'
		])
			expect(codes.get(code) ?? 0, code).toBeGreaterThan(50);
	});
});
