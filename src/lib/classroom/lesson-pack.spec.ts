import { describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale } from '../paraglide/runtime.js';
import { createRunner } from '../run/play';
import { decodeShare, encodeShare, type SharedRun } from '../share/link';
import { LESSONS, lessonOfQuery, lessonPath } from './lesson-pack';
import { parsePreset } from './presets';

async function play(setup: SharedRun) {
	const runner = createRunner(setup);
	await runner.run();
	return { events: runner.log.events, state: runner.state };
}

describe('the lesson pack', () => {
	it('has three lessons per scenario, each with a one-line goal', () => {
		for (const scenario of ['undercover', 'governance', 'autonomy'])
			expect(LESSONS.filter((l) => l.scenario === scenario)).toHaveLength(3);
		for (const l of LESSONS) {
			expect(l.goal).not.toMatch(/\n/);
			expect(l.goal.length).toBeLessThan(200);
		}
		expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
	});

	it('reads each title and goal in the language of the moment, not the one the module loaded in', () => {
		const easy = LESSONS.find((l) => l.id === 'undercover-easy')!;
		const loaded = getLocale;
		const english = LESSONS.map((l) => l.goal);
		expect(easy.title).toBe('An easy game');
		try {
			overwriteGetLocale(() => 'zh');
			expect(easy.title).toBe('一局简单的游戏');
			LESSONS.forEach((l, i) => expect(l.goal, l.id).not.toBe(english[i]));
		} finally {
			overwriteGetLocale(loaded);
		}
		expect(easy.title).toBe('An easy game');
	});

	for (const lang of ['en', 'zh'] as const)
		for (const lesson of LESSONS)
			it(`${lesson.id}, in ${lang}: the link's run shows its goal (${lesson.goal})`, async () => {
				// The link, read back as the page reads it: its preset without a problem, its setup whole.
				const path = lessonPath('', lesson, lang, encodeShare);
				const [query, fragment] = path.replace('/play/', '').split('#');
				const preset = parsePreset(query!);
				expect(preset.problems).toEqual([]);
				expect(preset.preset).toEqual(lesson.preset);
				// The query names the lesson, so the run page shows its goal above the run.
				expect(lessonOfQuery(query!)).toBe(lesson);
				const decoded = decodeShare(fragment!);
				if (!decoded.ok) throw new Error(decoded.error);
				// The run is played in the language asked for: its words and what the agents are told.
				expect(decoded.run.config.lang ?? 'en').toBe(lang);
				expect(lesson.shows(await play(decoded.run))).toBe(true);
				// Where the goal is a contrast, the same seed with the lesson's switch off does not show it.
				const contrast = lesson.contrastIn?.(lang);
				if (contrast) expect(lesson.shows(await play(contrast))).toBe(false);
			});

	it('a query naming no lesson, or one there is not, shows no goal', () => {
		expect(lessonOfQuery('?speed=slow')).toBeUndefined();
		expect(lessonOfQuery('?lesson=undercover-nope')).toBeUndefined();
	});

	it('an English lesson link is the one it was before there were two languages', () => {
		const easy = LESSONS.find((l) => l.id === 'undercover-easy')!;
		expect(easy.setupIn('en')).toEqual({
			scenario: 'undercover',
			seed: 5,
			config: { seats: 6, undercover: 1, blank: false, lang: 'en' }
		});
		const fuse = LESSONS.find((l) => l.id === 'governance-fuse')!;
		expect(fuse.setupIn('en').config).not.toHaveProperty('lang');
		expect(fuse.setupIn('zh').config).toMatchObject({ lang: 'zh' });
	});

	it('the T155 pair is one run under two policies: enacted alone, blocked with a co-signer', async () => {
		const [alone, cosign] = ['governance-enacted', 'governance-cosign'].map((id) =>
			LESSONS.find((l) => l.id === id)!
		);
		expect(alone!.setupIn('en').seed).toBe(cosign!.setupIn('en').seed);
		const blocked = await play(cosign!.setupIn('en'));
		expect(blocked.events.some((e) => e.kind === 'amendment.proposed')).toBe(true);
		expect(blocked.events.some((e) => e.kind === 'rule.amended')).toBe(false);
	});
});
