import { describe, expect, it } from 'vitest';
import { createRng } from '../../core';
import { decodeShare, encodeShare } from '../../share/link';
import { parseUndercoverConfig } from './config';
import {
	buildEvalSet,
	EVAL_SETS,
	EVAL_SPECS,
	EvalQueue,
	isEvalSetId,
	type EvalSet,
	type GameResult
} from './eval-sets';
import { personas } from './personas';
import { conceptWords } from './words/concepts';
import { deal } from './rules';

const result = (set: EvalSet, i: number, extra: Partial<GameResult> = {}): GameResult => {
	const g = set.games[i]!;
	return { gameId: g.id, seed: g.run.seed, logHash: `h${i}`, winner: 'civilians', rounds: 1, ...extra };
};

describe('the CK-Arena set', () => {
	const set = EVAL_SETS['ck-arena'];

	it('plays CK-Arena’s table: 6 seats, 2 undercover, no blank, in both languages', () => {
		expect(set.games).toHaveLength(48);
		expect(set.version).toBe('fd26f3c899f3');
		for (const g of set.games) expect(g.run.config).toMatchObject({ seats: 6, undercover: 2, blank: false });
		expect(set.games.filter((g) => g.lang === 'en')).toHaveLength(24);
	});

	it('deals each concept’s first word to the civilians, so each English game has its Chinese twin', () => {
		const twins = new Map<string, string[]>();
		for (const g of set.games) {
			const parsed = parseUndercoverConfig(g.run.config);
			if (!parsed.ok) throw new Error(parsed.error);
			const d = deal(parsed.config, createRng(g.run.seed));
			const [concept, persona] = g.crossKey!.split('|') as [string, string];
			expect(d.civilianWord).toBe(conceptWords(concept, g.lang)![0]);
			expect(d.seats.filter((s) => s.role === 'undercover')).toHaveLength(2);
			expect(d.seats.find((s) => s.role === 'undercover')!.persona.id).toBe(persona);
			twins.set(g.crossKey!, [...(twins.get(g.crossKey!) ?? []), g.lang]);
		}
		expect(twins.size).toBe(24);
		for (const langs of twins.values()) expect(langs).toEqual(['en', 'zh']);
	});

	it('has 8 games of each difficulty level in each language, the lone level-1 concept dealt twice as often', () => {
		for (const lang of ['en', 'zh'] as const) {
			const games = set.games.filter((g) => g.lang === lang);
			const perLevel = [1, 2, 3].map((d) => games.filter((g) => g.pair.difficulty === d).length);
			expect(perLevel).toEqual([8, 8, 8]);
			// 4 deals per undercover persona at level 1, 2 elsewhere: distinct seeds, so distinct deals.
			const zebra = games.filter((g) => g.crossKey!.startsWith('zebra/giraffe|vera|'));
			expect(zebra.map((g) => g.crossKey!.split('|')[2])).toEqual(['s0', 's1', 's2', 's3']);
			expect(new Set(games.map((g) => g.run.seed)).size).toBe(24);
		}
	});

	it('refuses a concept whose level differs between the languages when levels get different deals', () => {
		// skirt/dress is graded 2 in English and 3 in Chinese: its twins would not line up.
		expect(() =>
			buildEvalSet({
				...EVAL_SPECS['ck-arena'],
				id: 'mismatch',
				concepts: ['zebra/giraffe', 'skirt/dress']
			})
		).toThrow(/"skirt\/dress" is of difficulty 2 in en but 3 in zh/);
		expect(() =>
			buildEvalSet({ ...EVAL_SPECS['ck-arena'], id: 'zero', seedsByDifficulty: { 1: 0 } })
		).toThrow(RangeError);
	});
});

describe('EVAL_SETS', () => {
	it('has a smoke set of at least 10 games and a standard set of exactly 100', () => {
		expect(EVAL_SETS.smoke.games.length).toBeGreaterThanOrEqual(10);
		expect(EVAL_SETS.standard.games).toHaveLength(100);
		expect(isEvalSetId('smoke')).toBe(true);
		expect(isEvalSetId('toString')).toBe(false);
	});

	it('is built deterministically, and its version pins the games', () => {
		expect(buildEvalSet(EVAL_SPECS.standard)).toEqual(EVAL_SETS.standard);
		// These change only when the games change (new pairs, personas or seeds, e.g. after the word
		// packs were edited): results stored under the old version are then re-run where seeds moved.
		expect(EVAL_SETS.smoke.version).toBe('08c172581a17');
		expect(EVAL_SETS.standard.version).toBe('ec16d525811c');
	});

	it.each(['smoke', 'standard'] as const)(
		'%s: every seed deals its stated pair and undercover persona',
		(id) => {
			const set = EVAL_SETS[id];
			expect(new Set(set.games.map((g) => g.id)).size).toBe(set.games.length);
			expect(new Set(set.games.map((g) => g.run.seed)).size).toBe(set.games.length);
			set.games.forEach((g, i) => {
				expect(g.index).toBe(i);
				const parsed = parseUndercoverConfig(g.run.config);
				if (!parsed.ok) throw new Error(parsed.error);
				expect(parsed.config.lang).toBe(g.lang);
				const d = deal(parsed.config, createRng(g.run.seed));
				expect(new Set([d.civilianWord, d.undercoverWord])).toEqual(new Set(g.pair.words));
				expect(d.category).toBe(g.pair.category);
				expect(d.seats.find((s) => s.role === 'undercover')?.persona.id).toBe(g.undercoverPersona);
				expect(g.run.seats).toBeUndefined();
				expect(g.temperature).toBe(0.7);
			});
		}
	);

	it('casts every persona as undercover in the standard set, in both languages', () => {
		const cast = new Set(EVAL_SETS.standard.games.map((g) => g.undercoverPersona));
		expect(cast.size).toBe(personas.length);
		expect(EVAL_SETS.standard.games.filter((g) => g.lang === 'zh')).toHaveLength(50);
	});

	it('gives games that share a link-safe setup', () => {
		const g = EVAL_SETS.smoke.games[0]!;
		expect(decodeShare(encodeShare(g.run))).toEqual({ ok: true, run: g.run });
	});

	it('pairs temperatures on the same deal', () => {
		const set = buildEvalSet({
			id: 't',
			description: '',
			langs: ['en'],
			pairs: { en: ['cat'], zh: [] },
			personasPerPair: 1,
			seedsPerCell: 2,
			temperatures: [0.2, 1]
		});
		expect(set.games.map((g) => g.id)).toEqual([
			'en-cat-vera-s0-t0.2',
			'en-cat-vera-s0-t1',
			'en-cat-vera-s1-t0.2',
			'en-cat-vera-s1-t1'
		]);
		expect(set.games[0]!.run.seed).toBe(set.games[1]!.run.seed);
		expect(set.games[0]!.run.seed).not.toBe(set.games[2]!.run.seed);
	});

	it('refuses a pair that is not in the packs', () => {
		expect(() =>
			buildEvalSet({ ...EVAL_SPECS.smoke, pairs: { en: ['no-such-word'], zh: [] }, langs: ['en'] })
		).toThrow(/no en pair/);
	});
});

describe('EvalQueue', () => {
	const set = EVAL_SETS.smoke;

	it('hands out games in order, records results and reports progress', () => {
		let q = new EvalQueue(set, [], { engine: 'scripted' });
		expect(q.nextGame()?.id).toBe(set.games[0]!.id);
		expect(q.progress()).toEqual({ done: 0, total: set.games.length, fraction: 0, finished: false });
		q = q.record(result(set, 0));
		expect(q.nextGame()?.id).toBe(set.games[1]!.id);
		expect(q.progress().done).toBe(1);
		expect(q.pending()).toHaveLength(set.games.length - 1);
		for (let i = 1; i < set.games.length; i++) q = q.record(result(set, i));
		expect(q.nextGame()).toBeNull();
		expect(q.progress()).toMatchObject({ fraction: 1, finished: true });
	});

	it('is immutable and ignores a second result for the same game', () => {
		const q0 = new EvalQueue(set);
		const q1 = q0.record(result(set, 2));
		expect(q0.progress().done).toBe(0);
		expect(q1.isDone(set.games[2]!.id)).toBe(true);
		expect(q1.nextGame()?.id).toBe(set.games[0]!.id);
		expect(q1.record(result(set, 2, { logHash: 'other' }))).toBe(q1);
	});

	it('refuses results that are not this set’s games', () => {
		const q = new EvalQueue(set);
		expect(() => q.record({ ...result(set, 0), gameId: 'nope' })).toThrow(/not in the smoke set/);
		expect(() => q.record({ ...result(set, 0), seed: 1 })).toThrow(/has seed/);
	});

	it('survives a reload: serialised, restored, and resumed where it stopped', () => {
		let q = new EvalQueue(set, [], { engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' });
		q = q.record(result(set, 0)).record(result(set, 1));
		const stored = JSON.parse(JSON.stringify(q));
		const back = EvalQueue.restore(stored);
		expect(back.progress().done).toBe(2);
		expect(back.nextGame()?.id).toBe(set.games[2]!.id);
		expect(back.setup).toEqual({ engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' });
		expect(back.toJSON()).toEqual(stored);
	});

	it('drops stored results whose seed no longer matches, and junk', () => {
		const stored = {
			set: 'smoke',
			version: 'old',
			results: [result(set, 0), { ...result(set, 1), seed: 999_999 }, { nonsense: true }, null]
		};
		const q = EvalQueue.restore(stored);
		expect(q.results.map((r) => r.gameId)).toEqual([set.games[0]!.id]);
		expect(() => EvalQueue.restore({ set: 'nope', results: [] })).toThrow(/unknown eval set/);
		expect(() => EvalQueue.restore(null)).toThrow();
	});
});

describe('word-pair difficulty as a factor', () => {
	it('the difficulty set balances the levels, and each game deals a pair of its level', () => {
		const set = EVAL_SETS.difficulty;
		expect(set.games).toHaveLength(36);
		for (const lang of ['en', 'zh'] as const)
			for (const level of [1, 2, 3])
				expect(set.games.filter((g) => g.lang === lang && g.pair.difficulty === level)).toHaveLength(6);
		for (const g of set.games) {
			const parsed = parseUndercoverConfig(g.run.config);
			if (!parsed.ok) throw new Error(parsed.error);
			const d = deal(parsed.config, createRng(g.run.seed));
			expect(d.difficulty).toBe(g.pair.difficulty);
			expect(new Set([d.civilianWord, d.undercoverWord])).toEqual(new Set(g.pair.words));
		}
	});

	it('refuses a set that names pairs and chooses by difficulty, or asks for more pairs than a level has', () => {
		const base = {
			id: 'x',
			description: '',
			langs: ['en'] as const,
			personasPerPair: 1,
			seedsPerCell: 1,
			temperatures: [0.7]
		};
		expect(() =>
			buildEvalSet({ ...base, pairs: { en: ['cat'], zh: [] }, difficulty: { levels: [1], pairsPerLevel: 1 } })
		).toThrow('only one');
		expect(() => buildEvalSet({ ...base, difficulty: { levels: [1], pairsPerLevel: 99 } })).toThrow(
			'only 3 pairs of difficulty 1'
		);
	});
});
