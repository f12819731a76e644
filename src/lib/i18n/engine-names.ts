/**
 * A seat's player named for a person, in the interface's language. `choiceLabel` (engines/spec.ts) is
 * the log's and the leaderboard's key, with the engines' ids ("webllm · qwen2.5-0.5b", "openai · mock");
 * here the engines have the names their makers give them (WebLLM, transformers.js), an endpoint is
 * called one in this language, and the model is its id's last part, quoted where it follows words (a
 * name a person typed, which a select's option cannot mark `translate="no"`).
 */
import type { ModelChoice } from '$lib/engines/types';
import { choiceLabel } from '$lib/engines/spec';
import { m } from '$lib/paraglide/messages';

/** The fixed labels of `choiceLabel` that are words, not names. */
const FIXED: Record<string, () => string> = {
	'scripted (no LLM)': m.players_label_scripted,
	'scripted fair (no LLM)': m.players_label_fair,
	'scripted red team (no LLM)': m.players_label_red_team,
	'a person': m.players_label_person
};

/** A model id's last part, as `choiceLabel` shows it ("onnx-community/Qwen2.5-0.5B" -> "Qwen2.5-0.5B"). */
const modelShortName = (model: string | undefined): string =>
	(model ?? '').split('/').filter(Boolean).at(-1) ?? model ?? '';

/** A choice's name in the interface's language ("WebLLM · qwen2.5-0.5b", "端点模型“mock”"). */
export function choiceName(choice: ModelChoice): string {
	const fixed = FIXED[choiceLabel(choice)];
	if (fixed) return fixed();
	const model = modelShortName(choice.model);
	switch (choice.engine) {
		case 'webllm':
			return `WebLLM · ${model}`;
		case 'transformers':
			return `transformers.js${choice.device === 'webgpu' ? ' (WebGPU)' : ''} · ${model}`;
		case 'openai':
			return m.players_endpoint_model_name({ model });
		default:
			return choiceLabel(choice);
	}
}

/** A fixed label in the interface's language, or null where the label is a model's name. */
export const fixedLabelText = (label: string): string | null => FIXED[label]?.() ?? null;
