/**
 * The lint rules that keep CI steady are real rules: each snippet here is what a flaky test would
 * write, and ESLint (with this project's own config) must refuse it in a test file.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath });
	return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('tests may not depend on how fast the machine is', () => {
	const timed = [
		'const t0 = performance.now();\nexport const slow = performance.now() - t0 > 20;\n',
		'const t0 = Date.now();\nexport const slow = Date.now() - t0 > 20;\n'
	];
	for (const file of ['src/lib/tools/example.spec.ts', 'scripts/example.spec.ts', 'tests/e2e/example.e2e.ts'])
		for (const code of timed)
			it(`refuses ${code.split('(')[0]!.split(' ').pop()}() in ${file}`, async () => {
				expect(await ruleIds(code, file)).toContain('no-restricted-properties');
			});

	it('refuses a fixed pause in a browser test', async () => {
		const code =
			'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n\tawait page.waitForTimeout(200);\n}\n';
		expect(await ruleIds(code, 'tests/e2e/example.e2e.ts')).toContain('no-restricted-syntax');
	});

	it('leaves the benchmark, which is where timing belongs, alone', async () => {
		const code = 'const t0 = performance.now();\nexport const ms = performance.now() - t0;\n';
		expect(await ruleIds(code, 'scripts/bench-example.ts')).toEqual([]);
	});
});

describe('the layers of ARCHITECTURE.md hold for every import form', () => {
	const refused = 'boundaries/dependencies';
	it.each([
		[
			'a relative import of storage from the run statistics',
			"import { RunStore } from '../storage/runs';\nexport const s = RunStore;\n",
			'src/lib/analysis/example.ts'
		],
		[
			'a relative import of a policy from the run statistics',
			"import { policyForChoice } from '../policies/factory';\nexport const p = policyForChoice;\n",
			'src/lib/analysis/example.ts'
		],
		[
			'the share codec from a scenario',
			"import { encodeShare } from '../../share/link';\nexport const e = encodeShare;\n",
			'src/lib/scenarios/undercover/example.ts'
		],
		[
			'a re-export of an engine from a scenario',
			"export { OpenAIEngine } from '../../engines/openai';\n",
			'src/lib/scenarios/governance/example.ts'
		],
		[
			'a dynamic import of the page state from the kernel',
			"export const load = () => import('../state/run-lock');\n",
			'src/lib/core/example.ts'
		],
		[
			'an agent from the kernel, by $lib',
			"import { parseLesson } from '$lib/agents/lessons';\nexport const p = parseLesson;\n",
			'src/lib/core/example.ts'
		],
		[
			"one scenario's prompts from the salvage module",
			"import { fitToContext } from '../scenarios/shared/prompt';\nexport const f = fitToContext;\n",
			'src/lib/salvage/example.ts'
		],
		[
			"a scenario's own statistics from its rules (the statistics read finished runs, above the rules)",
			"import { leaderboard } from './analysis/leaderboard';\nexport const l = leaderboard;\n",
			'src/lib/scenarios/undercover/example.ts'
		],
		[
			'the run layer from the link codec',
			"import { createRunner } from '../run/play';\nexport const c = createRunner;\n",
			'src/lib/share/example.ts'
		],
		[
			'a page piece from the language module',
			"import { downloadText } from '$lib/ui/download';\nexport const d = downloadText;\n",
			'src/lib/i18n/example.ts'
		]
	])('refuses %s', async (_, code, file) => {
		expect(await ruleIds(code, file)).toContain(refused);
	});

	it("allows what the layers allow: the kernel from a scenario, the engines' plain types from a policy", async () => {
		expect(
			await ruleIds(
				"import { createStream } from '../../core';\nexport const c = createStream;\n",
				'src/lib/scenarios/undercover/example.ts'
			)
		).toEqual([]);
		expect(
			await ruleIds(
				"import { samplingError } from '../../engines/types';\nexport const s = samplingError;\n",
				'src/lib/policies/llm/example.ts'
			)
		).toEqual([]);
		expect(
			await ruleIds(
				"import { RunStore } from '../storage/runs';\nexport const s = RunStore;\n",
				'src/lib/state/example.ts'
			)
		).toEqual([]);
	});

	it.each([
		['new Date()', 'export const t = new Date().getTime();\n'],
		['performance.now()', 'export const t = performance.now();\n'],
		['Date.now()', 'export const t = Date.now();\n'],
		['Math.random()', 'export const r = Math.random();\n']
	])('refuses %s as a time or randomness source in the pure layers', async (_, code) => {
		const ids = await ruleIds(code, 'src/lib/analysis/example.ts');
		expect(ids.some((id) => id === 'no-restricted-properties' || id === 'no-restricted-syntax')).toBe(true);
	});
});

describe('a scenario id belongs to its folder and the catalog', () => {
	const rule = 'conclave/no-scenario-id';
	it.each([
		[
			'a comparison in shared run code',
			"export const g = (s: string) => s === 'governance';\n",
			'src/lib/run/example.ts'
		],
		[
			'a case label in the classroom',
			"export const f = (s: string) => { switch (s) { case 'autonomy': return 1; } return 0; };\n",
			'src/lib/classroom/example.ts'
		],
		['a template literal in a script', 'export const id = `undercover`;\n', 'scripts/example.ts'],
		[
			"another scenario's id inside a scenario folder",
			"export const other = 'undercover';\n",
			'src/lib/scenarios/governance/example.ts'
		],
		["the test-only scenario's id in a page", "export const id = 'rps';\n", 'src/routes/example.ts'],
		[
			'an id in the registry, which loads by the catalog',
			"export const id = 'governance';\n",
			'src/lib/scenarios/registry.ts'
		]
	])('refuses %s', async (_, code, file) => {
		expect(await ruleIds(code, file)).toContain(rule);
	});

	it('allows a scenario its own id, the catalog every id, and tests any', async () => {
		expect(
			await ruleIds("export const id = 'governance';\n", 'src/lib/scenarios/governance/example.ts')
		).not.toContain(rule);
		expect(
			await ruleIds("export const ids = ['undercover', 'autonomy'];\n", 'src/lib/scenarios/catalog.ts')
		).not.toContain(rule);
		expect(await ruleIds("export const id = 'undercover';\n", 'src/lib/run/example.spec.ts')).not.toContain(
			rule
		);
		expect(await ruleIds("export const id = 'undercover';\n", 'tests/e2e/example.e2e.ts')).not.toContain(
			rule
		);
	});
});

describe('the registry sits above the policies it joins to the rules', () => {
	const refused = 'boundaries/dependencies';
	it('refuses the registry from a policy', async () => {
		const code =
			"import { scriptedPolicy } from '../../scenarios/registry';\nexport const p = scriptedPolicy;\n";
		expect(await ruleIds(code, 'src/lib/policies/llm/example.ts')).toContain(refused);
	});
	it("refuses a policy from a scenario's rules, allows it from the scenario's descriptor", async () => {
		const code =
			"import { scriptedUndercover } from './policies/scripted/undercover';\nexport const p = scriptedUndercover;\n";
		expect(await ruleIds(code, 'src/lib/scenarios/undercover/example.ts')).toContain(refused);
		expect(await ruleIds(code, 'src/lib/scenarios/undercover/module.ts')).not.toContain(refused);
	});
	it('refuses storage from a descriptor', async () => {
		const code = "import { RunStore } from '../../storage/runs';\nexport const s = RunStore;\n";
		expect(await ruleIds(code, 'src/lib/scenarios/undercover/module.ts')).toContain(refused);
	});
});
