/**
 * Every schema a scenario's model seats send compiles with the XGrammar that @mlc-ai/web-llm bundles,
 * over a vocabulary the size of the catalog models', and constrains what it should: the replies a
 * seat may give are accepted, the ones it may not (a seat that is not an option, a missing field) are
 * refused. The compile time is `npm run bench`'s row, not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_VOCAB_SIZE, schemaChecker, type SchemaChecker } from './xgrammar';
import { scenarioSchemas } from './scenario-schemas';

let checker: SchemaChecker;
beforeAll(async () => {
	checker = await schemaChecker();
}, 120_000);
afterAll(() => checker?.dispose());

describe("WebLLM's bundled XGrammar, in Node", () => {
	it('loads over a vocabulary the size of the catalog models’', () => {
		expect(checker.vocabSize).toBe(CATALOG_VOCAB_SIZE);
	});

	for (const s of scenarioSchemas()) {
		it(`${s.name}: compiles, accepts its valid replies and refuses the others`, async () => {
			const { grammar } = await checker.compile(JSON.stringify(s.schema));
			try {
				for (const reply of s.valid) expect(await checker.accepts(grammar, reply), reply).toBe(true);
				for (const reply of s.invalid) expect(await checker.accepts(grammar, reply), reply).toBe(false);
			} finally {
				grammar.dispose();
			}
		}, 120_000);
	}

	it('holds no size limit and no per-task id in any schema (what made compiles slow and uncached)', () => {
		const text = scenarioSchemas()
			.map((s) => JSON.stringify(s.schema))
			.join('\n');
		expect(text).not.toMatch(/"(?:maxLength|minLength|maxItems|maxProperties)"/);
		expect(text).not.toMatch(/"const"/);
		expect(text).not.toContain('T104');
	});
});
