import { describe, expect, it, vi } from 'vitest';
import type { UndercoverObservation } from '../scenarios/undercover';
import {
	MonologueCache,
	monologueSignature,
	observationSignature,
	type MonologueSituation
} from './monologue-cache';

const at = (seat: number, speeches: number, extra: Partial<MonologueSituation> = {}): string =>
	monologueSignature({ model: 'webllm:qwen', seat, round: 1, speeches, eliminations: [], ...extra });

describe('monologueSignature', () => {
	it('changes with every part of what the seat has seen, and only with that', () => {
		const base = at(2, 3);
		expect(at(2, 3)).toBe(base);
		expect(at(3, 3)).not.toBe(base);
		expect(at(2, 4)).not.toBe(base);
		expect(at(2, 3, { round: 2 })).not.toBe(base);
		expect(at(2, 3, { eliminations: [4] })).not.toBe(base);
		expect(at(2, 3, { model: 'openai:gpt' })).not.toBe(base);
		expect(at(2, 3, { votes: 5 })).not.toBe(base);
		expect(at(2, 3, { game: 'run-1' })).not.toBe(at(2, 3, { game: 'run-2' }));
		expect(at(2, 3, { eliminations: 1 })).toBe(at(2, 3, { eliminations: [1] }));
	});
});

describe('MonologueCache', () => {
	it('a second view costs no call and says it came from the cache', async () => {
		const cache = new MonologueCache();
		const compute = vi.fn(async () => 'Seat 4 sounds off.');
		expect(await cache.lookup(at(2, 3), compute)).toEqual({ text: 'Seat 4 sounds off.', cached: false });
		expect(await cache.lookup(at(2, 3), compute)).toEqual({ text: 'Seat 4 sounds off.', cached: true });
		expect(compute).toHaveBeenCalledTimes(1);
	});

	it('switching seats and back makes no new call', async () => {
		const cache = new MonologueCache();
		const calls: number[] = [];
		const view = (seat: number) =>
			cache.lookup(at(seat, 3), () => {
				calls.push(seat);
				return `thoughts of ${seat}`;
			});
		await view(1);
		await view(2);
		expect(calls).toEqual([1, 2]);
		const back = await view(1);
		const again = await view(2);
		expect(back).toEqual({ text: 'thoughts of 1', cached: true });
		expect(again.cached).toBe(true);
		expect(calls).toEqual([1, 2]);
	});

	it('a new speech makes a new call', async () => {
		const cache = new MonologueCache();
		const compute = vi.fn(async () => 'x');
		await cache.lookup(at(2, 3), compute);
		const after = await cache.lookup(at(2, 4), compute);
		expect(after.cached).toBe(false);
		expect(compute).toHaveBeenCalledTimes(2);
	});

	it('two quick views of the same seat share one call', async () => {
		const cache = new MonologueCache();
		let release: (t: string) => void = () => {};
		const compute = vi.fn(() => new Promise<string>((r) => (release = r)));
		const first = cache.lookup(at(2, 3), compute);
		const second = cache.lookup(at(2, 3), compute);
		release('one call');
		expect(await first).toEqual({ text: 'one call', cached: false });
		expect(await second).toEqual({ text: 'one call', cached: true });
		expect(compute).toHaveBeenCalledTimes(1);
		expect(cache.stats).toEqual({ hits: 0, misses: 1, joined: 1 });
	});

	it('does not cache a failed call', async () => {
		const cache = new MonologueCache();
		await expect(cache.lookup(at(2, 3), () => Promise.reject(new Error('timeout')))).rejects.toThrow(
			'timeout'
		);
		expect(cache.has(at(2, 3))).toBe(false);
		expect(await cache.lookup(at(2, 3), () => 'ok')).toEqual({ text: 'ok', cached: false });
	});

	it('keeps get/set, drops the least recently used entry beyond its limit, and round-trips entries', async () => {
		const cache = new MonologueCache<{ thoughts: string; suspect?: number }>(2);
		cache.set('a', { thoughts: 'A' });
		cache.set('b', { thoughts: 'B', suspect: 3 });
		expect(cache.get('a')).toEqual({ thoughts: 'A' }); // a is now the most recent
		cache.set('c', { thoughts: 'C' });
		expect(cache.has('b')).toBe(false);
		expect(cache.size).toBe(2);
		const copy = new MonologueCache<{ thoughts: string; suspect?: number }>();
		copy.load(cache.entries());
		expect(copy.get('c')).toEqual({ thoughts: 'C' });
		expect(() => new MonologueCache(0)).toThrow(RangeError);
	});
});

describe('observationSignature', () => {
	it('reads the parts from an observation', () => {
		const obs = {
			seat: 2,
			round: 2,
			speeches: [{}, {}, {}],
			eliminated: [5],
			votes: [{}, {}]
		} as unknown as UndercoverObservation;
		expect(observationSignature(obs, 'webllm:qwen')).toBe(
			monologueSignature({
				model: 'webllm:qwen',
				seat: 2,
				round: 2,
				speeches: 3,
				eliminations: [5],
				votes: 2
			})
		);
	});
});
