/**
 * Resuming a paused run on the same model or another one. The run pauses, saved, on a failure that is
 * not the agents' doing: here the endpoint stops answering (HTTP 503), the path a lost GPU device
 * takes too (engines/host.ts maps it to the same pause; host.spec.ts simulates the lost device). On
 * resume the page offers each model seat its model or another; the person gives seat 1 seat 4's
 * model, the change is an event in the log, the run finishes, and a replay of it reproduces its hash.
 */
import { encodeShare } from '../../src/lib/share/link';
import { eventCount, expect, playToEnd, savedEvents, test } from './fixtures';
import { startMockEndpoint, type MockEndpoint } from './mock-endpoint';

let endpoint: MockEndpoint;
/** Which requests (by their number at the endpoint) answer 503: each story sets its own. */
let failing: (n: number) => boolean = () => false;

test.beforeAll(async () => {
	endpoint = await startMockEndpoint(() => 'It is something people use every day.', {
		fail: (n) => (failing(n) ? { status: 503, body: '{"error":{"message":"overloaded"}}' } : null)
	});
});
test.afterAll(() => endpoint.close());

test('a paused run resumes with another model for a seat: an event in the log, and the replay knows', async ({
	page
}) => {
	test.setTimeout(180_000);
	// The six speeches of round 1 are answered; from the first vote on, the endpoint answers 503 until
	// it is back. Every vote fails, seat 1's too, so seat 1's new model is sent the very request its old
	// one failed on (the case a replay once took for a second call: core/recording.ts, callKey).
	const from = endpoint.requests + 7;
	failing = (n) => n >= from;
	const model = (name: string) => ({ engine: 'openai' as const, model: name, baseUrl: endpoint.baseUrl });
	const run = {
		scenario: 'undercover',
		seed: 8,
		config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 3 },
		seats: {
			1: model('mock-a'),
			2: model('mock-a'),
			3: model('mock-a'),
			4: model('mock-b'),
			5: model('mock-a'),
			6: model('mock-a')
		}
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	// A link names the endpoint: the person confirms it before any request goes there.
	await page.getByTestId('endpoint-confirm-button').click();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();

	// The endpoint stops answering: the run pauses, saved, and says what happened.
	await expect(page.getByRole('alert')).toContainText('Press play to retry', { timeout: 90_000 });
	await expect(page.getByTestId('run-status')).toContainText('paused');
	expect(await eventCount(page)).toBeGreaterThan(0);
	failing = () => false;

	// Resuming offers each model seat the same model or another one.
	const panel = page.getByTestId('change-model');
	await expect(panel).toBeVisible();
	await expect(page.getByTestId('change-model-1')).toHaveValue(
		(await page
			.getByTestId('change-model-1')
			.locator('option', { hasText: 'endpoint model “mock-a” (the same model)' })
			.getAttribute('value')) ?? ''
	);
	await expect(page.getByTestId('change-model-apply-1')).toBeDisabled();
	await page.getByTestId('change-model-1').selectOption({ label: 'endpoint model “mock-b”' });
	await page.getByTestId('change-model-apply-1').click();
	await expect(panel).toContainText('Seat 1 (endpoint model “mock-b”)');
	const hash = await playToEnd(page);

	// The change is in the saved log, and seat 1's later calls were made with the new model.
	const events = await savedEvents(page);
	const changes = events.filter((e) => e.kind === 'seat.model-changed');
	expect(changes).toHaveLength(1);
	const change = changes[0]!;
	expect(change.data).toMatchObject({ seat: 1, from: { model: 'mock-a' }, to: { model: 'mock-b' } });
	const seat1 = events.filter((e) => e.kind === 'model.called' && e.data.seat === 1);
	expect(new Set(seat1.filter((e) => e.seq < change.seq).map((e) => e.data.model))).toEqual(
		new Set(['mock-a'])
	);
	expect(new Set(seat1.filter((e) => e.seq > change.seq).map((e) => e.data.model))).toEqual(
		new Set(['mock-b'])
	);

	// A reload shows the finished run with seat 1 on its new model; the replay ends on the same hash.
	await page.reload();
	await expect(page.getByTestId('run-status')).toContainText('finished');
	await page.goto('/runs/');
	await page.getByTestId('run-row').first().getByRole('link', { name: 'Replay' }).click();
	await expect(page.getByTestId('replay-mode')).toBeVisible();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByRole('alert')).toHaveCount(0);
	expect(await page.getByTestId('log-hash').textContent()).toBe(hash);
	await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	// A link cannot carry the change: the page says so and offers the file.
	await expect(page.getByTestId('recorded-link-unavailable')).toContainText(
		'model was changed during the run'
	);
});

test('on resume, a seat can be given a new endpoint typed in there, under the same https rule', async ({
	page
}) => {
	test.setTimeout(180_000);
	// A second endpoint, on this machine, that the run has never used.
	const other = await startMockEndpoint(() => 'It is something you find in a kitchen.');
	try {
		// The endpoint the run starts on answers 503 from the first call until the seat is moved.
		failing = () => true;
		const model = (name: string) => ({ engine: 'openai' as const, model: name, baseUrl: endpoint.baseUrl });
		const run = {
			scenario: 'undercover',
			seed: 9,
			config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { 1: model('mock-a'), 2: model('mock-a') }
		};
		await page.goto(`/play/#${encodeShare(run)}`);
		// A link names the endpoint: the person confirms it before any request goes there.
		await page.getByTestId('endpoint-confirm-button').click();
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		await expect(page.getByRole('alert')).toContainText('Press play to retry', { timeout: 90_000 });

		await page.getByTestId('change-model-1').selectOption({ label: 'An OpenAI-compatible endpoint…' });
		await page.getByTestId('change-endpoint-model-1').fill('mock-c');
		// Plain http off this machine is refused with the reason, as on the setup page.
		await page.getByTestId('change-endpoint-url-1').fill('http://gpu-box.lan:8000/v1');
		const problem = page.getByTestId('change-endpoint-problem-1');
		await expect(problem).toContainText('must use https:// unless it runs on this machine');
		await expect(problem).toContainText('unencrypted');
		await expect(page.getByTestId('change-model-apply-1')).toBeDisabled();
		await page.getByTestId('change-endpoint-url-1').fill('gpu-box.lan/v1');
		await expect(problem).toContainText('must start with http:// or https://');
		await expect(page.getByTestId('change-model-apply-1')).toBeDisabled();

		await page.getByTestId('change-endpoint-url-1').fill(other.baseUrl);
		await page.getByTestId('change-endpoint-key-1').fill('sk-resume-0123456789');
		await expect(problem).toHaveCount(0);
		await page.getByTestId('change-model-apply-1').click();
		await expect(page.getByTestId('change-model')).toContainText('Seat 1 (endpoint model “mock-c”)');
		failing = () => false;
		const hash = await playToEnd(page);
		expect(hash).not.toBe('');

		// The change is in the log, with the endpoint and never the key; the new endpoint answered seat 1
		// with the key that was typed in.
		const events = await savedEvents(page);
		const change = events.find((e) => e.kind === 'seat.model-changed')!;
		expect(change.data).toMatchObject({ seat: 1, to: { engine: 'openai', model: 'mock-c' } });
		expect(String((change.data.to as { baseUrl: string }).baseUrl)).toContain(new URL(other.baseUrl).host);
		expect(JSON.stringify(events)).not.toContain('sk-resume-0123456789');
		expect(other.seen.length).toBeGreaterThan(0);
		expect(other.seen.every((r) => r.auth === 'Bearer sk-resume-0123456789')).toBe(true);
		const seat1 = events.filter((e) => e.kind === 'model.called' && e.data.seat === 1 && e.seq > change.seq);
		expect(new Set(seat1.map((e) => e.data.model))).toEqual(new Set(['mock-c']));
	} finally {
		failing = () => false;
		await other.close();
	}
});
