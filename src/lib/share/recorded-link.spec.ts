import { describe, expect, it } from 'vitest';
import { createStream, type Policy } from '../core';
import type { ChatRequest, ModelChoice } from '../engines/types';
import { createRunner } from '../run/play';
import { policyForChoice } from '../policies/factory';
import { createReplay, linkRecordingOf, recordedFragment, replayInputOfLink } from '../run/replay';
import { decodeShare, encodeRecordedShare, MAX_RECORDED_LINK, type SharedRun } from './link';
import { FAKE_USAGE, fakeClient } from '../../../scripts/fake-client';
import { contextWindowOf } from '../engines/context';

const CHOICE: ModelChoice = { engine: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' };

/** A model game played over a fake client whose speeches are `words` pseudo-random words long. */
async function modelGame(words: number) {
	const run: SharedRun = {
		scenario: 'undercover',
		seed: 4,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
		seats: { '1': CHOICE, '2': CHOICE, '3': { engine: 'scripted' }, '4': CHOICE }
	};
	let n = 0;
	const client = {
		engine: 'openai',
		model: 'm',
		contextWindow: 8192,
		async chat(req: ChatRequest) {
			const rng = createStream(n++, 'fake');
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const speech = Array.from({ length: words }, () => Math.floor(rng.next() * 1e9).toString(36)).join(' ');
			const text = props.target
				? JSON.stringify({ target: props.target.enum?.[0], reason: 'quiet' })
				: JSON.stringify({ speech: speech || 'It is round.' });
			const usage = { ...FAKE_USAGE };
			return { text, finishReason: 'stop' as const, usage };
		}
	};
	const policies = new Map<number, Policy>(
		[1, 2, 4].map((s) => [s, policyForChoice('undercover', CHOICE, { client, seat: s })])
	);
	const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
	await runner.run();
	return { run, runner };
}

describe('links with recorded replies', () => {
	it('round-trip: the decoded link replays the game to its hash, with no model', async () => {
		const { run, runner } = await modelGame(6);
		const made = recordedFragment(run, runner.log.header, runner.log.events);
		expect(made.ok).toBe(true);
		const fragment = made.ok ? made.fragment : '';
		expect(fragment).toMatch(/^v1\.[\w-]+~r1\.[\w-]+$/);
		const decoded = decodeShare(`#${fragment}`);
		expect(decoded).toEqual({ ok: true, run, recording: linkRecordingOf(runner.log.events) });
		if (!decoded.ok || !decoded.recording) throw new Error('not decoded');
		const replay = createReplay(replayInputOfLink(decoded.run, decoded.recording));
		await replay.run();
		expect(replay.runner.hash).toBe(runner.hash);
	});

	it(`stays within ${MAX_RECORDED_LINK} characters, and says so when the replies do not fit`, async () => {
		const small = await modelGame(6);
		const ok = recordedFragment(small.run, small.runner.log.header, small.runner.log.events);
		expect(ok.ok && ok.fragment.length).toBeLessThanOrEqual(MAX_RECORDED_LINK);
		// Long, incompressible speeches: the link would pass the limit.
		const big = await modelGame(400);
		const tooLong = recordedFragment(big.run, big.runner.log.header, big.runner.log.events);
		expect(tooLong.ok).toBe(false);
		if (!tooLong.ok) {
			expect(tooLong.length).toBeGreaterThan(MAX_RECORDED_LINK);
			expect(tooLong.why).toBe(
				`the link would be ${tooLong.length.toLocaleString('en-US')} characters long, past the 8,000 a link can safely carry`
			);
		}
		// And a link past it is refused before any decoding work.
		const forced = encodeRecordedShare(big.run, linkRecordingOf(big.runner.log.events));
		expect(decodeShare(forced)).toMatchObject({
			ok: false,
			error: /^This share link is damaged: .*far too long\.$/
		});
	});

	it('offers no link its own decoder would refuse: a long reply that packs small is "unfit", not a broken link', async () => {
		// A reasoning model (the larger budgets) whose first reply is 40,000 characters of one letter:
		// it deflates to a short fragment, past the 32 KiB a link's reply may unpack to.
		const model = 'qwen3-fake';
		const choice: ModelChoice = { ...CHOICE, model };
		const run: SharedRun = {
			scenario: 'undercover',
			seed: 4,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 1 },
			seats: { '1': choice }
		};
		const client = fakeClient(model, {
			reasoning: true,
			contextWindow: contextWindowOf({ kind: 'openai', model }),
			first: 'x'.repeat(40_000)
		});
		const policy = policyForChoice('undercover', choice, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		await runner.run();
		const forced = encodeRecordedShare(run, linkRecordingOf(runner.log.events));
		expect(forced.length).toBeLessThanOrEqual(MAX_RECORDED_LINK);
		expect(decodeShare(forced).ok).toBe(false);
		const made = recordedFragment(run, runner.log.header, runner.log.events);
		expect(made).toMatchObject({
			ok: false,
			reason: 'unfit',
			why: 'a link cannot carry this run’s recorded replies whole'
		});
	});

	it('refuses recordings that are cut, newer, or that give replies to seats no model plays', async () => {
		const { run, runner } = await modelGame(4);
		const rec = linkRecordingOf(runner.log.events);
		const fragment = encodeRecordedShare(run, rec);
		expect(decodeShare(fragment.slice(0, -12))).toMatchObject({
			ok: false,
			error: /^This share link is damaged: its recorded replies/
		});
		expect(decodeShare(fragment.replace('~r1.', '~r7.'))).toMatchObject({
			ok: false,
			error:
				'This share link is damaged: its recorded replies were made by a newer version of Conclave (format r7).'
		});
		const toScripted = { ...rec, calls: rec.calls.map((c, i) => (i === 0 ? { ...c, seat: 3 } : c)) };
		expect(decodeShare(encodeRecordedShare(run, toScripted))).toMatchObject({
			ok: false,
			error: 'This share link is damaged: recorded call 1 belongs to seat 3, which no model plays.'
		});
		const badHash = { ...rec, logHash: 'nope' };
		expect(decodeShare(encodeRecordedShare(run, badHash))).toMatchObject({
			ok: false,
			error: /carry no log hash/
		});
		// A link whose replies were edited still decodes, but its replay stops at the edit, never asking a model.
		const edited = {
			...rec,
			calls: rec.calls.map((c, i) => (i === 1 ? { ...c, reply: '{"speech": "edited"}' } : c))
		};
		const decoded = decodeShare(encodeRecordedShare(run, edited));
		if (!decoded.ok || !decoded.recording) throw new Error('not decoded');
		const err = await createReplay(replayInputOfLink(decoded.run, decoded.recording))
			.run()
			.catch((e: unknown) => e);
		expect((err as Error).message).toMatch(/^the replay ended with log hash|^Replay stopped/);
	});
});
