/**
 * The autonomy views' words: in English they are exactly the scenario's own English chain (the one
 * Node and the golden tests read), and in Chinese every identifier is named in Chinese.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { createRunner } from '$lib/run/play';
import { chainOf, type AutonomyState } from '$lib/scenarios/autonomy';
import {
	chainFor,
	clockText,
	ledgerData,
	outcomeName,
	reasonName,
	runTextParts,
	stepName
} from './view-model';

const LEGACY = {
	legacyConsider: true,
	ignoreFingerprint: true,
	noStaleness: true,
	chargeTransportErrors: true
};

async function legacyRun(lang: 'en' | 'zh', switches: Record<string, boolean> = LEGACY) {
	const r = createRunner({
		scenario: 'autonomy',
		seed: 2,
		config: { days: 12, ...switches, faultRate: 0.3, lang }
	});
	await r.run();
	return r.state as AutonomyState;
}

const original = getLocale;
afterEach(() => overwriteGetLocale(original));

describe('the autonomy view model', () => {
	it('in English, tells every chain word for word as the scenario does', async () => {
		expect(getLocale()).toBe(baseLocale);
		// The legacy run and the fixed one: between them, refusals, decisions and failures of both kinds.
		const runs = [await legacyRun('en'), await legacyRun('en', {})];
		const outcomes = new Set(runs.flatMap((s) => s.spends.map((sp) => sp.outcome)));
		expect([...outcomes]).toEqual(
			expect.arrayContaining(['refused', 'SKIP', 'deferred', 'transport-failure'])
		);
		for (const s of runs) for (const sp of s.spends) expect(chainFor(s, sp)).toEqual(chainOf(s, sp));
	});

	it('in Chinese, names steps, reasons, checks and outcomes in Chinese, and the chart too', async () => {
		overwriteGetLocale(() => 'zh');
		const s = await legacyRun('zh');
		const english = /[A-Za-z][a-z]+[ ,:;-]+[A-Za-z][a-z]+/;
		for (const sp of s.spends) {
			for (const step of chainFor(s, sp)) {
				expect(stepName(step.step)).not.toMatch(/[a-z]/);
				// What is left in Latin letters is code: file names, door names, hashes, quoted runtime errors.
				const words = runTextParts(step.text)
					.filter((p) => !p.code)
					.map((p) => p.text.replace(/[\w./-]*[\w-]\.[a-z]{1,4}\b/g, ' '))
					.join(' ');
				expect(words, `${sp.id} ${step.step}`).not.toMatch(english);
			}
			// Every wake reason wholly in Chinese: no "定期 review" in the chart's legend.
			expect(reasonName(sp.wakeReason)).not.toMatch(/[a-z]/);
			expect(outcomeName(sp)).toMatch(/\p{Script=Han}|^(IMPROVE|SKIP)$/u);
		}
		const labels = ledgerData(s, null).labels!;
		expect(labels.day(3)).toBe('第 3 天');
		// The time column and the headings say the moment in Chinese too.
		expect(clockText(1440 + 15 * 60 + 1)).toBe('第 2 天 15:01');
		for (const r of Object.values(labels.reasons)) expect(r).not.toMatch(/[a-z]/);
		expect(labels.summary(30, 5, 1, 2)).toBe('30 天的开销账本：5 次开销，1 次拒绝，2 个异常');
	});

	it('cuts a run text where it quotes a runtime error, which is shown as code', () => {
		const parts = runTextParts('运行时错误：TypeError: options.now is not a function；别的');
		expect(parts).toEqual([
			{ text: '运行时错误：', code: false },
			{ text: 'TypeError: options.now is not a function', code: true },
			{ text: '；别的', code: false }
		]);
		expect(runTextParts('nothing quoted')).toEqual([{ text: 'nothing quoted', code: false }]);
	});
});
