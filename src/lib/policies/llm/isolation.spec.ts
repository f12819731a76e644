/**
 * Prompt isolation, as a property over 300 seeded games: every prompt built for a seat, for every
 * (observation, ask) a real game produces, holds neither the word that seat was not dealt nor any role
 * assignment. The prompts describe the game without role names, so any role word found is a leak.
 */
import { describe, expect, it } from 'vitest';
import { createStream, Runner, type Policy } from '../../core';
import {
	mentionsWord,
	parseUndercoverConfig,
	undercover,
	type UndercoverConfig,
	type UndercoverObservation,
	type UndercoverOutcome,
	type UndercoverState
} from '../../scenarios/undercover';
import {
	actionPrompt,
	monologuePrompt,
	reflectPrompt,
	summaryFromState,
	type Prompt
} from '../../scenarios/undercover/prompts';
import { fitToContext } from '../../scenarios/shared/prompt';
import { scriptedUndercover } from '../../scenarios/undercover/policies/scripted/undercover';

const ROLES = /undercover|civilian|卧底|平民|"role"/i;
const text = (p: Prompt) => p.messages.map((m) => m.content).join('\n');

describe('prompt isolation', () => {
	it('never puts another seat’s word or a role into a seat’s prompt, over 300 seeded games', async () => {
		const leaks: string[] = [];
		let prompts = 0;
		for (let seed = 0; seed < 300; seed++) {
			const parsed = parseUndercoverConfig({
				seats: 4 + (seed % 5),
				undercover: seed % 3 === 0 && seed % 5 > 0 ? 2 : 1,
				blank: seed % 4 === 0 && seed % 5 >= 3,
				lang: seed % 2 ? 'zh' : 'en'
			});
			if (!parsed.ok) throw new Error(parsed.error);
			const cfg = parsed.config;
			const box: {
				runner?: Runner<UndercoverConfig, UndercoverState, UndercoverObservation, UndercoverOutcome>;
			} = {};
			const check = (obs: UndercoverObservation, p: Prompt, what: string) => {
				const deal = box.runner!.state.deal!;
				const t = text(p);
				for (const w of [deal.civilianWord, deal.undercoverWord].filter((x) => x !== obs.word))
					if (mentionsWord(t, w, cfg.lang)) leaks.push(`seed ${seed} seat ${obs.seat} ${what}: "${w}"`);
				if (ROLES.test(t))
					leaks.push(`seed ${seed} seat ${obs.seat} ${what}: a role (${ROLES.exec(t)?.[0]})`);
				prompts++;
			};
			// Collected, not thrown: the runner treats a throwing policy as an invalid reply.
			const spy: Policy<UndercoverObservation> = {
				label: 'spy',
				act(obs, ask, ctx) {
					const kind = ask.kind as 'speak' | 'defend' | 'vote';
					const rng = createStream(ctx.seed, `${ctx.streamName}:options`);
					const p = actionPrompt(kind, obs, {
						options: ask.options,
						rng,
						previousError: 'the reply was empty'
					});
					check(obs, p, ask.kind);
					if (p.optionOrder && [...p.optionOrder].sort().join() !== [...(ask.options ?? [])].sort().join())
						leaks.push(`seed ${seed} seat ${obs.seat}: options ${p.optionOrder} for ${ask.options}`);
					check(obs, { ...p, messages: fitToContext(p.messages, 1024, 256) }, `${ask.kind} fitted`);
					check(obs, monologuePrompt(obs), 'monologue');
					check(
						obs,
						reflectPrompt({ observation: obs, summary: summaryFromState(box.runner!.state) }),
						'reflect during the game'
					);
					return scriptedUndercover.act(obs, ask, ctx);
				}
			};
			box.runner = new Runner({ scenario: undercover, config: cfg, seed, policyFor: () => spy });
			await box.runner.run();
			// After the game, the reveal may name both words, but still no role: sides are described.
			const end = summaryFromState(box.runner.state);
			expect(end.over).toBe(true);
			for (const seat of box.runner.state.seats) {
				const p = reflectPrompt({ observation: undercover.observe(box.runner.state, seat.id), summary: end });
				if (ROLES.test(text(p))) leaks.push(`seed ${seed} seat ${seat.id} reflect after the game: a role`);
			}
		}
		expect(leaks).toEqual([]);
		expect(prompts).toBeGreaterThan(20_000);
	});
});
