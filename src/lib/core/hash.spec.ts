import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from './hash';
import { eventBody } from './log';

/** The plain definition canonicalJson was first written as: sort each object's keys, recurse. */
function definition(value: unknown): string {
	if (value === null) return 'null';
	switch (typeof value) {
		case 'number':
			if (!Number.isFinite(value)) throw new TypeError(`cannot hash a non-finite number: ${value}`);
			return String(value);
		case 'string':
		case 'boolean':
			return JSON.stringify(value);
		case 'object': {
			if (Array.isArray(value)) return '[' + value.map(definition).join(',') + ']';
			const obj = value as Record<string, unknown>;
			const parts: string[] = [];
			for (const k of Object.keys(obj).sort())
				if (obj[k] !== undefined) parts.push(JSON.stringify(k) + ':' + definition(obj[k]));
			return '{' + parts.join(',') + '}';
		}
		default:
			throw new TypeError(`cannot hash a ${typeof value}`);
	}
}

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const text = fc.oneof(
	fc.string(),
	fc.string({ unit: anyUnit }),
	fc.string({ unit: 'grapheme' }),
	fc.constantFrom('', '"', '\\', '\u2028', '\ud83d\ude00', '\ud800', '\udfff', '\u0000\u001f\u007f')
);
const number = fc.oneof(
	fc.double({ noNaN: true, noDefaultInfinity: true }),
	fc.integer(),
	fc.constantFrom(-0, 0, 1e21, 1e-7, -1e21, 5e-324, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 0.1 + 0.2)
);
const json = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		fc.constant(null),
		fc.boolean(),
		number,
		text,
		fc.array(tie('value'), { maxLength: 6 }),
		fc.dictionary(fc.oneof(text, fc.constantFrom('a', 'b', 'B', '__proto__', '0', '10', '9')), tie('value'), {
			maxKeys: 8
		}),
		// What a live event's data may hold: keys whose value is undefined, which both leave out.
		fc.record({ a: tie('value'), z: fc.constant(undefined), m: tie('value') })
	)
})).value;

describe('canonicalJson', () => {
	it('equals its plain definition on random JSON values', () => {
		fc.assert(
			fc.property(json, (value) => {
				expect(canonicalJson(value)).toBe(definition(value));
			}),
			{ numRuns: 2000 }
		);
	});

	it('is valid JSON that reads back to a value with the same canonical form', () => {
		fc.assert(
			fc.property(json, (value) => {
				const out = canonicalJson(value);
				expect(canonicalJson(JSON.parse(out))).toBe(out);
			}),
			{ numRuns: 1000 }
		);
	});

	it('writes numbers as JSON does, -0 and large exponents included', () => {
		expect(canonicalJson([-0, 1e21, 1e-7, 123456789012345680000])).toBe(
			'[0,1e+21,1e-7,123456789012345680000]'
		);
		expect(canonicalJson({ b: '\u2028"\\', a: '\ud800' })).toBe('{"a":"\\ud800","b":"\u2028\\"\\\\"}');
	});

	it('refuses what JSON cannot carry, as the definition does', () => {
		for (const bad of [Number.NaN, Infinity, [undefined], { a: [1, () => 0] }, 1n, Symbol('s')]) {
			expect(() => canonicalJson(bad)).toThrow(TypeError);
			expect(() => definition(bad)).toThrow(TypeError);
		}
		expect(() => canonicalJson({ x: -Infinity })).toThrow(/non-finite/);
	});
});

describe('eventBody', () => {
	it('is the canonical form of the five hashed fields, any of them missing', () => {
		const field = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
		fc.assert(
			fc.property(
				field(fc.nat()),
				field(fc.nat()),
				field(text),
				field(json),
				field(fc.string()),
				(seq, tick, kind, data, prev) => {
					const e = { seq, tick, kind, data, prev } as Parameters<typeof eventBody>[0];
					expect(eventBody(e)).toBe(definition({ seq, tick, kind, data, prev }));
				}
			),
			{ numRuns: 1000 }
		);
	});
});

describe('sha256Hex', () => {
	const node = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

	it("hashes a text's UTF-8 bytes, lone surrogates as U+FFFD, as node:crypto does", () => {
		fc.assert(
			fc.property(fc.oneof(text, fc.string({ unit: anyUnit, maxLength: 300 })), (s) => {
				expect(sha256Hex(s)).toBe(node(s));
			}),
			{ numRuns: 1000 }
		);
	});

	it('gives the same digest before and after its reused buffer grows, and past the buffer', () => {
		const short = 'é'.repeat(100);
		const before = sha256Hex(short);
		const long = '😀'.repeat(40_000); // 160,000 bytes: the buffer grows
		expect(sha256Hex(long)).toBe(node(long));
		expect(sha256Hex(short)).toBe(before);
		const huge = 'ab€'.repeat(500_000); // past the largest buffer kept
		expect(sha256Hex(huge)).toBe(node(huge));
		expect(sha256Hex(short)).toBe(node(short));
	});
});
