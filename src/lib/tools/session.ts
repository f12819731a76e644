/**
 * The Tool Agent's session, as the tool worker runs it: one run's files in memory, every call
 * through the pure `runTool`, and each successful write saved to a store (IndexedDB in the
 * browser, anything in tests). The store is injected, so this module stays pure and Node can run
 * the same session without a worker.
 *
 * The event log, not the store, is the truth: `open` takes the state the caller folded from the
 * log and makes the store match it. If the store fails (private window, quota), calls go on in
 * memory and `problem()` says why; the run loses nothing, since the log can rebuild the files.
 */
import type { ToolCallRecord } from '../core/policy';
import { runTool } from './dispatch';
import { statesEqual } from './fs-state';
import {
	DEFAULT_LIMITS,
	type FileSystemState,
	type ToolCall,
	type ToolLimits,
	type ToolOutcome
} from './types';

/** What the session needs from persistent storage (src/lib/storage/vfs.ts implements it). */
export interface FileStore {
	load(): Promise<FileSystemState | null>;
	save(fs: FileSystemState): Promise<void>;
	applyWrite(path: string, content: string, mtime: number): Promise<void>;
	delete(): Promise<void>;
	close(): void;
}

export interface ToolCallReply {
	outcome: ToolOutcome;
	/** Goes in the log as a `tool.called` event (through PolicyReply.toolCalls). */
	record: ToolCallRecord;
}

/**
 * One run's files as the tool worker keeps them (the page opens and closes it; an Executor's calls
 * reach it through a `ToolHost`). Calls must be awaited one at a time, in the order the log records them.
 */
export interface ToolSession {
	/** Starts a run's session with the files folded from its log (the store is made to match). */
	open(runId: string, initial: FileSystemState, limits?: ToolLimits): Promise<void>;
	call(call: ToolCall, tick: number): Promise<ToolCallReply>;
	snapshot(): Promise<FileSystemState>;
	close(): Promise<void>;
	/** Why the store stopped saving, or null while it saves. */
	problem(): Promise<string | null>;
	/** Deletes a run's stored files (e.g. when the run is deleted); closes the session if it is that run. */
	discard(runId: string): Promise<void>;
}

interface Session {
	runId: string;
	store: FileStore | null;
	fs: FileSystemState;
	limits: ToolLimits;
}

export function createToolSession(openStore: (runId: string) => FileStore): ToolSession {
	let session: Session | null = null;
	let problem: string | null = null;
	// Saves run one after another, in call order, whatever order their transactions would finish in.
	let queue: Promise<void> = Promise.resolve();

	const report = (err: unknown) => {
		problem ??= `The run's files are no longer being saved in this browser (${err instanceof Error ? err.message : String(err)}); the run goes on, and its log can rebuild them.`;
	};
	const persist = (work: (store: FileStore) => Promise<void>): Promise<void> => {
		const store = session?.store;
		if (!store) return queue;
		queue = queue.then(() => (problem ? undefined : work(store))).catch(report);
		return queue;
	};

	async function close(): Promise<void> {
		await queue;
		session?.store?.close();
		session = null;
	}

	return {
		async open(runId, initial, limits = DEFAULT_LIMITS) {
			await close();
			problem = null;
			let store: FileStore | null = null;
			try {
				store = openStore(runId);
			} catch (e) {
				report(e);
			}
			session = { runId, store, fs: initial, limits };
			await persist(async (s) => {
				const stored = await s.load();
				if (!stored || !statesEqual(stored, initial)) await s.save(initial);
			});
		},
		async call(call, tick) {
			if (!session) throw new Error('the tool worker was called before open()');
			const { outcome, fs, record } = runTool(session.fs, call, tick, session.limits);
			session.fs = fs;
			const effect = record.effect as { path: string; content: string } | undefined;
			if (effect) await persist((s) => s.applyWrite(effect.path, effect.content, tick));
			return { outcome, record };
		},
		async snapshot() {
			if (!session) throw new Error('the tool worker has no open run');
			return session.fs;
		},
		close,
		async problem() {
			return problem;
		},
		async discard(runId) {
			if (session?.runId === runId) {
				const store = session.store;
				await queue;
				session = null;
				if (store) {
					await store.delete();
					store.close();
				}
				return;
			}
			const store = openStore(runId);
			try {
				await store.delete();
			} finally {
				store.close();
			}
		}
	};
}
