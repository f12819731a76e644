import { describe, expect, it } from 'vitest';
import { COMPARED_RATES, comparePaired, type ComparedRate, type Count, type GameFigures } from './ab';
import { abCsv, formatP, pairedLines, verdictOf } from './ab-table';
import { csvRecords } from './csv';

const rates = (over: Partial<Record<ComparedRate, Count>>): Record<ComparedRate, Count> =>
	Object.fromEntries(COMPARED_RATES.map((k) => [k, over[k] ?? { x: 0, n: 0 }])) as Record<
		ComparedRate,
		Count
	>;
const fig = (game: string, over: Partial<Record<ComparedRate, Count>>): GameFigures => ({
	game,
	rates: rates(over),
	tokens: 100,
	seconds: 1
});

describe('a figure seen in different games on each side', () => {
	// The reviewer's case: defended ties came up in 18 of A's games (90 comebacks in 126) and in 2 of
	// B's (4 in 8), never in the same game. A paired bootstrap has nothing to pair; Newcombe's method 10
	// on the pooled counts gives about [-8, +51] points, and the verdict and the CSV agree that it is not
	// a difference.
	const a: GameFigures[] = [];
	const b: GameFigures[] = [];
	for (let g = 0; g < 20; g++) {
		const id = `g${g}`;
		a.push(
			fig(
				id,
				g < 18 ? { comeback: { x: 5, n: 7 }, civilianWin: { x: 4, n: 4 } } : { civilianWin: { x: 0, n: 4 } }
			)
		);
		b.push(
			fig(
				id,
				g >= 18 ? { comeback: { x: 2, n: 4 }, civilianWin: { x: 4, n: 4 } } : { civilianWin: { x: 4, n: 4 } }
			)
		);
	}
	const c = comparePaired(a, b, { seed: 1 });
	const line = pairedLines(c).find((l) => l.figure === 'comeback')!;

	it('is compared unpaired, by Newcombe, and says on how many games', () => {
		expect(c.rates.comeback.method).toBe('unpaired');
		expect(line.method).toBe('unpaired');
		expect(line.games).toEqual({ a: 18, b: 2 });
		expect([line.a.x, line.a.n, line.b.x, line.b.n]).toEqual([90, 126, 4, 8]);
		expect(line.diff).toBeCloseTo(90 / 126 - 0.5, 10);
		expect(line.lower).toBeCloseTo(-0.083, 2);
		expect(line.upper).toBeCloseTo(0.507, 2);
		expect(line.verdict).toBe('same');
	});

	it('writes the same verdict to the CSV, and differs only where the verdict says so', () => {
		const rows = csvRecords(abCsv(pairedLines(c), { a: 'A', b: 'B' }));
		const comeback = rows.find((r) => r.figure === 'comeback')!;
		expect(comeback).toMatchObject({
			method: 'unpaired',
			games_a: '18',
			games_b: '2',
			verdict: 'same',
			differs: 'false'
		});
		for (const r of rows) expect(r.differs).toBe(String(r.verdict === 'differs'));
		const win = rows.find((r) => r.figure === 'civilianWin')!;
		expect(win).toMatchObject({ method: 'paired', games_a: '20', games_b: '20' });
	});
});

describe('verdicts and p-values', () => {
	it('needs data on both sides and two games on each before it calls a difference', () => {
		const games = (a: number, b: number) => ({ a, b });
		expect(verdictOf({ diff: null, lower: -1, upper: 1, games: games(5, 5) })).toBe('no-data');
		expect(verdictOf({ diff: 0.3, lower: 0.1, upper: 0.5, games: games(1, 5) })).toBe('few-games');
		expect(verdictOf({ diff: 0.3, lower: 0.1, upper: 0.5, games: games(2, 2) })).toBe('differs');
		expect(verdictOf({ diff: -0.3, lower: -0.5, upper: -0.1, games: games(2, 2) })).toBe('differs');
		expect(verdictOf({ diff: 0.3, lower: -0.1, upper: 0.5, games: games(2, 2) })).toBe('same');
	});

	it('prints a small p as "< 0.001", never 0, and keeps it in the CSV', () => {
		expect(formatP(0.0004)).toBe('< 0.001');
		expect(formatP(0.001)).toBe('0.001');
		expect(formatP(0.0456)).toBe('0.046');
		// 40 games A won and B lost, none the other way: p = 2 / 2^40.
		const a = Array.from({ length: 40 }, (_, i) => fig(`g${i}`, { civilianWin: { x: 4, n: 4 } }));
		const b = Array.from({ length: 40 }, (_, i) => fig(`g${i}`, { civilianWin: { x: 0, n: 4 } }));
		const line = pairedLines(comparePaired(a, b, { seed: 1 }))[0]!;
		expect(line.mcnemar!.p).toBeCloseTo(2 / 2 ** 40, 20);
		const win = csvRecords(abCsv([line], { a: 'A', b: 'B' }))[0]!;
		expect(Number(win.mcnemar_p)).toBeGreaterThan(0);
		expect(Number(win.mcnemar_p) / (2 / 2 ** 40)).toBeCloseTo(1, 2);
		expect(formatP(line.mcnemar!.p)).toBe('< 0.001');
	});
});
