// The IndexedDB side needs a browser; here, the mapping between a state and its stored rows.
import { describe, expect, it } from 'vitest';
import { generateDataset } from '$lib/tools/data';
import { statesEqual, writeFile } from '$lib/tools/fs-state';
import { fromRows, openVfs, toRows } from './vfs';

describe('vfs rows', () => {
	it('round-trips a state through its rows, with sizes in UTF-8 bytes', () => {
		const fs = writeFile(generateDataset(1), '/workspace/output/报告.md', '结论', 7);
		const rows = toRows('run-1', fs);
		expect(rows.files.find((f) => f.path === '/workspace/output/报告.md')).toEqual({
			runId: 'run-1',
			path: '/workspace/output/报告.md',
			content: '结论',
			size: 6,
			mtime: 7
		});
		expect(rows.run).toMatchObject({ runId: 'run-1', bytesWritten: 6, files: 5, mtime: 7 });
		expect(rows.dirs).toEqual([{ runId: 'run-1', path: '/workspace/output' }]);
		// IndexedDB hands rows back in key order; the state is the same whatever the order.
		const back = fromRows(
			rows.run,
			[...rows.files].sort((a, b) => (a.path < b.path ? -1 : 1)),
			rows.dirs
		);
		expect(statesEqual(back, fs)).toBe(true);
		expect(statesEqual(fromRows(toRows('r', generateDataset(1)).run, [], []), generateDataset(1))).toBe(
			false
		);
	});

	it('rejects with a readable error where there is no IndexedDB (Node)', async () => {
		await expect(openVfs('run-1').load()).rejects.toThrow(/IndexedDB is unavailable/);
		await expect(openVfs('run-1').applyWrite('/workspace/input/a.csv', 'x', 1)).rejects.toThrow(/outside/);
		expect(() => openVfs('')).toThrow(TypeError);
	});
});
