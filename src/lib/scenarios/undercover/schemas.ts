/**
 * JSON schemas for the undercover replies: WebLLM decodes under them (XGrammar), other engines show
 * them to the model as guidance. Kept to the common subset every constrained decoder accepts (type,
 * properties, required, enum, additionalProperties): no length limits, which some reject outright.
 * The parser caps a speech at a sentence boundary instead.
 */
import type { JsonSchema } from '../../core';

export type SchemaKind = 'speak' | 'defend' | 'vote' | 'monologue' | 'reflect';

const object = (properties: Record<string, unknown>, required: string[]): JsonSchema => ({
	type: 'object',
	properties,
	required,
	additionalProperties: false
});

export const SPEECH_SCHEMA: JsonSchema = object({ speech: { type: 'string' } }, ['speech']);

/** The seats are listed in ascending order, whatever order the prompt showed them in. */
const seatSchema = (options?: readonly number[]): Record<string, unknown> =>
	options && options.length > 0
		? { type: 'integer', enum: [...new Set(options)].sort((a, b) => a - b) }
		: { type: 'integer' };

/**
 * The target comes before the reason: a decoder writes fields in schema order, and a reply cut off
 * by the token limit (seed 002, pitfall 1) should still hold the vote.
 */
export function voteSchema(options?: readonly number[]): JsonSchema {
	return object({ target: seatSchema(options), reason: { type: 'string' } }, ['target', 'reason']);
}

function monologueSchema(options?: readonly number[]): JsonSchema {
	return object({ thoughts: { type: 'string' }, suspect: seatSchema(options) }, ['thoughts', 'suspect']);
}

export const REFLECT_SCHEMA: JsonSchema = object({ lesson: { type: 'string' } }, ['lesson']);

/** The schema for a reply; `options` narrows a seat to the allowed ones where they are known. */
export function schemaFor(kind: SchemaKind, options?: readonly number[]): JsonSchema {
	switch (kind) {
		case 'speak':
		case 'defend':
			return SPEECH_SCHEMA;
		case 'vote':
			return voteSchema(options);
		case 'monologue':
			return monologueSchema(options);
		case 'reflect':
			return REFLECT_SCHEMA;
	}
}
