import { describe, expect, it } from 'vitest';
import { createStream } from '../core';
import {
	decodeShare,
	decodeShareLoading,
	encodeShare,
	LINK_VERSION,
	linkScenario,
	parseChoice,
	sharePath
} from './link';

const run = {
	scenario: 'undercover',
	seed: 42,
	config: { seats: 7, undercover: 2, blank: false, lang: 'zh', rounds: 5 }
};

describe('share-link codec', () => {
	it('round-trips a run setup', () => {
		const encoded = encodeShare(run);
		expect(encoded).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
		expect(decodeShare(encoded)).toEqual({ ok: true, run });
		expect(decodeShare(`#${encoded}`)).toEqual({ ok: true, run });
		expect(sharePath('/conclave', run)).toBe(`/conclave/play/#${encoded}`);
	});

	it('fills defaults for settings a link leaves out', () => {
		const partial = encodeShare({ scenario: 'undercover', seed: 3, config: { seats: 5 } });
		expect(decodeShare(partial)).toEqual({
			ok: true,
			run: {
				scenario: 'undercover',
				seed: 3,
				config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 6 }
			}
		});
	});

	it('explains a future version, a truncated link and invalid settings', () => {
		const future = `v${LINK_VERSION + 1}.${encodeShare(run).slice(3)}`;
		expect(decodeShare(future)).toMatchObject({ ok: false, error: expect.stringMatching(/newer version/) });
		const cut = encodeShare(run).slice(0, 20);
		expect(decodeShare(cut)).toMatchObject({ ok: false, error: expect.stringMatching(/damaged/) });
		const bad = encodeShare({ ...run, config: { ...run.config, seats: 12 } });
		expect(decodeShare(bad)).toMatchObject({ ok: false, error: expect.stringMatching(/seats must be/) });
		expect(decodeShare(encodeShare({ ...run, scenario: 'toString' }))).toMatchObject({
			ok: false,
			error: /unknown scenario/
		});
		expect(decodeShare(encodeShare({ ...run, seed: -1 }))).toMatchObject({ ok: false, error: /seed/ });
		expect(decodeShare('')).toMatchObject({ ok: false });
		expect(decodeShare('hello')).toMatchObject({ ok: false, error: /version/ });
	});

	it('carries an autonomy run: its switches, the price and who plays Sentinel', () => {
		const setup = {
			scenario: 'autonomy',
			seed: 9,
			config: { days: 12, legacyConsider: true, faultRate: 0.2 },
			seats: { 1: { engine: 'human' as const } }
		};
		const decoded = decodeShare(encodeShare(setup));
		expect(decoded).toMatchObject({
			ok: true,
			run: {
				scenario: 'autonomy',
				seed: 9,
				config: {
					days: 12,
					legacyConsider: true,
					ignoreFingerprint: false,
					noStaleness: false,
					chargeTransportErrors: false,
					faultRate: 0.2,
					dailyTokens: 4,
					pricePer1k: 0.018
				},
				seats: { 1: { engine: 'human' } }
			}
		});
		expect(decodeShare(encodeShare({ ...setup, config: { faultRate: 3 } }))).toMatchObject({
			ok: false,
			error: /fault rate must be a number from 0 to 1/
		});
		expect(decodeShare(encodeShare({ ...setup, config: { legacyConsider: 'yes' } }))).toMatchObject({
			ok: false,
			error: /legacyConsider must be true or false/
		});
		expect(decodeShare(encodeShare({ ...setup, seats: { 2: { engine: 'human' as const } } }))).toMatchObject({
			ok: false,
			error: /seat 2, which is not at the table/
		});
	});

	it('never throws on 10,000 random and mutated fragments', () => {
		const rng = createStream(2026, 'fuzz');
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.%#=v€谁\u0000\n ';
		const valid = encodeShare(run);
		let accepted = 0;
		for (let i = 0; i < 10_000; i++) {
			let fragment: string;
			const mode = i % 4;
			if (mode === 0) fragment = Array.from({ length: rng.int(80) }, () => rng.pick([...alphabet])).join('');
			else if (mode === 1) fragment = valid.slice(0, rng.int(valid.length + 1));
			else if (mode === 2) {
				const chars = [...valid];
				for (let k = 0; k <= rng.int(3); k++) chars[rng.int(chars.length)] = rng.pick([...alphabet]);
				fragment = chars.join('');
			} else
				fragment = `v1.${Array.from({ length: rng.int(120) }, () => rng.pick([...alphabet.slice(0, 64)])).join('')}`;
			const result = decodeShare(fragment);
			if (result.ok) {
				accepted++;
				expect(decodeShare(encodeShare(result.run))).toEqual(result);
			} else expect(result.error.length).toBeGreaterThan(10);
		}
		expect(accepted).toBeLessThan(10_000);
	});
});

describe('reading a link’s scenario before its rules are loaded', () => {
	it('reads the id a setup names, with or without recorded replies, and nothing from a damaged link', () => {
		const encoded = encodeShare({ ...run, scenario: 'governance' });
		expect(linkScenario(encoded)).toBe('governance');
		expect(linkScenario(`#${encoded}~r1.anything`)).toBe('governance');
		expect(linkScenario(encodeShare({ ...run, scenario: 'chess' }))).toBe('chess');
		for (const damaged of ['', 'v1.', 'v1.!!', encoded.slice(0, 20), 'x1.abc', `v1.${'A'.repeat(5000)}`])
			expect(linkScenario(damaged)).toBeUndefined();
	});

	it('decodes as decodeShare does, refusals included, once the rules are loaded', async () => {
		const links = [
			encodeShare(run),
			encodeShare({ ...run, scenario: 'chess' }),
			encodeShare({ ...run, config: { ...run.config, seats: 12 } }),
			encodeShare(run).slice(0, 20),
			'garbage'
		];
		for (const link of links) expect(await decodeShareLoading(link)).toEqual(decodeShare(link));
	});
});

describe('parseChoice', () => {
	it('carries a transformers.js seat on WebGPU, and refuses any other device or engine with it', () => {
		expect(parseChoice({ engine: 'transformers', model: '/m/tiny', device: 'webgpu' })).toEqual({
			engine: 'transformers',
			model: '/m/tiny',
			device: 'webgpu'
		});
		expect(parseChoice({ engine: 'transformers', model: '/m/tiny' })).toEqual({
			engine: 'transformers',
			model: '/m/tiny'
		});
		expect(parseChoice({ engine: 'transformers', model: '/m/tiny', device: 'cuda' })).toMatch(
			/cannot ask for device "cuda"/
		);
		expect(parseChoice({ engine: 'webllm', model: 'qwen2.5-0.5b', device: 'webgpu' })).toMatch(
			/a webllm seat cannot ask for device/
		);
		expect(parseChoice({ engine: 'scripted', device: 'webgpu' })).toMatch(/a scripted seat cannot ask/);
	});
});
