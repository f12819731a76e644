/**
 * The Tool Agent's data model: a run's files as plain immutable data, the calls agents make, and
 * what each call gives back. Everything here is JSON-safe so that states, outcomes and records
 * cross worker boundaries (structured clone) and the event log (canonical JSON) unchanged.
 */
import type { ToolCallRecord } from '../core/policy';

export interface FileRecord {
	content: string;
	/** Logical tick of the last write: runs never read wall time. */
	mtime: number;
}

/**
 * A run's files as plain immutable data: path -> record. Directories are implied by prefixes, plus
 * explicit empty dirs in `dirs`. Paths are absolute and normalised (as `checkToolPath` returns them).
 */
export interface FileSystemState {
	files: Readonly<Record<string, FileRecord>>;
	dirs: readonly string[];
	/**
	 * UTF-8 bytes written by `write_file` so far in this run (overwrites count again), checked against
	 * `ToolLimits.maxRunBytes`. Absent means 0: states built by hand need not set it.
	 */
	bytesWritten?: number;
}

export type ToolName = 'read_file' | 'write_file' | 'list_dir' | 'query_csv';

export const TOOL_NAMES: readonly ToolName[] = ['read_file', 'write_file', 'list_dir', 'query_csv'];

/** Unvalidated, straight from an agent. */
export interface ToolCall {
	tool: string;
	args: unknown;
}

export interface ToolLimits {
	/** Characters (UTF-16 code units) one read_file call returns at most; page with `offset`. */
	maxReadChars: number;
	/** UTF-8 bytes one file may hold. */
	maxFileBytes: number;
	/** UTF-8 bytes write_file may write in one run, all files and overwrites together. */
	maxRunBytes: number;
}

export const DEFAULT_LIMITS: ToolLimits = Object.freeze({
	maxReadChars: 10_000,
	maxFileBytes: 100_000,
	maxRunBytes: 1_000_000
});

export interface ReadResult {
	path: string;
	content: string;
	offset: number;
	/** Where the next page starts, or null when this page reaches the end. */
	nextOffset: number | null;
	totalChars: number;
}

export interface WriteResult {
	path: string;
	bytes: number;
}

export interface ListEntry {
	name: string;
	kind: 'file' | 'dir';
	/** UTF-8 bytes; for a directory, the bytes of every file beneath it. */
	size: number;
	/** Logical tick; for a directory, the latest mtime beneath it (0 when empty). */
	mtime: number;
}

export interface ListResult {
	path: string;
	entries: ListEntry[];
}

export interface QueryResult {
	path: string;
	columns: string[];
	rows: Record<string, string | number>[];
	/** Rows (or groups) that matched before `limit` cut them. */
	totalRows: number;
}

export type ToolResult = ReadResult | WriteResult | ListResult | QueryResult;

export type ToolOutcome =
	| { ok: true; tool: ToolName; result: ToolResult }
	| { ok: false; tool: string; code: string; message: string };

/** A denial or failure before it is wrapped into an outcome. */
export interface ToolError {
	code: string;
	message: string;
}

/** The `effect` a successful write_file records, so a replay rebuilds the files without tools. */
export interface WriteEffect {
	path: string;
	content: string;
}

/**
 * How a policy reaches the Tool Agent while it decides (governance's Executor). It calls `call`,
 * collects each `record` and reports them in `PolicyReply.toolCalls`; the runner logs them as
 * `tool.called` events before the action. In Node a memory host runs `runTool` over the state's files
 * (scenarios/governance/tool-host.ts); on the page the tool worker's session answers, over a port.
 */
export interface ToolHost {
	call(call: ToolCall): Promise<ToolOutcome & { record: ToolCallRecord }>;
}
