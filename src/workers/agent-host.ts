/**
 * What an agent worker does: build its seat's agent (policy + private memory) and answer asks. The
 * model, if any, is reached over a MessagePort to the shared engine worker.
 */
import * as Comlink from 'comlink';
import { Agent } from '$lib/agents/agent';
import { createStream, isRunInterrupted, type Ask } from '$lib/core';
import type { ChatRequest } from '$lib/engines/types';
import type { ChatClient } from '$lib/policies/llm/chat-client';
import { policyForChoice } from '$lib/policies/factory';
import type { AgentReply, AgentSetup, AgentWorkerApi, EngineWorkerApi } from './protocol';

export function createAgentHost(): AgentWorkerApi {
	let agent: Agent | null = null;
	return {
		async init(setup: AgentSetup) {
			let client: ChatClient | undefined;
			if (setup.enginePort) {
				const engine = Comlink.wrap<EngineWorkerApi>(setup.enginePort);
				client = {
					engine: setup.choice.engine,
					model: setup.choice.model ?? '',
					contextWindow: setup.contextWindow ?? 2048,
					chat: ({ onDelta, signal: _signal, ...request }: ChatRequest) =>
						engine.chat(request, onDelta ? Comlink.proxy(onDelta) : undefined)
				};
			}
			agent = new Agent(setup.seat, policyForChoice(setup.scenario, setup.choice, client));
			return { label: agent.label };
		},
		async act(observation: unknown, ask: Ask, seed: number, streamName: string): Promise<AgentReply> {
			if (!agent) throw new Error('the agent was asked to act before it was set up');
			try {
				return await agent.act(observation, ask, { rng: createStream(seed, streamName), seed, streamName });
			} catch (err) {
				if (!isRunInterrupted(err)) throw err;
				return { action: null, interrupted: { message: err.message, reason: err.reason, calls: err.calls } };
			}
		}
	};
}
