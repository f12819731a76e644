/**
 * An OpenAI-compatible server without structured output refuses `response_format`; the engine asks
 * again without it, and the reply is then held to nothing but the prompt. The play page says so, and
 * the log records the call as unconstrained.
 */
import { startMockOpenAI, type MockOpenAI } from '../../scripts/mock-openai';
import { encodeShare } from '../../src/lib/share/link';
import { eventCount, expect, savedEvents, test } from './fixtures';

let server: MockOpenAI;
test.beforeAll(async () => {
	server = await startMockOpenAI({ refuseResponseFormat: true, model: 'plain' });
});
test.afterAll(() => server.close());

test('a server that drops the reply format is named on the play page, and its calls are logged unconstrained', async ({
	page
}) => {
	test.setTimeout(120_000);
	const seat = { engine: 'openai' as const, model: 'plain', baseUrl: server.baseUrl };
	const run = {
		scenario: 'undercover',
		seed: 3,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
		seats: Object.fromEntries([1, 2, 3, 4].map((s) => [String(s), seat]))
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	await expect(page.getByTestId('schema-dropped')).toHaveCount(0);
	// A link's endpoint is called only once the person agrees to it.
	await page.getByTestId('endpoint-confirm-button').click();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();

	const banner = page.getByTestId('schema-dropped');
	await expect(banner).toBeVisible({ timeout: 60_000 });
	await expect(banner).toContainText('plain');
	await expect(banner).toContainText('response_format');
	// The game plays on (its votes, guided by the prompt alone, may be refused) to its end.
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 90_000 });
	await expect(page.getByTestId('saved')).toHaveAttribute('data-saved', String(await eventCount(page)));

	// What the banner counts: the saved calls of that model, each recorded as not held to its schema.
	const calls = (await savedEvents(page))
		.filter((e) => e.kind === 'model.called')
		.map((e) => e.data as { model: string; constraint?: string; transportError?: string })
		.filter((c) => c.transportError === undefined);
	expect(calls.length).toBeGreaterThan(0);
	for (const c of calls) {
		expect(c.model).toBe('plain');
		expect(c.constraint).toBe('none');
	}
	await expect(banner).toContainText(`Calls answered this way: ${calls.length}.`);
});
