/**
 * A files record that a write shares with the record it was written from. `{ ...files, [path]: f }`
 * copied every file on every write: a 3,000-round governance run writes 1,500 outputs, and its last
 * writes cost a hundred times its first. Here the files sit in 64 buckets by a hash of the path and
 * a write copies one bucket and the bucket list, the rest shared: old records never change.
 *
 * What a write returns reads as the plain record it stands for (`Readonly<Record<string,
 * FileRecord>>`): indexing, `in`, `Object.hasOwn`, `Object.keys` and `for...in` (in the order the
 * paths were first written, as a spread would give), JSON. It refuses assignment and deletion.
 */
import type { FileRecord } from './types';

type Files = Readonly<Record<string, FileRecord>>;

const BUCKETS = 64;

interface Entry {
	rec: FileRecord;
	/** When the path was first written: the record's key order. */
	order: number;
}

interface Store {
	buckets: readonly ReadonlyMap<string, Entry>[];
	next: number;
	keys?: string[];
}

const stores = new WeakMap<object, Store>();

function bucketOf(path: string): number {
	let h = 0;
	for (let i = 0; i < path.length; i++) h = (Math.imul(h, 31) + path.charCodeAt(i)) | 0;
	return (h >>> 0) % BUCKETS;
}

function keysOf(store: Store): string[] {
	if (!store.keys) {
		const all: [string, number][] = [];
		for (const b of store.buckets) for (const [k, e] of b) all.push([k, e.order]);
		store.keys = all.sort((a, b) => a[1] - b[1]).map(([k]) => k);
	}
	return store.keys;
}

function view(store: Store): Files {
	const entry = (k: string | symbol) =>
		typeof k === 'string' ? store.buckets[bucketOf(k)]!.get(k) : undefined;
	const files = new Proxy({} as Files, {
		get: (t, k, r) => entry(k)?.rec ?? Reflect.get(t, k, r),
		has: (t, k) => entry(k) !== undefined || Reflect.has(t, k),
		ownKeys: () => keysOf(store).slice(),
		getOwnPropertyDescriptor: (_t, k) => {
			const e = entry(k);
			return e ? { value: e.rec, writable: true, enumerable: true, configurable: true } : undefined;
		},
		set: () => false,
		defineProperty: () => false,
		deleteProperty: () => false
	});
	stores.set(files, store);
	return files;
}

function storeOf(files: Files): Store {
	const known = stores.get(files);
	if (known) return known;
	const buckets = Array.from({ length: BUCKETS }, () => new Map<string, Entry>());
	let next = 0;
	for (const k of Object.keys(files)) buckets[bucketOf(k)]!.set(k, { rec: files[k]!, order: next++ });
	return { buckets, next };
}

/** `{ ...files, [path]: rec }`, sharing all but one bucket with `files`. */
export function withFile(files: Files, path: string, rec: FileRecord): Files {
	const store = storeOf(files);
	const b = bucketOf(path);
	const bucket = new Map(store.buckets[b]);
	const had = bucket.get(path);
	bucket.set(path, { rec, order: had ? had.order : store.next });
	const buckets = store.buckets.slice();
	buckets[b] = bucket;
	return view({ buckets, next: had ? store.next : store.next + 1 });
}
