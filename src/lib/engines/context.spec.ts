import { describe, expect, it } from 'vitest';
import { contextWindowOf, reasoningOf } from './context';

describe('contextWindowOf and reasoningOf', () => {
	it('read WebLLM models from the catalog', () => {
		expect(contextWindowOf({ kind: 'webllm', model: 'phi-3.5-mini-1k' })).toBe(1024);
		expect(contextWindowOf({ kind: 'webllm', model: 'qwen3.5-2b' })).toBe(4096);
		expect(reasoningOf({ kind: 'webllm', model: 'qwen3.5-0.8b' })).toBe(true);
		expect(reasoningOf({ kind: 'webllm', model: 'qwen3-4b' })).toBe(true);
		expect(reasoningOf({ kind: 'webllm', model: 'gemma-3-1b' })).toBe(false);
	});

	it('know the reasoning families by name elsewhere', () => {
		expect(reasoningOf({ kind: 'openai', model: 'qwen3:0.6b' })).toBe(true);
		expect(reasoningOf({ kind: 'openai', model: 'deepseek-r1:7b' })).toBe(true);
		expect(reasoningOf({ kind: 'openai', model: 'Qwen/Qwen3.5-2B' })).toBe(true);
		expect(reasoningOf({ kind: 'openai', model: 'llama3.2:1b' })).toBe(false);
		expect(reasoningOf({ kind: 'transformers', model: 'onnx-community/Qwen2.5-0.5B-Instruct' })).toBe(false);
		expect(contextWindowOf({ kind: 'transformers', model: 'x' })).toBe(2048);
	});
});
