/**
 * Headless Chromium for scripts and tests: the Debian package where it exists (CI installs it), else
 * Playwright's own browser if the machine has one. The flags keep it quiet on a closed network.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/**
 * For the browser tests: every host name but this machine's fails to resolve, so a request elsewhere
 * fails at once, as on a closed network (tests/e2e/fixtures.ts lists such requests and fails the test).
 */
export const BLOCK_REMOTE_ARGS = [
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'
];

export function chromiumPath(): string | undefined {
	const fromEnv = process.env.CHROMIUM_PATH;
	if (fromEnv) return fromEnv;
	return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}
