// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVoteFlow, type VoteFlowData, type VoteFlowRound } from './vote-flow';

// Round 1: seat 3 voted out, seat 5 abstains. Round 2: seats 2 and 4 tie, defend, and the others
// revote; seat 6 abstains in the first vote; seat 2 goes out.
const round1: VoteFlowRound = {
	round: 1,
	stages: [
		{
			stage: 'vote',
			votes: [
				{ voter: 1, target: 3 },
				{ voter: 2, target: 3 },
				{ voter: 3, target: 1 },
				{ voter: 4, target: 3 },
				{ voter: 5, target: null },
				{ voter: 6, target: 1 }
			],
			tied: []
		}
	],
	eliminated: 3
};

const round2: VoteFlowRound = {
	round: 2,
	stages: [
		{
			stage: 'vote',
			votes: [
				{ voter: 1, target: 2 },
				{ voter: 2, target: 4 },
				{ voter: 4, target: 2 },
				{ voter: 5, target: 4 },
				{ voter: 6, target: null }
			],
			tied: [2, 4]
		},
		{
			stage: 'revote',
			votes: [
				{ voter: 1, target: 2 },
				{ voter: 5, target: 2 },
				{ voter: 6, target: 4 }
			],
			tied: []
		}
	],
	eliminated: 2
};

const names = ['Ada', 'Basil', 'Cleo', 'Dev', 'Esme', 'Finn'];

function game(rounds: VoteFlowRound[]): VoteFlowData {
	const out = new Set(rounds.flatMap((r) => (r.eliminated === null ? [] : [r.eliminated])));
	return {
		seats: names.map((name, i) => ({ id: i + 1, name, alive: !out.has(i + 1) })),
		rounds
	};
}

/** `round|stage|voter|target` for every cast (non-null) vote in the data. */
function expectedLinks(data: VoteFlowData): string[] {
	return data.rounds
		.flatMap((r) =>
			r.stages.flatMap((s) =>
				s.votes.flatMap((v) => (v.target === null ? [] : [`${r.round}|${s.stage}|${v.voter}|${v.target}`]))
			)
		)
		.sort();
}

function renderedLinks(el: HTMLElement): string[] {
	return [...el.querySelectorAll('.vote-link')]
		.map((p) =>
			['data-round', 'data-stage', 'data-voter', 'data-target'].map((a) => p.getAttribute(a)).join('|')
		)
		.sort();
}

const seatsOf = (el: HTMLElement, selector: string): string[] =>
	[...el.querySelectorAll(selector)].map((n) => n.getAttribute('data-seat') ?? '').sort();

describe('createVoteFlow', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('draws one link per cast vote and none for abstentions', () => {
		const chart = createVoteFlow(el);
		const data = game([round1, round2]);
		chart.update(data);

		const svg = el.querySelector('svg[data-testid="vote-flow"]');
		expect(svg).not.toBeNull();
		expect(svg?.getAttribute('viewBox')).toMatch(/^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
		expect(svg?.getAttribute('width')).toBe('100%');

		expect(el.querySelectorAll('path.vote-link')).toHaveLength(12);
		expect(renderedLinks(el)).toEqual(expectedLinks(data));
		for (const p of el.querySelectorAll('path.vote-link')) expect(p.getAttribute('d')).toMatch(/^M/);

		const abstained = [...el.querySelectorAll('.abstained')].map(
			(n) => `${n.closest('.panel')?.getAttribute('data-round')}|${n.getAttribute('data-seat')}`
		);
		expect(abstained.sort()).toEqual(['1|5', '2|6']);
	});

	it('tells targets apart by colour and by line pattern, so colour is not the only cue', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1, round2]));
		const byTarget = new Map<string, Set<string>>();
		for (const p of el.querySelectorAll('path.vote-link')) {
			const look = `${p.getAttribute('stroke')}|${p.getAttribute('stroke-dasharray') ?? 'solid'}`;
			const target = p.getAttribute('data-target') ?? '';
			byTarget.set(target, (byTarget.get(target) ?? new Set()).add(look));
		}
		// One look per target, and no two targets share a colour or a pattern here (seats 1 to 4).
		expect([...byTarget.values()].every((looks) => looks.size === 1)).toBe(true);
		const looks = [...byTarget.values()].map((l) => [...l][0]!.split('|'));
		expect(new Set(looks.map(([colour]) => colour)).size).toBe(byTarget.size);
		expect(new Set(looks.map(([, dash]) => dash)).size).toBe(byTarget.size);
	});

	it('titles one panel per round stage', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1, round2]));
		const titles = [...el.querySelectorAll('.panel-title')].map((n) => n.textContent);
		expect(titles).toEqual(['Round 1 · vote', 'Round 2 · vote', 'Round 2 · revote']);
	});

	it('titles panels in Chinese', () => {
		const chart = createVoteFlow(el, { lang: 'zh' });
		chart.update(game([round1, round2]));
		const titles = [...el.querySelectorAll('.panel-title')].map((n) => n.textContent);
		expect(titles).toEqual(['第1轮 · 投票', '第2轮 · 投票', '第2轮 · 重投']);
		expect(el.querySelector('.abstained')?.textContent).toBe('弃权');
	});

	it('marks eliminated and tied seats in the right panels', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1, round2]));

		expect(seatsOf(el, '.eliminated')).toEqual(['2', '3']);
		expect(seatsOf(el, '.tied')).toEqual(['2', '4']);

		const r2vote = el.querySelector('.panel[data-round="2"][data-stage="vote"]');
		const r2revote = el.querySelector('.panel[data-round="2"][data-stage="revote"]');
		expect(r2vote?.querySelectorAll('.tied')).toHaveLength(2);
		expect(r2vote?.querySelector('.eliminated')).toBeNull();
		expect(r2revote?.querySelector('.eliminated')?.getAttribute('data-seat')).toBe('2');
		expect(r2revote?.querySelector('.eliminated')?.textContent).toContain('Basil');
	});

	it('shows the votes each target received', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1]));
		const counts = Object.fromEntries(
			[...el.querySelectorAll('.target')].map((n) => [
				n.getAttribute('data-seat'),
				n.querySelector('.vote-count')?.textContent
			])
		);
		expect(counts).toEqual({ '1': '2 votes', '3': '3 votes' });
	});

	it('leaves no stale links when rounds are added or removed', () => {
		const chart = createVoteFlow(el);
		const one = game([round1]);
		const two = game([round1, round2]);

		chart.update(two);
		const kept = el.querySelector('.vote-link[data-round="1"][data-voter="1"]');
		chart.update(one);
		expect(renderedLinks(el)).toEqual(expectedLinks(one));
		expect(el.querySelectorAll('.panel')).toHaveLength(1);
		expect(seatsOf(el, '.eliminated')).toEqual(['3']);
		expect(el.querySelectorAll('.tied')).toHaveLength(0);

		// The game goes on: a partial round 2 (vote only, tie pending), then the full round.
		chart.update(game([round1, { ...round2, stages: round2.stages.slice(0, 1), eliminated: null }]));
		expect(el.querySelectorAll('.vote-link')).toHaveLength(9);
		expect(seatsOf(el, '.eliminated')).toEqual(['3']);
		expect(el.querySelector('.panel-note')?.textContent).toBe('');
		expect(el.querySelector('.panel[data-round="2"] .panel-note')?.textContent).toBe('Tie: #2, #4');

		chart.update(two);
		expect(renderedLinks(el)).toEqual(expectedLinks(two));
		expect(el.querySelectorAll('svg')).toHaveLength(1);
		// Keyed joins keep an unchanged link as the same element across redraws.
		expect(el.querySelector('.vote-link[data-round="1"][data-voter="1"]')).toBe(kept);
	});

	it('shows a message before the first vote', () => {
		const chart = createVoteFlow(el);
		chart.update(game([]));
		expect(el.querySelectorAll('.vote-link')).toHaveLength(0);
		expect(el.querySelector('.vote-flow-empty')?.textContent).toBe('No votes yet');
		chart.update(game([round1]));
		expect(el.querySelector('.vote-flow-empty')).toBeNull();
	});

	it('empties the element on destroy and ignores later updates', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1, round2]));
		chart.destroy();
		expect(el.innerHTML).toBe('');
		chart.update(game([round1]));
		expect(el.innerHTML).toBe('');
	});

	it('renders stable markup', () => {
		const chart = createVoteFlow(el);
		chart.update(game([round1, round2]));
		expect(el.innerHTML).toMatchSnapshot();
	});
});
