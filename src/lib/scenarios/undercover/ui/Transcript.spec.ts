import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { UndercoverState } from '$lib/scenarios/undercover';
import Transcript, { TRANSCRIPT_PAGE, transcriptWindow } from './Transcript.svelte';

/** A state with `n` speeches ("speech 1" ...), enough of it for the transcript to draw. */
function withSpeeches(n: number): UndercoverState {
	return {
		config: { lang: 'en' },
		seats: [1, 2, 3].map((id) => ({ id, persona: { name: `P${id}` } })),
		speeches: Array.from({ length: n }, (_, i) => ({
			round: Math.floor(i / 3) + 1,
			seat: (i % 3) + 1,
			kind: 'speech',
			text: `speech ${i + 1}`
		}))
	} as unknown as UndercoverState;
}

function html(n: number): string {
	return render(Transcript, { props: { state: withSpeeches(n) } }).body.replace(/<!--[^>]*-->/g, '');
}

describe('Transcript', () => {
	it('draws every speech of a short game, with no page buttons', () => {
		const out = html(12);
		expect(out.match(/<li/g)).toHaveLength(12);
		expect(out).toContain('speech 1<');
		expect(out).toContain('speech 12<');
		expect(out).not.toContain('data-testid="transcript-pages"');
	});

	it(`past ${TRANSCRIPT_PAGE} speeches draws only the latest page, and says which`, () => {
		const out = html(TRANSCRIPT_PAGE * 2 + 50);
		expect(out.match(/<li/g)).toHaveLength(TRANSCRIPT_PAGE);
		expect(out).toContain(`speech ${TRANSCRIPT_PAGE * 2 + 50}<`);
		expect(out).toContain(`speech ${TRANSCRIPT_PAGE + 51}<`);
		expect(out).not.toContain(`speech ${TRANSCRIPT_PAGE + 50}<`);
		expect(out).toContain('data-testid="transcript-pages"');
		expect(out).toContain(
			`Speeches ${TRANSCRIPT_PAGE + 51}–${TRANSCRIPT_PAGE * 2 + 50} of ${TRANSCRIPT_PAGE * 2 + 50}`
		);
		// The latest page: nothing later to go to, earlier speeches to go back to.
		expect(out).toMatch(/<button[^>]*disabled[^>]*data-testid="transcript-later"/);
		expect(out).not.toMatch(/<button[^>]*disabled[^>]*data-testid="transcript-earlier"/);
	});
});

describe('transcriptWindow', () => {
	it('follows the latest speeches until a person pages back', () => {
		expect(transcriptWindow(50, null, 20)).toEqual({ from: 30, to: 50 });
		expect(transcriptWindow(51, null, 20)).toEqual({ from: 31, to: 51 });
		expect(transcriptWindow(10, null, 20)).toEqual({ from: 0, to: 10 });
	});

	it('keeps an earlier page where it is while the game goes on', () => {
		expect(transcriptWindow(50, 10, 20)).toEqual({ from: 10, to: 30 });
		expect(transcriptWindow(80, 10, 20)).toEqual({ from: 10, to: 30 });
		expect(transcriptWindow(50, 0, 20)).toEqual({ from: 0, to: 20 });
	});

	it('a page that reaches the end follows the game again', () => {
		expect(transcriptWindow(50, 30, 20)).toEqual({ from: 30, to: 50 });
		expect(transcriptWindow(50, 40, 20)).toEqual({ from: 30, to: 50 });
	});
});
