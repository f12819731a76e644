import js from '@eslint/js';
import { existsSync, readdirSync } from 'node:fs';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * The pure layers run in Node and in workers alike: no UI, storage, worker RPC or DOM, no ambient
 * randomness or time. The Tool Agent (`tools`) may use d3's CSV functions; the others no d3 at all.
 */
const pureLayers = [
	'src/lib/core/**',
	'src/lib/salvage/**',
	'src/lib/scenarios/**',
	'src/lib/agents/**',
	'src/lib/policies/**',
	'src/lib/analysis/**',
	'src/lib/tools/**'
];
/** A scenario's views live in its folder but are UI, not its pure rules. */
const scenarioViews = ['src/lib/scenarios/*/ui/**'];
const impure = [
	'svelte',
	'svelte/*',
	'$app/*',
	'idb',
	'comlink',
	'$lib/storage/*',
	'$lib/ui/*',
	'$lib/charts/*',
	'$lib/state/*'
];
const drawing = ['d3', 'd3-*'];
/**
 * The layers of ARCHITECTURE.md, as eslint-plugin-boundaries elements: every import form (`$lib/...`,
 * relative, re-exports) is resolved to a file and checked against what its layer may import.
 * `engines/types.ts` is plain data types and their checks (it imports nothing), so the pure layers may
 * use it; the engines themselves they may not.
 */
const layers = {
	core: 'src/lib/core',
	salvage: 'src/lib/salvage',
	tools: 'src/lib/tools',
	// A scenario's folder holds its policies, its statistics and its views too (one scenario, one
	// folder), and they keep their layers: listed before `scenarios` because the first element that
	// matches a file wins.
	policies: ['src/lib/policies', 'src/lib/scenarios/*/policies'],
	analysis: ['src/lib/analysis', 'src/lib/scenarios/*/analysis'],
	ui: ['src/lib/ui', 'src/lib/scenarios/*/ui'],
	scenarios: 'src/lib/scenarios',
	agents: 'src/lib/agents',
	engines: 'src/lib/engines',
	share: 'src/lib/share',
	storage: 'src/lib/storage',
	offline: 'src/lib/offline',
	state: 'src/lib/state',
	charts: 'src/lib/charts',
	workers: 'src/workers',
	routes: 'src/routes',
	run: 'src/lib/run',
	i18n: 'src/lib/i18n',
	app: 'src/lib',
	scripts: 'scripts'
};
/** What each pure layer may import (itself included); everything else is refused. */
const mayImport = {
	core: ['core'],
	salvage: ['salvage'],
	tools: ['core', 'tools'],
	scenarios: ['core', 'salvage', 'tools', 'engine-types', 'scenarios'],
	agents: ['core', 'salvage', 'tools', 'engine-types', 'scenarios', 'agents'],
	policies: ['core', 'salvage', 'tools', 'engine-types', 'scenarios', 'agents', 'policies'],
	// The run statistics read finished runs: above the scenarios, never below them.
	analysis: ['core', 'salvage', 'tools', 'engine-types', 'scenarios', 'analysis']
};
/** Impure folders that must not reach up: the link codec below the run, the language below the pages. */
const mayNotImport = {
	share: ['run', 'state', 'storage', 'ui', 'routes'],
	i18n: ['ui', 'state', 'routes']
};
const layerElements = Object.entries(layers)
	.filter(([type]) => type !== 'engine-types')
	.map(([type, pattern]) => ({ type, pattern, partialMatch: false }));
const layerPolicies = Object.entries(mayImport)
	.map(([from, allowed]) => ({
		from: { element: { type: from } },
		disallow: {
			to: {
				element: { types: { anyOf: Object.keys(layers).filter((t) => !allowed.includes(t)) } }
			}
		},
		message: `${from} may import only ${allowed.join(', ')} (ARCHITECTURE.md, "Layers")`
	}))
	.concat(
		Object.entries(mayNotImport).map(([from, refused]) => ({
			from: { element: { type: from } },
			disallow: { to: { element: { types: { anyOf: refused } } } },
			message: `${from} must not import ${refused.join(', ')} (ARCHITECTURE.md, "Layers")`
		}))
	);
/**
 * The scenario registry and each scenario's descriptor join a scenario's rules with its agents: files
 * of `scenarios/` that sit above `policies` and `agents`. Nothing else below them may import them.
 * `policies/index.ts` and `factory.ts` are the registry's old doors, re-exporting it so that their many
 * importers need no edit.
 */
const registryFiles = [
	'src/lib/scenarios/registry.ts',
	'src/lib/scenarios/built-in.ts',
	'src/lib/scenarios/*/module.ts',
	'src/lib/policies/index.ts',
	'src/lib/policies/factory.ts'
];
const registryPolicies = [
	{
		from: { element: { types: { anyOf: ['scenarios', 'agents', 'policies', 'analysis'] } } },
		disallow: { to: { file: { categories: 'registry' } } },
		message: 'only the registry and the descriptors import the registry (ARCHITECTURE.md, "Layers")'
	},
	{
		from: { file: { categories: 'registry' } },
		allow: {
			to: [{ element: { types: { anyOf: ['agents', 'policies'] } } }, { file: { categories: 'registry' } }]
		}
	}
];
/** Later policies win. The engines' plain types stay open to the layers that list them.
 */
const engineTypesPolicies = Object.entries(mayImport)
	.filter(([, allowed]) => allowed.includes('engine-types'))
	.map(([from]) => ({
		from: { element: { type: from } },
		allow: { to: { file: { categories: 'engine-types' } } }
	}));

/**
 * A scenario's id belongs to its folder and the catalog (`scenarios/catalog.ts`, the one list of the
 * built-in ones): shared code asks the scenario's descriptor (`scenarios/registry.ts`) instead of
 * comparing ids. The ids are the folders holding a descriptor (`module.ts`), so a new scenario is
 * covered as soon as it has one.
 */
const SCENARIO_ROOT = 'src/lib/scenarios';
const scenarioIds = readdirSync(SCENARIO_ROOT, { withFileTypes: true })
	.filter((d) => d.isDirectory() && existsSync(`${SCENARIO_ROOT}/${d.name}/module.ts`))
	.map((d) => d.name);
const scenarioIdRule = {
	meta: {
		type: 'problem',
		schema: [],
		messages: {
			id: 'The scenario id "{{id}}" belongs in src/lib/scenarios/{{id}}/ and the catalog (scenarios/catalog.ts): ask the scenario\'s descriptor (scenarios/registry.ts) instead.'
		}
	},
	create(context) {
		const file = context.filename.replaceAll('\\', '/');
		const own = /\/src\/lib\/scenarios\/([^/]+)\//.exec(file)?.[1];
		const check = (node, value) => {
			if (typeof value === 'string' && value !== own && scenarioIds.includes(value))
				context.report({ node, messageId: 'id', data: { id: value } });
		};
		return {
			Literal: (node) => check(node, node.value),
			TemplateLiteral: (node) => {
				if (node.expressions.length === 0) check(node, node.quasis[0]?.value.cooked);
			}
		};
	}
};

/** Unit and browser tests, and the helpers they share. */
const testFiles = ['**/*.spec.ts', 'tests/**/*.ts'];
const timeSources = [
	['Date', 'now'],
	['performance', 'now']
];

const restrictImports = (group, message) => ({
	'no-restricted-imports': ['error', { patterns: [{ group, message }] }]
});

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'no-undef': 'off',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			// Every link is built from `base` ($app/paths) so the site works under a sub-path, and the
			// play page's links carry a fragment, which `resolve()` cannot express.
			'svelte/no-navigation-without-resolve': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'scripts/**/*.ts'],
		ignores: ['**/*.spec.ts'],
		plugins: { boundaries },
		settings: {
			'boundaries/elements': layerElements,
			'boundaries/files': [
				{ category: 'engine-types', pattern: 'src/lib/engines/types.ts' },
				...registryFiles.map((pattern) => ({ category: 'registry', pattern }))
			],
			'import/resolver': { typescript: { project: './tsconfig.json' } }
		},
		rules: {
			'boundaries/dependencies': [
				'error',
				{ default: 'allow', policies: [...layerPolicies, ...engineTypesPolicies, ...registryPolicies] }
			]
		}
	},
	{
		files: pureLayers,
		ignores: ['**/*.spec.ts', ...scenarioViews],
		languageOptions: { globals: { ...globals.es2022 } },
		rules: {
			...restrictImports(impure, 'The pure layers must not import UI, storage, comlink or DOM code.'),
			'no-restricted-globals': [
				'error',
				...['window', 'document', 'navigator', 'localStorage', 'indexedDB', 'self'].map((name) => ({
					name,
					message: 'No DOM in the pure layers.'
				}))
			],
			'no-restricted-properties': [
				'error',
				{ object: 'Math', property: 'random', message: "Use the run's seeded generator." },
				{ object: 'Date', property: 'now', message: "Use the run's logical clock." },
				{ object: 'performance', property: 'now', message: "Use the run's logical clock." }
			],
			'no-restricted-syntax': [
				'error',
				{ selector: "NewExpression[callee.name='Date']", message: "Use the run's logical clock." }
			]
		}
	},
	{
		files: pureLayers.filter((p) => p !== 'src/lib/tools/**'),
		ignores: ['**/*.spec.ts', ...scenarioViews],
		rules: restrictImports(
			[...impure, ...drawing],
			'The pure layers (core, scenarios, agents, policies, analysis) must not import UI, storage, comlink, d3 or DOM code.'
		)
	},
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'scripts/**/*.ts'],
		ignores: [...testFiles, 'src/lib/scenarios/catalog.ts'],
		plugins: { conclave: { rules: { 'no-scenario-id': scenarioIdRule } } },
		rules: { 'conclave/no-scenario-id': 'error' }
	},
	{
		// Tests must not depend on how fast this machine is at that moment: a test waits for states and
		// counts operations; speed goals live in `npm run bench` (scripts/bench.ts, not a test file).
		files: testFiles,
		rules: {
			'no-restricted-properties': [
				'error',
				...timeSources.map(([object, property]) => ({
					object,
					property,
					message: 'Tests assert states and counts, not durations: time it in `npm run bench`.'
				}))
			],
			'no-restricted-syntax': [
				'error',
				{
					selector: "CallExpression[callee.property.name='waitForTimeout']",
					message: 'Wait for a state (expect(...).toBeVisible, toHaveText, ...), never for a fixed time.'
				}
			]
		}
	},
	{
		// State classes keep worker handles and bookkeeping in plain Maps on purpose: what the page
		// renders is declared with $state, and making the internals reactive would only add work.
		files: ['src/lib/state/**'],
		rules: { 'svelte/prefer-svelte-reactivity': 'off' }
	},
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'tests/fixtures/models/',
			// Paraglide's compiled messages and runtime (npm run i18n), generated from messages/*.json.
			'src/lib/paraglide/'
		]
	}
);
