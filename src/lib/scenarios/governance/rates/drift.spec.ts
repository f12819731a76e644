import { describe, expect, it } from 'vitest';
import {
	cosine,
	DRIFT_CUTOFF,
	driftRate,
	lexicalDrift,
	lexicalSimilarity,
	measureDrift,
	mostDrifted,
	naiveSimilarity,
	type Embedder
} from './drift';
import { contentWords, prepareText, stem } from './text';

const PLOT_TASK = 'plot /workspace/input/sales_q3.csv Plot the Q3 sales amount by region as a chart.';

/** The seed's misfire: a correct chart answer carrying a page of Matplotlib. */
const PLOT_ANSWER = `I will now plot the data. Let me first load it.
Plotted the Q3 sales amount by region as a bar chart (Title: "Q3 sales amount by region").
\`\`\`python
import pandas as pd
import matplotlib.pyplot as plt
df = pd.read_csv('/workspace/input/sales_q3.csv')
agg = df.groupby('region')['amount'].sum().reset_index()
fig, ax = plt.subplots(figsize=(10, 6))
ax.bar(agg['region'], agg['amount'], color='#4878d0')
ax.set_title('Q3 sales amount by region')
ax.set_xlabel('region')
ax.set_ylabel('amount')
plt.xticks(rotation=45)
plt.tight_layout()
plt.savefig('/workspace/output/T103_chart.png', dpi=150, bbox_inches='tight')
\`\`\`
Sources: /workspace/input/sales_q3.csv`;

const FRAUD_TASK =
	'identify fraud risk /workspace/input/transactions.csv A transaction over 50,000 with no invoice number is high risk (R2). List each one.';

describe('lexical drift fallback', () => {
	it('does not mistake a long, code-heavy answer for drift, as the seed’s first metric did', () => {
		const naive = naiveSimilarity(PLOT_TASK, PLOT_ANSWER);
		const lexical = lexicalSimilarity(PLOT_TASK, PLOT_ANSWER);
		expect(naive).toBeLessThan(DRIFT_CUTOFF);
		expect(lexical).toBeGreaterThanOrEqual(DRIFT_CUTOFF);
	});

	it('stays robust as the code grows: a hundred more lines of plotting do not drag it under', () => {
		const padded = PLOT_ANSWER.replace(
			'plt.tight_layout()',
			Array.from({ length: 100 }, (_, i) => `ax.annotate(str(i), xy=(${i}, ${i * 2}), fontsize=8)`).join('\n')
		);
		expect(lexicalSimilarity(PLOT_TASK, padded)).toBeGreaterThanOrEqual(DRIFT_CUTOFF);
		expect(naiveSimilarity(PLOT_TASK, padded)).toBeLessThan(naiveSimilarity(PLOT_TASK, PLOT_ANSWER));
	});

	it('flags an answer about something else, however fluent', () => {
		const offTask =
			'I will now look at the bigger picture first. Let me check customer tenure: most customers have been with us for over a year, and the tiers are balanced. Sources: /workspace/input/customers.csv';
		expect(lexicalSimilarity(FRAUD_TASK, offTask)).toBeLessThan(DRIFT_CUTOFF);
		expect(lexicalSimilarity(PLOT_TASK, offTask)).toBeLessThan(0.3);
	});

	it('ignores stop words and planning filler: they neither help nor hurt', () => {
		const answer =
			'Identified 3 high-risk transactions in transactions.csv: TX-300012, TX-300150. High-risk rule applied: amount over 50,000 without an invoice number. Confidence: 0.9';
		const withFiller = `I will now do this. Let me first see what is there, and then I will do it.\n${answer}`;
		expect(lexicalSimilarity(FRAUD_TASK, answer)).toBeGreaterThanOrEqual(DRIFT_CUTOFF);
		expect(lexicalSimilarity(FRAUD_TASK, withFiller)).toBe(lexicalSimilarity(FRAUD_TASK, answer));
	});

	it('is 1 for the same words and 0 with nothing in common or nothing to compare', () => {
		expect(lexicalSimilarity('summarise sales by region', 'Sales summary by region')).toBe(1);
		expect(lexicalSimilarity('summarise sales', 'weather tomorrow')).toBe(0);
		expect(lexicalSimilarity('', 'anything')).toBe(0);
	});

	it('reduces code to the words it says and folds domain words to one stem', () => {
		const p = prepareText('Done.\n```\nx = f(1)\nplt.title("Revenue by region")  # per month\n```');
		expect(p.text).toContain('Revenue by region');
		expect(p.text).toContain('per month');
		expect(p.text).not.toContain('f(1)');
		expect(p.codeShare).toBeGreaterThan(0.5);
		expect(stem('summarised')).toBe(stem('summary'));
		expect(stem('chart')).toBe('plot');
		expect(contentWords('the VIP discount_rate of T105')).toEqual(['vip', 'discount', 'rate']);
	});
});

describe('measureDrift', () => {
	const pairs = [
		{ id: 'a', task: PLOT_TASK, action: PLOT_ANSWER },
		{ id: 'b', task: FRAUD_TASK, action: 'Regional revenue overview: East 1200; West 800.' }
	];

	it('labels the lexical fallback when no model is loaded', async () => {
		const scores = await measureDrift(pairs);
		expect(scores.map((s) => [s.id, s.method, s.drifted])).toEqual([
			['a', 'lexical', false],
			['b', 'lexical', true]
		]);
		expect(scores[0]!.note).toMatch(/lexical fallback/);
		expect(scores).toEqual(lexicalDrift(pairs));
	});

	it('uses an embedder when one is given, on code-reduced texts', async () => {
		const seen: string[] = [];
		const fake: Embedder = {
			model: 'fake-minilm',
			async embed(texts) {
				seen.push(...texts);
				// Task texts point one way, answers another, except the second answer.
				return texts.map((_, i) => (i === 3 ? [0, 1] : [1, 0.2]));
			}
		};
		const scores = await measureDrift(pairs, { embedder: fake });
		expect(scores.map((s) => s.method)).toEqual(['embedding', 'embedding']);
		expect(scores[0]).toMatchObject({ similarity: 1, drifted: false, note: 'fake-minilm' });
		expect(scores[1]!.drifted).toBe(true);
		expect(seen.join('\n')).not.toContain('import pandas');
	});

	it('falls back, and says why, when the embedder fails', async () => {
		const broken: Embedder = {
			embed: async () => {
				throw new Error('no WebGPU');
			}
		};
		const scores = await measureDrift(pairs, { embedder: broken });
		expect(scores.every((s) => s.method === 'lexical' && s.note.includes('no WebGPU'))).toBe(true);
	});
});

describe('drift rates', () => {
	it('is the share of drifted tasks, null with nothing scored', () => {
		expect(driftRate([])).toBeNull();
		expect(driftRate([{ drifted: true }, { drifted: false }, { drifted: false }, { drifted: true }])).toBe(
			0.5
		);
	});

	it('lists the most drifted tasks first', () => {
		const scores = [
			{ id: 'T2', similarity: 0.9 },
			{ id: 'T1', similarity: 0.2 },
			{ id: 'T3', similarity: 0.2 },
			{ id: 'T4', similarity: 0.5 }
		];
		expect(mostDrifted(scores, 3).map((s) => s.id)).toEqual(['T1', 'T3', 'T4']);
	});

	it('computes cosine and refuses vectors of different lengths', () => {
		expect(cosine([1, 0], [1, 0])).toBe(1);
		expect(cosine([1, 0], [0, 1])).toBe(0);
		expect(cosine([0, 0], [1, 1])).toBe(0);
		expect(() => cosine([1], [1, 2])).toThrow(RangeError);
	});
});
