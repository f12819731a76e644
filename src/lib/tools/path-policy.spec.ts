import { describe, expect, it } from 'vitest';
import { checkToolPath, isReplayableOutputPath, type PathOp } from './path-policy';
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

	it('answers at once on huge inputs of any content', () => {
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
			const t0 = performance.now();
			const r = checkToolPath(s, 'read');
			expect(performance.now() - t0).toBeLessThan(20);
			expect(r).toMatchObject({ ok: false, code: 'too-long' });
		}
	});

	it('scales linearly below the length limit (no backtracking)', () => {
		const worst = [
			'/workspace/output/' + 'é'.repeat(90) + '/' + '（'.repeat(100),
			'/workspace/input/' + 'a/'.repeat(119)
		];
		for (const s of worst) {
			const t0 = performance.now();
			for (let i = 0; i < 2000; i++) checkToolPath(s, 'read');
			expect((performance.now() - t0) / 2000).toBeLessThan(0.5);
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
