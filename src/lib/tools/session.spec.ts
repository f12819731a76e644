import { describe, expect, it } from 'vitest';
import { generateDataset } from './data';
import { runTool } from './dispatch';
import { statesEqual, writeFile } from './fs-state';
import { createToolSession, type FileStore } from './session';
import type { FileSystemState } from './types';

/** A store in memory that counts what it is asked to do, and can be told to fail. */
function memoryStores() {
	const saved = new Map<string, FileSystemState>();
	const log: string[] = [];
	let failing = false;
	const open = (runId: string): FileStore => ({
		async load() {
			log.push(`load ${runId}`);
			return saved.get(runId) ?? null;
		},
		async save(fs) {
			if (failing) throw new Error('QuotaExceededError');
			log.push(`save ${runId}`);
			saved.set(runId, fs);
		},
		async applyWrite(path, content, mtime) {
			if (failing) throw new Error('QuotaExceededError');
			log.push(`write ${runId} ${path}`);
			saved.set(runId, writeFile(saved.get(runId) ?? { files: {}, dirs: [] }, path, content, mtime));
		},
		async delete() {
			log.push(`delete ${runId}`);
			saved.delete(runId);
		},
		close() {}
	});
	return { open, saved, log, fail: () => (failing = true) };
}

describe('tool host (the tool worker without the worker)', () => {
	it('answers like runTool and saves each write', async () => {
		const stores = memoryStores();
		const host = createToolSession(stores.open);
		const initial = generateDataset(1);
		await host.open('run-1', initial);
		const call = { tool: 'write_file', args: { path: '/workspace/output/a.md', content: 'hi' } };
		const reply = await host.call(call, 4);
		const direct = runTool(initial, call, 4);
		expect(reply).toEqual({ outcome: direct.outcome, record: direct.record });
		expect(await host.snapshot()).toEqual(direct.fs);
		expect(statesEqual(stores.saved.get('run-1') as FileSystemState, direct.fs)).toBe(true);
		expect(stores.log).toEqual(['load run-1', 'save run-1', 'write run-1 /workspace/output/a.md']);
		expect(await host.problem()).toBeNull();
	});

	it('does not rewrite a store that already matches, and makes a stale one match the log', async () => {
		const stores = memoryStores();
		const host = createToolSession(stores.open);
		const initial = generateDataset(2);
		await host.open('r', initial);
		await host.close();
		await host.open('r', initial);
		expect(stores.log.filter((l) => l.startsWith('save'))).toHaveLength(1);
		const folded = writeFile(initial, '/workspace/output/x.md', 'x', 3);
		await host.open('r', folded);
		expect(stores.log.filter((l) => l.startsWith('save'))).toHaveLength(2);
		expect(await host.snapshot()).toBe(folded);
	});

	it('goes on in memory when storage fails, and says why', async () => {
		const stores = memoryStores();
		const host = createToolSession(stores.open);
		await host.open('r', generateDataset(1));
		stores.fail();
		const reply = await host.call(
			{ tool: 'write_file', args: { path: '/workspace/output/a.md', content: 'x' } },
			2
		);
		expect(reply.outcome.ok).toBe(true);
		expect((await host.snapshot()).files['/workspace/output/a.md']?.content).toBe('x');
		expect(await host.problem()).toContain('QuotaExceededError');
	});

	it('refuses calls before open and discards a run', async () => {
		const stores = memoryStores();
		const host = createToolSession(stores.open);
		await expect(host.call({ tool: 'list_dir', args: { path: '/workspace' } }, 1)).rejects.toThrow(
			/before open/
		);
		await host.open('gone', generateDataset(1));
		await host.discard('gone');
		expect(stores.saved.has('gone')).toBe(false);
		await expect(host.snapshot()).rejects.toThrow();
	});
});
