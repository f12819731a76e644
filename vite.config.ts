import { availableParallelism } from 'node:os';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * onnxruntime-web falls back to `new URL('ort-wasm-simd-threaded.asyncify.wasm', import.meta.url)` when
 * it is not told where its wasm lives, and Vite emits a copy of the 27 MB file for every bundle that
 * contains that expression (the page's and the workers'). Conclave always tells it (`wasmPaths`, the
 * page's own `?url` import, see agent-pool.svelte.ts), so the fallback is rewritten to a plain string
 * that Vite leaves alone: the site ships the wasm once and the page and workers share that copy.
 */
function ortWasmOnce(): Plugin {
	const fallback = /new URL\((["'])(ort-wasm-simd-threaded\.[\w.]*wasm)\1\s*,\s*import\.meta\.url\)/g;
	return {
		name: 'conclave:ort-wasm-once',
		enforce: 'pre',
		transform(code, id) {
			if (!id.includes('onnxruntime-web') || !fallback.test(code)) return null;
			fallback.lastIndex = 0;
			return { code: code.replace(fallback, 'new URL($1$2$1, self.location.href)'), map: null };
		}
	};
}

/**
 * Paraglide's generated `registry.js` builds a new `Intl.PluralRules` (and `Intl.NumberFormat`) on every
 * call of a message with a plural or a number in it; a governance run at instant speed calls such
 * messages for every chart and card each frame, and the constructors alone took 1.3 s of a 28 s run's
 * main thread (a CPU profile of scripts/page-cost.ts). This keeps one formatter per locale and options.
 * The build fails if the generated code no longer has the calls, rather than quietly losing the cache.
 */
function paraglideIntlOnce(): Plugin {
	const calls = /new Intl\.(PluralRules|NumberFormat)\(locale, options\)/g;
	const cache = `
const __intl = new Map();
function __cachedIntl(kind, locale, options) {
	const key = kind + '|' + locale + '|' + JSON.stringify(options ?? null);
	let f = __intl.get(key);
	if (!f) __intl.set(key, (f = new Intl[kind](locale, options)));
	return f;
}
`;
	return {
		name: 'conclave:paraglide-intl-once',
		transform(code, id) {
			if (!/[\\/]paraglide[\\/]registry\.js$/.test(id.split('?')[0]!)) return null;
			if (!calls.test(code))
				this.error('paraglide registry.js: no Intl constructor calls to cache (update vite.config.ts)');
			calls.lastIndex = 0;
			return { code: cache + code.replace(calls, "__cachedIntl('$1', locale, options)"), map: null };
		}
	};
}

export default defineConfig({
	// Paraglide compiles messages/*.json into src/lib/paraglide; its options are in
	// project.inlang/paraglide.config.js, which `npm run i18n` reads too. Not under Vitest: the unit
	// tests run `npm run i18n` first (pretest:unit), and the plugin's file watcher keeps Vitest from exiting.
	plugins: [
		ortWasmOnce(),
		paraglideIntlOnce(),
		...(process.env.VITEST ? [] : [paraglideVitePlugin({ project: './project.inlang' })]),
		sveltekit()
	],
	server: { port: 5173 },
	preview: { port: 4173, strictPort: false },
	worker: { format: 'es', plugins: () => [ortWasmOnce()] },
	test: {
		include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts'],
		environment: 'node',
		// Every built-in scenario registered, as Node's entry points do (the registry registers none itself).
		setupFiles: ['src/lib/scenarios/built-in.ts'],
		testTimeout: 60_000,
		// Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where the
		// specs mostly wait on child processes and a second worker halves the run (224 s to 115 s).
		maxWorkers: Math.max(2, availableParallelism() - 1)
	}
});
