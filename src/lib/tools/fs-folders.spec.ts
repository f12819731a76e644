import { describe, expect, it } from 'vitest';
import { emptyFileSystem, isDirectory, writeFile } from './fs-state';

// isDirectory reads a set of folders carried through writes; it must answer as a scan of every path.
const scan = (files: Record<string, unknown>, dirs: readonly string[], path: string) =>
	dirs.includes(path) ||
	Object.keys(files).some((k) => k.startsWith(path + '/')) ||
	dirs.some((d) => d.startsWith(path + '/'));

describe('isDirectory over written files', () => {
	it('answers as a scan of every file would, before and after writes', () => {
		let fs = emptyFileSystem();
		const probes = [
			'',
			'/workspace',
			'/workspace/output',
			'/workspace/output/a',
			'/workspace/output/a/b',
			'/x',
			'/workspace/outpu'
		];
		const check = () => {
			for (const p of probes)
				if (!['/workspace', '/workspace/input', '/workspace/output'].includes(p))
					expect(isDirectory(fs, p), p).toBe(scan(fs.files, fs.dirs, p));
		};
		check();
		fs = writeFile(fs, '/workspace/output/a/b/c.csv', 'x', 1);
		check();
		fs = writeFile(fs, '/workspace/output/t.csv', 'y', 2);
		check();
		fs = writeFile(fs, '/x/y', 'z', 3);
		check();
		expect(isDirectory(fs, '/x')).toBe(true);
		expect(isDirectory(fs, '/workspace/output/a/b')).toBe(true);
		expect(isDirectory(fs, '/workspace/output/t.csv')).toBe(false);
	});
});
