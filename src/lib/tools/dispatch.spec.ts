import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/hash';
import type { ToolCallRecord } from '../core/policy';
import { CUSTOMERS_PATH, generateDataset, README_PATH, SALES_PATH, withRuleBook } from './data';
import { applyToolEffect, runTool } from './dispatch';
import {
	DEFAULT_LIMITS,
	type FileSystemState,
	type ListResult,
	type ReadResult,
	type ToolCall,
	type ToolOutcome,
	type WriteResult
} from './types';

const RULES = JSON.stringify({ rules: [{ id: 'R1', text: 'VIP discount at least 15%' }] });
const base = (): FileSystemState => withRuleBook(generateDataset(1), RULES, 1);

function ok<T>(outcome: ToolOutcome): T {
	if (!outcome.ok) throw new Error(`expected success, got ${outcome.code}: ${outcome.message}`);
	return outcome.result as T;
}

function denied(fs: FileSystemState, call: ToolCall, code: string): ToolCallRecord {
	const before = JSON.stringify(fs);
	const r = runTool(fs, call, 5);
	expect(r.outcome).toMatchObject({ ok: false, code });
	expect(r.record).toMatchObject({ ok: false, code, tool: r.outcome.tool });
	expect(r.record.message).toBe(!r.outcome.ok && r.outcome.message);
	expect(r.record.effect).toBeUndefined();
	expect(r.fs).toBe(fs);
	expect(JSON.stringify(fs)).toBe(before);
	// Every record must be hashable into the log.
	expect(() => canonicalJson(r.record)).not.toThrow();
	return r.record;
}

describe('read_file', () => {
	it('reads a small file whole', () => {
		const fs = base();
		const r = runTool(fs, { tool: 'read_file', args: { path: README_PATH } }, 2);
		const res = ok<ReadResult>(r.outcome);
		expect(res.content).toBe(fs.files[README_PATH]?.content);
		expect(res).toMatchObject({ path: README_PATH, offset: 0, nextOffset: null });
		expect(r.record).toEqual({
			tool: 'read_file',
			args: { path: README_PATH },
			ok: true,
			message: expect.stringContaining('read')
		});
		expect(r.fs).toBe(fs);
	});

	it('pages through a long file 10,000 characters at a time', () => {
		const fs = base();
		const text = fs.files[SALES_PATH]?.content ?? '';
		expect(text.length).toBeGreaterThan(20_000);
		let offset: number | null = 0;
		let joined = '';
		let pages = 0;
		while (offset !== null) {
			const res: ReadResult = ok<ReadResult>(
				runTool(fs, { tool: 'read_file', args: { path: SALES_PATH, offset } }, 2).outcome
			);
			expect(res.content.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxReadChars);
			expect(res.totalChars).toBe(text.length);
			joined += res.content;
			offset = res.nextOffset;
			pages++;
		}
		expect(joined).toBe(text);
		expect(pages).toBe(Math.ceil(text.length / 10_000));
	});

	it('never splits a surrogate pair at a page edge', () => {
		const content = 'a'.repeat(9_999) + '😀' + 'b'.repeat(10);
		const fs: FileSystemState = { files: { '/workspace/output/e.txt': { content, mtime: 1 } }, dirs: [] };
		const first = ok<ReadResult>(
			runTool(fs, { tool: 'read_file', args: { path: '/workspace/output/e.txt' } }, 2).outcome
		);
		expect(first.content.length).toBe(9_999);
		expect(first.nextOffset).toBe(9_999);
		const second = ok<ReadResult>(
			runTool(fs, { tool: 'read_file', args: { path: '/workspace/output/e.txt', offset: 9_999 } }, 2).outcome
		);
		expect(second.content.startsWith('😀')).toBe(true);
	});

	it('refuses bad offsets, folders, missing files and unknown arguments', () => {
		const fs = base();
		for (const offset of [-1, 1.5, '10', 10_000_000])
			denied(fs, { tool: 'read_file', args: { path: README_PATH, offset } }, 'bad-offset');
		denied(fs, { tool: 'read_file', args: { path: '/workspace/input' } }, 'is-a-dir');
		const missing = denied(
			fs,
			{ tool: 'read_file', args: { path: '/workspace/input/nope.csv' } },
			'not-found'
		);
		expect(missing.message).toContain('list_dir("/workspace/input")');
		denied(fs, { tool: 'read_file', args: { path: README_PATH, lines: 3 } }, 'bad-args');
		denied(fs, { tool: 'read_file', args: {} }, 'bad-args');
		denied(fs, { tool: 'read_file', args: 42 }, 'bad-args');
		denied(fs, { tool: 'read_file', args: { path: '/workspace/input/../../etc/passwd' } }, 'traversal');
	});

	it('takes a bare path string, as small models often send', () => {
		const r = runTool(base(), { tool: 'read_file', args: README_PATH }, 2);
		expect(r.outcome.ok).toBe(true);
		expect(r.record.args).toBe(README_PATH);
	});

	it('reads rules.json but never writes it', () => {
		const fs = base();
		expect(
			ok<ReadResult>(runTool(fs, { tool: 'read_file', args: { path: '/workspace/rules.json' } }, 2).outcome)
				.content
		).toBe(RULES);
		denied(fs, { tool: 'write_file', args: { path: '/workspace/rules.json', content: '{}' } }, 'read-only');
		denied(fs, { tool: 'list_dir', args: { path: '/workspace/rules.json' } }, 'not-a-dir');
	});
});

describe('write_file', () => {
	it('writes under output, records the effect, and leaves the old state alone', () => {
		const fs = base();
		const before = JSON.stringify(fs);
		const content = '# 审计报告\n违规：7 行\n';
		const r = runTool(
			fs,
			{ tool: 'write_file', args: { path: '/workspace/output/报告（终版）.md', content } },
			9
		);
		const res = ok<WriteResult>(r.outcome);
		expect(res).toEqual({
			path: '/workspace/output/报告（终版）.md',
			bytes: new TextEncoder().encode(content).length
		});
		expect(r.fs.files['/workspace/output/报告（终版）.md']).toEqual({ content, mtime: 9 });
		expect(r.fs.bytesWritten).toBe(res.bytes);
		expect(r.record).toEqual({
			tool: 'write_file',
			args: { path: '/workspace/output/报告（终版）.md', content },
			ok: true,
			message: expect.stringContaining('wrote'),
			effect: { path: '/workspace/output/报告（终版）.md', content }
		});
		expect(JSON.stringify(fs)).toBe(before);
	});

	it('creates folders on the way, and refuses to write over a folder or inside a file', () => {
		let fs = base();
		fs = runTool(
			fs,
			{ tool: 'write_file', args: { path: '/workspace/output/a/b/c.md', content: 'x' } },
			2
		).fs;
		const list = ok<ListResult>(
			runTool(fs, { tool: 'list_dir', args: { path: '/workspace/output/a' } }, 3).outcome
		);
		expect(list.entries).toEqual([{ name: 'b', kind: 'dir', size: 1, mtime: 2 }]);
		denied(fs, { tool: 'write_file', args: { path: '/workspace/output/a/b', content: 'x' } }, 'is-a-dir');
		denied(
			fs,
			{ tool: 'write_file', args: { path: '/workspace/output/a/b/c.md/d.md', content: 'x' } },
			'not-a-dir'
		);
		denied(fs, { tool: 'write_file', args: { path: '/workspace/output', content: 'x' } }, 'is-a-dir');
	});

	it('keeps input read-only and refuses content that is not text', () => {
		const fs = base();
		const r = denied(
			fs,
			{ tool: 'write_file', args: { path: SALES_PATH, content: 'order_id\n' } },
			'read-only'
		);
		expect(r.message).toContain('/workspace/output');
		denied(fs, { tool: 'write_file', args: { path: '/workspace/output/x.md', content: 42 } }, 'bad-args');
		denied(fs, { tool: 'write_file', args: { path: '/workspace/output/x.md' } }, 'bad-args');
	});

	it('caps one file and the whole run, in bytes, with a clear error', () => {
		const limits = { ...DEFAULT_LIMITS, maxFileBytes: 100, maxRunBytes: 250 };
		let fs = base();
		const big = runTool(
			fs,
			{ tool: 'write_file', args: { path: '/workspace/output/big.md', content: '报'.repeat(34) } },
			2,
			limits
		);
		expect(big.outcome).toMatchObject({ ok: false, code: 'file-too-large' });
		expect(!big.outcome.ok && big.outcome.message).toContain('102 bytes');
		for (let i = 0; i < 2; i++) {
			const r = runTool(
				fs,
				{ tool: 'write_file', args: { path: '/workspace/output/same.md', content: 'x'.repeat(100) } },
				2 + i,
				limits
			);
			expect(r.outcome.ok).toBe(true);
			fs = r.fs;
		}
		expect(fs.bytesWritten).toBe(200);
		// Overwrites count: 200 written, 51 more would pass the 250 cap even though the file holds 100.
		const over = runTool(
			fs,
			{ tool: 'write_file', args: { path: '/workspace/output/same.md', content: 'y'.repeat(51) } },
			5,
			limits
		);
		expect(over.outcome).toMatchObject({ ok: false, code: 'run-quota' });
		expect(!over.outcome.ok && over.outcome.message).toContain('50 bytes left');
		expect(
			runTool(
				fs,
				{ tool: 'write_file', args: { path: '/workspace/output/same.md', content: 'y'.repeat(50) } },
				5,
				limits
			).outcome.ok
		).toBe(true);
	});
});

describe('list_dir', () => {
	it('lists /workspace as its three entries only', () => {
		const fs: FileSystemState = {
			...base(),
			files: { ...base().files, '/workspace/secret.txt': { content: 's', mtime: 0 } }
		};
		const res = ok<ListResult>(runTool(fs, { tool: 'list_dir', args: { path: '/workspace' } }, 2).outcome);
		expect(res.entries.map((e) => [e.name, e.kind])).toEqual([
			['input', 'dir'],
			['output', 'dir'],
			['rules.json', 'file']
		]);
	});

	it('lists input with sizes in bytes, and an empty output', () => {
		const fs = base();
		const res = ok<ListResult>(
			runTool(fs, { tool: 'list_dir', args: { path: '/workspace/input/' } }, 2).outcome
		);
		expect(res.path).toBe('/workspace/input');
		expect(res.entries.map((e) => e.name)).toEqual([
			'README.md',
			'customers.csv',
			'sales_q3.csv',
			'transactions.csv'
		]);
		const customers = res.entries.find((e) => e.name === 'customers.csv');
		expect(customers).toEqual({
			name: 'customers.csv',
			kind: 'file',
			size: fs.files[CUSTOMERS_PATH]?.content.length,
			mtime: 0
		});
		expect(
			ok<ListResult>(runTool(fs, { tool: 'list_dir', args: { path: '/workspace/output' } }, 2).outcome)
				.entries
		).toEqual([]);
	});

	it('refuses files, missing folders and paths outside', () => {
		const fs = base();
		denied(fs, { tool: 'list_dir', args: { path: SALES_PATH } }, 'not-a-dir');
		denied(fs, { tool: 'list_dir', args: { path: '/workspace/output/nope' } }, 'not-found');
		denied(fs, { tool: 'list_dir', args: { path: '/workspace/input_evil' } }, 'outside-root');
		denied(fs, { tool: 'list_dir', args: { path: '/' } }, 'outside-root');
	});
});

describe('records', () => {
	it('records unknown tools and malformed calls without throwing', () => {
		const fs = base();
		expect(denied(fs, { tool: 'exec', args: { cmd: 'rm -rf /' } }, 'unknown-tool')).toMatchObject({
			tool: 'exec',
			args: { cmd: 'rm -rf /' }
		});
		expect(denied(fs, { tool: 42 as unknown as string, args: null }, 'unknown-tool').tool).toBe('(a number)');
		expect(denied(fs, null as unknown as ToolCall, 'unknown-tool').tool).toBe('(undefined)');
	});

	it('keeps arguments as given when small, and cuts them to about 500 characters when huge', () => {
		const fs = base();
		const content = 'z'.repeat(50_000);
		const r = runTool(fs, { tool: 'write_file', args: { path: '/workspace/output/z.md', content } }, 2);
		expect(r.outcome.ok).toBe(true);
		expect(JSON.stringify(r.record.args).length).toBeLessThanOrEqual(520);
		expect((r.record.args as { path: string }).path).toBe('/workspace/output/z.md');
		expect((r.record.effect as { content: string }).content).toBe(content);
		const huge = denied(fs, { tool: 'read_file', args: { path: '/'.repeat(1_000_000) } }, 'too-long');
		expect(JSON.stringify(huge).length).toBeLessThan(1_200);
	});

	it('makes any argument loggable: undefined in arrays, NaN, bigint, cycles, __proto__ keys', () => {
		const cyclic: Record<string, unknown> = { path: '/workspace/input/a.csv' };
		cyclic.self = cyclic;
		const weird = [
			{ path: [undefined, NaN, Infinity] },
			{ path: 10n },
			cyclic,
			JSON.parse('{"path":"/workspace/input/x","__proto__":{"polluted":1}}'),
			{ path: () => 1 },
			Array.from({ length: 1000 }, (_, i) => i)
		];
		for (const args of weird) {
			const r = runTool(base(), { tool: 'read_file', args }, 2);
			expect(() => canonicalJson(r.record)).not.toThrow();
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('is deterministic', () => {
		const call = {
			tool: 'query_csv',
			args: { path: SALES_PATH, groupBy: ['region'], aggregate: [{ column: 'amount', fn: 'avg' }] }
		};
		expect(runTool(base(), call, 3)).toEqual(runTool(base(), call, 3));
	});

	it('throws only on a caller bug: a bad tick or limits', () => {
		expect(() => runTool(base(), { tool: 'list_dir', args: { path: '/workspace' } }, -1)).toThrow(RangeError);
		expect(() =>
			runTool(base(), { tool: 'list_dir', args: { path: '/workspace' } }, 1, {
				...DEFAULT_LIMITS,
				maxReadChars: 0
			})
		).toThrow(RangeError);
	});
});

describe('applyToolEffect', () => {
	it('replays a session of calls from its records alone', () => {
		const calls: ToolCall[] = [
			{ tool: 'list_dir', args: { path: '/workspace' } },
			{ tool: 'write_file', args: { path: '/workspace/output/a.md', content: 'first' } },
			{ tool: 'write_file', args: { path: '/workspace/input/evil.csv', content: 'x' } },
			{ tool: 'read_file', args: { path: '/workspace/output/a.md' } },
			{ tool: 'write_file', args: { path: '/workspace/output/报告/终版.md', content: '结论' } },
			{ tool: 'write_file', args: { path: '/workspace/output/a.md', content: 'second' } },
			{ tool: 'query_csv', args: { path: SALES_PATH, limit: 1 } }
		];
		let live = base();
		const records: ToolCallRecord[] = [];
		calls.forEach((call, i) => {
			const r = runTool(live, call, 10 + i);
			live = r.fs;
			// Through JSON, as the log stores it.
			records.push(JSON.parse(JSON.stringify(r.record)) as ToolCallRecord);
		});
		let replayed = base();
		records.forEach((rec, i) => {
			replayed = applyToolEffect(replayed, rec, 10 + i);
		});
		expect(replayed).toEqual(live);
		expect(live.files['/workspace/output/a.md']).toEqual({ content: 'second', mtime: 15 });
	});

	it('leaves the files alone for reads and denials, and throws on a damaged write', () => {
		const fs = base();
		expect(applyToolEffect(fs, { tool: 'read_file', args: {}, ok: true }, 3)).toBe(fs);
		expect(applyToolEffect(fs, { tool: 'write_file', args: {}, ok: false, code: 'read-only' }, 3)).toBe(fs);
		for (const effect of [
			undefined,
			{ path: '/workspace/input/sales_q3.csv', content: 'x' },
			{ path: '/workspace/output/../input/a.csv', content: 'x' },
			{ path: '/workspace/output/a.md', content: 42 },
			{ path: '/workspace/output', content: 'x' }
		])
			expect(() => applyToolEffect(fs, { tool: 'write_file', args: {}, ok: true, effect }, 3)).toThrow(
				/damaged/
			);
	});
});
