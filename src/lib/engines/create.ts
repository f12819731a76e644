/**
 * Builds an engine from its spec. Back ends are imported lazily, so a page that never uses WebLLM
 * never downloads it.
 */
import type { EngineSpec } from './spec';
import type { ChatEngine } from './types';

export async function createEngine(spec: EngineSpec): Promise<ChatEngine> {
	switch (spec.kind) {
		case 'transformers': {
			const { TransformersEngine } = await import('./transformers');
			return new TransformersEngine({
				model: spec.model,
				device: spec.device,
				localModelPath: spec.localModelPath,
				allowRemote: !spec.localModelPath,
				wasmPaths: spec.wasmPaths
			});
		}
		case 'webllm': {
			const { WebLLMEngine } = await import('./webllm');
			const { detectGpu } = await import('./gpu');
			return new WebLLMEngine({ catalogId: spec.model, caps: await detectGpu() });
		}
		case 'openai': {
			const { OpenAIEngine } = await import('./openai');
			if (!spec.baseUrl) throw new Error('an OpenAI-compatible engine needs a base URL');
			return new OpenAIEngine({
				baseUrl: spec.baseUrl,
				model: spec.model,
				apiKey: spec.apiKey,
				deadlineMs: spec.deadlineMs
			});
		}
	}
}
