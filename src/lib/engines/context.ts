/** The context window a seat's prompts must fit, by engine and model. */
import type { EngineSpec } from './spec';

/** Conservative defaults; catalog models say their own. */
const DEFAULTS: Record<EngineSpec['kind'], number> = { webllm: 4096, transformers: 2048, openai: 8192 };

export function contextWindowOf(spec: EngineSpec): number {
	if (/1k/i.test(spec.model)) return 1024;
	return DEFAULTS[spec.kind];
}
