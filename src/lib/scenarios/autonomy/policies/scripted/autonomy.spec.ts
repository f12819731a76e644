import { describe, expect, it } from 'vitest';
import { createStream, seatId, type Ask } from '../../../../core';
import type { AutonomyObservation } from '../..';
import { scriptedSentinel } from './autonomy';

const ask: Ask = { id: 'decide:1', seat: seatId(1), kind: 'decide', attempt: 0 };
const ctx = { rng: createStream(1, 'x'), seed: 1, streamName: 's', tick: 1 };
const obs = (content: string, triggers: AutonomyObservation['triggers'] = []): AutonomyObservation => ({
	minute: 15 * 60 + 1,
	spend: 1,
	door: 'admit',
	path: 'libs/core/ledger.js',
	content,
	triggers,
	question: 'Improve libs/core/ledger.js now, or SKIP?',
	lang: 'en'
});

describe('the scripted Sentinel', () => {
	it('improves a file with a FIXME, or one with something to fix', () => {
		expect(scriptedSentinel.act(obs('a\n// FIXME: stale'), ask, ctx)).toMatchObject({
			action: { decision: 'IMPROVE' }
		});
		const error = [
			{ type: 'runtime-error' as const, text: 'TypeError', source: 'runtime error day 1 10:00' }
		];
		expect(scriptedSentinel.act(obs('clean'), ask, ctx)).toMatchObject({ action: { decision: 'SKIP' } });
		expect(scriptedSentinel.act(obs('clean', error), ask, ctx)).toMatchObject({
			action: { decision: 'IMPROVE', reason: 'TypeError: worth a fix' }
		});
	});

	it('gives the eternal reasons the same SKIP, saying why', () => {
		const penalty = [
			{
				type: 'sibling-rollback-penalty' as const,
				text: '2 siblings have rollback penalty',
				source: 'summer'
			}
		];
		const a = scriptedSentinel.act(obs('clean', penalty), ask, ctx);
		expect(a).toEqual(scriptedSentinel.act(obs('clean', penalty), ask, ctx));
		expect(a).toMatchObject({
			action: { decision: 'SKIP', reason: '2 siblings have rollback penalty: nothing in the file to change' }
		});
	});

	it('has nothing to decide outside a spend', () => {
		expect(scriptedSentinel.act(null, ask, ctx)).toMatchObject({ action: null, error: 'nothing to decide' });
	});
});
