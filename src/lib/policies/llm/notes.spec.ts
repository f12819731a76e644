/**
 * Private notes in play: read into the seat's own later prompts, never into another seat's (a
 * property over seeded games), rebuilt on resume so a resumed run equals the uninterrupted one.
 */
import { describe, expect, it } from 'vitest';
import type { ChatRequest, ChatResponse, ModelChoice } from '../../engines/types';
import { createRunner } from '../../run/play';
import { createLlmUndercoverPolicy } from '../../scenarios/undercover/policies/llm/undercover';
import type { ChatClient } from './chat-client';

const usage = { promptTokens: 1, completionTokens: 1, ttftMs: 0, totalMs: 0, decodeTokensPerSecond: 0 };
const NOTES_HEAD = 'Your private notes from this game';

/** Which seat a prompt is for: the system prompt names it. */
const seatOf = (req: ChatRequest) => Number(/seat (\d+)/i.exec(req.messages[0]!.content)?.[1] ?? 0);

/**
 * Votes with a reason that names the voter ("mark-S<seat>-R<n>"), so any note found in a prompt says
 * whose it is. With notes in its prompt it votes for the first seat offered, without them the last:
 * dropping or losing notes changes the game.
 */
function markingClient(): ChatClient & { requests: ChatRequest[] } {
	const requests: ChatRequest[] = [];
	return {
		engine: 'fake',
		model: 'marks',
		contextWindow: 8192,
		requests,
		async chat(req): Promise<ChatResponse> {
			requests.push(req);
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const text = req.messages.map((m) => m.content).join('\n');
			if (!props.target)
				return { text: JSON.stringify({ speech: 'Something you can hold.' }), finishReason: 'stop', usage };
			const options = props.target.enum ?? [];
			const target = text.includes(NOTES_HEAD) ? options[0] : options.at(-1);
			const reason = `mark-S${seatOf(req)}-R${req.seed}`;
			return { text: JSON.stringify({ target, reason }), finishReason: 'stop', usage };
		}
	};
}

const seatsOf = (n: number): Record<string, ModelChoice> =>
	Object.fromEntries(
		Array.from({ length: n }, (_, i) => [
			String(i + 1),
			{ engine: 'openai' as const, model: 'marks', baseUrl: 'http://localhost:1/v1' }
		])
	);

describe('private notes', () => {
	it('go into the seat’s own later prompts and never into another seat’s, over 40 seeded games', async () => {
		let ownSeen = 0;
		for (let seed = 1; seed <= 40; seed++) {
			const client = markingClient();
			const seats = 4 + (seed % 5);
			const policy = createLlmUndercoverPolicy(client);
			const runner = createRunner(
				{
					scenario: 'undercover',
					seed,
					config: { seats, lang: seed % 2 ? 'en' : 'zh', rounds: 4 },
					seats: seatsOf(seats)
				},
				{ policyFor: () => policy }
			);
			await runner.run();
			for (const req of client.requests) {
				const me = seatOf(req);
				const text = req.messages.map((m) => m.content).join('\n');
				for (const [, who] of text.matchAll(/mark-S(\d+)-R\d+/g))
					expect(Number(who), `seed ${seed}`).toBe(me);
				if (/mark-S\d+/.test(text)) ownSeen++;
			}
		}
		expect(ownSeen).toBeGreaterThan(40); // the notes are read, not only written
	});

	it('are off with notes: false, and then no prompt carries them', async () => {
		const client = markingClient();
		const runner = createRunner(
			{ scenario: 'undercover', seed: 3, config: { seats: 5, rounds: 4 }, seats: seatsOf(5) },
			{ policyFor: () => createLlmUndercoverPolicy(client, { notes: false }) }
		);
		await runner.run();
		expect(client.requests.some((r) => r.messages.some((m) => m.content.includes(NOTES_HEAD)))).toBe(false);
	});

	it('are rebuilt from the seat’s own logged calls on resume: the resumed run equals the uninterrupted one', async () => {
		// A game that lasts: three vote rounds at least, so later votes read earlier notes.
		let run = { scenario: 'undercover', seed: 0, config: { seats: 6, rounds: 5 }, seats: seatsOf(6) };
		let whole = createRunner(run, { policyFor: () => createLlmUndercoverPolicy(markingClient()) });
		for (let seed = 1; seed < 60; seed++) {
			run = { ...run, seed };
			whole = createRunner(run, { policyFor: () => createLlmUndercoverPolicy(markingClient()) });
			await whole.run();
			if (whole.log.events.filter((e) => e.kind === 'votes.tallied').length >= 3) break;
		}
		const ev = whole.log.events;
		expect(ev.filter((e) => e.kind === 'votes.tallied').length).toBeGreaterThanOrEqual(3);
		// Turns are saved whole: cut where a tick ends, once votes (and so notes) exist.
		const firstVote = ev.findIndex((e) => e.kind === 'vote.cast');
		const stops = ev.flatMap((e, i) => (i > firstVote && ev[i - 1]!.tick !== e.tick ? [i] : []));
		expect(stops.length).toBeGreaterThan(2);
		for (const k of stops) {
			// Go on from the cut with fresh agents that know nothing but what the log gives them back.
			const resumed = createRunner(run, {
				resume: { header: whole.log.header, events: ev.slice(0, k) },
				policyFor: () => createLlmUndercoverPolicy(markingClient())
			});
			await resumed.run();
			expect(resumed.hash, `resumed after ${k} events`).toBe(whole.hash);
		}
		// Without the rebuild (a policy with no restore), the resumed game goes another way.
		const forgetful = createLlmUndercoverPolicy(markingClient());
		const noRestore = { label: forgetful.label, act: forgetful.act };
		const lost = createRunner(run, {
			resume: { header: whole.log.header, events: ev.slice(0, stops[0]) },
			policyFor: () => noRestore
		});
		await lost.run();
		expect(lost.hash).not.toBe(whole.hash);
	});
});
