/**
 * A scenario is one folder plus one registration line: rock-paper-scissors, registered here and
 * nowhere else, plays headless through the run layer every scenario uses, replays to the same hash,
 * exports as a run file that the one verifier re-executes, and travels as a share link.
 */
import { describe, expect, it } from 'vitest';
import { EventLog, toJsonLines } from '../../core';
import { createRunner } from '../../run/play';
import { replayInputOf } from '../../run/replay';
import { readRunFile } from '../../run/run-file';
import { verifyRun } from '../../run/verify';
import { decodeShare, encodeShare, type SharedRun } from '../../share/link';
import { registerScenario, scenarioModules } from '../registry';
import rpsModule from './module';
import { score } from '.';

registerScenario(rpsModule);

const RUN: SharedRun = { scenario: rpsModule.scenario.id, seed: 11, config: { seats: 3, rounds: 4 } };

async function play(run: SharedRun) {
	const runner = createRunner(run);
	await runner.run();
	return runner;
}

describe('rock-paper-scissors, a scenario registered by a test', () => {
	it('scores a throw one point for every other throw it beats', () => {
		expect(score(['rock', 'scissors', 'scissors'])).toEqual([2, 0, 0]);
		expect(score(['rock', 'paper', 'scissors'])).toEqual([1, 1, 1]);
		expect(score(['paper', 'paper'])).toEqual([0, 0]);
	});

	it('is a registered scenario beside the built-in ones', () => {
		expect(scenarioModules().map((m) => m.scenario.id)).toContain(RUN.scenario);
		expect(() => registerScenario({ ...rpsModule })).toThrow(/already registered/);
	});

	it('plays headless to an outcome, the same log for the same seed', async () => {
		const a = await play(RUN);
		const b = await play(RUN);
		expect(a.done).toBe(true);
		const outcome = a.outcome() as { winners: number[]; points: number[] };
		expect(outcome.points).toHaveLength(3);
		expect(outcome.winners.length).toBeGreaterThan(0);
		expect(a.log.events.filter((e) => e.kind === 'round.scored')).toHaveLength(4);
		expect(a.log.events.filter((e) => e.kind === 'throw.made')).toHaveLength(12);
		expect(a.log.header.engines).toEqual({
			1: 'scripted (no LLM)',
			2: 'scripted (no LLM)',
			3: 'scripted (no LLM)'
		});
		expect(b.hash).toBe(a.hash);
		expect((await play({ ...RUN, seed: 12 })).hash).not.toBe(a.hash);
	});

	it('exports as a run file that the verifier re-executes to the same hash', async () => {
		const runner = await play(RUN);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok).toBe(true);
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok).toBe(true);
		if (v.ok) {
			expect(v.method).toBe('reexecuted');
			expect(v.replay.runner.hash).toBe(runner.hash);
		}
		// A throw edited and the chain sealed again (what any forger can do) is refused.
		const forged = new EventLog(file.header);
		for (const e of file.events) {
			const paper = e.kind === 'throw.made' && (e.data as { throw: string }).throw !== 'paper';
			forged.append(
				{ kind: e.kind, data: paper ? { ...(e.data as object), throw: 'paper' } : e.data },
				e.tick
			);
		}
		const refused = readRunFile(toJsonLines(file.header, forged.events));
		expect(refused.ok).toBe(true);
		if (!refused.ok) return;
		expect((await verifyRun(replayInputOf(refused.header, refused.events))).ok).toBe(false);
	});

	it('travels as a share link, its seats counted by its own rules', () => {
		const decoded = decodeShare(encodeShare(RUN));
		expect(decoded.ok && decoded.run).toEqual(RUN);
		const model = { engine: 'openai' as const, model: 'm', baseUrl: 'http://127.0.0.1:9/v1' };
		expect(decodeShare(encodeShare({ ...RUN, seats: { '3': model } })).ok).toBe(true);
		expect(decodeShare(encodeShare({ ...RUN, seats: { '4': model } })).ok).toBe(false);
	});
});
