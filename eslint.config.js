import js from '@eslint/js';
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
	'src/lib/scenarios/**',
	'src/lib/agents/**',
	'src/lib/policies/**',
	'src/lib/metrics/**',
	'src/lib/tools/**'
];
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
		files: pureLayers,
		ignores: ['**/*.spec.ts'],
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
				{ object: 'Date', property: 'now', message: "Use the run's logical clock." }
			]
		}
	},
	{
		files: pureLayers.filter((p) => p !== 'src/lib/tools/**'),
		ignores: ['**/*.spec.ts'],
		rules: restrictImports(
			[...impure, ...drawing],
			'The pure layers (core, scenarios, agents, policies, metrics) must not import UI, storage, comlink, d3 or DOM code.'
		)
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
			'tests/fixtures/models/'
		]
	}
);
