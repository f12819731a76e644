import { describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '$lib/scenarios/undercover/analysis/leaderboard';
import { ckArenaCsv } from '$lib/analysis/ck-arena';
import { csvRecords } from '$lib/analysis/csv';
import { formatCkRate, formatRateDiff, RATE_COLUMNS, ratesChartData, rowName } from './view-model';

const row = (key: string, label: string, kind?: LeaderboardRow['kind']) =>
	({ key, label, ...(kind ? { kind } : {}) }) as LeaderboardRow;

describe('rowName: a row as the page names it (English here, the base locale in Node)', () => {
	it('says the baselines, speaking positions and difficulties from messages', () => {
		expect(rowName(row('scripted (no LLM)', 'scripted oracle (no LLM)', 'oracle'))).toEqual({
			text: 'scripted oracle (no LLM)',
			translated: true
		});
		expect(rowName(row('scripted fair (no LLM)', 'scripted fair (no LLM)', 'fair')).text).toBe(
			'scripted fair (no LLM)'
		);
		expect(
			['1', '2', '3', '4', '11', '12', '13', '21', '22'].map((n) => rowName(row(`position:${n}`, '')).text)
		).toEqual([
			'speaks 1st in round 1',
			'speaks 2nd in round 1',
			'speaks 3rd in round 1',
			'speaks 4th in round 1',
			'speaks 11th in round 1',
			'speaks 12th in round 1',
			'speaks 13th in round 1',
			'speaks 21st in round 1',
			'speaks 22nd in round 1'
		]);
		expect(rowName(row('difficulty:3', '')).text).toBe('difficulty 3 (close)');
		expect(
			rowName({
				...row('scripted (no LLM)#undercover', 'x', 'oracle'),
				side: 'undercover',
				model: 'scripted (no LLM)'
			})
		).toEqual({ text: 'scripted oracle (no LLM) as undercover', translated: true });
		expect(
			rowName({
				...row('openai:m#civilian', 'openai · m as civilian', 'model'),
				side: 'civilian',
				model: 'openai:m'
			})
		).toEqual({ text: 'openai · m as civilian', translated: false });
		expect(rowName(row('difficulty:9', '')).text).toBe('difficulty 9 (unknown)');
	});

	it('leaves a model’s or persona’s name as it is, for the page to mark translate="no"', () => {
		expect(rowName(row('openai:qwen', 'openai · qwen', 'model'))).toEqual({
			text: 'openai · qwen',
			translated: false
		});
		expect(rowName(row('vera', 'Vera · 蘅 (INTJ)'))).toEqual({ text: 'Vera · 蘅 (INTJ)', translated: false });
	});
});

describe('the chart and the A/B figures', () => {
	it('draws one cluster per rate column, one series per row, named as the table names them', () => {
		const data = ratesChartData(
			[row('scripted (no LLM)', 'x', 'oracle')].map((r) => ({
				...r,
				...Object.fromEntries(RATE_COLUMNS.map((c) => [c.key, { x: 1, n: 2, rate: 0.5 }]))
			})) as LeaderboardRow[]
		);
		expect(data.groups.map((g) => g.label)).toEqual(RATE_COLUMNS.map((c) => c.short));
		expect(data.series).toEqual([{ key: 'scripted (no LLM)', label: 'scripted oracle (no LLM)' }]);
		expect(data.values[0]).toMatchObject({ value: 0.5, detail: '1/2' });
	});

	it('writes a difference of rates in points with its interval, or says a side has no data', () => {
		expect(formatRateDiff({ diff: 0.12, lower: -0.03, upper: 0.27 })).toBe('+12 pts [−3, +27]');
		expect(formatRateDiff({ diff: null, lower: 0, upper: 0 } as never)).toBe('no data on one side');
	});
});

describe('the page rounds the value its CSV writes', () => {
	it('never rounds the exact figure apart from the file’s (the tiny model’s 1 in 3 did)', () => {
		// Wilson's 95% interval for 1 in 3 starts at 0.061492…: the file writes 0.0615, which reads 6.2%.
		const r = { x: 1, n: 3, p: 1 / 3, lower: 0.0614919, upper: 0.7923404 };
		const figures = {
			games: 3,
			civiliansWin: r,
			firstOutUndercover: r,
			firstRoundCivilianHits: r,
			roundsPerGame: 2,
			statementsPerGame: 12,
			wordsPerStatement: 5
		};
		const [, line] = csvRecords(ckArenaCsv([{ model: 'openai:m', lang: 'en', difficulty: null, figures }]));
		expect(line!.civiliansWin_lower).toBe('0.0615');
		const pct = (v: string) => (Number(v) * 100).toFixed(1);
		expect(formatCkRate(r)).toBe(
			`${pct(line!.civiliansWin_rate!)}% [${pct(line!.civiliansWin_lower!)}, ${pct(line!.civiliansWin_upper!)}] (1/3)`
		);
		expect(formatCkRate(r)).toBe('33.3% [6.2, 79.2] (1/3)');
	});
});
