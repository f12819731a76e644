import { encodeShare } from '../../src/lib/share/link';
import { STEP_NOTES } from '../../src/lib/classroom/step-notes';
import { undercoverGame } from './classroom-setup';
import { expect, test } from './fixtures';

const setup = undercoverGame(3);

test('step notes follow the phase, switch off, and stay off after a reload', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	const note = page.getByTestId('step-note');
	await expect(note).toHaveAttribute('data-key', 'undercover.SETUP');
	await expect(note).toHaveText(STEP_NOTES.en['undercover.SETUP']);
	// Step until the first speech is asked for: the note says what speaking is for.
	while ((await note.getAttribute('data-key')) !== 'undercover.SPEAK') await page.getByTestId('step').click();
	await expect(note).toHaveText(STEP_NOTES.en['undercover.SPEAK']);
	while ((await note.getAttribute('data-key')) !== 'undercover.VOTE') await page.getByTestId('step').click();
	await expect(note).toHaveText(STEP_NOTES.en['undercover.VOTE']);
	await page.getByTestId('step-notes').uncheck();
	await expect(note).toHaveCount(0);
	await page.reload();
	await expect(page.getByTestId('step-notes')).not.toBeChecked();
	await expect(note).toHaveCount(0);
});

test('a preset can switch the notes off and fix them; the presenter view shows them', async ({ page }) => {
	await page.goto(`/play/?notes=off&fix=notes#${encodeShare(setup)}`);
	await expect(page.getByTestId('step-notes')).toBeDisabled();
	await expect(page.getByTestId('step-note')).toHaveCount(0);
	await page.goto(`/play/?notes=on&view=presenter#${encodeShare(setup)}`);
	await expect(page.getByTestId('presenter').getByTestId('step-note')).toHaveText(
		STEP_NOTES.en['undercover.SETUP']
	);
	await page.goto(`/play/?hide=notes#${encodeShare(setup)}`);
	await expect(page.getByTestId('step-note-box')).toHaveCount(0);
});
