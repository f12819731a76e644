import { describe, expect, it } from 'vitest';
import { createRng, Runner, type Ask, type Policy, type SeatId } from '../../core';
import { scriptedUndercover } from './policies/scripted/undercover';
import {
	parseUndercoverConfig,
	undercover,
	type UndercoverConfig,
	type UndercoverObservation,
	type UndercoverState
} from '.';
import { parseReply, REPLY_ERRORS } from './parse';
import { drawLot } from './rules';
import { saysWord } from './text';

function config(patch: Partial<UndercoverConfig> = {}): UndercoverConfig {
	const r = parseUndercoverConfig(patch);
	if (!r.ok) throw new Error(r.error);
	return r.config;
}

type Voter = (ask: Ask, s: UndercoverState) => unknown;

/** A game whose votes a test decides (with sight of the whole state); speeches stay scripted. */
function rigged(cfg: UndercoverConfig, seed: number, vote: Voter, speak?: Voter) {
	const box: { runner?: Runner<UndercoverConfig, UndercoverState, UndercoverObservation, unknown> } = {};
	const policy: Policy<UndercoverObservation> = {
		label: 'test',
		act(obs, ask, ctx) {
			const state = box.runner!.state;
			if (ask.kind === 'vote') return { action: vote(ask, state) };
			if (speak) return { action: speak(ask, state) };
			return scriptedUndercover.act(obs, ask, ctx);
		}
	};
	box.runner = new Runner({ scenario: undercover, config: cfg, seed, policyFor: () => policy });
	return box.runner;
}

const kinds = (r: { log: { events: { kind: string }[] } }) => r.log.events.map((e) => e.kind);
const roleOf = (s: UndercoverState, role: string) => s.seats.filter((x) => x.role === role).map((x) => x.id);

describe('undercover config', () => {
	it('fills defaults and explains what is wrong', () => {
		expect(config()).toEqual({ seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 });
		expect(parseUndercoverConfig({ seats: 9 })).toMatchObject({
			ok: false,
			error: expect.stringMatching(/4 to 8/)
		});
		expect(parseUndercoverConfig({ seats: 4, undercover: 2 })).toMatchObject({
			ok: false,
			error: /outnumber/
		});
		expect(parseUndercoverConfig({ seats: 6, colour: 'red' })).toMatchObject({
			ok: false,
			error: /unknown setting/
		});
		expect(parseUndercoverConfig('x')).toMatchObject({ ok: false });
	});
});

describe('undercover rules', () => {
	it('eliminates the single top seat and lets the civilians win when the undercover is out', async () => {
		const r = rigged(config(), 3, (ask, s) => {
			const uc = roleOf(s, 'undercover')[0]!;
			return { target: ask.seat === uc ? ask.options![0] : uc };
		});
		const out = (await r.run()) as { winner: string; rounds: number; eliminated: SeatId[] };
		expect(out.winner).toBe('civilians');
		expect(out.rounds).toBe(1);
		expect(out.eliminated).toEqual(roleOf(r.state, 'undercover'));
		expect(r.state.phase).toBe('END');
	});

	it('gives the undercover side the win once it is as many as the civilians', async () => {
		// Everyone votes for the lowest-numbered alive civilian.
		const r = rigged(config(), 4, (ask, s) => {
			const civ = s.seats.find((x) => x.alive && x.role === 'civilian' && x.id !== ask.seat)!;
			return { target: civ.id };
		});
		const out = (await r.run()) as { winner: string; rounds: number };
		expect(out.winner).toBe('undercover');
		expect(out.rounds).toBe(4);
	});

	it('starts a new round with no elimination when every alive seat ties', async () => {
		// Each seat votes for the next alive seat: everyone gets exactly one vote.
		const r = rigged(config({ rounds: 3 }), 5, (ask, s) => {
			const alive = s.seats.filter((x) => x.alive).map((x) => x.id);
			return { target: alive[(alive.indexOf(ask.seat) + 1) % alive.length] };
		});
		const out = (await r.run()) as { winner: string; reason: string; rounds: number; eliminated: SeatId[] };
		expect(out).toMatchObject({ winner: 'draw', rounds: 3, eliminated: [] });
		expect(out.reason).toMatch(/round cap of 3/);
		expect(kinds(r)).not.toContain('tie.declared');
		expect(kinds(r).filter((k) => k === 'round.started')).toHaveLength(3);
		expect(kinds(r).at(-1)).toBe('run.halted');
	});

	it('sends a partial tie to a tiebreak: defences, a revote among the tied, and a second tie settled by lot from the round’s stream', async () => {
		// Round 1: seats 1-3 vote 4, seats 4-6 vote 1 -> tie {1, 4}. Revote by 2,3,5,6: two each -> a lot.
		const r = rigged(config({ rounds: 1 }), 6, (ask) => {
			if (ask.id.includes('revote')) return { target: ask.seat <= 3 ? 1 : 4 };
			return { target: ask.seat <= 3 ? 4 : 1 };
		});
		await r.run();
		const k = kinds(r);
		expect(k).toContain('tie.declared');
		const tie = r.log.events.find((e) => e.kind === 'tie.declared')!.data as { seats: number[] };
		expect(tie.seats).toEqual([1, 4]);
		expect(
			r.state.speeches
				.filter((x) => x.kind === 'defence')
				.map((x) => x.seat)
				.sort()
		).toEqual([1, 4]);
		const revotes = r.state.votes.filter((v) => v.stage === 'revote');
		expect(revotes.map((v) => v.voter).sort()).toEqual([2, 3, 5, 6]);
		const drawn = drawLot(createRng(r.state.seed), 1, [1, 4] as SeatId[]);
		expect([1, 4]).toContain(drawn);
		expect(r.state.eliminations).toEqual([{ round: 1, seat: drawn, lot: true }]);
		const out = r.log.events.find((e) => e.kind === 'seat.eliminated')!;
		expect(out.data).toEqual({ round: 1, seat: drawn, lot: true });
		expect(r.log.events.find((e) => e.kind === 'round.ended')!.data).toMatchObject({ eliminated: drawn });
	});

	it('draws the lot from the round’s own stream: both tied seats come out over seeds, each seed always the same', () => {
		const drawn = new Set<number>();
		for (let seed = 1; seed <= 40; seed++) {
			const a = drawLot(createRng(seed), 2, [2, 5] as SeatId[]);
			expect(drawLot(createRng(seed), 2, [2, 5] as SeatId[])).toBe(a);
			drawn.add(a);
		}
		expect([...drawn].sort()).toEqual([2, 5]);
	});

	it('eliminates the seat a tiebreak revote singles out', async () => {
		const r = rigged(config({ rounds: 1 }), 6, (ask) => {
			if (ask.id.includes('revote')) return { target: 4 };
			return { target: ask.seat <= 3 ? 4 : 1 };
		});
		await r.run();
		expect(r.state.eliminations).toEqual([{ round: 1, seat: 4 }]);
	});

	it('only lets the tied seats be chosen in a revote', async () => {
		const r = rigged(config({ rounds: 1 }), 6, (ask) => {
			if (ask.id.includes('revote')) {
				expect(ask.options).toEqual([1, 4]);
				return { target: ask.seat === 2 ? 3 : 2 };
			}
			return { target: ask.seat <= 3 ? 4 : 1 };
		});
		await r.run();
		const rejected = r.log.events.filter((e) => e.kind === 'action.rejected');
		expect(rejected.length).toBe(8);
		expect((rejected[0]!.data as { error: string }).error).toMatch(/cannot be voted for now/);
	});

	it('ends a game of invalid votes with an explicit draw: one retry, then a recorded abstention', async () => {
		const r = rigged(config({ rounds: 2 }), 8, (ask) => ({ target: ask.seat }));
		const out = (await r.run()) as { winner: string };
		expect(out.winner).toBe('draw');
		const k = kinds(r);
		// 6 voters x 2 rounds, each rejected twice and then forfeited.
		expect(k.filter((x) => x === 'action.rejected')).toHaveLength(24);
		expect(k.filter((x) => x === 'action.forfeited')).toHaveLength(12);
		expect(r.state.votes.every((v) => v.target === null)).toBe(true);
	});

	it('rejects a speech that says the secret word, then forfeits it', async () => {
		const r = rigged(
			config({ rounds: 1 }),
			9,
			(ask) => ({ target: ask.options![0] }),
			(ask, s) => ({ text: `My word is ${s.seats.find((x) => x.id === ask.seat)!.word ?? 'nothing'}!` })
		);
		await r.run();
		const rejected = r.log.events
			.filter((e) => e.kind === 'action.rejected')
			.map((e) => (e.data as { error: string }).error);
		expect(rejected.filter((e) => /secret word/.test(e)).length).toBeGreaterThanOrEqual(10);
		expect(r.state.speeches.every((x) => x.text === null)).toBe(true);
	});

	it('holds a person or scripted seat to the parser\'s rule for saying the word: "苹 果" is the word', async () => {
		// The same speech a model's reply is rejected for (parse.ts) is rejected here, for any seat.
		const spaced = (w: string) => [...w].join(' ');
		const r = rigged(
			config({ rounds: 1, lang: 'zh' }),
			9,
			(ask) => ({ target: ask.options![0] }),
			(ask, s) => {
				const word = s.seats.find((x) => x.id === ask.seat)!.word;
				return { text: word ? `我想说${spaced(word)}。` : '一个常见的东西。' };
			}
		);
		await r.run();
		const rejected = r.log.events
			.filter((e) => e.kind === 'action.rejected')
			.map((e) => (e.data as { error: string }).error);
		expect(rejected.filter((e) => /secret word/.test(e)).length).toBeGreaterThanOrEqual(10);
		expect(
			parseReply('speak', '我想说苹 果。', { self: 1, alive: [1, 2], word: '苹果', lang: 'zh' })
		).toEqual({
			ok: false,
			error: REPLY_ERRORS.ownWord
		});
		expect(saysWord('我想说苹 果。', '苹果', 'zh')).toBe(true);
	});

	it('treats a throwing agent as an invalid reply, not a crash', async () => {
		const r = rigged(config({ rounds: 1 }), 10, () => {
			throw new Error('boom');
		});
		await r.run();
		const err = r.log.events.find((e) => e.kind === 'action.rejected')!.data as { error: string };
		expect(err.error).toBe('the agent failed: boom');
	});

	it('rotates the opening seat each round', async () => {
		const r = rigged(config({ rounds: 3 }), 11, (ask, s) => {
			const alive = s.seats.filter((x) => x.alive).map((x) => x.id);
			return { target: alive[(alive.indexOf(ask.seat) + 1) % alive.length] };
		});
		await r.run();
		const orders = r.log.events
			.filter((e) => e.kind === 'round.started')
			.map((e) => (e.data as { order: number[] }).order);
		expect(orders[1]![0]).toBe((orders[0]![0]! % 6) + 1);
		expect(orders[2]![0]).toBe((orders[1]![0]! % 6) + 1);
	});

	it('deals roles, words and a blank seat from the seed', async () => {
		const r = new Runner({
			scenario: undercover,
			config: config({ seats: 8, undercover: 2, blank: true }),
			seed: 12,
			policyFor: () => scriptedUndercover
		});
		await r.step();
		const s = r.state;
		expect(roleOf(s, 'undercover')).toHaveLength(2);
		expect(roleOf(s, 'blank')).toHaveLength(1);
		expect(s.seats.find((x) => x.role === 'blank')!.word).toBeNull();
		expect(new Set(s.seats.filter((x) => x.role === 'civilian').map((x) => x.word)).size).toBe(1);
		expect(s.deal!.civilianWord).not.toBe(s.deal!.undercoverWord);
	});

	it('throws on an illegal phase transition', () => {
		const s = undercover.init(config(), 1);
		expect(() =>
			undercover.apply(s, {
				seq: 0,
				tick: 1,
				kind: 'phase.entered',
				data: { phase: 'VOTE' },
				prev: '',
				hash: ''
			})
		).toThrow(/illegal phase transition: SETUP -> VOTE/);
	});
});

describe('scripted games', () => {
	const play = async (seed: number, cfg = config()) => {
		const r = new Runner({ scenario: undercover, config: cfg, seed, policyFor: () => scriptedUndercover });
		await r.run();
		return r;
	};

	it('is deterministic: the same seed gives the same log hash', async () => {
		expect((await play(42)).hash).toBe((await play(42)).hash);
		expect((await play(42)).hash).not.toBe((await play(43)).hash);
	});

	it('resumed after any turn, finishes with the hash of the uninterrupted game', async () => {
		const full = await play(77, config({ lang: 'zh' }));
		// A turn's events share a tick and are saved in one transaction, so a reload cuts between turns.
		const events = full.log.events;
		const cuts = events.map((_, i) => i).filter((i) => i === 0 || events[i]!.tick !== events[i - 1]!.tick);
		expect(cuts.length).toBeGreaterThan(20);
		for (const cut of [...cuts, events.length]) {
			const resumed = new Runner({
				scenario: undercover,
				config: config({ lang: 'zh' }),
				seed: 77,
				policyFor: () => scriptedUndercover,
				resume: { header: full.log.header, events: full.log.events.slice(0, cut) }
			});
			await resumed.run();
			expect(resumed.hash, `cut at ${cut}`).toBe(full.hash);
		}
	});

	it('lets both sides win a real share of 1,000 games', async () => {
		const wins = { civilians: 0, undercover: 0, draw: 0 };
		for (let seed = 0; seed < 1000; seed++) {
			const r = await play(seed, config({ lang: seed % 2 ? 'zh' : 'en' }));
			wins[(r.outcome() as { winner: keyof typeof wins }).winner]++;
		}
		expect(wins.civilians).toBeGreaterThan(200);
		expect(wins.undercover).toBeGreaterThan(150);
	});
});

describe('interrupted turns', () => {
	it('writes nothing for a turn whose policy is interrupted, and retries it on the next step', async () => {
		const { RunInterrupted } = await import('../../core');
		let fail = true;
		const flaky: Policy<UndercoverObservation> = {
			label: 'flaky',
			act(obs, ask, ctx) {
				if (ask.kind === 'vote' && fail) throw new RunInterrupted('transport: the endpoint is down');
				return scriptedUndercover.act(obs, ask, ctx);
			}
		};
		const r = new Runner({ scenario: undercover, config: config(), seed: 42, policyFor: () => flaky });
		let error: unknown;
		try {
			await r.run();
		} catch (err) {
			error = err;
		}
		expect((error as Error).name).toBe('RunInterrupted');
		const before = r.log.length;
		expect(r.log.events.some((e) => e.kind === 'action.rejected')).toBe(false);
		fail = false;
		await r.run();
		expect(r.log.length).toBeGreaterThan(before);
		const reference = new Runner({
			scenario: undercover,
			config: config(),
			seed: 42,
			policyFor: () => scriptedUndercover
		});
		await reference.run();
		expect(r.hash).toBe(reference.hash);
	});
});
