/**
 * How an Executor's policy reaches the Tool Agent while it decides. The policy calls `host.call`,
 * collects each `record` and reports them in `PolicyReply.toolCalls`; the runner logs them as
 * `tool.called` events before the action, and the reducer applies successful writes from the log.
 *
 * In Node (sim, tests) the memory host runs the pure `runTool` over an overlay of the state's files:
 * writes made earlier in the same decision are visible to later calls of that decision, and the
 * overlay is dropped as soon as the state moves on (a new turn, or the writes folded in). On the page
 * the lead passes a host backed by the tool worker over IndexedDB: the same `runTool`, the same results.
 */
import { runTool, type FileSystemState, type ToolHost, type ToolLimits } from '../../tools';
import type { GovernanceState } from './state';

export type { ToolHost };

export function createMemoryToolHost(
	getFs: () => FileSystemState,
	tick: () => number,
	limits?: ToolLimits
): ToolHost {
	let overlay: { base: FileSystemState; tick: number; fs: FileSystemState } | null = null;
	return {
		async call(call) {
			const base = getFs();
			const t = tick();
			if (!overlay || overlay.base !== base || overlay.tick !== t) overlay = { base, tick: t, fs: base };
			const { outcome, fs, record } = runTool(overlay.fs, call, t, limits);
			overlay.fs = fs;
			return { ...outcome, record };
		}
	};
}

/** A memory host over a running governance state: writes are stamped with the turn's tick. */
export function stateToolHost(getState: () => GovernanceState, limits?: ToolLimits): ToolHost {
	return createMemoryToolHost(
		() => getState().fs,
		() => getState().tick + 1,
		limits
	);
}
