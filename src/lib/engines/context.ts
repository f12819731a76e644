/** The context window a seat's prompts must fit, and whether its model reasons first, by engine and model. */
import { getCatalogEntry, isReasoningModel } from './catalog';
import type { EngineSpec } from './spec';

/** Conservative defaults; catalog models say their own. */
const DEFAULTS: Record<EngineSpec['kind'], number> = { webllm: 4096, transformers: 2048, openai: 8192 };

export function contextWindowOf(spec: EngineSpec): number {
	if (spec.kind === 'webllm') {
		const entry = getCatalogEntry(spec.model);
		if (entry) return entry.contextWindow;
	}
	if (/1k/i.test(spec.model)) return 1024;
	// llama2.c's TinyStories models (stories260K, the real model in the test fixtures) were trained on
	// 512-token sequences: a longer prompt is text they never learnt to read, and costs quadratic time.
	if (/(^|\/)stories\d+[KM]$/.test(spec.model)) return 512;
	return DEFAULTS[spec.kind];
}

/**
 * Reasoning models write a think block before the answer. WebLLM catalog entries say so; elsewhere
 * (an endpoint's model name, a hub id) the known reasoning families are matched by name.
 */
const REASONING_NAMES = /qwen-?3|qwq|deepseek-?r1|\bo[134]-|gpt-oss|phi-4-(mini-)?reasoning/i;

export function reasoningOf(spec: EngineSpec): boolean {
	if (spec.kind === 'webllm') return isReasoningModel(spec.model);
	return REASONING_NAMES.test(spec.model);
}
