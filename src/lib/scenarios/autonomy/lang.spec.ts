/**
 * The run language: a config's `lang` decides the words that go into the run (the prompt, the
 * triggers, the refusals, the scripted reasons), the default stays out of the canonical setup, and a
 * Chinese run is the same run as the English one in everything but its words.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import {
	autonomy,
	observationOf,
	parseAutonomyConfig,
	questionMessages,
	RUNTIME_ERRORS,
	summarize,
	type AutonomyOutcome,
	type AutonomyState
} from '.';

const LEGACY = {
	legacyConsider: true,
	ignoreFingerprint: true,
	noStaleness: true,
	chargeTransportErrors: true
};

const run = async (config: Record<string, unknown>) => {
	const r = createRunner({ scenario: 'autonomy', seed: 2, config: { days: 10, ...LEGACY, ...config } });
	await (r.run() as Promise<AutonomyOutcome>);
	return { r, s: r.state as AutonomyState };
};

/** Any Han character: the text is (at least partly) Chinese. */
const HAN = /\p{Script=Han}/u;

describe('the autonomy run language', () => {
	it('defaults to English and refuses anything but en or zh, in words', () => {
		const parsed = parseAutonomyConfig({});
		expect(parsed.ok && parsed.config.lang).toBe('en');
		expect(parseAutonomyConfig({ lang: 'fr' })).toEqual({ ok: false, error: 'lang must be "en" or "zh"' });
		expect(parseAutonomyConfig({ lang: 1 })).toEqual({ ok: false, error: 'lang must be "en" or "zh"' });
	});

	it('leaves English out of the canonical setup and keeps Chinese in it', () => {
		const en = parseAutonomyConfig({ lang: 'en' });
		const zh = parseAutonomyConfig({ lang: 'zh' });
		if (!en.ok || !zh.ok) throw new Error('both parse');
		expect(autonomy.serializeConfig(en.config)).not.toHaveProperty('lang');
		expect(autonomy.serializeConfig(zh.config)).toMatchObject({ lang: 'zh' });
		// A setup written with lang: 'en' is the setup without it: the same log hash.
		expect(parseAutonomyConfig(autonomy.serializeConfig(zh.config))).toEqual(zh);
	});

	it('an explicit lang "en" gives the same log as no lang at all', async () => {
		const [plain, en] = await Promise.all([run({}), run({ lang: 'en' })]);
		expect(en.r.hash).toBe(plain.r.hash);
	});

	it('a Chinese run makes the same decisions in Chinese words, and the prompt is Chinese', async () => {
		const [en, zh] = await Promise.all([run({}), run({ lang: 'zh' })]);
		expect(zh.r.hash).not.toBe(en.r.hash);
		// Same spends, doors, targets, outcomes and counts: only the words (and so the tokens) differ.
		const shape = (s: AutonomyState) => s.spends.map((sp) => [sp.door, sp.target, sp.outcome, sp.minute]);
		expect(shape(zh.s)).toEqual(shape(en.s));
		const counts = (s: AutonomyState) => {
			const { tokensUsed: _t, cost: _c, costWithoutDecision: _w, ...rest } = summarize(s);
			return rest;
		};
		expect(counts(zh.s)).toEqual(counts(en.s));
		const texts = zh.s.spends.flatMap((sp) => [
			...sp.triggers.map((t) => t.text),
			...sp.triggers.map((t) => t.source),
			...(sp.refusal ? [sp.refusal.reason] : []),
			...(sp.reason ? [sp.reason] : [])
		]);
		expect(texts.length).toBeGreaterThan(10);
		for (const t of texts) expect(t).toMatch(HAN);
		for (const w of zh.s.wakes) expect(w.note).toMatch(HAN);
		const sp = zh.s.spends.find((x) => x.triggers.length > 0)!;
		const [system, user] = questionMessages(observationOf(zh.s, sp.target, sp.door, sp.minute));
		expect(system!.content).toContain('你是 Sentinel');
		expect(user!.content).toContain('触发条件：');
		expect(user!.content).toMatch(/现在改进 .+，还是 SKIP？$/);
	});

	it('a Chinese run writes no English word into its texts (names, paths and code aside)', async () => {
		// Every text a Chinese run writes that the page shows: evidence, triggers, wake notes, refusals,
		// reasons and failed calls' errors, over 30 days with and without the legacy switches and faults.
		const texts: string[] = [];
		for (const config of [{}, { ...LEGACY, faultRate: 0.2 }, { faultRate: 0.2 }]) {
			const r = createRunner({ scenario: 'autonomy', seed: 3, config: { days: 30, lang: 'zh', ...config } });
			await (r.run() as Promise<AutonomyOutcome>);
			const s = r.state as AutonomyState;
			texts.push(
				...s.evidence.flatMap((e) => [e.source, e.text]),
				...s.wakes.map((w) => w.note),
				...s.spends.flatMap((sp) => [
					...sp.triggers.flatMap((t) => [t.text, t.source]),
					sp.refusal?.reason ?? '',
					sp.reason ?? '',
					sp.error ?? ''
				])
			);
		}
		expect(texts.filter((t) => t !== '').length).toBeGreaterThan(100);
		// A runtime error's message is the program's own output ("TypeError: … is not a function"), the
		// same in a run of any language, as a stack trace is: quoted, it is not the run's words.
		const ours = texts.map((t) => RUNTIME_ERRORS.reduce((rest, e) => rest.replaceAll(e, ''), t));
		// A lone lower-case word that is not part of a path, a file name or a call ("consider()"):
		// "day 2", "review", "rollback", "sibling", "autonomy" were such words.
		const ENGLISH_WORD = /(?<![\w/.#=-])[a-z]{2,}(?![\w/(=-]|\.\w)/g;
		expect([...new Set(ours.flatMap((t) => t.match(ENGLISH_WORD) ?? []))]).toEqual([]);
	});
});
