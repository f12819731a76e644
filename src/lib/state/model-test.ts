/**
 * "Test a model" on the models page: load one model in an engine worker, as a run would, ask it one
 * short question, and report what came back and how fast. Also the browser smoke test's entry point.
 */
import * as Comlink from 'comlink';
import { ownCallGate } from '$lib/core';
import type { ChatRequest, ChatResponse, LoadProgress, ModelChoice } from '$lib/engines/types';
import { requestHash, sendRecorded, type ChatClient } from '$lib/policies/llm/chat-client';
import type { EngineWorkerApi } from '../../workers/protocol';
import { spawn, specFor } from './agent-pool.svelte';

export interface ModelTestResult {
	text: string;
	usage: ChatResponse['usage'];
	loadMs: number;
}

export async function testModel(
	choice: ModelChoice & { model: string },
	device: 'wasm' | 'webgpu',
	onProgress: (p: LoadProgress) => void
): Promise<ModelTestResult> {
	const handle = spawn<EngineWorkerApi>('engine', `test ${choice.model}`, {
		who: 'engine',
		engine: choice.engine,
		model: choice.model
	});
	try {
		const t0 = performance.now();
		await Promise.race([handle.api.load(specFor(choice, device), Comlink.proxy(onProgress)), handle.crashed]);
		const loadMs = performance.now() - t0;
		const client: ChatClient = {
			engine: choice.engine,
			model: choice.model,
			contextWindow: 2048,
			chat: ({ onDelta: _d, signal: _s, ...req }) => Promise.race([handle.api.chat(req), handle.crashed])
		};
		const request: ChatRequest = {
			messages: [
				{ role: 'system', content: 'You are a player in a word game. Answer with one short sentence.' },
				{ role: 'user', content: 'Describe your word without saying it. Your word: apple.' }
			],
			temperature: 0,
			seed: 1,
			max_tokens: 48
		};
		// Even a one-question test passes a gate: no engine is called without a permit.
		const base = {
			engine: choice.engine,
			model: choice.model,
			requestHash: requestHash(request),
			purpose: 'model test'
		};
		const { response: reply } = await sendRecorded(
			client,
			request,
			base,
			[],
			'model test',
			ownCallGate({ calls: 1 })
		);
		return { text: reply.text, usage: reply.usage, loadMs };
	} finally {
		handle.worker.terminate();
	}
}
