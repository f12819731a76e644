import { describe, expect, it } from 'vitest';
import { checkToolPath, isReplayableOutputPath, MAX_PATH_CHARS, type PathOp } from './path-policy';
import { TRAVERSAL_PAYLOADS } from './probes';

const OPS: PathOp[] = ['read', 'write', 'list'];

const PAYLOADS = TRAVERSAL_PAYLOADS;

describe('checkToolPath: payloads denied for every operation', () => {
	it('has at least 40 payloads in at least 12 classes', () => {
		expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
		expect(new Set(PAYLOADS.map(([c]) => c)).size).toBeGreaterThanOrEqual(12);
	});

	for (const [code, payload] of PAYLOADS)
		for (const op of OPS)
			it(`${op} ${JSON.stringify(payload)?.slice(0, 60)} -> ${code}`, () => {
				const r = checkToolPath(payload, op);
				expect(r.ok).toBe(false);
				if (r.ok) return;
				expect(r.code).toBe(code);
				expect(r.message.length).toBeGreaterThan(20);
				// The message shows the path escaped: no raw control characters reach a log line.
				expect([...r.message].filter((c) => c < ' ' && c !== '\t')).toEqual([]);
			});
});

describe('checkToolPath: what is allowed', () => {
	it('reads and lists under input, writes only under output', () => {
		expect(checkToolPath('/workspace/input/sales_q3.csv', 'read')).toEqual({
			ok: true,
			path: '/workspace/input/sales_q3.csv'
		});
		expect(checkToolPath('/workspace/input', 'list')).toEqual({ ok: true, path: '/workspace/input' });
		const w = checkToolPath('/workspace/input/sales_q3.csv', 'write');
		expect(w).toMatchObject({ ok: false, code: 'read-only' });
		expect(!w.ok && w.message).toContain('/workspace/output');
		expect(checkToolPath('/workspace/output/report.md', 'write')).toEqual({
			ok: true,
			path: '/workspace/output/report.md'
		});
		expect(checkToolPath('/workspace/output/sub/dir/report.md', 'write').ok).toBe(true);
	});

	it('keeps rules.json read-only and /workspace list-only', () => {
		expect(checkToolPath('/workspace/rules.json', 'read').ok).toBe(true);
		expect(checkToolPath('/workspace/rules.json', 'write')).toMatchObject({ ok: false, code: 'read-only' });
		expect(checkToolPath('/workspace', 'list')).toEqual({ ok: true, path: '/workspace' });
		expect(checkToolPath('/workspace/', 'list')).toEqual({ ok: true, path: '/workspace' });
		expect(checkToolPath('/workspace', 'read')).toMatchObject({ ok: false, code: 'outside-root' });
		expect(checkToolPath('/workspace', 'write')).toMatchObject({ ok: false, code: 'outside-root' });
		expect(checkToolPath('/workspace/output', 'write')).toMatchObject({ ok: false, code: 'is-a-dir' });
	});

	it('says which folders are allowed when a path is outside', () => {
		const r = checkToolPath('/etc/passwd', 'read');
		expect(!r.ok && r.message).toContain(
			'is outside the allowed folders /workspace/input, /workspace/output'
		);
	});

	it('accepts Chinese names, with full-width brackets and punctuation that read as neither dot nor slash', () => {
		for (const name of [
			'报告.md',
			'报告（终版）.md',
			'报告：终版.md',
			'【草稿】销售数据_Q3.csv',
			'审计，第一轮.md'
		])
			for (const op of OPS)
				expect(checkToolPath(`/workspace/output/${name}`, op)).toEqual({
					ok: true,
					path: `/workspace/output/${name}`
				});
	});

	it('drops a trailing slash for list but refuses it for files', () => {
		expect(checkToolPath('/workspace/input/', 'list')).toEqual({ ok: true, path: '/workspace/input' });
		expect(checkToolPath('/workspace/output/sub/', 'list')).toEqual({
			ok: true,
			path: '/workspace/output/sub'
		});
		expect(checkToolPath('/workspace/input/a.csv/', 'read')).toMatchObject({
			ok: false,
			code: 'trailing-slash'
		});
		expect(checkToolPath('/workspace/output/a.md/', 'write')).toMatchObject({
			ok: false,
			code: 'trailing-slash'
		});
	});

	it('folds composed and decomposed letters into one spelling (NFC)', () => {
		expect(checkToolPath('/workspace/output/cafe\u0301.md', 'write')).toEqual({
			ok: true,
			path: '/workspace/output/caf\u00e9.md'
		});
	});

	it('allows ordinary ASCII punctuation in names, and spaces inside them', () => {
		for (const name of ['Q3 report (v2) [final].md', "a-b_c+d,e@f=g~h!i#j$k&l'm;n.txt", '.notes'])
			expect(checkToolPath(`/workspace/output/${name}`, 'write')).toEqual({
				ok: true,
				path: `/workspace/output/${name}`
			});
	});

	it('is idempotent: an accepted path checks to itself', () => {
		for (const p of [
			'/workspace/output/报告（终版）.md',
			'/workspace/input/',
			'/workspace/output/cafe\u0301.md'
		]) {
			const first = checkToolPath(p, 'list');
			expect(first.ok).toBe(true);
			if (first.ok) expect(checkToolPath(first.path, 'list')).toEqual(first);
		}
	});

	it('answers at once on huge inputs of any content: it reads a bounded part of them', () => {
		const huge = [
			'a'.repeat(1_000_000),
			'../'.repeat(340_000),
			'．'.repeat(1_000_000),
			'报'.repeat(1_000_000),
			'/'.repeat(1_000_000),
			'%2e'.repeat(340_000),
			'/workspace/output/' + '报告（终版）'.repeat(170_000),
			'\u0000'.repeat(1_000_000)
		];
		for (const s of huge) {
			const { result, work } = stringWork(() => checkToolPath(s, 'read'));
			expect(result).toMatchObject({ ok: false, code: 'too-long' });
			// The quoted prefix of the message, nothing more: the same for 1 MB as for 300 characters.
			expect(work, JSON.stringify(s.slice(0, 20))).toBeLessThanOrEqual(2 * MAX_PATH_CHARS);
		}
	});

	it('scales linearly below the length limit (no backtracking)', () => {
		const shapes: ((n: number) => string)[] = [
			(n) => '/workspace/output/' + 'é'.repeat(n) + '/' + '（'.repeat(n),
			(n) => '/workspace/input/' + 'a/'.repeat(n),
			(n) => '/workspace/output/' + '报告（终版）'.repeat(n / 5) + '.md',
			(n) => '/workspace/output/' + 'a'.repeat(n) + '．md'
		];
		for (const shape of shapes) {
			const [small, large] = [50, 100].map((n) => {
				const path = shape(n);
				expect(path.length).toBeLessThanOrEqual(MAX_PATH_CHARS);
				return { path, work: stringWork(() => checkToolPath(path, 'read')).work };
			});
			// Twice the input, at most about twice the work; and a constant number of passes per character.
			expect(large!.work / small!.work, large!.path).toBeLessThan(2.5);
			expect(large!.work / large!.path.length, large!.path).toBeLessThan(40);
		}
	});

	it('throws only on a caller bug: an unknown operation', () => {
		expect(() => checkToolPath('/workspace/input/a.csv', 'delete' as PathOp)).toThrow(TypeError);
	});
});

describe('isReplayableOutputPath', () => {
	it('accepts normalised paths under output and nothing else', () => {
		expect(isReplayableOutputPath('/workspace/output/报告（终版）.md')).toBe(true);
		for (const bad of [
			'/workspace/output',
			'/workspace/output/',
			'/workspace/input/a.csv',
			'/workspace/output/../input/a.csv',
			'/workspace/output//a',
			'/workspace/output/./a',
			'/workspace/output/a\u0000',
			'/workspace/output/a\\b',
			'/workspace/output/%2e',
			42
		])
			expect(isReplayableOutputPath(bad)).toBe(false);
	});
});

/**
 * How much string work a call does, counted instead of timed: each String.prototype method (and
 * RegExp matching, and JSON.stringify of a string) is charged the characters it may touch. The
 * count depends on the code alone, never on how busy the machine is. Indexing with `s[i]` is not
 * seen; the path policy walks strings with charCodeAt and codePointAt.
 */
function stringWork<T>(run: () => T): { result: T; work: number } {
	let work = 0;
	const whole = (s: unknown) => (typeof s === 'string' ? s.length : 0);
	const proto = String.prototype as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>;
	const perChar = ['charCodeAt', 'codePointAt', 'charAt', 'at'];
	const perResult = ['slice', 'substring', 'substr'];
	const perWhole = [
		...['normalize', 'split', 'indexOf', 'lastIndexOf', 'includes', 'startsWith', 'endsWith'],
		...['toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'replace', 'replaceAll'],
		...['match', 'matchAll', 'search', 'localeCompare', 'padStart', 'padEnd', 'repeat', 'concat'],
		Symbol.iterator
	];
	const saved = new Map<PropertyKey, (...args: unknown[]) => unknown>();
	const patch = (key: PropertyKey, cost: (self: string, out: unknown) => number) => {
		const original = proto[key] as (...args: unknown[]) => unknown;
		saved.set(key, original);
		proto[key] = function (this: string, ...args: unknown[]) {
			const out = original.apply(this, args);
			work += cost(this, out);
			return out;
		};
	};
	for (const k of perChar) patch(k, () => 1);
	for (const k of perResult) patch(k, (_s, out) => whole(out));
	for (const k of perWhole) patch(k, (s) => s.length);
	const { exec, test } = RegExp.prototype;
	const { stringify } = JSON;
	RegExp.prototype.exec = function (this: RegExp, s: string) {
		work += whole(s);
		return exec.call(this, s);
	};
	RegExp.prototype.test = function (this: RegExp, s: string) {
		work += whole(s);
		return test.call(this, s);
	};
	JSON.stringify = ((value: unknown, ...rest: never[]) => {
		work += whole(value);
		return stringify(value, ...rest);
	}) as typeof JSON.stringify;
	try {
		work = 0;
		const result = run();
		return { result, work };
	} finally {
		for (const [k, f] of saved) proto[k] = f;
		Object.assign(RegExp.prototype, { exec, test });
		JSON.stringify = stringify;
	}
}
