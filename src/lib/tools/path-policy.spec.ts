import { describe, expect, it } from 'vitest';
import { checkToolPath, isReplayableOutputPath, type PathDenialCode, type PathOp } from './path-policy';

const OPS: PathOp[] = ['read', 'write', 'list'];

/** Payloads that every operation must deny, with the code each must get. */
const PAYLOADS: [PathDenialCode, unknown][] = [
	// outside the roots, including names that merely start like a root
	['outside-root', '/etc/passwd'],
	['outside-root', '/workspace/input_evil/a.csv'],
	['outside-root', '/workspace/input_evil'],
	['outside-root', '/workspace/inputs/sales_q3.csv'],
	['outside-root', '/workspace/output2/report.md'],
	['outside-root', '/workspace/rules.json/x'],
	['outside-root', '/workspace/rules.jsonx'],
	['outside-root', '/Workspace/input/sales_q3.csv'],
	['outside-root', '/workspaces/input/a.csv'],
	['outside-root', '/workspace/.env'],
	['outside-root', '/'],
	['outside-root', '/root/.ssh/id_rsa'],
	// '..' and names made of dots, even when the detour would come back inside
	['traversal', '/workspace/input/../input/a.csv'],
	['traversal', '/workspace/input/..'],
	['traversal', '/workspace/output/../../etc/passwd'],
	['traversal', '../etc/passwd'],
	['traversal', '/workspace/output/a/../b.md'],
	['traversal', '/workspace/../workspace/input/a.csv'],
	['traversal', '/workspace/input/.../a.csv'],
	['traversal', '/workspace/output/....'],
	['traversal', '..'],
	['traversal', '/..'],
	// '.' segments are rejected, not normalised
	['dot-segment', '/workspace/input/./a.csv'],
	['dot-segment', '/workspace/./input/a.csv'],
	['dot-segment', '/workspace/output/.'],
	['dot-segment', './workspace/input/a.csv'],
	// backslashes
	['backslash', '/workspace/input\\..\\..\\etc\\passwd'],
	['backslash', '\\workspace\\input\\a.csv'],
	['backslash', '/workspace/output/a\\b.md'],
	['backslash', '/workspace/input/..\\a.csv'],
	// percent-encodings, single and double, overlong UTF-8, %u
	['encoded', '/workspace/input/%2e%2e/%2e%2e/etc/passwd'],
	['encoded', '/workspace/input/..%2f..%2fetc%2fpasswd'],
	['encoded', '/workspace%2finput%2fa.csv'],
	['encoded', '/workspace/output/%252e%252e/x'],
	['encoded', '/workspace/input/%c0%ae%c0%ae/x'],
	['encoded', '/workspace/input/%u002e%u002e/x'],
	['encoded', '/workspace/output/report%00.md'],
	['encoded', '/workspace/input/%2E%2E'],
	// Unicode look-alikes of dots, slashes and percent signs
	['lookalike', '/workspace/input/．．/．．/etc/passwd'],
	['lookalike', '/workspace/input／..／etc'],
	['lookalike', '/workspace/output/a＼b'],
	['lookalike', '/workspace/input/\u2024\u2024/x'],
	['lookalike', '/workspace/input/‥/x'],
	['lookalike', '/workspace/input/…/x'],
	['lookalike', '/workspace/output∕..∕..∕etc'],
	['lookalike', '/workspace/output⁄x.md'],
	['lookalike', '/workspace/output╱x.md'],
	['lookalike', '/workspace/output/报告。md'],
	['lookalike', '/workspace/input/\uff0e\uff0e/secret'],
	['lookalike', '/workspace/output/a\u00b7md'],
	['lookalike', '/workspace/output/.\u0338./x'],
	['lookalike', '/workspace/output/⒈md'],
	['lookalike', '/workspace/output/﹒﹒/x'],
	['lookalike', '/workspace/output/50％.md'],
	['lookalike', '/workspace/input/\u2216etc'],
	// NUL, controls and invisible characters
	['control-char', '/workspace/input/a.csv\u0000.png'],
	['control-char', '/workspace/output/\u0000'],
	['control-char', '/workspace/input/a\nb.csv'],
	['control-char', '/workspace/output/a\u202egnp.md'],
	['control-char', '/workspace/output/\u200b..'],
	['control-char', '/workspace/input/\u0085x'],
	['control-char', '/workspace/output/\u3164.md'],
	['control-char', '/workspace/output/a\u007f.md'],
	// length of the whole path and of one name
	['too-long', '/workspace/output/' + 'a'.repeat(300)],
	['too-long', '/workspace/output/' + 'b'.repeat(101)],
	['too-long', '/workspace/input/' + '../'.repeat(100)],
	// empty segments
	['empty-segment', '/workspace//input/a.csv'],
	['empty-segment', '//workspace/input/a.csv'],
	['empty-segment', '/workspace/input//a.csv'],
	// relative
	['relative', 'workspace/input/a.csv'],
	['relative', 'sales_q3.csv'],
	['relative', '~/workspace/input'],
	// not a string, empty
	['not-a-string', null],
	['not-a-string', undefined],
	['not-a-string', 42],
	['not-a-string', ['/workspace/input/a.csv']],
	['not-a-string', { path: '/workspace/input/a.csv' }],
	['not-a-string', true],
	['empty', ''],
	// spaces that hide or pad names
	['whitespace', '/workspace/input/a.csv '],
	['whitespace', '/workspace/input/ a.csv'],
	['whitespace', '/workspace/output/报告\u3000终版.md'],
	['whitespace', '/workspace/output/a\u00a0b.md'],
	// characters outside the alphabet
	['bad-char', '/workspace/output/a:b.md'],
	['bad-char', '/workspace/output/*.md'],
	['bad-char', '/workspace/output/\ud800x.md'],
	['bad-char', '/workspace/output/😀.md']
];

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
