import { describe, expect, it } from 'vitest';
import { generateDataset, type FileSystemState, type ReadResult } from '../../tools';
import { createMemoryToolHost } from './tool-host';

describe('the memory tool host', () => {
	it('shows a decision its own writes, and drops them once the state moves on', async () => {
		let fs: FileSystemState = generateDataset(1);
		let tick = 5;
		const host = createMemoryToolHost(
			() => fs,
			() => tick
		);
		const w = await host.call({
			tool: 'write_file',
			args: { path: '/workspace/output/a.md', content: 'draft' }
		});
		expect(w.ok).toBe(true);
		expect(w.record).toMatchObject({
			tool: 'write_file',
			ok: true,
			effect: { path: '/workspace/output/a.md', content: 'draft' }
		});
		const r = await host.call({ tool: 'read_file', args: { path: '/workspace/output/a.md' } });
		expect(r.ok && (r.result as ReadResult).content).toBe('draft');
		// The next turn: the write was never folded into the state, so it is gone.
		tick = 6;
		expect((await host.call({ tool: 'read_file', args: { path: '/workspace/output/a.md' } })).ok).toBe(false);
		// A new state (e.g. the write folded in) also resets the overlay.
		fs = { ...fs, files: { ...fs.files, '/workspace/output/b.md': { content: 'b', mtime: 6 } } };
		expect((await host.call({ tool: 'read_file', args: { path: '/workspace/output/b.md' } })).ok).toBe(true);
	});

	it('denies a path outside the sandbox with a record for the log, never a throw', async () => {
		const host = createMemoryToolHost(
			() => generateDataset(1),
			() => 1
		);
		const out = await host.call({ tool: 'read_file', args: { path: '/workspace/input/../../etc/passwd' } });
		expect(out.ok).toBe(false);
		expect(out.record).toMatchObject({ tool: 'read_file', ok: false, code: expect.any(String) });
	});
});
