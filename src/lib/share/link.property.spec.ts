/**
 * The share-link decoder against 30,000 generated links (fast-check): random text, version-prefixed
 * garbage, real links cut, altered and extended, deflated JSON of any shape, and deflate bombs. Decoding
 * never throws, never unpacks more than its limit, and every refusal is one of the sentences a person is
 * meant to read, each kind of bad link with its own, each met many times.
 *
 * It was 100,000 links, a twentieth of them three fixed megabyte bombs decoded again and again (half
 * the time, for nothing a first decode had not shown). The bombs in the mix are now generated around
 * the unpack limit, where a bomb is told from a fit link, and the limit itself is a property of its own.
 */
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, inflateBounded, MAX_FRAGMENT, MAX_JSON } from './link';

const toB64Url = (bytes: Uint8Array) =>
	Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const packed = (value: unknown) => `v1.${toB64Url(deflateSync(strToU8(JSON.stringify(value))))}`;

/** Every kind of refusal, as the person reads it. */
const KINDS: Record<string, RegExp> = {
	empty: /damaged: it is empty\.$/,
	long: /damaged: it is far too long\.$/,
	unversioned: /damaged: it does not start with a version \(v1\.\)\.$/,
	future: /^This link was made by a newer version of Conclave/,
	noVersion: /damaged: format v\d+ does not exist\.$/,
	characters: /damaged: it contains characters a link cannot have, or was cut short\.$/,
	bomb: /damaged: it unpacks to far too much data\.$/,
	cut: /damaged: it was cut short or altered\.$/,
	unreadable: /damaged: its contents are not readable\.$/,
	notSetup: /damaged: its contents are not a run setup\.$/,
	scenario: /damaged: it names an unknown scenario \(.{0,40}\)\.$/s,
	seed: /damaged: its seed is not a whole number from 0 to 4294967295\.$/,
	seats:
		/damaged: (its seat models are not readable|it names a seat ".{0,10}" that does not exist|it gives a model to seat \d+, which is not at the table|a seat.*|unknown engine.*|unknown scripted variant.*|the model id of a \w+ seat is not valid|The endpoint URL.*)\.?$/s,
	config:
		/damaged: (unknown setting: .*|the config must be an object|\w+ must be .*|\d+ seats are too few .*|.*(rounds|seats|approval|thresholds|fuse\w*|policy).*)\.$/s
};

/** How often each kind must be met among the generated links (the rarest, a bad config, about 40 times). */
const MIN_SEEN = 10;

function kindOf(error: string): string | null {
	for (const [kind, re] of Object.entries(KINDS)) if (re.test(error)) return kind;
	return null;
}

const validSetup = fc.oneof(
	fc.record({
		scenario: fc.constant('undercover'),
		seed: fc.integer({ min: 0, max: 4294967295 }),
		config: fc.record({
			seats: fc.integer({ min: 5, max: 8 }),
			undercover: fc.constant(1),
			blank: fc.boolean(),
			lang: fc.constantFrom('en', 'zh'),
			rounds: fc.integer({ min: 1, max: 20 })
		})
	}),
	fc.record({
		scenario: fc.constant('governance'),
		seed: fc.integer({ min: 0, max: 4294967295 }),
		config: fc.record({
			policy: fc.constantFrom('assigner-alone', 'cosign', 'impact'),
			rounds: fc.integer({ min: 1, max: 40 })
		})
	})
);

const b64chars = fc.constantFrom(
	...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')
);

const mutated = fc
	.tuple(validSetup, fc.nat(), fc.nat(), fc.constantFrom('cut', 'flip', 'insert', 'extend', 'case'))
	.map(([run, a, b, how]) => {
		const link = encodeShare(run);
		const i = 3 + (a % (link.length - 3));
		const ch = 'AZaz09-_%.='[b % 11]!;
		switch (how) {
			case 'cut':
				return link.slice(0, i);
			case 'flip':
				return link.slice(0, i) + ch + link.slice(i + 1);
			case 'insert':
				return link.slice(0, i) + ch + link.slice(i);
			case 'extend':
				return link + ch.repeat(1 + (b % 40));
			default:
				return link.slice(0, i) + link.slice(i).toUpperCase();
		}
	});

/** Deflate bombs, packed once: a few kilobytes of link that would unpack to megabytes. */
const BOMBS = [20_000, 400_000, 3_000_000].map((n) => `v1.${toB64Url(deflateSync(new Uint8Array(n)))}`);

/** A JSON string that unpacks to `n` bytes: past the limit a bomb, within it a readable non-setup. */
const unpackingTo = (n: number) => `v1.${toB64Url(deflateSync(strToU8(`"${'a'.repeat(n - 2)}"`)))}`;
const nearLimit = fc.integer({ min: MAX_JSON - 300, max: MAX_JSON + 300 });

const seatsOf = fc
	.dictionary(
		fc.oneof(fc.constantFrom('1', '2', '6', '9', '0', '01', 'x'), fc.string({ maxLength: 4 })),
		fc.oneof(
			fc.record(
				{
					engine: fc.constantFrom('scripted', 'human', 'webllm', 'transformers', 'openai', 'gpu'),
					model: fc.oneof(
						fc.constantFrom('tit-for-tat', 'Llama-3.2-1B', '/m/tiny', 'bad model!'),
						fc.string()
					),
					baseUrl: fc.constantFrom(
						'http://localhost:11434',
						'ftp://x',
						'https://u:p@h.example/v1',
						'https://h.example/v1?key=1',
						''
					),
					extra: fc.nat()
				},
				{ requiredKeys: ['engine'] }
			),
			fc.jsonValue({ maxDepth: 1 })
		),
		{ maxKeys: 3 }
	)
	.map((m) => packed({ s: 'undercover', n: 1, c: { seats: 6 }, m }));

const links = fc.oneof(
	{ arbitrary: seatsOf, weight: 2 },
	{ arbitrary: fc.string({ maxLength: 200 }), weight: 2 },
	{ arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }), weight: 1 },
	{
		arbitrary: fc
			.tuple(fc.nat({ max: 12 }), fc.array(b64chars, { maxLength: 300 }))
			.map(([v, cs]) => `v${v}.${cs.join('')}`),
		weight: 3
	},
	{ arbitrary: mutated, weight: 4 },
	{ arbitrary: fc.jsonValue({ maxDepth: 3 }).map(packed), weight: 2 },
	{
		arbitrary: fc
			.record({
				s: fc.oneof(fc.constantFrom('undercover', 'governance', 'toString', '__proto__'), fc.string()),
				n: fc.jsonValue(),
				c: fc.jsonValue({ maxDepth: 2 }),
				m: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined })
			})
			.map(packed),
		weight: 2
	},
	{ arbitrary: validSetup.map(encodeShare), weight: 1 },
	{ arbitrary: nearLimit.map(unpackingTo), weight: 1 },
	{
		arbitrary: fc
			.integer({ min: MAX_FRAGMENT - 10, max: MAX_FRAGMENT + 50 })
			.map((n) => `v1.${'A'.repeat(n)}`),
		weight: 1
	}
);

describe('share links against 30,000 generated inputs', () => {
	// The time limit is the test's timeout (a bound on runaway work, not a speed claim: speed is for
	// `npm run bench`); the memory limit is inflateBounded's, checked below.
	it('decode or refuse in a sentence of a known kind, never throwing', { timeout: 180_000 }, () => {
		const seen = new Map<string, number>();
		fc.assert(
			fc.property(links, (link) => {
				const out = decodeShare(link);
				if (out.ok) {
					// Whatever is accepted is a setup that survives its own round trip.
					// (A table of plain scripted seats is the default, so its link leaves them out.)
					const again = decodeShare(encodeShare(out.run));
					if (!again.ok || encodeShare(again.run) !== encodeShare(out.run))
						throw new Error(`accepted ${link} but it does not round-trip`);
					seen.set('ok', (seen.get('ok') ?? 0) + 1);
					return;
				}
				const kind = kindOf(out.error);
				if (kind === null || out.error.length >= 400) throw new Error(`unclear refusal: ${out.error}`);
				seen.set(kind, (seen.get(kind) ?? 0) + 1);
			}),
			{ numRuns: 30_000, seed: 20261201 }
		);
		// Each kind of bad link was met, and often, so each sentence above was checked, not just listed.
		for (const kind of [...Object.keys(KINDS).filter((k) => k !== 'empty'), 'ok'])
			expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(MIN_SEEN);
	});

	it('refuses a link as a bomb exactly when it unpacks past the limit', () => {
		fc.assert(
			fc.property(nearLimit, (n) => {
				const out = decodeShare(unpackingTo(n));
				expect(out.ok).toBe(false);
				expect(kindOf(out.ok ? '' : out.error)).toBe(n > MAX_JSON ? 'bomb' : 'notSetup');
			}),
			{ numRuns: 600, seed: 20261201 }
		);
		// And a link of a few kilobytes that would unpack to megabytes, each once.
		for (const bomb of BOMBS) {
			const out = decodeShare(bomb);
			expect(out.ok ? null : kindOf(out.error)).toBe('bomb');
		}
	});

	it('never unpacks more than its limit, however well a link compresses', () => {
		const bomb = deflateSync(new Uint8Array(50_000_000));
		expect(bomb.length).toBeLessThan(MAX_FRAGMENT * 30);
		const out = inflateBounded(bomb, 16_384);
		expect(out).toBe('too-much');
		// A fit link still comes back whole.
		const ok = inflateBounded(deflateSync(strToU8('x'.repeat(10_000))), 16_384);
		expect(ok instanceof Uint8Array && ok.length).toBe(10_000);
	});
});
