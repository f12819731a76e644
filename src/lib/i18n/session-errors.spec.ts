import { afterEach, describe, expect, it } from 'vitest';
import { createRunner } from '../run/play';
import { m } from '../paraglide/messages';
import { overwriteGetLocale, type Locale } from '../paraglide/runtime';
import { GodView } from '../state/god-view.svelte';
import type { AgentPool } from '../state/agent-pool.svelte';
import type { UndercoverState } from '../scenarios/undercover';
import { sessionErrorText } from './session-errors';

let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterEach(() => {
	locale = 'en';
});
const HAN = /\p{Script=Han}/u;
const noEnglish = (text: string) => expect(text).not.toMatch(/[A-Za-z][a-z]+[ ,:;-]+[A-Za-z][a-z]+/);

/** The god view's refusals as the real GodView makes them. */
async function godViewErrors(): Promise<[string, string]> {
	const r = createRunner({ scenario: 'undercover', seed: 4, config: {} });
	while (!(r.state as UndercoverState).deal && (await r.step())) {
		/* until the words are dealt */
	}
	const noModel = new GodView({
		view: r.state as UndercoverState,
		events: [],
		setup: { seed: 4 },
		pool: null
	});
	await noModel.open(3);
	const idlePool = { isModelSeat: () => true, agentWorkers: 0 } as unknown as AgentPool;
	const notRunning = new GodView({
		view: r.state as UndercoverState,
		events: [],
		setup: { seed: 4, seats: { 3: { engine: 'webllm', model: 'tiny' } } },
		pool: idlePool
	});
	await notRunning.open(3);
	return [noModel.error!, notRunning.error!];
}

/** `changeModel`'s refusals (state/game.svelte.ts), word for word. */
const CHANGE_MODEL = [
	'A seat’s model can be changed only while this tab’s run is paused.',
	'Seat 2 is not played by a model.',
	'A model seat can only be given another model.',
	'Seat 3 is a panel of two models, which cannot be changed during a run: start a new run to seat other models.',
	'Seat 1 cannot become a panel of two models during a run.'
];

describe('a run control’s refusal in the interface’s language', () => {
	it('the English messages give back exactly the sentences the session and the god view write', async () => {
		const [noModel, notRunning] = await godViewErrors();
		expect(noModel).toBe(m.rest_god_no_model({ seat: 3 }, { locale: 'en' }));
		expect(notRunning).toBe(m.rest_god_not_running({}, { locale: 'en' }));
		expect(CHANGE_MODEL).toEqual([
			m.rest_change_not_paused({}, { locale: 'en' }),
			m.rest_change_not_model({ seat: 2 }, { locale: 'en' }),
			m.rest_change_model_only({}, { locale: 'en' }),
			m.rest_change_panel({ seat: 3 }, { locale: 'en' }),
			m.rest_change_to_panel({ seat: 1 }, { locale: 'en' })
		]);
		for (const s of [noModel, notRunning, ...CHANGE_MODEL]) expect(sessionErrorText(s)).toEqual({ text: s });
	});

	it('says each one in Chinese, with its seat, and nothing left over', async () => {
		locale = 'zh';
		const sentences = [...(await godViewErrors()), ...CHANGE_MODEL];
		const said = sentences.map((s) => sessionErrorText(s));
		for (const s of said) {
			expect(s.detail).toBeUndefined();
			expect(s.text).toMatch(HAN);
			noEnglish(s.text);
		}
		expect(said[0]!.text).toContain('3号');
		expect(said[3]!.text).toContain('2号');
		expect(said[5]!.text).toContain('3号');
		expect(said[6]!.text).toContain('1号');
	});

	it('passes a worker’s sentence on to errorText, and frames one it does not know', () => {
		locale = 'zh';
		expect(sessionErrorText('the agent of seat 4 is not running').text).toBe(
			m.err_seat_not_running({ seat: '4' }, { locale: 'zh' })
		);
		expect(sessionErrorText('something else entirely')).toEqual({
			text: m.err_unknown({}, { locale: 'zh' }),
			detail: 'something else entirely'
		});
	});
});
