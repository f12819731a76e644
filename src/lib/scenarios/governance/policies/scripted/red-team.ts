/**
 * The red-team Executor: before its first task it sends every known traversal payload to the Tool
 * Agent (read, write and list), then works as the ordinary scripted Executor. Every probe is denied
 * and lands in the log as a `tool.called` event: the audit trail a class can inspect, and the proof
 * that the path policy holds when the calls come from an agent rather than a unit test.
 */
import type { Policy, ToolCallRecord } from '../../../../core';
import type { ToolHost } from '../..';
import { TRAVERSAL_PAYLOADS } from '../../../../tools/probes';

export const RED_TEAM_LABEL = 'scripted red team (no LLM)';

const PROBE_CALLS = TRAVERSAL_PAYLOADS.flatMap(([, path]) => [
	{ tool: 'read_file', args: { path } },
	{ tool: 'list_dir', args: { path } },
	{ tool: 'write_file', args: { path, content: 'probe' } }
]);

export function redTeamExecutor<O>(inner: Policy<O>, tools: ToolHost): Policy<O> {
	let probed = false;
	return {
		label: RED_TEAM_LABEL,
		async act(obs, ask, ctx) {
			const probes: ToolCallRecord[] = [];
			if (!probed) {
				probed = true;
				for (const call of PROBE_CALLS) probes.push((await tools.call(call)).record);
			}
			const reply = await inner.act(obs, ask, ctx);
			return probes.length ? { ...reply, toolCalls: [...probes, ...(reply.toolCalls ?? [])] } : reply;
		}
	};
}
