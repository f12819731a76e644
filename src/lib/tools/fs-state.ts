/**
 * Pure operations on a FileSystemState. Paths given here are already checked and normalised by
 * the path policy; nothing here resolves `.`/`..` or follows links (the model has none).
 */
import { INPUT_ROOT, OUTPUT_ROOT, RULES_PATH, WORKSPACE } from './path-policy';
import { withFile } from './shared-files';
import { utf8Length } from './text';
import type { FileRecord, FileSystemState, ListEntry } from './types';

/** Folders that exist whatever the state holds: agents may always list them. */
const ALWAYS_DIRS = new Set([WORKSPACE, INPUT_ROOT, OUTPUT_ROOT]);

/** What a listing of /workspace may show: the roots, never anything else a state might hold. */
const WORKSPACE_CHILDREN = new Set([INPUT_ROOT, OUTPUT_ROOT, RULES_PATH]);

export function emptyFileSystem(): FileSystemState {
	return { files: {}, dirs: [OUTPUT_ROOT] };
}

export function fileAt(fs: FileSystemState, path: string): FileRecord | undefined {
	return Object.hasOwn(fs.files, path) ? fs.files[path] : undefined;
}

export function isDirectory(fs: FileSystemState, path: string): boolean {
	if (ALWAYS_DIRS.has(path) || fs.dirs.includes(path) || foldersOf(fs.files).has(path)) return true;
	const prefix = path + '/';
	return fs.dirs.some((d) => d.startsWith(prefix));
}

/**
 * The folders above some file of a files record (a path is one exactly when some file's path starts
 * with it and a slash), built once per record and carried forward by `writeFile`: a long governance
 * run holds a thousand files, and a scan of them on every tool call grew with the run.
 */
const folders = new WeakMap<FileSystemState['files'], ReadonlySet<string>>();

function addFoldersOf(into: Set<string>, path: string): void {
	for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) into.add(path.slice(0, i));
}

function foldersOf(files: FileSystemState['files']): ReadonlySet<string> {
	let set = folders.get(files);
	if (!set) {
		const all = new Set<string>();
		for (const key in files) addFoldersOf(all, key);
		folders.set(files, (set = all));
	}
	return set;
}

/** The nearest ancestor of `path` that is a file, if any: nothing can be written beneath a file. */
export function fileAncestor(fs: FileSystemState, path: string): string | undefined {
	for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) {
		const up = path.slice(0, i);
		if (fileAt(fs, up)) return up;
	}
	return undefined;
}

/** A copy of `fs` with one file written at logical time `tick`. */
export function writeFile(fs: FileSystemState, path: string, content: string, tick: number): FileSystemState {
	const bytesWritten = (fs.bytesWritten ?? 0) + utf8Length(content);
	const files = withFile(fs.files, path, { content, mtime: tick });
	const before = folders.get(fs.files);
	if (before) {
		const after = new Set(before);
		addFoldersOf(after, path);
		folders.set(files, after);
	}
	return { files, dirs: fs.dirs, bytesWritten };
}

/** Direct children of a directory, sorted by name (code units, the same order everywhere). */
export function listDirectory(fs: FileSystemState, dir: string): ListEntry[] {
	const prefix = dir + '/';
	const byName = new Map<string, ListEntry>();
	const add = (full: string, size: number, mtime: number) => {
		const rest = full.slice(prefix.length);
		const slash = rest.indexOf('/');
		const name = slash < 0 ? rest : rest.slice(0, slash);
		if (name === '') return;
		if (dir === WORKSPACE && !WORKSPACE_CHILDREN.has(prefix + name)) return;
		const kind = slash < 0 ? 'file' : 'dir';
		const prev = byName.get(name);
		if (!prev) byName.set(name, { name, kind, size, mtime });
		else {
			prev.size += size;
			prev.mtime = Math.max(prev.mtime, mtime);
		}
	};
	for (const key in fs.files) {
		if (!key.startsWith(prefix)) continue;
		const rec = fs.files[key] as FileRecord;
		add(key, utf8Length(rec.content), rec.mtime);
	}
	// Explicit (possibly empty) dirs: the trailing '/' makes them folders, size 0 adds no bytes.
	for (const d of [...fs.dirs, ...ALWAYS_DIRS]) if (d.startsWith(prefix)) add(d + '/', 0, 0);
	return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Same files (content and mtime), same explicit dirs, same bytes written: key order does not matter. */
export function statesEqual(a: FileSystemState, b: FileSystemState): boolean {
	if ((a.bytesWritten ?? 0) !== (b.bytesWritten ?? 0)) return false;
	const ak = Object.keys(a.files);
	if (ak.length !== Object.keys(b.files).length) return false;
	for (const k of ak) {
		const x = a.files[k] as FileRecord;
		const y = fileAt(b, k);
		if (!y || x.content !== y.content || x.mtime !== y.mtime) return false;
	}
	const ad = [...new Set(a.dirs)].sort();
	const bd = [...new Set(b.dirs)].sort();
	return ad.length === bd.length && ad.every((d, i) => d === bd[i]);
}
