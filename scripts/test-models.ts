/**
 * Serves the generated tiny models at /test-models/<name>/… on the site's own origin, the way a
 * teacher could host models beside the site. Browser tests and the benchmark use it; nothing ever
 * fetches real weights.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { MODELS_DIR } from './fixtures/index';

export async function serveTestModels(context: BrowserContext): Promise<void> {
	// On the context, not the page: models are fetched by engine workers.
	await context.route('**/test-models/**', async (route) => {
		const path = new URL(route.request().url()).pathname.replace(/^.*\/test-models\//, '');
		const file = join(MODELS_DIR, ...path.split('/').filter((p) => p && p !== '..'));
		if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
		return route.fulfill({
			status: 200,
			body: readFileSync(file),
			headers: { 'access-control-allow-origin': '*' }
		});
	});
}
