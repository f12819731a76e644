/**
 * The choices a seat can have, as the setup page lists them: scripted agents, WebLLM models from the
 * catalog (marked unavailable where this GPU cannot run them), transformers.js models, and an
 * OpenAI-compatible endpoint.
 */
import { CATALOG, defaultModel, getCatalogEntry, pickBuild } from '$lib/engines/catalog';
import type { GpuCaps } from '$lib/engines/gpu';
import type { ModelChoice } from '$lib/engines/types';

export interface ModelOption {
	value: string;
	label: string;
	group:
		| 'Scripted'
		| 'WebLLM (your GPU)'
		| 'transformers.js (WASM)'
		| 'transformers.js (WebGPU)'
		| 'Your own endpoint'
		| 'A person';
	choice: ModelChoice;
	/** Why it cannot be picked on this device, if it cannot. */
	unavailable?: string;
	detail?: string;
}

/** transformers.js models from the Hugging Face hub, for browsers without a usable GPU. */
export const TRANSFORMERS_MODELS = [
	{ id: 'onnx-community/Qwen2.5-0.5B-Instruct', label: 'Qwen2.5 0.5B Instruct', downloadMB: 480 },
	{ id: 'HuggingFaceTB/SmolLM2-360M-Instruct', label: 'SmolLM2 360M Instruct', downloadMB: 380 }
] as const;

export const SCRIPTED: ModelChoice = { engine: 'scripted' };
/** The fair scripted baseline: only what a model's prompt shows (see policies/scripted/undercover-fair). */
export const SCRIPTED_FAIR: ModelChoice = { engine: 'scripted', model: 'fair' };
/** A person at this keyboard: a seat's own choice only, never "all seats" (someone has to watch). */
export const HUMAN: ModelChoice = { engine: 'human' };

export function choiceValue(choice: ModelChoice): string {
	if (choice.engine === 'scripted' && choice.model) return `scripted:${choice.model}`;
	if (choice.engine === 'scripted' || choice.engine === 'human' || choice.engine === 'openai')
		return choice.engine;
	return `${choice.engine}${choice.device === 'webgpu' ? '-webgpu' : ''}:${choice.model ?? ''}`;
}

/**
 * Why a model choice cannot run on this device (null caps: the GPU is still being asked), or
 * undefined when it can: a WebLLM model needs a build this adapter runs (`pickBuild`: an adapter,
 * WebLLM's minimum limits, shader-f16 for a q4f16-only model), and transformers.js on WebGPU needs an
 * adapter. The setup pages and the resume panel both ask this, so they offer the same models.
 */
export function whyUnavailable(choice: ModelChoice, caps: GpuCaps | null): string | undefined {
	const gpu = choice.engine === 'webllm' || (choice.engine === 'transformers' && choice.device === 'webgpu');
	if (!gpu) return undefined;
	if (!caps) return 'checking the GPU…';
	if (choice.engine === 'transformers') return caps.adapter ? undefined : 'no WebGPU adapter here';
	const entry = getCatalogEntry(choice.model ?? '');
	if (!entry) return `"${choice.model ?? ''}" is not in the WebLLM model catalog`;
	return pickBuild(entry, caps).reason;
}

export function modelOptions(caps: GpuCaps | null): ModelOption[] {
	const options: ModelOption[] = [
		{
			value: 'scripted',
			label: 'Scripted oracle (no LLM) · instant',
			group: 'Scripted',
			choice: SCRIPTED,
			detail: 'an oracle baseline: it reads the public word pack, so it knows the other word of its pair'
		},
		{
			value: 'scripted:fair',
			label: 'Scripted fair baseline (no LLM) · instant',
			group: 'Scripted',
			choice: SCRIPTED_FAIR,
			detail: 'knows only what a model is told: its own word, the speeches, who is still in'
		}
	];
	for (const entry of CATALOG) {
		const pick = caps ? pickBuild(entry, caps) : null;
		const build = pick?.build ?? null;
		options.push({
			value: `webllm:${entry.id}`,
			label: entry.label,
			group: 'WebLLM (your GPU)',
			choice: { engine: 'webllm', model: entry.id },
			unavailable: whyUnavailable({ engine: 'webllm', model: entry.id }, caps),
			detail: build
				? `${(build.vramMB / 1024).toFixed(1)} GB VRAM · about ${build.downloadMB} MB download`
				: undefined
		});
	}
	for (const m of TRANSFORMERS_MODELS)
		options.push({
			value: `transformers:${m.id}`,
			label: m.label,
			group: 'transformers.js (WASM)',
			choice: { engine: 'transformers', model: m.id },
			detail: `about ${m.downloadMB} MB download; slow on CPU`
		});
	for (const m of TRANSFORMERS_MODELS) {
		const choice: ModelChoice = { engine: 'transformers', model: m.id, device: 'webgpu' };
		options.push({
			value: choiceValue(choice),
			label: `${m.label} on WebGPU`,
			group: 'transformers.js (WebGPU)',
			choice,
			unavailable: whyUnavailable(choice, caps),
			detail: `about ${m.downloadMB} MB download; on this GPU${caps?.isFallbackAdapter ? ' (a software adapter: slow)' : ''}`
		});
	}
	options.push({
		value: 'openai',
		label: 'OpenAI-compatible endpoint…',
		group: 'Your own endpoint',
		choice: { engine: 'openai' }
	});
	options.push({
		value: 'human',
		label: 'You (a person)',
		group: 'A person',
		choice: HUMAN,
		detail: 'you type the description and cast the vote; you see only this seat’s word'
	});
	return options;
}

/** What a seat gets by default here: a small Qwen on WebGPU with shader-f16, else transformers.js on WASM. */
export function recommendedChoice(caps: GpuCaps | null): ModelChoice {
	const best = caps ? defaultModel(caps) : null;
	if (best) return { engine: 'webllm', model: best.id };
	return { engine: 'transformers', model: TRANSFORMERS_MODELS[0].id };
}
