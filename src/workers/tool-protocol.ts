/**
 * The messages between the page and the tool worker (the Tool Agent), in one place: both sides
 * import these types. Everything that crosses is plain data (structured clone).
 */
import type { ToolSession } from '$lib/tools/session';

export type { ToolCallReply } from '$lib/tools/session';

/** Exposed by tool.worker.ts: the run's session, and a way to share it with an agent worker. */
export interface ToolWorkerApi extends ToolSession {
	/** Serves the same session to an agent worker (governance's Executor) over its own channel. */
	connect(port: MessagePort): void;
}
