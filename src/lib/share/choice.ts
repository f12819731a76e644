/**
 * Reading one seat's model choice from a link or a setup form. Apart from the link reader (`link.ts`),
 * which checks a whole setup against every scenario's rules, so that a setup page loads no other
 * scenario to check a model id or a base URL.
 */
import { normaliseBaseUrl } from '../engines/base-url';
import { engineKey, needsEngine } from '../engines/spec';
import type { ModelChoice } from '../engines/types';
import { SCRIPTED_VARIANTS } from '../policies/variants';

const ENGINES = new Set(['scripted', 'human', 'webllm', 'transformers', 'openai']);

/** The call deadlines a seat may set, in seconds: long enough for any reply, short of waiting forever. */
export const MIN_DEADLINE_S = 5;
export const MAX_DEADLINE_S = 3600;

/** Checks one seat's choice from a link: known engine, a plausible model id, an http(s) base URL. */
export function parseChoice(raw: unknown): ModelChoice | string {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'a seat’s model is not readable';
	const { panel, ...one } = raw as Record<string, unknown>;
	const choice = parseOneChoice(one);
	if (typeof choice === 'string' || panel === undefined) return choice;
	// A panel of two models: both are models, and not the same one (a model agreeing with itself).
	const second = parseOneChoice(panel);
	if (typeof second === 'string') return `the seat’s second model: ${second}`;
	if (!needsEngine(choice) || !needsEngine(second))
		return 'a panel of two models needs a model in both places (not scripted agents or a person)';
	if (engineKey(choice) === engineKey(second)) return 'a panel of two models needs two different models';
	return { ...choice, panel: second };
}

function parseOneChoice(raw: unknown): ModelChoice | string {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'a seat’s model is not readable';
	const { engine, model, baseUrl, device, deadlineS, ...rest } = raw as Record<string, unknown>;
	if (Object.keys(rest).length)
		return `a seat has unknown fields (${Object.keys(rest).join(', ').slice(0, 60)})`;
	if (typeof engine !== 'string' || !ENGINES.has(engine))
		return `unknown engine "${String(engine).slice(0, 30)}"`;
	if (device !== undefined && (engine !== 'transformers' || device !== 'webgpu'))
		return `a ${engine} seat cannot ask for device "${String(device).slice(0, 30)}" (only a transformers.js seat can, and only "webgpu")`;
	const choice: ModelChoice = { engine: engine as ModelChoice['engine'] };
	if (engine === 'scripted' && model !== undefined) {
		if (!(SCRIPTED_VARIANTS as readonly unknown[]).includes(model))
			return `unknown scripted variant "${String(model).slice(0, 30)}"`;
		return { engine: 'scripted', model: model as string };
	}
	if (engine === 'scripted' || engine === 'human') return choice;
	if (typeof model !== 'string' || !/^[\w./:@-]{1,200}$/.test(model))
		return `the model id of a ${engine} seat is not valid`;
	choice.model = model;
	if (device === 'webgpu') choice.device = 'webgpu';
	if (deadlineS !== undefined) {
		if (engine !== 'openai')
			return `a ${engine} seat cannot set a call deadline (only an OpenAI-compatible seat can)`;
		if (
			!Number.isInteger(deadlineS) ||
			(deadlineS as number) < MIN_DEADLINE_S ||
			(deadlineS as number) > MAX_DEADLINE_S
		)
			return `a seat's call deadline must be a whole number of seconds from ${MIN_DEADLINE_S} to ${MAX_DEADLINE_S}`;
	}
	if (engine === 'openai') {
		if (deadlineS !== undefined) choice.deadlineS = deadlineS as number;
		try {
			// The engine's own rule: http(s), no credentials, no query or fragment (where a key could hide).
			choice.baseUrl = normaliseBaseUrl(String(baseUrl ?? ''));
		} catch (err) {
			return err instanceof Error ? err.message : 'an OpenAI-compatible seat needs a valid base URL';
		}
	}
	return choice;
}
