import { describe, expect, it } from 'vitest';
import { REFLECT_SCHEMA, schemaFor, SPEECH_SCHEMA, voteSchema } from './schemas';

describe('undercover schemas', () => {
	it('asks speeches and defences for one string field, "speech"', () => {
		for (const kind of ['speak', 'defend'] as const) {
			expect(schemaFor(kind)).toEqual({
				type: 'object',
				properties: { speech: { type: 'string' } },
				required: ['speech'],
				additionalProperties: false
			});
			expect(schemaFor(kind)).toBe(SPEECH_SCHEMA);
		}
	});

	it('asks a vote for an integer target (the allowed seats, sorted) before a reason', () => {
		expect(schemaFor('vote', [5, 1, 3, 3])).toEqual({
			type: 'object',
			properties: { target: { type: 'integer', enum: [1, 3, 5] }, reason: { type: 'string' } },
			required: ['target', 'reason'],
			additionalProperties: false
		});
		expect(Object.keys(voteSchema().properties as object)).toEqual(['target', 'reason']);
		expect(voteSchema()).toMatchObject({ properties: { target: { type: 'integer' } } });
		expect((voteSchema().properties as { target: object }).target).not.toHaveProperty('enum');
	});

	it('has schemas for the monologue and the lesson', () => {
		expect(schemaFor('monologue', [4, 2])).toMatchObject({
			properties: { thoughts: { type: 'string' }, suspect: { type: 'integer', enum: [2, 4] } }
		});
		expect(schemaFor('reflect')).toBe(REFLECT_SCHEMA);
		expect(REFLECT_SCHEMA).toMatchObject({ required: ['lesson'] });
	});
});
