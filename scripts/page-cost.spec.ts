import { describe, expect, it } from 'vitest';
import { DeadlineError, mainThreadSelfTime, sampleAt, within, type Sample } from './page-cost';

describe('within', () => {
	it('gives the answer when it comes in time', async () => {
		await expect(within(1000, 'a quick one', Promise.resolve(7))).resolves.toBe(7);
	});

	it('names the step that did not answer, instead of waiting for ever', async () => {
		const never = new Promise<number>(() => undefined);
		const late = within(20, 'a sample', never);
		await expect(late).rejects.toBeInstanceOf(DeadlineError);
		await expect(late).rejects.toThrow('a sample: no answer within 0 s');
	});

	it('passes on the step’s own error', async () => {
		await expect(within(1000, 'x', Promise.reject(new Error('boom')))).rejects.toThrow('boom');
	});
});

describe('mainThreadSelfTime', () => {
	const meta = { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 2, args: { name: 'CrRendererMain' } };
	const x = (name: string, ts: number, dur: number, tid = 2) => ({ name, ph: 'X', ts, dur, pid: 1, tid });

	it('counts each event’s own time, its children’s apart, on the renderer’s main thread only', () => {
		const out = mainThreadSelfTime([
			meta,
			x('RunTask', 0, 10_000),
			x('FunctionCall', 1000, 6000),
			x('Layout', 2000, 2000),
			x('Paint', 8000, 1000),
			x('RunTask', 20_000, 3000),
			// Another thread (a worker): not the page's main thread.
			x('FunctionCall', 0, 50_000, 9)
		]);
		expect(Object.fromEntries(out.map((e) => [e.event, e.ms]))).toEqual({
			RunTask: 6,
			FunctionCall: 4,
			Layout: 2,
			Paint: 1
		});
	});

	it('finds nothing without the main thread’s name', () => {
		expect(mainThreadSelfTime([x('RunTask', 0, 1000)])).toEqual([]);
	});
});

describe('sampleAt', () => {
	const at = (events: number, task: number): Sample => ({
		at: task,
		events,
		task,
		script: task / 2,
		layout: 0,
		style: 0,
		mutations: events * 3
	});
	const samples = [at(0, 0), at(80, 40), at(257, 100), at(300, 130)];

	it('reads the counters at exactly the mark, between the samples either side', () => {
		expect(sampleAt(samples, 100)).toMatchObject({ events: 100, task: 40 + (20 / 177) * 60, mutations: 300 });
		expect(sampleAt(samples, 257)).toEqual(samples[2]);
		expect(sampleAt(samples, 0)).toEqual(samples[0]);
	});

	it('knows nothing past the last sample or before the first', () => {
		expect(sampleAt(samples, 301)).toBeNull();
		expect(sampleAt(samples.slice(1), 10)).toBeNull();
	});
});
