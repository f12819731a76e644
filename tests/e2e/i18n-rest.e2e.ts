/**
 * In a browser set to Chinese, what the engines and the endpoint rules say in English reaches the
 * page in Chinese: the base URL's rules on the undercover setup page, and a model that cannot be
 * loaded because nothing answers at its endpoint (the run's error, which the load panel gives way to),
 * and the Models page's test of a model whose files are not there. Both errors reach the page as
 * problems (a kind and its values, carried across the worker: workers/problems.ts), never as English
 * sentences read back.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, serveTestModels, test } from './fixtures';
import { expectNoEnglish, fillAndExpectChinese } from './language';

test.use({ locale: 'zh-CN' });

test('an endpoint seat’s URL errors and its failed load are said in Chinese', async ({ page }) => {
	await page.goto('/undercover/');
	await expect(page.getByRole('heading', { name: '谁是卧底', level: 1 })).toBeVisible();
	await page.getByTestId('all-seats').selectOption('scripted');
	await page.getByTestId('seat-model-1').selectOption('openai');
	await page.getByTestId('endpoint-model').fill('nothing-here');

	// Each rule of the base URL, in its own Chinese sentence (engines/base-url.ts via errorText).
	const url = page.getByTestId('endpoint-url');
	const alert = page.getByRole('alert');
	await fillAndExpectChinese(
		page,
		url,
		'gpu-box.lan/v1',
		alert,
		'必须以 http:// 或 https:// 开头',
		'undercover setup, an endpoint URL without a scheme'
	);
	await expect(page.getByTestId('start')).toBeDisabled();
	await fillAndExpectChinese(
		page,
		url,
		'http://gpu-box.lan:8000/v1',
		alert,
		'gpu-box.lan:8000',
		'undercover setup, a plain-http endpoint off this machine'
	);
	await expect(alert).not.toContainText('必须以 http:// 或 https:// 开头');
	await expect(page.getByTestId('start')).toBeDisabled();

	// A port where nothing listens: the load fails, and the page says so in Chinese.
	await page.getByTestId('endpoint-url').fill('http://127.0.0.1:9/v1');
	await expect(page.getByTestId('start')).toBeEnabled();
	await page.getByTestId('start').click();
	// The run's error after the tries (agent-pool's "Could not load …", the engine's sentence inside).
	const failed = page.getByRole('alert');
	await expect(failed).toContainText('无法加载', { timeout: 90_000 });
	await expect(failed).toContainText('http://127.0.0.1:9/v1');
	await expect(failed).toContainText('没有开始任何运行');
	await expectNoEnglish(page, 'a model that could not be loaded');
});

/** Opens the Models page's test of a model folder the test models do not have, and waits for its error. */
async function failedModelTest(page: Page): Promise<Locator> {
	await serveTestModels(page);
	// transformers.js finds no config.json there.
	await page.goto('/models/#test=/test-models/no-such-model&engine=transformers&device=wasm');
	await page.getByTestId('confirm-test').click();
	const error = page.getByTestId('model-test-error');
	await expect(error).toBeVisible({ timeout: 90_000 });
	return error;
}

test('the Models page says in Chinese why a model could not be loaded', async ({ page }) => {
	const error = await failedModelTest(page);
	// The engine's sentence, in Chinese, naming the model; the library's own words apart, as program output.
	await expect(error).toContainText('no-such-model 的模型文件缺失。');
	await expect(error.locator('code.detail')).toContainText('config.json');
	await expectNoEnglish(page, 'the Models page after a model failed to load');
});

test.describe('in English', () => {
	test.use({ locale: 'en-US' });
	test('the same error is the same problem: its sentence, and the library’s words apart', async ({
		page
	}) => {
		// Only a problem that crossed the worker gives this shape: the English sentence as it came was
		// one line, the library's words inside it.
		const error = await failedModelTest(page);
		await expect(error).toContainText('The model files for no-such-model are missing.');
		await expect(error.locator('code.detail')).toContainText('config.json');
	});
});
