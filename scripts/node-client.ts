/**
 * A model for headless runs: builds and loads an engine in this process and wraps it as the chat
 * client LLM policies use. A `--model` that is a folder on disk (the generated test models) loads from
 * there; anything else is a hub id or an endpoint's model name.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { contextWindowOf, reasoningOf } from '../src/lib/engines/context';
import { createEngine } from '../src/lib/engines/create';
import type { EngineSpec } from '../src/lib/engines/spec';
import type { ModelChoice } from '../src/lib/engines/types';
import type { ChatClient } from '../src/lib/policies/llm/chat-client';

export interface NodeClient {
	client: ChatClient;
	close(): Promise<void>;
}

export function specForNode(
	choice: ModelChoice,
	opts: { apiKey?: string; localModelPath?: string } = {}
): EngineSpec {
	const model = choice.model ?? '';
	const onDisk = existsSync(model) && statSync(model).isDirectory();
	return {
		kind: choice.engine as EngineSpec['kind'],
		model: onDisk ? basename(resolve(model)) : model,
		...(choice.baseUrl ? { baseUrl: choice.baseUrl } : {}),
		...(choice.engine === 'openai' ? { apiKey: opts.apiKey ?? process.env.OPENAI_API_KEY } : {}),
		...(choice.deadlineS ? { deadlineMs: choice.deadlineS * 1000 } : {}),
		...(onDisk
			? { localModelPath: dirname(resolve(model)) }
			: opts.localModelPath
				? { localModelPath: opts.localModelPath }
				: {})
	};
}

export async function loadNodeClient(
	choice: ModelChoice,
	opts: { apiKey?: string; localModelPath?: string } = {}
): Promise<NodeClient> {
	const spec = specForNode(choice, opts);
	const engine = await createEngine(spec);
	await engine.load();
	return {
		client: {
			engine: spec.kind,
			// The choice's own name for the model (a path stays a path), as the page records it.
			model: choice.model ?? spec.model,
			contextWindow: contextWindowOf(spec),
			reasoning: reasoningOf(spec),
			chat: (req) => engine.chat(req)
		},
		close: () => engine.unload()
	};
}
