import { defineConfig } from '@playwright/test';
import { BLOCK_REMOTE_ARGS, chromiumPath, CHROMIUM_ARGS } from './scripts/browser';

// The tests serve on a port of their own (not preview's 4173), so `npm test` runs while `npm start`
// serves the site in another terminal; E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4199);

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: /.*\.e2e\.ts$/,
	timeout: 90_000,
	expect: { timeout: 20_000 },
	// Two test files at a time: a page mostly waits on its own workers, so a second file fills the
	// other core (the whole suite passed this way with four other agents' builds on the same two cores).
	// Tests within a file stay in order.
	fullyParallel: false,
	workers: 2,
	// On CI (`.ci/run` sets CI=1) a failed test is run once more and, if it then passes, reported as
	// flaky by name rather than failing the whole landing; locally a failure is a failure.
	retries: process.env.CI ? 1 : 0,
	reporter: [['list']],
	use: {
		baseURL: `http://127.0.0.1:${PORT}`,
		browserName: 'chromium',
		// The service worker precaches the whole site on a first visit: only the offline test wants that
		// (offline.e2e.ts allows it); elsewhere it would compete for the CPU with the test itself.
		serviceWorkers: 'block',
		launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...BLOCK_REMOTE_ARGS] }
	},
	projects: [
		{ name: 'chromium', testIgnore: /webgpu\.e2e\.ts$/ },
		{
			// A software WebGPU adapter (SwiftShader): an adapter, but no shader-f16 and no real GPU.
			name: 'webgpu',
			testMatch: /webgpu\.e2e\.ts$/,
			use: {
				launchOptions: {
					executablePath: chromiumPath(),
					args: [...CHROMIUM_ARGS, ...BLOCK_REMOTE_ARGS, '--enable-unsafe-webgpu']
				}
			}
		}
	],
	webServer: {
		// The built site, served as a static host would (the build runs in `npm run test:e2e`).
		command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
		url: `http://127.0.0.1:${PORT}/`,
		reuseExistingServer: !process.env.CI,
		timeout: 60_000
	}
});
