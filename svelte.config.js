import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * BASE_PATH lets the static build live under a sub-path (e.g. "/conclave" on GitHub Pages).
 * It must start with a slash and must not end with one.
 */
const base = process.env.BASE_PATH ?? '';

/**
 * The Content-Security-Policy, written into every prerendered page as a meta tag by SvelteKit, which adds
 * the hashes of its own inline bootstrap scripts to script-src. Nothing else runs inline: no handler
 * attributes, no inline scripts (the fragment guard is `src/hooks.client.ts`). `static/_headers` adds, for hosts that
 * read it, what a meta tag cannot carry (frame-ancestors). See ARCHITECTURE.md, "Content-Security-Policy",
 * for why connect-src allows any https origin.
 */
const csp = {
	mode: /** @type {const} */ ('hash'),
	directives: {
		'default-src': ['self'],
		// 'wasm-unsafe-eval': compiling WebAssembly (ONNX Runtime, WebLLM), nothing else.
		'script-src': ['self', 'wasm-unsafe-eval'],
		'worker-src': ['self'],
		// Svelte and D3 set style attributes; style cannot run code.
		'style-src': ['self', 'unsafe-inline'],
		'img-src': ['self', 'data:', 'blob:'],
		'font-src': ['self'],
		// The catalog's model hosts are https; an OpenAI-compatible endpoint is any https origin the person
		// names, or one on this machine over plain http. A static policy cannot learn the endpoint at run
		// time, so connect-src allows https: rather than break endpoints (the trade-off in ARCHITECTURE.md).
		'connect-src': [
			'self',
			'https:',
			'http://localhost:*',
			'http://127.0.0.1:*',
			'https://huggingface.co',
			'https://*.huggingface.co',
			'https://*.hf.co',
			'https://raw.githubusercontent.com'
		],
		'object-src': ['none'],
		'base-uri': ['self'],
		'form-action': ['self'],
		'manifest-src': ['self']
	}
};

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ pages: 'build', assets: 'build', fallback: undefined, strict: true }),
		paths: { base, relative: true },
		prerender: { handleHttpError: 'fail' },
		// Each page's stylesheets (the largest, GovernanceView's, is 7.7 KB) go inline in its HTML: a
		// phone on a slow network then waits for no stylesheet request before the first paint
		// (Lighthouse counted about ten render-blocking ones on /play/). style-src allows inline styles.
		inlineStyleThreshold: 10_000,
		csp
	}
};

export default config;
