/**
 * The lessons, leaderboard and bench pages in a browser set to Chinese: every state each can reach
 * (empty, lessons made, a refused edit, storage that cannot be used; the leaderboard before and after
 * evaluation runs, with the A/B comparison; the bench page idle) shows no English sentence outside
 * what is marked translate="no" (names, model ids, the models' own lessons) — see tests/e2e/language.ts.
 */
import { createLesson, parseLesson, type Lesson } from '../../src/lib/agents/lessons';
import type { ReflectionNote } from '../../src/lib/state/lessons-flow';
import { expect, seedLessons, test } from './fixtures';
import { expectNoEnglish, fillAndExpectChinese } from './language';

test.use({ locale: 'zh-CN' });

function lesson(text: string, lang: 'en' | 'zh', persona: string): Lesson {
	const parsed = parseLesson(text, lang);
	if (!parsed.ok) throw new Error(parsed.error);
	const owner = { persona, model: 'transformers:/test-models/tiny-chat', lang };
	return createLesson(owner, parsed, 1, { run: 'r-zh', seat: 2 });
}

/** The after-game notes the lessons page lists: one lesson kept, two refused (one by a thrown error). */
const NOTES: ReflectionNote[] = [
	{
		run: 'r-zh',
		seat: 2,
		persona: 'vera',
		model: 'transformers:/test-models/tiny-chat',
		lang: 'zh',
		text: '当有人的描述太笼统时，优先投给他。',
		ok: true,
		at: 1
	},
	{
		run: 'r-zh',
		seat: 3,
		persona: 'theo',
		model: 'transformers:/test-models/tiny-chat',
		lang: 'en',
		text: 'Be more careful next time.',
		ok: false,
		error: '"be more careful" is too vague: say what to do, e.g. whom to vote for or what to describe',
		code: 'vague',
		phrase: 'be more careful',
		at: 1
	},
	{
		run: 'r-zh',
		seat: 4,
		persona: 'rhea',
		model: 'transformers:/test-models/tiny-chat',
		lang: 'zh',
		text: '',
		ok: false,
		error: 'transport: the worker stopped',
		at: 1
	}
];

test('the lessons page: empty, with lessons and notes, a refused edit, and storage it cannot use', async ({
	page
}) => {
	test.setTimeout(90_000);
	await page.goto('/lessons/');
	await expect(page.getByTestId('lessons-empty')).toBeVisible();
	await expect(page).toHaveTitle('智能体记忆 · Conclave');
	await expectNoEnglish(page, 'lessons: empty');

	const inEnglish = lesson('When a seat repeats the last description, vote for that seat.', 'en', 'theo');
	await seedLessons(page, [
		inEnglish,
		{ ...lesson('当平票时，投给描述最模糊的座位。', 'zh', 'vera'), pinned: true }
	]);
	await page.evaluate((notes) => localStorage.setItem('conclave:reflections', JSON.stringify(notes)), NOTES);
	await page.reload();
	await expect(page.getByTestId('lesson-row')).toHaveCount(2);
	await expect(page.getByTestId('reflection-summary')).toHaveAttribute('data-passed', '1');
	await expect(page.getByTestId('lesson-pinned')).toHaveText('已置顶');
	// The refusals are said in Chinese from their codes; the model's English lesson stays as it wrote it.
	await expect(page.getByTestId('reflection-error').first()).toContainText('太含糊了');
	await expectNoEnglish(page, 'lessons: two lessons and three reflection notes');

	// An edit the form refuses: the English lesson must keep the English form, said in Chinese.
	const english = page.locator(`[data-testid="lesson-row"][data-lesson="${inEnglish.id}"]`);
	await english.getByTestId('lesson-edit').click();
	const edit = english.getByTestId('lesson-edit-text');
	const refusal = english.getByTestId('lesson-draft-error');
	await fillAndExpectChinese(
		page,
		edit,
		'Vote for the quiet seat.',
		refusal,
		'经验必须写成这样',
		'lessons: an edit refused by the form check'
	);
	await expect(english.getByTestId('lesson-save')).toBeDisabled();
	await fillAndExpectChinese(
		page,
		edit,
		'When a seat is vague, be more careful.',
		refusal,
		'太含糊了',
		'lessons: an edit refused as vague'
	);

	await page.getByTestId('memory-toggle').uncheck();
	await expect(page.getByTestId('memory-state')).toContainText('记忆已关闭');
	await expectNoEnglish(page, 'lessons: memory off');
});

test('the lessons page says in Chinese that this browser cannot keep lessons', async ({ page }) => {
	// No IndexedDB (as in some private windows): the page keeps lessons in memory and says so.
	await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
	await page.goto('/lessons/');
	await expect(page.getByTestId('lessons-store-problem')).toBeVisible();
	await expect(page.getByTestId('lessons-empty')).toBeVisible();
	await expectNoEnglish(page, 'lessons: storage unavailable');
});

test('the leaderboard before and after two evaluation runs, with the A/B comparison', async ({ page }) => {
	test.setTimeout(240_000);
	await page.goto('/leaderboard/');
	await expect(page.getByTestId('lb-empty')).toBeVisible();
	await expect(page).toHaveTitle('排行榜 · Conclave');
	await expect(page.getByTestId('ab-empty')).toBeVisible();
	await expectNoEnglish(page, 'leaderboard: no games');

	await page.getByTestId('eval-set').selectOption('smoke');
	await page.getByTestId('eval-concurrency').fill('0');
	await expect(page.getByTestId('eval-concurrency-problem')).toBeVisible();
	await expectNoEnglish(page, 'leaderboard: games at once out of range');
	await page.getByTestId('eval-concurrency').fill('1');

	for (const model of ['scripted:fair', 'scripted']) {
		await page.getByTestId('eval-model').selectOption(model);
		await page.getByTestId('eval-start').click();
		await expect(page.getByTestId('eval-progress-text')).toHaveText('12/12 局', { timeout: 120_000 });
		await expect(page.getByTestId('eval-queue-state')).toContainText('已完成');
	}
	const rows = page.getByTestId('leaderboard-model').getByTestId('lb-row');
	await expect(rows).toHaveCount(2);
	await expect(rows.getByTestId('lb-kind')).toHaveText(['先知', '公平']);
	await expect(page.locator('[data-testid="rates-chart"] g.bar').first()).toBeAttached();
	// Both baselines played the same deals: the comparison is paired.
	await expect(page.locator('[data-testid="ab-table"][data-paired="true"]')).toBeVisible();
	await expect(page.getByTestId('ab-paired')).toContainText('按双方都玩过的 12 局评测配对');
	await expectNoEnglish(page, 'leaderboard: two evaluation runs finished');

	await page.getByTestId('lb-scope').selectOption('play');
	await expect(page.getByTestId('lb-empty')).toBeVisible();
	await expectNoEnglish(page, 'leaderboard: a scope with no games');
});

test('the leaderboard says in Chinese that a saved evaluation cannot be resumed', async ({ page }) => {
	await page.addInitScript(() =>
		localStorage.setItem('conclave:eval-queue', JSON.stringify({ id: 'q', state: { set: 'retired-set' } }))
	);
	await page.goto('/leaderboard/');
	await expect(page.getByTestId('eval-error')).toHaveAttribute('data-kind', 'resume');
	await expect(page.getByTestId('eval-error')).toContainText('保存的评测无法继续');
	await expectNoEnglish(page, 'leaderboard: a saved evaluation that cannot be resumed');
});

test('the bench page, idle, in Chinese', async ({ page }) => {
	await page.goto('/bench/');
	await expect(page.getByTestId('bench-status')).toHaveAttribute('data-status', 'idle');
	await expect(page).toHaveTitle('性能基准 · Conclave');
	await expectNoEnglish(page, 'bench: idle');
});
