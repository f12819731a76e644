/**
 * The Runs and Models pages, and the errors a person meets, in a browser set to Chinese: each state
 * shows the Chinese message and no English sentence (language.ts). On the play page only the error's
 * own banner is checked: the rest of that page is translated by another change.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulate } from '../../scripts/sim';
import { toJsonLines } from '../../src/lib/core';
import { encodeShare } from '../../src/lib/share/link';
import { expect, fillStorage, test } from './fixtures';
import { expectNoEnglish } from './language';
import { startMockEndpoint } from './mock-endpoint';

test.use({ locale: 'zh-CN' });

const dir = mkdtempSync(join(tmpdir(), 'conclave-i18n-errors-'));
const setup = { scenario: 'undercover', seed: 7, config: { seats: 5 } };

async function runFile(name: string, tamper = false): Promise<string> {
	const { runner } = await simulate(setup);
	const lines = toJsonLines(runner.log.header, runner.log.events).split('\n');
	if (tamper) lines[4] = lines[4]!.replace(/"tick":(\d+)/, (_, t) => `"tick":${Number(t) + 1}`);
	const file = join(dir, name);
	writeFileSync(file, lines.join('\n'));
	return file;
}

test('the Runs page: empty, a malformed file, a tampered log, then a saved run', async ({ page }) => {
	await page.goto('/runs/');
	await expect(page.getByRole('heading', { name: '运行记录', level: 1 })).toBeVisible();
	await expect(page.getByText('还没有保存的运行。')).toBeVisible();
	await expect(page).toHaveTitle('运行记录 · Conclave');
	await expectNoEnglish(page, 'runs, empty');

	const error = page.getByTestId('import-error');
	await page.getByTestId('import-file').setInputFiles({
		name: 'notes.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from('Shopping list\nmilk\n')
	});
	await expect(error).toHaveText(
		'notes.txt: 这不是 Conclave 的运行文件：它的第一行不是运行的头信息。 没有导入任何内容。'
	);
	await expectNoEnglish(page, 'runs, a malformed file');

	await page.getByTestId('import-file').setInputFiles(await runFile('tampered.jsonl', true));
	await expect(error).toContainText('这个文件被改动过：第 3 个事件');
	await expect(error).toContainText('与它的哈希值不再相符');
	await expectNoEnglish(page, 'runs, a tampered log');

	await page.getByTestId('import-file').setInputFiles(await runFile('good.jsonl'));
	await expect(page.getByTestId('import-done')).toContainText('已导入 good.jsonl');
	await expect(page.getByTestId('import-done')).toContainText('哈希链已校验');
	const row = page.getByTestId('run-row');
	await expect(row).toHaveCount(1);
	await expect(row.getByTestId('run-status-cell')).toHaveText('已结束 · 导入，已重新执行');
	await expect(row.getByRole('cell', { name: '谁是卧底' })).toBeVisible();
	await expectNoEnglish(page, 'runs, with a run');
});

test('the Models page', async ({ page }) => {
	await page.goto('/models/');
	await expect(page.getByRole('heading', { name: 'WebLLM 模型目录' })).toBeVisible();
	await expect(page.getByTestId('gpu-summary')).toBeVisible();
	await expect(page).toHaveTitle('模型 · Conclave');
	await expectNoEnglish(page, 'models');
	// A link that asks to test a model asks first, in Chinese too.
	await page.goto('/models/#test=/test-models/tiny-chat&engine=transformers');
	await page.reload();
	await expect(page.getByTestId('confirm-download')).toContainText('大小本站不清楚');
	await expectNoEnglish(page, 'models, asking before a download');
});

test('a malformed share link says so in Chinese and shows the default setup', async ({ page }) => {
	await page.goto('/play/#v1.@@@');
	const banner = page.getByTestId('link-error');
	await expect(banner).toHaveText(
		'这个分享链接已损坏：它含有链接中不可能出现的字符，或者被截断了。 现在显示的是默认设置。'
	);
	await expectNoEnglish(page, 'a malformed link');
	await expect(page.getByTestId('play')).toBeEnabled();
});

test('full storage: the game goes on and the banner says so in Chinese', async ({ page }) => {
	await fillStorage(page);
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('step').click();
	const banner = page.getByTestId('storage-banner');
	await expect(banner).toContainText('浏览器存储空间已满，这次运行不再被保存。');
	await expectNoEnglish(page, 'full storage');
});

test('a second tab on a run says in Chinese that it only follows', async ({ page, context }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('step').click();
	await expect(page).toHaveURL(/#run=/);
	const second = await context.newPage();
	await second.goto(page.url());
	const banner = second.getByTestId('read-only');
	await expect(banner).toContainText('这次运行已在另一个标签页中打开');
	await expectNoEnglish(second, 'a second tab');
	await page.close();
	await expect(banner.getByRole('button', { name: '在这里接手' })).toBeVisible();
	await expectNoEnglish(second, 'a second tab, free to take over');
});

test.describe('a crashed worker', () => {
	test.use({ expectedPageErrors: ['simulated crash'] });

	test('pauses the run and says so in Chinese, on the page and on the Runs page', async ({ page }) => {
		const six = { scenario: 'undercover', seed: 99, config: { seats: 6, rounds: 6 } };
		await page.goto(`/play/#${encodeShare(six)}`);
		await page.getByTestId('speed').selectOption('slow');
		await page.getByTestId('play').click();
		await expect.poll(() => page.workers().filter((w) => w.url().includes('agent.worker')).length).toBe(6);
		// A crash in a run under way, saved (its address names it): the workers exist before they have
		// started, and a crash while they start says that nothing was started instead.
		await expect(page).toHaveURL(/#run=/, { timeout: 30_000 });
		// All at once: the first crash pauses the run and terminates the other workers, so a worker may
		// be gone before its turn to crash (the pause below is what the test asserts).
		await Promise.all(
			page
				.workers()
				.filter((w) => w.url().includes('agent.worker'))
				.map((w) =>
					w
						.evaluate(() =>
							setTimeout(() => {
								throw new Error('simulated crash');
							})
						)
						.catch(() => undefined)
				)
		);
		const alert = page.getByTestId('session-error');
		await expect(alert).toContainText(/座位 \d 的代理停止了工作。运行已暂停并保存。请按播放重试。/, {
			timeout: 30_000
		});
		await expect(alert.locator('code')).toContainText('simulated crash');
		await expectNoEnglish(page, 'a crashed worker');

		await page.goto('/runs/');
		const cell = page.getByTestId('run-status-cell');
		await expect(cell).toContainText('已暂停');
		await expect(cell).toContainText('停止了工作');
		await expectNoEnglish(page, 'runs, a run paused by a crash');
	});
});

test('an endpoint that refuses: the run pauses and says so in Chinese, with the server’s words apart', async ({
	page
}) => {
	const endpoint = await startMockEndpoint(() => 'It is round.', {
		fail: () => ({ status: 500, body: JSON.stringify({ error: { message: 'upstream is down' } }) })
	});
	try {
		const seats = Object.fromEntries(
			[1, 2, 3, 4, 5].map((s) => [String(s), { engine: 'openai', model: 'mock', baseUrl: endpoint.baseUrl }])
		);
		await page.goto(`/play/#${encodeShare({ ...setup, seats } as Parameters<typeof encodeShare>[0])}`);
		// A link names the endpoint: the person confirms it before any request goes there.
		await page.getByTestId('endpoint-confirm-button').click();
		await page.getByTestId('play').click();
		const alert = page.getByTestId('session-error');
		await expect(alert).toContainText(`接口 ${endpoint.baseUrl} 出错了（HTTP 500）`, { timeout: 60_000 });
		await expect(alert).toContainText('请按播放重试。');
		await expect(alert.locator('code')).toContainText('upstream is down');
		await expectNoEnglish(page, 'an endpoint that refuses');
	} finally {
		await endpoint.close();
	}
});

test('an endpoint that fails during a turn in a way only its problem names: said in Chinese on the page and the Runs page', async ({
	page
}) => {
	// HTTP 200 with an error object for a body: the engine's `endpoint-reported`, whose English sentence
	// no reader on the page knows; only the problem carried from the engine worker says it in Chinese.
	const endpoint = await startMockEndpoint(() => 'It is round.', {
		fail: () => ({ status: 200, body: JSON.stringify({ error: { message: 'model crashed' } }) })
	});
	try {
		const seats = Object.fromEntries(
			[1, 2, 3, 4, 5].map((s) => [String(s), { engine: 'openai', model: 'mock', baseUrl: endpoint.baseUrl }])
		);
		await page.goto(`/play/#${encodeShare({ ...setup, seats } as Parameters<typeof encodeShare>[0])}`);
		await page.getByTestId('endpoint-confirm-button').click();
		await page.getByTestId('play').click();
		const alert = page.getByTestId('session-error');
		await expect(alert).toContainText(`${endpoint.baseUrl} 报告了一个错误。`, { timeout: 60_000 });
		await expect(alert).toContainText('请按播放重试。');
		await expect(alert.locator('code')).toHaveText('model crashed');
		await expect(page.getByTestId('run-status')).toHaveClass(/status-paused/);
		await expectNoEnglish(page, 'an endpoint that fails during a turn');

		await page.goto('/runs/');
		const cell = page.getByTestId('run-status-cell');
		await expect(cell).toContainText('已暂停');
		await expect(cell).toContainText(`${endpoint.baseUrl} 报告了一个错误。`);
		await expectNoEnglish(page, 'runs, a run paused by an endpoint failure');
	} finally {
		await endpoint.close();
	}
});
