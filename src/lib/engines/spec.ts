/**
 * What it takes to build an engine, as plain data that can cross into a worker. The API key of an
 * OpenAI-compatible endpoint travels here only at run time, from this browser's storage, and is
 * never written into a log, a link or an export.
 */
import type { EngineKind, ModelChoice } from './types';

export interface EngineSpec {
	kind: Exclude<EngineKind, 'fake'>;
	model: string;
	baseUrl?: string;
	apiKey?: string;
	/** transformers.js: where same-origin model files live, and the ORT wasm files the site serves. */
	localModelPath?: string;
	wasmPaths?: { mjs: string; wasm: string };
	device?: 'wasm' | 'webgpu' | 'cpu';
	/** webllm: the adapter's capabilities, measured on the page. */
	shaderF16?: boolean;
	/** openai: the total deadline of one call (ModelChoice.deadlineS), when the seat set one. */
	deadlineMs?: number;
}

/** Seats that share this key share one engine (the weights load once). */
export function engineKey(choice: ModelChoice): string {
	return [
		choice.engine,
		choice.model ?? '',
		choice.baseUrl ?? '',
		choice.device ?? '',
		choice.deadlineS ?? ''
	].join('|');
}

/** A choice is model-backed when it needs an engine at all. */
export function needsEngine(
	choice: ModelChoice
): choice is ModelChoice & { engine: EngineKind; model: string } {
	return choice.engine !== 'scripted' && choice.engine !== 'human' && !!choice.model;
}

/** How a seat's model is shown, e.g. "transformers · tiny-chat" or "transformers (WebGPU) · tiny-chat". */
export function choiceLabel(choice: ModelChoice): string {
	if (choice.engine === 'scripted')
		return choice.model === 'red-team'
			? 'scripted red team (no LLM)'
			: choice.model === 'fair'
				? 'scripted fair (no LLM)'
				: 'scripted (no LLM)';
	if (choice.engine === 'human') return 'a person';
	const model = (choice.model ?? '').split('/').filter(Boolean).at(-1) ?? choice.model ?? '';
	return `${choice.engine}${choice.device === 'webgpu' ? ' (WebGPU)' : ''} · ${model}`;
}
