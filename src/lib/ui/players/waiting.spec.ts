import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { sessionWaiting, waitingText } from './waiting';

const base = getLocale;
let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterEach(() => {
	locale = 'en';
});

describe('what the table says it waits for', () => {
	it('names the agents starting, the models loading, or the seats deciding the turn', () => {
		expect(waitingText('loading', [], false)).toBe('Starting the agents…');
		expect(waitingText('loading', [], true)).toBe('Loading the models…');
		expect(waitingText('playing', [3], true)).toBe('Seat 3 is thinking…');
		expect(waitingText('playing', [1, 2, 4], false)).toBe('3 seats are thinking…');
		locale = 'zh';
		expect(waitingText('loading', [], true)).toBe('正在加载模型…');
		expect(waitingText('playing', [3], false)).toBe('座位 3 正在思考…');
	});

	it('a run loads models only when a seat needs an engine (a person or a script needs none)', () => {
		const run = (choices: Record<number, { engine: 'scripted' | 'human' | 'openai'; model?: string }>) =>
			sessionWaiting({ status: 'loading', asking: [], choices });
		expect(run({ 1: { engine: 'scripted' }, 2: { engine: 'human' } })).toBe('Starting the agents…');
		expect(run({ 1: { engine: 'scripted' }, 2: { engine: 'openai', model: 'm' } })).toBe(
			'Loading the models…'
		);
	});

	it('says nothing between turns, nor when the run is not playing', () => {
		expect(waitingText('playing', [], false)).toBeNull();
		for (const status of ['ready', 'paused', 'finished', 'failed'] as const)
			expect(waitingText(status, [2], true), status).toBeNull();
	});
});

afterAll(() => overwriteGetLocale(base));
