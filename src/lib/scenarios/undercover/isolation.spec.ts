/**
 * Information isolation, as a property over 1,000 seeded games: everything a seat is ever shown,
 * serialised, holds neither a word it was not dealt nor any role.
 */
import { describe, expect, it } from 'vitest';
import { Runner, type Policy } from '../../core';
import { scriptedUndercover } from './policies/scripted/undercover';
import { parseUndercoverConfig, undercover, type UndercoverObservation, mentionsWord } from '.';

const ROLE_WORDS = /undercover|civilian|卧底|平民|"role"/i;

describe('information isolation', () => {
	it('never shows a seat another seat’s word or any role, over 1,000 seeded games', async () => {
		let observations = 0;
		// Collected, not thrown: the runner treats a throwing policy as an invalid reply.
		const leaks: string[] = [];
		for (let seed = 0; seed < 1000; seed++) {
			const raw = {
				seats: 4 + (seed % 5),
				undercover: seed % 3 === 0 && seed % 5 > 0 ? 2 : 1,
				blank: seed % 4 === 0 && seed % 5 >= 3,
				lang: seed % 2 ? 'zh' : 'en'
			};
			const parsed = parseUndercoverConfig(raw);
			if (!parsed.ok) throw new Error(parsed.error);
			const cfg = parsed.config;
			const box: {
				runner?: Runner<typeof cfg, ReturnType<typeof undercover.init>, UndercoverObservation, unknown>;
			} = {};
			const spy: Policy<UndercoverObservation> = {
				label: 'spy',
				act(obs, ask, ctx) {
					const deal = box.runner!.state.deal!;
					const json = JSON.stringify(obs);
					const hidden = [deal.civilianWord, deal.undercoverWord].filter((w) => w !== obs.word);
					for (const w of hidden)
						if (mentionsWord(json, w, cfg.lang)) leaks.push(`seed ${seed} seat ${obs.seat} sees "${w}"`);
					if (ROLE_WORDS.test(json)) leaks.push(`seed ${seed} seat ${obs.seat} sees a role`);
					observations++;
					return scriptedUndercover.act(obs, ask, ctx);
				}
			};
			box.runner = new Runner({ scenario: undercover, config: cfg, seed, policyFor: () => spy });
			await box.runner.run();
			// And every seat's view at the end, the eliminated seats included.
			for (const seat of box.runner.state.seats) {
				const json = JSON.stringify(undercover.observe(box.runner.state, seat.id));
				expect(json).not.toMatch(ROLE_WORDS);
				const deal = box.runner.state.deal!;
				for (const w of [deal.civilianWord, deal.undercoverWord].filter((x) => x !== seat.word))
					expect(mentionsWord(json, w, cfg.lang)).toBe(false);
			}
		}
		expect(leaks).toEqual([]);
		expect(observations).toBeGreaterThan(20_000);
	});
});
