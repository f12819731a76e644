import { describe, expect, it } from 'vitest';
import type { ModelChoice } from '$lib/engines/types';
import { fallbacks } from './fallback';

const webllm: ModelChoice = { engine: 'webllm', model: 'qwen2.5-0.5b' };
const cpu: ModelChoice = { engine: 'transformers', model: 'onnx-community/Qwen2.5-0.5B-Instruct' };
const setup = { scenario: 'undercover', seed: 4, config: { seats: 3 } };

describe('fallbacks', () => {
	it('gives only the failed seats another engine: scripted, or the smallest CPU model', () => {
		const choices = { 1: webllm, 2: { engine: 'scripted' } as ModelChoice, 3: webllm };
		const [scripted, onCpu, ...rest] = fallbacks(setup, choices, [1, 3], true);
		expect(rest).toEqual([]);
		expect(scripted!.run).toEqual({
			...setup,
			seats: { 1: { engine: 'scripted' }, 2: { engine: 'scripted' }, 3: { engine: 'scripted' } }
		});
		expect(onCpu!.kind).toBe('cpu');
		expect(onCpu!.downloadMB).toBe(380);
		expect(onCpu!.run.seats).toEqual({ 1: onCpu!.choice, 2: { engine: 'scripted' }, 3: onCpu!.choice });
	});
	it('offers no CPU model when a CPU model is what failed, or while offline', () => {
		expect(fallbacks(setup, { 1: cpu }, [1], true).map((f) => f.kind)).toEqual(['scripted']);
		expect(fallbacks(setup, { 1: webllm }, [1], false).map((f) => f.kind)).toEqual(['scripted']);
	});
	it('offers nothing when nothing failed', () => {
		expect(fallbacks(setup, { 1: webllm }, [], true)).toEqual([]);
	});
});
