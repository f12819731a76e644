/**
 * Each run's virtual filesystem in IndexedDB: its own database, `conclave-vfs`, so the Tool Agent
 * never has to upgrade (or wait on a version change of) the `conclave` database that runs.ts owns.
 *
 * Stores: `files` (one row per file: run, path, content, size in UTF-8 bytes, mtime as a logical
 * tick), `dirs` (explicit, possibly empty folders) and `runs` (per run: bytes written, file count,
 * total bytes, latest mtime). Only the tool worker opens this database (through `openVfs`); the
 * page asks the worker. The event log stays the truth: this is a copy that spares a resumed run
 * from refolding its files and lets a page browse them.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FileStore } from '$lib/tools/session';
import { isReplayableOutputPath } from '$lib/tools/path-policy';
import { utf8Length } from '$lib/tools/text';
import type { FileRecord, FileSystemState } from '$lib/tools/types';

const VFS_DB_NAME = 'conclave-vfs';
const VFS_DB_VERSION = 1;

export interface VfsFileRow {
	runId: string;
	path: string;
	content: string;
	size: number;
	mtime: number;
}

export interface VfsDirRow {
	runId: string;
	path: string;
}

export interface VfsRunRow {
	runId: string;
	bytesWritten: number;
	files: number;
	bytes: number;
	/** Latest file mtime (logical tick). */
	mtime: number;
}

interface VfsDB extends DBSchema {
	files: { key: [string, string]; value: VfsFileRow };
	dirs: { key: [string, string]; value: VfsDirRow };
	runs: { key: string; value: VfsRunRow };
}

/** A run's rows as stored: pure, so Node tests can check the mapping without IndexedDB. */
export function toRows(
	runId: string,
	fs: FileSystemState
): { run: VfsRunRow; files: VfsFileRow[]; dirs: VfsDirRow[] } {
	const files = Object.entries(fs.files).map(([path, rec]) => ({
		runId,
		path,
		content: rec.content,
		size: utf8Length(rec.content),
		mtime: rec.mtime
	}));
	const dirs = [...new Set(fs.dirs)].map((path) => ({ runId, path }));
	const run: VfsRunRow = {
		runId,
		bytesWritten: fs.bytesWritten ?? 0,
		files: files.length,
		bytes: files.reduce((n, f) => n + f.size, 0),
		mtime: files.reduce((m, f) => Math.max(m, f.mtime), 0)
	};
	return { run, files, dirs };
}

/** The state back from its rows (files in path order, as IndexedDB returns them). */
export function fromRows(
	run: VfsRunRow,
	files: readonly VfsFileRow[],
	dirs: readonly VfsDirRow[]
): FileSystemState {
	const map: Record<string, FileRecord> = {};
	for (const f of files) map[f.path] = { content: f.content, mtime: f.mtime };
	const fs: FileSystemState = { files: map, dirs: dirs.map((d) => d.path) };
	return run.bytesWritten ? { ...fs, bytesWritten: run.bytesWritten } : fs;
}

export interface Vfs extends FileStore {
	readonly runId: string;
}

/** Every key of one run: [runId, ''] up to [runId, '\uffff'] (paths start with '/', below U+FFFF). */
function runRange(runId: string): IDBKeyRange {
	return IDBKeyRange.bound([runId, ''], [runId, '\uffff']);
}

let shared: Promise<IDBPDatabase<VfsDB>> | null = null;

function database(): Promise<IDBPDatabase<VfsDB>> {
	if (typeof indexedDB === 'undefined' || indexedDB === null)
		return Promise.reject(new Error('IndexedDB is unavailable in this browser'));
	shared ??= openDB<VfsDB>(VFS_DB_NAME, VFS_DB_VERSION, {
		upgrade(db) {
			db.createObjectStore('files', { keyPath: ['runId', 'path'] });
			db.createObjectStore('dirs', { keyPath: ['runId', 'path'] });
			db.createObjectStore('runs', { keyPath: 'runId' });
		},
		// Another tab wants a newer version: let it, and reopen on the next call.
		blocking() {
			void shared?.then((db) => db.close());
			shared = null;
		}
	}).catch((err: unknown) => {
		shared = null;
		throw err;
	});
	return shared;
}

/** One run's files. Opening is lazy; every method rejects with a readable error when storage fails. */
export function openVfs(runId: string): Vfs {
	if (typeof runId !== 'string' || runId === '') throw new TypeError('openVfs needs a run id');
	return {
		runId,
		async load() {
			const db = await database();
			const tx = db.transaction(['runs', 'files', 'dirs'], 'readonly');
			const [run, files, dirs] = await Promise.all([
				tx.objectStore('runs').get(runId),
				tx.objectStore('files').getAll(runRange(runId)),
				tx.objectStore('dirs').getAll(runRange(runId))
			]);
			await tx.done;
			return run ? fromRows(run, files, dirs) : null;
		},
		async save(fs) {
			const db = await database();
			const rows = toRows(runId, fs);
			const tx = db.transaction(['runs', 'files', 'dirs'], 'readwrite');
			const files = tx.objectStore('files');
			const dirs = tx.objectStore('dirs');
			void files.delete(runRange(runId));
			void dirs.delete(runRange(runId));
			for (const f of rows.files) void files.put(f);
			for (const d of rows.dirs) void dirs.put(d);
			void tx.objectStore('runs').put(rows.run);
			await tx.done;
		},
		async applyWrite(path, content, mtime) {
			// The same check a replay makes: a store write lands under /workspace/output or nowhere.
			if (!isReplayableOutputPath(path))
				throw new Error(`refusing to store a file outside /workspace/output: ${path}`);
			const db = await database();
			const tx = db.transaction(['runs', 'files'], 'readwrite');
			const files = tx.objectStore('files');
			const runs = tx.objectStore('runs');
			const size = utf8Length(content);
			const [before, run] = await Promise.all([files.get([runId, path]), runs.get(runId)]);
			void files.put({ runId, path, content, size, mtime });
			const base = run ?? { runId, bytesWritten: 0, files: 0, bytes: 0, mtime: 0 };
			void runs.put({
				runId,
				bytesWritten: base.bytesWritten + size,
				files: base.files + (before ? 0 : 1),
				bytes: base.bytes - (before?.size ?? 0) + size,
				mtime: Math.max(base.mtime, mtime)
			});
			await tx.done;
		},
		async delete() {
			const db = await database();
			const tx = db.transaction(['runs', 'files', 'dirs'], 'readwrite');
			void tx.objectStore('files').delete(runRange(runId));
			void tx.objectStore('dirs').delete(runRange(runId));
			void tx.objectStore('runs').delete(runId);
			await tx.done;
		},
		close() {
			// The database is shared by every run this worker opens; it closes with the worker.
		}
	};
}
