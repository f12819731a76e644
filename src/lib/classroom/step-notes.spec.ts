import { describe, expect, it } from 'vitest';
import { createRunner } from '../run/play';
import { noteFor, STEP_NOTES } from './step-notes';

describe('step notes', () => {
	for (const run of [
		{ scenario: 'undercover', seed: 2, config: {} },
		{
			scenario: 'governance',
			seed: 3,
			config: { thresholds: { drift: 0.1, penetration: 0.4, conversion: 0.4 }, fuseRounds: 2 }
		},
		{ scenario: 'autonomy', seed: 1, config: { days: 3 } }
	])
		it(`${run.scenario}: every phase a run passes through has a note`, async () => {
			const runner = createRunner(run);
			const seen = new Set<string>();
			const phase = () => (runner.state as { phase: string }).phase;
			do {
				const note = noteFor(run.scenario, runner.state);
				expect(note, `${run.scenario}.${phase()}`).not.toBeNull();
				expect(note!.key).toBe(`${run.scenario}.${phase()}`);
				seen.add(phase());
			} while (await runner.step());
			expect(noteFor(run.scenario, runner.state)).not.toBeNull();
			expect(seen.size).toBeGreaterThan(2);
		});

	it('notes are short sentences for students, one per key', () => {
		for (const text of Object.values(STEP_NOTES.en)) {
			expect(text.length).toBeLessThan(200);
			expect(text).toMatch(/^[A-Z].*[.?!]$/);
		}
	});

	it('the Chinese table has every key, in Chinese, short, ending as a sentence ends', () => {
		expect(Object.keys(STEP_NOTES.zh).sort()).toEqual(Object.keys(STEP_NOTES.en).sort());
		for (const [key, text] of Object.entries(STEP_NOTES.zh)) {
			expect(text, key).not.toBe(STEP_NOTES.en[key as keyof typeof STEP_NOTES.en]);
			expect(text, key).toMatch(/\p{Script=Han}/u);
			expect(text.length, key).toBeLessThan(120);
			expect(text, key).toMatch(/[。？！]$/);
		}
		expect(noteFor('autonomy', { phase: 'DECIDE' }, 'zh')?.text).toBe(STEP_NOTES.zh['autonomy.DECIDE']);
	});

	it('a state without a phase, or a scenario it does not know, has no note', () => {
		expect(noteFor('undercover', null)).toBeNull();
		expect(noteFor('nope', { phase: 'SETUP' })).toBeNull();
		expect(noteFor('undercover', { phase: 'toString' })).toBeNull();
	});
});
