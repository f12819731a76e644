/**
 * The registry and its light half agree: every built-in scenario's rules are registered with its
 * agents, and shared code's doors (policyForChoice, scriptedLabel) answer from the descriptor.
 */
import { describe, expect, it } from 'vitest';
import { loadRules, rulesOf, scenarios, seatCount } from '.';
import { BUILT_IN_RULES } from './built-in-rules';
import {
	loadScenario,
	policyForChoice,
	scenarioModule,
	scenarioModules,
	scriptedLabel,
	scriptedPolicy
} from './registry';

describe('the scenario registry', () => {
	it('registers exactly the built-in rules, each with its agents', () => {
		const ids = BUILT_IN_RULES.map((r) => r.scenario.id);
		expect(scenarioModules().map((m) => m.scenario.id)).toEqual(ids);
		for (const r of BUILT_IN_RULES) {
			const m = scenarioModule(r.scenario.id);
			expect(m.scenario).toBe(r.scenario);
			expect(m.seatCount).toBe(r.seatCount);
			expect(m.predictionPoint).toBe(r.predictionPoint);
			expect(rulesOf(r.scenario.id)?.scenario).toBe(r.scenario);
			expect(scenarios[r.scenario.id]).toBe(r.scenario);
		}
	});

	it('loads each built-in scenario on demand as the descriptor built-in.ts registers', async () => {
		// The play page loads only the scenario it plays; it must get the same descriptor Node does.
		for (const r of BUILT_IN_RULES)
			expect(await loadScenario(r.scenario.id)).toBe(scenarioModule(r.scenario.id));
		expect(await loadScenario('chess')).toBeUndefined();
	});

	it('loads each built-in scenario’s rules on demand as built-in-rules.ts registers them', async () => {
		// The play page reads a link with only its scenario's rules loaded; they must be Node's.
		for (const r of BUILT_IN_RULES) expect((await loadRules(r.scenario.id))?.scenario).toBe(r.scenario);
		expect(await loadRules('chess')).toBeUndefined();
		expect(await loadRules('toString')).toBeUndefined();
	});

	it('refuses an unknown id in words and counts it no seats', () => {
		expect(() => scenarioModule('chess')).toThrow(/unknown scenario "chess"/);
		expect(rulesOf('chess')).toBeUndefined();
		expect(seatCount('chess', { seats: 5 })).toBe(0);
	});

	it('labels every scripted seat without building its policy, as the policy itself is labelled', () => {
		for (const m of scenarioModules()) {
			const id = m.scenario.id;
			const n = m.seatCount(
				m.scenario.serializeConfig((m.scenario.parseConfig({}) as { config: unknown }).config)
			);
			const tools = { call: () => Promise.reject(new Error('not used')) };
			for (let seat = 1; seat <= n; seat++)
				for (const variant of [undefined, 'red-team', 'fair'])
					expect(scriptedLabel(id, seat, variant), `${id} seat ${seat} ${variant}`).toBe(
						m.scripted(seat, { tools }, variant).label
					);
		}
	});

	it('gives a person’s seat no policy, and a model chosen for a seat only a person plays the stand-in', () => {
		const model = { engine: 'openai' as const, model: 'm', baseUrl: 'http://127.0.0.1:9/v1' };
		for (const m of scenarioModules()) {
			const id = m.scenario.id;
			expect(() => policyForChoice(id, { engine: 'human' }, { seat: 1 })).toThrow(/person/);
			if (m.personSeat !== undefined)
				expect(policyForChoice(id, model, { seat: m.personSeat }).label).toBe(m.scriptedLabel(m.personSeat));
			if (m.model) expect(() => policyForChoice(id, model, { seat: 1 })).toThrow(/loaded model/);
			if (m.scriptedShared) expect(scriptedPolicy(id)).toBe(m.scriptedShared);
			else expect(() => scriptedPolicy(id)).toThrow(/per seat/);
		}
	});
});
