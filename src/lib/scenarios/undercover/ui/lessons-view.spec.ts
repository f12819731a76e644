import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { UndercoverOutcome, UndercoverState } from '$lib/scenarios/undercover';
import { LESSONS } from '$lib/classroom/lesson-pack';
import { createRunner } from '$lib/run/play';
import Summary from './Summary.svelte';
import Transcript from './Transcript.svelte';

/**
 * What the play page shows at the end of each undercover lesson's run, drawn by the page's own end
 * screen and transcript. lessons-pack.e2e.ts plays one undercover lesson in the browser; these are the
 * checks it made of the other two.
 */
async function endOf(id: string): Promise<{ winner: string; transcript: string; first: string }> {
	const lesson = LESSONS.find((l) => l.id === id)!;
	const runner = createRunner(lesson.setupIn('en'));
	await runner.run();
	const state = runner.state as UndercoverState;
	const outcome = runner.outcome() as UndercoverOutcome | null;
	expect(outcome, `${id} ends`).not.toBeNull();
	const text = (html: string) =>
		html
			.replace(/<!--[^>]*-->/g, '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/&quot;/g, '"')
			.replace(/&#39;/g, "'")
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&amp;/g, '&');
	const summary = render(Summary, { props: { state, outcome } }).body;
	const winner = /data-testid="winner"[^>]*>([^<]*)</.exec(summary)?.[1] ?? '';
	return {
		winner,
		transcript: text(render(Transcript, { props: { state } }).body),
		// A speech said (none would leave a marker no transcript contains).
		first: state.speeches.find((sp) => sp.text)?.text ?? '(no speech)'
	};
}

describe('the undercover lessons, as the page ends them', () => {
	it('an easy game: the civilians win, with no defence in the transcript', async () => {
		const end = await endOf('undercover-easy');
		expect(end.winner).toMatch(/civilians win/i);
		expect(end.transcript).toContain(end.first);
		expect(end.transcript).not.toContain('defence');
	});

	it('deception: the undercover side wins', async () => {
		expect((await endOf('undercover-deception')).winner).toMatch(/undercover side wins/i);
	});

	it('the tie-break: a defence is in the transcript', async () => {
		expect((await endOf('undercover-tiebreak')).transcript).toContain('defence');
	});
});
