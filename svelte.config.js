import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * BASE_PATH lets the static build live under a sub-path (e.g. "/conclave" on GitHub Pages).
 * It must start with a slash and must not end with one.
 */
const base = process.env.BASE_PATH ?? '';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ pages: 'build', assets: 'build', fallback: undefined, strict: true }),
		paths: { base, relative: true },
		prerender: { handleHttpError: 'fail' }
	}
};

export default config;
