/** JSON in replies: the union of what the undercover and governance parsers each read before. */
import { describe, expect, it } from 'vitest';
import {
	field,
	fieldDeep,
	findJsonObjects,
	hasField,
	parseLenient,
	rawField,
	spanField,
	withoutSpans
} from './json';

describe('findJsonObjects', () => {
	it('finds objects after prose and in fences, and skips braces that are prose or code', () => {
		const text =
			'Here you go:\n```json\n{"target": 3, "reason": "quiet"}\n```\nand {not json} or function() { return 1 }';
		const spans = findJsonObjects(text);
		expect(spans.map((s) => s.value)).toEqual([{ target: 3, reason: 'quiet' }]);
		expect(withoutSpans(text, spans)).toBe(
			'Here you go:\n```json\n\n\n```\nand {not json} or function() { return 1 }'
		);
	});

	it('tracks arrays, so a brace inside a list does not end the object early', () => {
		const [s] = findJsonObjects(
			'{"tool_calls": [{"tool": "read", "args": {"path": "/a"}}], "status": "success"} tail'
		);
		expect(s).toMatchObject({ complete: true, value: { status: 'success' } });
		expect(s!.raw.endsWith('"success"}')).toBe(true);
	});

	it('closes an object cut off after a whole value, and leaves one cut inside a string without a value', () => {
		expect(findJsonObjects('{"target": 3, "tags": ["a", "b"')[0]).toMatchObject({
			complete: false,
			inString: false,
			value: { target: 3, tags: ['a', 'b'] }
		});
		const cut = findJsonObjects('{"speech": "It is red and')[0]!;
		expect(cut).toMatchObject({ complete: false, inString: true, value: undefined });
		expect(rawField(cut.raw, ['speech'])).toEqual({ value: 'It is red and', complete: false });
	});

	it('reads Chinese keys and full-width colons', () => {
		expect(findJsonObjects('{"发言"： "红色的"}')[0]!.value).toEqual({ 发言: '红色的' });
		expect(findJsonObjects('{发言：“红色的”}')[0]!.value).toEqual({ 发言: '红色的' });
	});
});

describe('parseLenient', () => {
	it.each([
		['smart quotes', '{“speech”: “Red.”}', { speech: 'Red.' }],
		['single quotes with an escape', "{'speech': 'it\\'s red'}", { speech: "it's red" }],
		['bare keys', '{speech: "Red.", target: 2}', { speech: 'Red.', target: 2 }],
		['trailing commas', '{"a": [1, 2,], "b": 1,}', { a: [1, 2], b: 1 }],
		['Python literals', "{'ok': True, 'bad': False, 'none': None}", { ok: true, bad: false, none: null }]
	])('repairs %s', (_, raw, want) => expect(parseLenient(raw)).toEqual(want));

	it('returns undefined for what is not an object', () => {
		expect(parseLenient('[1, 2]')).toBeUndefined();
		expect(parseLenient('"text"')).toBeUndefined();
	});
});

describe('fields', () => {
	it('compares keys loosely, skips empty values, and looks one level down only when asked', () => {
		const o = { Task_ID: 'T1', reason: '', reply: { speech: 'Red.' } };
		expect(field(o, ['task id'])).toBe('T1');
		expect(field(o, ['reason', 'task_id'])).toBe('T1');
		expect(field(o, ['speech'])).toBeUndefined();
		expect(fieldDeep(o, ['speech'])).toBe('Red.');
		expect(hasField(o, ['REASON'])).toBe(true);
	});

	it('reads a field by pattern from an object that does not parse', () => {
		const [s] = findJsonObjects('{"target": 3, "reason": "too quiet');
		expect(spanField(s!, ['target'])).toBe(3);
		expect(rawField(s!.raw, ['reason'])).toEqual({ value: 'too quiet', complete: false });
	});
});
