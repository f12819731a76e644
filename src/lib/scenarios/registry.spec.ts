/**
 * The catalog, the folders and the registry agree: every built-in scenario is one line of `catalog.ts`,
 * its folder's `index.ts` and `module.ts` give its rules and descriptor by path, and shared code's
 * doors (policyForChoice, scriptedLabel) answer from the descriptor.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { loadRules, rulesOf, scenarios, seatCount } from '.';
import { BUILT_IN_IDS } from './catalog';
import type { ScenarioRules } from './descriptor';
import {
	loadScenario,
	policyForChoice,
	scenarioModule,
	scenarioModules,
	scriptedLabel,
	scriptedPolicy,
	type ScenarioModule
} from './registry';

/** The folders that hold a descriptor: what ESLint's `conclave/no-scenario-id` takes for the ids. */
const here = fileURLToPath(new URL('.', import.meta.url));
const folders = readdirSync(here, { withFileTypes: true })
	.filter((d) => d.isDirectory() && existsSync(`${here}${d.name}/module.ts`))
	.map((d) => d.name);

describe('the scenario registry', () => {
	it('lists every folder with a descriptor, the test-only one only where the browser tests build', async () => {
		const listed = async (flag: string) => {
			vi.stubEnv('VITE_TEST_SCENARIOS', flag);
			vi.resetModules();
			return (await import('./catalog')).BUILT_IN_IDS;
		};
		try {
			const site = await listed('');
			const withTests = await listed('1');
			expect([...withTests].sort()).toEqual([...folders].sort());
			expect(withTests.slice(0, site.length)).toEqual(site);
			expect(withTests).toHaveLength(site.length + 1);
		} finally {
			vi.unstubAllEnvs();
			vi.resetModules();
		}
	});

	it('finds each folder’s rules and descriptor by its path, named by the folder', async () => {
		for (const id of folders) {
			const rules = ((await import(`./${id}/index.ts`)) as { default: ScenarioRules }).default;
			const m = ((await import(`./${id}/module.ts`)) as { default: ScenarioModule }).default;
			expect(rules.scenario.id, id).toBe(id);
			expect(m.scenario, id).toBe(rules.scenario);
			expect(m.seatCount, id).toBe(rules.seatCount);
			expect(m.predictionPoint, id).toBe(rules.predictionPoint);
		}
	});

	it('registers exactly the built-in scenarios, in the catalog’s order, each with its agents', () => {
		expect(scenarioModules().map((m) => m.scenario.id)).toEqual(BUILT_IN_IDS);
		for (const id of BUILT_IN_IDS) {
			const m = scenarioModule(id);
			expect(rulesOf(id)?.scenario).toBe(m.scenario);
			expect(scenarios[id]).toBe(m.scenario);
		}
	});

	it('loads each built-in scenario on demand as the descriptor Node registers', async () => {
		// The play page loads only the scenario it plays; it must get the same descriptor Node does.
		for (const id of BUILT_IN_IDS) expect(await loadScenario(id)).toBe(scenarioModule(id));
	});

	it('loads each built-in scenario’s rules on demand as the descriptor’s', async () => {
		// The play page reads a link with only its scenario's rules loaded; they must be Node's.
		for (const id of BUILT_IN_IDS) expect((await loadRules(id))?.scenario).toBe(scenarioModule(id).scenario);
	});

	it.each(['chess', 'toString', '__proto__', 'constructor', '../governance', 'governance/../autonomy', ''])(
		'loads nothing for an id the catalog does not list (%j), before any import path is made',
		async (id) => {
			expect(await loadScenario(id)).toBeUndefined();
			expect(await loadRules(id)).toBeUndefined();
		}
	);

	it.skipIf(import.meta.env.VITE_TEST_SCENARIOS === '1')(
		'does not build in the test-only scenario where the browser tests’ flag is off',
		async () => {
			const testOnly = folders.filter((id) => !BUILT_IN_IDS.includes(id));
			expect(testOnly).toHaveLength(1);
			for (const id of testOnly) {
				expect(await loadScenario(id)).toBeUndefined();
				expect(await loadRules(id)).toBeUndefined();
			}
		}
	);

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
