import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** The pure layers run in Node and in workers alike: no UI, storage, worker-RPC, chart or DOM imports. */
const pureLayers = ['src/lib/core/**', 'src/lib/scenarios/**', 'src/lib/agents/**', 'src/lib/policies/**'];
const impure = [
	'svelte',
	'svelte/*',
	'$app/*',
	'idb',
	'comlink',
	'd3',
	'd3-*',
	'$lib/storage/*',
	'$lib/ui/*',
	'$lib/charts/*',
	'$lib/state/*'
];

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
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: impure,
							message:
								'The pure layers (core, scenarios, agents, policies) must not import UI, storage, comlink, d3 or DOM code.'
						}
					]
				}
			],
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
