// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	createRuleLineage,
	ENGLISH_LINEAGE_LABELS,
	type LineageData,
	type LineageLane
} from './rule-lineage';

// R1 amended twice (rounds 6 and 18), R2 never, R3 with a proposal the Auditor refused in round 9
// and another still waiting in round 20; the run is 24 rounds long and in round 20.
const r1: LineageLane = {
	id: 'R1',
	title: 'VIP discount',
	versions: [
		{ version: 1, fromRound: 0, untilRound: 6, text: 'At least 15%.' },
		{ version: 2, fromRound: 6, untilRound: 18, text: 'At least 15%, or 12% after 36 months.' },
		{ version: 3, fromRound: 18, untilRound: null, text: 'At least 12%.' }
	],
	amendments: [
		{
			from: 1,
			to: 2,
			round: 6,
			proposer: 'executor',
			approver: 'assigner',
			evidence: 'compliance 92.9% → 93.9% of 98 orders',
			proposal: 'P1'
		},
		{
			from: 2,
			to: 3,
			round: 18,
			proposer: 'executor',
			approver: 'assigner + auditor',
			evidence: 'compliance 93.9% → 97.0% of 98 orders',
			proposal: 'P3'
		}
	],
	proposals: []
};
const r2: LineageLane = {
	id: 'R2',
	title: 'High-risk transactions',
	versions: [{ version: 1, fromRound: 0, untilRound: null, text: 'Over 50,000 without an invoice.' }],
	amendments: [],
	proposals: []
};
const r3: LineageLane = {
	id: 'R3',
	title: 'Cite sources',
	versions: [{ version: 1, fromRound: 0, untilRound: null, text: 'Every output names its sources.' }],
	amendments: [],
	proposals: [
		{
			id: 'P2',
			round: 9,
			base: 1,
			state: 'blocked',
			note: 'refused by auditor: it lowers what the rule asks'
		},
		{ id: 'P4', round: 20, base: 1, state: 'pending', note: 'waiting for the co-signature' }
	]
};

const data = (lanes: LineageLane[], current = 20): LineageData => ({ rounds: 24, current, lanes });

const nodes = (el: HTMLElement) =>
	[...el.querySelectorAll('.rule-version')].map(
		(n) => `${n.getAttribute('data-rule')}-v${n.getAttribute('data-version')}`
	);

describe('createRuleLineage', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('draws a lane per rule, a node per version and an edge per amendment', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1, r2, r3]));
		const svg = el.querySelector('svg[data-testid="rule-lineage"]');
		expect(svg?.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
		expect(svg?.getAttribute('width')).toBe('100%');
		expect([...el.querySelectorAll('g.lane')].map((l) => l.getAttribute('data-rule'))).toEqual([
			'R1',
			'R2',
			'R3'
		]);
		expect(nodes(el)).toEqual(['R1-v1', 'R1-v2', 'R1-v3', 'R2-v1', 'R3-v1']);
		const edges = [...el.querySelectorAll('.amendment')];
		expect(edges.map((e) => `${e.getAttribute('data-from')}>${e.getAttribute('data-to')}`)).toEqual([
			'1>2',
			'2>3'
		]);
		expect(edges[0]?.querySelector('.who')?.textContent).toBe('executor → assigner');
		expect(edges[1]?.querySelector('.who')?.textContent).toBe('executor → assigner + auditor');
		expect(edges[0]?.querySelector('.evidence')?.textContent).toContain('92.9%');
	});

	it('marks only the latest version of each rule as in force', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1, r2]));
		const inForce = [...el.querySelectorAll('.rule-version[data-in-force="true"]')].map(
			(n) => `${n.getAttribute('data-rule')}-v${n.getAttribute('data-version')}`
		);
		expect(inForce).toEqual(['R1-v3', 'R2-v1']);
	});

	it('draws refused and pending proposals apart from the versions', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r3]));
		expect(nodes(el)).toEqual(['R3-v1']);
		expect(el.querySelectorAll('.amendment')).toHaveLength(0);
		const proposals = [...el.querySelectorAll('.proposal')].map(
			(n) => `${n.getAttribute('data-proposal')}:${n.getAttribute('data-state')}`
		);
		expect(proposals).toEqual(['P2:blocked', 'P4:pending']);
		expect(el.querySelector('.proposal.blocked .label')?.textContent).toBe('P2 blocked');
	});

	it('places versions along the round axis and keeps the axis fixed as rounds go by', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1], 2));
		const viewBox = el.querySelector('svg')?.getAttribute('viewBox');
		const x = (v: number) =>
			Number(
				/translate\(([\d.]+),/.exec(
					el.querySelector(`.rule-version[data-version="${v}"]`)?.getAttribute('transform') ?? ''
				)?.[1]
			);
		expect(x(1)).toBeLessThan(x(2));
		expect(x(2)).toBeLessThan(x(3));
		const before = x(2);
		chart.update(data([r1], 23));
		expect(x(2)).toBe(before);
		expect(el.querySelector('svg')?.getAttribute('viewBox')).toBe(viewBox);
	});

	it('reports a click on a version, an amendment or a proposal, and Enter from the keyboard', () => {
		const onSelect = vi.fn();
		const chart = createRuleLineage(el, { onSelect });
		chart.update(data([r1, r3]));
		el.querySelector('.rule-version[data-rule="R1"][data-version="2"]')?.dispatchEvent(
			new MouseEvent('click')
		);
		el.querySelector('.amendment[data-to="3"]')?.dispatchEvent(new MouseEvent('click'));
		el.querySelector('.proposal[data-proposal="P2"]')?.dispatchEvent(
			new KeyboardEvent('keydown', { key: 'Enter' })
		);
		expect(onSelect.mock.calls.map((c) => c[0])).toEqual([
			{ kind: 'version', rule: 'R1', version: 2 },
			{ kind: 'version', rule: 'R1', version: 3 },
			{ kind: 'proposal', rule: 'R3', proposal: 'P2' }
		]);
		expect(el.querySelector('.rule-version')?.getAttribute('tabindex')).toBe('0');
	});

	it('keeps unchanged nodes across redraws and removes what is gone', () => {
		const chart = createRuleLineage(el);
		chart.update(data([{ ...r1, versions: r1.versions.slice(0, 1), amendments: [] }, r2]));
		const kept = el.querySelector('.rule-version[data-rule="R2"]');
		chart.update(data([r1, r2]));
		expect(nodes(el)).toEqual(['R1-v1', 'R1-v2', 'R1-v3', 'R2-v1']);
		expect(el.querySelector('.rule-version[data-rule="R2"]')).toBe(kept);
		chart.update(data([r2]));
		expect(nodes(el)).toEqual(['R2-v1']);
		expect(el.querySelectorAll('.amendment')).toHaveLength(0);
		expect(el.querySelectorAll('svg')).toHaveLength(1);
	});

	it('draws every text at 14px or more', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1, r2, r3]));
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(sizes.length).toBeGreaterThan(10);
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('empties the element on destroy and ignores later updates', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1]));
		chart.destroy();
		expect(el.innerHTML).toBe('');
		chart.update(data([r1]));
		expect(el.innerHTML).toBe('');
	});

	it('draws the words the page passes in, in its language', () => {
		const chart = createRuleLineage(el, {
			labels: {
				...ENGLISH_LINEAGE_LABELS,
				round: '轮次',
				summary: (rules) => `规则演变：${rules} 条规则`,
				version: (rule, version) => `${rule} 第 ${version} 版`,
				state: (state) => (state === 'blocked' ? '被阻止' : '待定')
			}
		});
		chart.update(data([r1, r2, r3]));
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('规则演变：3 条规则');
		expect(el.querySelector('.axis-title')?.textContent).toBe('轮次 →');
		expect(el.querySelector('.rule-version[data-rule="R2"]')?.getAttribute('aria-label')).toBe('R2 第 1 版');
		expect(el.querySelector('.proposal.blocked text.label')?.textContent).toBe('P2 被阻止');
	});

	it('tells a blocked proposal from a pending one by mark and word, not colour alone', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r3]));
		const marks = [...el.querySelectorAll('.proposal')].map((p) => [
			p.getAttribute('data-state'),
			p.querySelector('text.mark')?.textContent,
			p.querySelector('text.label')?.textContent
		]);
		expect(marks).toEqual([
			['blocked', '✕', 'P2 blocked'],
			['pending', '…', 'P4 pending']
		]);
	});

	it('renders stable markup', () => {
		const chart = createRuleLineage(el);
		chart.update(data([r1, r2, r3]));
		expect(el.innerHTML).toMatchSnapshot();
	});
});
