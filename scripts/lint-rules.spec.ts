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
