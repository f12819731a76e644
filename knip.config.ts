/**
 * knip: files, exports and dependencies nothing uses, and packages used but not declared
 * (`npm run lint:exports`, in CI beside ESLint). Svelte files go through Svelte's own compiler: knip's
 * default reads their `import … 'x'` lines with a pattern that misreads a lazy `() => import('x')`, so a
 * component loaded on demand (the presenter view) looked unused.
 */
import { compile } from 'svelte/compiler';
import type { KnipConfig } from 'knip';

export default {
	// A constant or type exported for a reader of the module and used in it is not dead code.
	ignoreExportsUsedInFile: true,
	// Each scenario's descriptor is loaded by its path (`./${id}/module.ts`, scenarios/catalog.ts), which
	// knip cannot follow; its rules (`index.ts`) it reaches from there.
	entry: ['scripts/*.ts', 'tests/e2e/*.e2e.ts', 'src/lib/scenarios/*/module.ts'],
	project: ['src/**/*.{ts,svelte}', 'scripts/**/*.ts', 'tests/**/*.ts'],
	// Loaded by its path from project.inlang/settings.json, which knip does not read.
	ignoreDependencies: ['@inlang/plugin-message-format'],
	rules: {
		// Off: Svelte's compiler strips `import type`, so a type used only by components would read as unused.
		types: 'off'
	},
	compilers: {
		svelte: (text: string, path: string) => compile(text, { filename: path }).js.code
	}
} satisfies KnipConfig;
