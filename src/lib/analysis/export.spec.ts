import { describe, expect, it } from 'vitest';
import { comparePaired, COMPARED_RATES, type GameFigures } from './ab';
import { csvRecords, parseCsv } from './csv';
import { csvField, exportRows, leaderboardCsv, pairedCsv, toCsv } from './export';
import { ROW_RATES } from '../scenarios/undercover/analysis/leaderboard';
import type { LeaderboardRow } from '../scenarios/undercover/analysis/leaderboard';

const p = (x: number, n: number) => ({ x, n, rate: n ? x / n : null });
function row(key: string, over: Partial<LeaderboardRow> = {}): LeaderboardRow {
	return {
		key,
		label: `label ${key}`,
		games: 3,
		seatGames: 18,
		...(Object.fromEntries(ROW_RATES.map((k) => [k, p(0, 0)])) as Pick<
			LeaderboardRow,
			(typeof ROW_RATES)[number]
		>),
		calls: 30,
		tokens: { total: 600, perGame: 200, values: [100, 200, 300] },
		seconds: { total: 6, perGame: 2, values: [1, 2, 3] },
		...over
	};
}

describe('CSV', () => {
	it('quotes what needs quoting and defuses formulas', () => {
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"\nthen')).toBe('"say ""hi""\nthen"');
		expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
		expect(csvField(-0.25)).toBe('-0.25');
		expect(csvField(null)).toBe('');
		expect(parseCsv(toCsv(['a', 'b'], [['x, y', 'z "q"']]))).toEqual([
			['a', 'b'],
			['x, y', 'z "q"']
		]);
	});

	it('reads back what it writes: line breaks and quotes inside fields, empty cells, any line ending', () => {
		const rows = [
			['two\r\nlines', '', 'say "hi", then'],
			['', 'x', '']
		];
		expect(parseCsv(toCsv(['a', 'b', 'c'], rows))).toEqual([['a', 'b', 'c'], ...rows]);
		expect(parseCsv('a,b\n1,2')).toEqual([
			['a', 'b'],
			['1', '2']
		]);
		expect(parseCsv('')).toEqual([]);
		expect(() => parseCsv('a,"b\r\n')).toThrow(SyntaxError);
		expect(csvRecords('k,v\r\nx\r\n')).toEqual([{ k: 'x', v: '' }]);
	});
});

describe('leaderboard export', () => {
	it('gives every rate with x/n and its Wilson interval, and every mean with a bootstrap interval', () => {
		const rows = exportRows([row('openai:m', { civilianWin: p(9, 12), voteHit: p(0, 10) })], 'model', {
			kindOf: () => 'model'
		});
		const r = rows[0]!;
		expect(r.rates.civilianWin).toMatchObject({ x: 9, n: 12, rate: 0.75 });
		expect(r.rates.civilianWin.lower).toBeCloseTo(0.4677, 3);
		expect(r.rates.civilianWin.upper).toBeCloseTo(0.9111, 3);
		expect(r.rates.voteHit).toMatchObject({ x: 0, n: 10, rate: 0, lower: 0 });
		expect(r.rates.comeback).toMatchObject({ x: 0, n: 0, rate: null, lower: 0, upper: 1 });
		expect(r.tokensPerGame.mean).toBe(200);
		expect(r.tokensPerGame.lower).toBeGreaterThanOrEqual(100);
		expect(r.tokensPerGame.upper).toBeLessThanOrEqual(300);
		const csv = parseCsv(leaderboardCsv(rows));
		expect(csv).toHaveLength(2);
		const [header, line] = csv as [string[], string[]];
		const at = (name: string) => line[header.indexOf(name)];
		expect(header.slice(0, 7)).toEqual(['by', 'key', 'label', 'kind', 'side', 'games', 'seat_games']);
		expect(at('civilianWin_x')).toBe('9');
		expect(at('civilianWin_n')).toBe('12');
		expect(at('civilianWin_rate')).toBe('0.75');
		expect(Number(at('civilianWin_lower'))).toBeCloseTo(0.4677, 3);
		expect(at('comeback_rate')).toBe('');
		expect(at('tokens_per_game')).toBe('200');
		expect(header).toHaveLength(7 + ROW_RATES.length * 5 + 6);
	});

	it('writes a paired comparison one figure a line, with McNemar and games needed', () => {
		const fig = (game: string, x: number): GameFigures => ({
			game,
			rates: Object.fromEntries(
				COMPARED_RATES.map((k) => [k, k === 'civilianWin' ? { x, n: 5 } : { x: 0, n: 0 }])
			) as GameFigures['rates'],
			tokens: 10 + x,
			seconds: 1
		});
		const c = comparePaired(
			[fig('g1', 5), fig('g2', 5), fig('g3', 0)],
			[fig('g1', 0), fig('g2', 5), fig('g3', 0)],
			{ seed: 1 }
		);
		const csv = parseCsv(pairedCsv(c, { a: 'openai:a', b: 'openai:b' }));
		const [header, ...lines] = csv as [string[], ...string[][]];
		expect(lines.map((l) => l[0])).toEqual([...COMPARED_RATES, 'tokensPerGame', 'secondsPerGame']);
		const win = lines[0]!;
		const at = (name: string) => win[header.indexOf(name)];
		expect([at('a_x'), at('a_n'), at('b_x'), at('b_n'), at('games_a')]).toEqual(['10', '15', '5', '15', '3']);
		expect([at('mcnemar_a_only'), at('mcnemar_b_only'), at('mcnemar_p')]).toEqual(['1', '0', '1']);
		expect(Number(at('diff'))).toBeCloseTo(1 / 3, 5);
		expect(at('games_needed')).not.toBe('');
	});
});
