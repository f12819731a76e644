import { describe, expect, it } from 'vitest';
import { raceAbort } from './abort';
import { SerialQueue } from './serial-queue';

describe('SerialQueue', () => {
	it('runs jobs one at a time in call order, and a failure does not stop the ones after it', async () => {
		const q = new SerialQueue();
		const order: string[] = [];
		let inFlight = 0;
		let peak = 0;
		const job =
			(name: string, fail = false) =>
			async () => {
				peak = Math.max(peak, ++inFlight);
				await Promise.resolve();
				order.push(name);
				inFlight--;
				if (fail) throw new Error(name);
				return name;
			};
		const results = await Promise.allSettled([q.run(job('a')), q.run(job('b', true)), q.run(job('c'))]);
		expect(order).toEqual(['a', 'b', 'c']);
		expect(peak).toBe(1);
		expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
		await expect(q.idle()).resolves.toBeUndefined();
	});
});

describe('raceAbort', () => {
	it('rejects at once on abort, leaving the work to settle on its own', async () => {
		const controller = new AbortController();
		let finish!: (v: string) => void;
		const work = new Promise<string>((r) => (finish = r));
		const raced = raceAbort(work, controller.signal, () => new Error('stopped'));
		controller.abort();
		await expect(raced).rejects.toThrow('stopped');
		finish('late');
		await expect(work).resolves.toBe('late');
	});

	it('passes the result through without a signal or before an abort, and refuses an aborted signal', async () => {
		await expect(raceAbort(Promise.resolve(1), undefined, () => new Error('x'))).resolves.toBe(1);
		await expect(
			raceAbort(Promise.resolve(2), new AbortController().signal, () => new Error('x'))
		).resolves.toBe(2);
		await expect(
			raceAbort(Promise.reject(new Error('own')), AbortSignal.abort(), () => new Error('x'))
		).rejects.toThrow('x');
	});
});
