/**
 * What an agent worker does: build its seat's agent (policy + private memory) and answer asks. The
 * model, if any, is reached over a MessagePort to the shared engine worker; governance's Executor
 * reaches the Tool Agent over a port to the run's tool worker.
 */
import * as Comlink from 'comlink';
import { Agent } from '$lib/agents/agent';
import { CallRefused, createStream, isRunInterrupted, type Ask, type CallGate } from '$lib/core';
import type { ChatRequest, SamplingSettings } from '$lib/engines/types';
import type { PolicyDeps } from '$lib/policies';
import type { ChatClient } from '$lib/policies/llm/chat-client';
import { loadScenario, policyForChoice } from '$lib/scenarios/registry';
import type { AgentReply, AgentSetup, AgentWorkerApi, EngineWorkerApi } from './protocol';
import type { ToolWorkerApi } from './tool-protocol';
import { problemIn } from './problems';

interface Thinker {
	monologue(observation: unknown, ctx: { seed: number; streamName: string }): Promise<unknown>;
	reflect(input: unknown, ctx: { seed: number; streamName: string }): Promise<unknown>;
}

export function createAgentHost(): AgentWorkerApi {
	let agent: Agent | null = null;
	/** The tick of the turn being decided: tool calls are stamped with it, as the log stamps them. */
	let tick = 0;
	/** Monologue and reflection are what model-backed policies can do besides acting. */
	const thinker = (what: string) => {
		const policy = agent?.policy as Partial<Thinker> | undefined;
		if (!policy?.monologue || !policy.reflect) throw new Error(`this seat has no model to ${what} with`);
		return policy as Thinker;
	};
	/** What the seat's policy is built from, kept so `configure` can rebuild it with new settings. */
	let build: ((sampling: SamplingSettings | undefined) => Agent) | null = null;
	return {
		async init(setup: AgentSetup) {
			let client: ChatClient | undefined;
			if (setup.enginePort) {
				const engine = Comlink.wrap<EngineWorkerApi>(setup.enginePort);
				client = {
					engine: setup.choice.engine,
					model: setup.choice.model ?? '',
					contextWindow: setup.contextWindow ?? 2048,
					reasoning: setup.reasoning ?? false,
					chat: ({ onDelta, signal: _signal, ...request }: ChatRequest) =>
						engine.chat(request, onDelta ? Comlink.proxy(onDelta) : undefined)
				};
			}
			// This seat's scenario's descriptor alone, its chunk loaded once per worker (the registry
			// registers none by itself).
			await loadScenario(setup.scenario);
			const deps: PolicyDeps = {};
			if (setup.toolPort) {
				const toolWorker = Comlink.wrap<ToolWorkerApi>(setup.toolPort);
				deps.tools = {
					call: async (call) => {
						const { outcome, record } = await toolWorker.call(call, tick);
						return { ...outcome, record };
					}
				};
			}
			build = (sampling) =>
				new Agent(
					setup.seat,
					policyForChoice(setup.scenario, setup.choice, {
						client,
						seat: setup.seat,
						deps,
						...(setup.lessons?.length ? { lessons: setup.lessons } : {}),
						...(sampling ? { sampling } : {})
					})
				);
			agent = build(setup.sampling);
			return { label: agent.label };
		},
		async configure(sampling) {
			if (!build) throw new Error('the agent was configured before it was set up');
			agent = build(sampling);
		},
		async restore(calls) {
			if (!agent) throw new Error('the agent was restored before it was set up');
			await agent.policy.restore?.(calls);
		},
		async monologue(observation, ctx) {
			return thinker('monologue').monologue(observation, ctx);
		},
		async reflect(input, ctx) {
			return thinker('reflect').reflect(input, ctx);
		},
		async act(
			observation: unknown,
			ask: Ask,
			ctx: { seed: number; streamName: string; tick: number },
			gate?: CallGate
		): Promise<AgentReply> {
			if (!agent) throw new Error('the agent was asked to act before it was set up');
			tick = ctx.tick;
			try {
				return await agent.act(observation, ask, {
					rng: createStream(ctx.seed, ctx.streamName),
					...ctx,
					...(gate ? { gate } : {})
				});
			} catch (err) {
				if (err instanceof CallRefused)
					return { action: null, refused: { refusal: err.refusal, calls: [...err.calls] } };
				if (!isRunInterrupted(err)) throw err;
				const problem = problemIn(err);
				return {
					action: null,
					interrupted: {
						message: err.message,
						reason: err.reason,
						calls: err.calls,
						toolCalls: err.toolCalls,
						...(problem ? { problem } : {})
					}
				};
			}
		}
	};
}
