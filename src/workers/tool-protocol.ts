/**
 * The messages between the page and the tool worker (the Tool Agent), in one place: both sides
 * import these types. Everything that crosses is plain data (structured clone).
 */
import type { ToolCallRecord } from '$lib/core';
import type { FileSystemState, ToolCall, ToolLimits, ToolOutcome } from '$lib/tools/types';

export interface ToolCallReply {
	outcome: ToolOutcome;
	/** Goes in the log as a `tool.called` event (through PolicyReply.toolCalls). */
	record: ToolCallRecord;
}

/** Exposed by tool.worker.ts. Calls must be awaited one at a time, in the order the log records them. */
export interface ToolWorkerApi {
	/** Starts a run's session with the files folded from its log (the store is made to match). */
	open(runId: string, initial: FileSystemState, limits?: ToolLimits): Promise<void>;
	call(call: ToolCall, tick: number): Promise<ToolCallReply>;
	snapshot(): Promise<FileSystemState>;
	close(): Promise<void>;
	/** Why the files are not being saved (IndexedDB unavailable or full), or null. */
	problem(): Promise<string | null>;
	/** Deletes a run's saved files, e.g. when the run itself is deleted. */
	discard(runId: string): Promise<void>;
	/** Serves the same session to an agent worker (governance's Executor) over its own channel. */
	connect(port: MessagePort): void;
}
