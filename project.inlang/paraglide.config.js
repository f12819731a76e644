import { defineConfig } from '@inlang/paraglide-js';

/**
 * Paraglide's compiler options, read by both the Vite plugin (vite.config.ts) and the CLI
 * (`npm run i18n`, which `check` and the unit tests run first), so the two compile the same output.
 *
 * The language is resolved in this order: the link's `?locale=` (so a shared link opens in the
 * language it was shared in), the choice this browser remembered, the browser's own languages, then
 * English. `custom-link` and `custom-remembered` are defined in src/lib/i18n/locale.svelte.ts: the
 * link one because the site's links keep their paths (no `/zh/` prefix that would break old links),
 * the remembered one because it goes through the site's own preferences, which survive blocked storage
 * (Paraglide's built-in localStorage strategy throws there).
 */
export default defineConfig({
	outdir: './src/lib/paraglide',
	strategy: ['custom-link', 'custom-remembered', 'preferredLanguage', 'baseLocale'],
	emitReadme: false
});
