/**
 * The spend ledger over simulated time: one lane per door (admit, consider) with a mark per spend,
 * coloured by the wake's reason (Okabe-Ito colours, which colour-blind viewers tell apart; each mark's
 * name says its reason too, so no meaning is carried by colour alone); refusals on their own lane; the seed's anomalies ringed in red and
 * labelled (a spend with no trigger, a repeated fingerprint, a charged transport failure); and below,
 * the budget tokens charged each day against the daily budget line.
 *
 * Marks are buttons (focusable, Enter or a click): `onSelect(id)` lets the page show the spend's
 * chain. Made for a projector: text at 14px or more, the width of the container, keyed joins by id.
 * Every word it draws comes in `data.labels` (English by default), so the page passes them translated.
 */
import type { Selection } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, layers } from './frame';
import { clickable, dataAttrs, keyedElements, keyedGroups, legendItems, tooltip } from './joins';
import { panelBackground } from './panels';
import { FONT_AXIS as FONT, styleText, tickLabels } from './text';
import { DANGER, INK, LINE, MUTED, PANEL_BG, textEm } from './style';

export type LedgerAnomaly = 'no-trigger' | 'repeated-fingerprint' | 'charged-failure';

export interface LedgerMark {
	id: number;
	/** Simulated minutes since day 1, 00:00. */
	minute: number;
	door: 'admit' | 'consider';
	refused: boolean;
	/** The wake gate's reason for the wake this spend belongs to. */
	reason: string;
	anomaly: LedgerAnomaly | null;
	/** Short text for screen readers and the tooltip. */
	label: string;
}

export interface SpendLedgerData {
	days: number;
	dailyTokens: number;
	marks: LedgerMark[];
	/** Budget tokens charged per day (index 0 is day 1). */
	charged: number[];
	/** The selected mark, drawn larger. */
	selected?: number | null;
	/** The words drawn, in the page's language; English when left out. */
	labels?: SpendLedgerLabels;
}

/** Every word the chart draws. */
export interface SpendLedgerLabels {
	/** The legend's name of each wake reason (the keys of REASON_COLOURS). */
	reasons: Readonly<Record<string, string>>;
	anomalies: Readonly<Record<LedgerAnomaly, string>>;
	anomalyLegend: string;
	refusedLane: string;
	summary: (days: number, spends: number, refusals: number, anomalies: number) => string;
	dailyBudget: (tokens: number) => string;
	tokensPerDay: string;
	day: (n: number) => string;
}

export interface SpendLedgerOptions {
	onSelect?: (id: number) => void;
}

/** Okabe and Ito's palette (orange, bluish green, reddish purple, blue): apart in every common colour blindness. */
const REASON_COLOURS: Readonly<Record<string, string>> = {
	'repo-changed': '#E69F00',
	evidence: '#009E73',
	'scheduled-review': '#CC79A7',
	'autonomy-due': '#0072B2'
};

export const ENGLISH_LABELS: SpendLedgerLabels = {
	reasons: Object.fromEntries(Object.keys(REASON_COLOURS).map((k) => [k, k])),
	anomalies: {
		'no-trigger': 'no trigger',
		'repeated-fingerprint': 'same fingerprint',
		'charged-failure': 'charged 500'
	},
	anomalyLegend: 'anomaly',
	refusedLane: 'refused',
	summary: (days, spends, refusals, anomalies) =>
		`Spend ledger over ${days} days: ${spends} spends, ${refusals} refusals, ${anomalies} anomalies`,
	dailyBudget: (tokens) => `daily budget: ${tokens}`,
	tokensPerDay: 'tokens/day',
	day: (n) => `day ${n}`
};

const DEFAULT_W = 1100;
/** A phone's column (360 px less the page's margins) keeps the 14px text at its size. */
const MIN_W = 300;
const MARGIN = 12;
const PAD_L = 110;
const PAD_R = 16;
const LEGEND_H = 34;
/** A legend item's room, and a further row's height where the items do not fit in one. */
const LEGEND_ITEM_W = 160;
const LEGEND_ROW_H = 26;
/** The least room between two day labels of the axis. */
const TICK_GAP = 12;
const LANE_H = 56;
const LANES = ['admit', 'consider', 'refused'] as const;
const BARS_H = 110;
const AXIS_H = 30;
const R = 7;

interface MarkModel extends LedgerMark {
	x: number;
	y: number;
	r: number;
	/** The anomaly's name is written over the first mark of its kind in any three days. */
	tag: string;
}

interface BarModel {
	day: number;
	x: number;
	y: number;
	w: number;
	h: number;
	over: boolean;
}

/**
 * Where each legend item goes: in one row from the lanes' left edge while they fit, wrapped into rows
 * from the chart's left edge on a narrow screen (a phone), each as wide as its text needs.
 */
function legendLayout(
	texts: readonly string[],
	width: number
): { at: { x: number; y: number }[]; height: number } {
	// The circle reaches R left of an item's origin; its text starts 12 right of it; 12 more before the next.
	const itemW = texts.map((t) => Math.max(LEGEND_ITEM_W, R + 12 + textEm(t) * FONT + 12));
	const oneRow = PAD_L + itemW.reduce((a, b) => a + b, 0) <= width;
	const left = oneRow ? PAD_L : 12;
	let x = left;
	let row = 0;
	const at = itemW.map((w) => {
		if (x > left && x + w > width) {
			x = left;
			row += 1;
		}
		const here = { x, y: MARGIN + 14 + row * LEGEND_ROW_H };
		x += w;
		return here;
	});
	return { at, height: LEGEND_H + row * LEGEND_ROW_H };
}

function layout(data: SpendLedgerData, width: number, labels: SpendLedgerLabels, legendH: number) {
	const x0 = PAD_L;
	const x1 = width - PAD_R;
	const minutes = Math.max(1, data.days) * 1440;
	const x = (m: number) => x0 + (Math.min(Math.max(m, 0), minutes) / minutes) * (x1 - x0);
	const laneY = (lane: (typeof LANES)[number]) =>
		MARGIN + legendH + LANES.indexOf(lane) * LANE_H + LANE_H / 2;
	const lanesBottom = MARGIN + legendH + LANES.length * LANE_H;
	const barsTop = lanesBottom + 24;
	const maxCharged = Math.max(data.dailyTokens, ...data.charged, 1);
	const barY = (v: number) => barsTop + BARS_H - (v / maxCharged) * BARS_H;
	const dayW = (x1 - x0) / Math.max(1, data.days);
	// An anomaly's name is written where it does not run into the previous name on the same lane and
	// the same kind was not named in the last three days: a month of eternal reasons stays readable.
	const lastTagged = new Map<LedgerAnomaly, number>();
	const lastTagEnd = new Map<string, number>();
	// Marks at the same moment on the same lane sit side by side, not on top of one another (a name
	// written over the pile would point at another spend than its own).
	const atSameSpot = new Map<string, number>();
	const marks: MarkModel[] = data.marks.map((m) => {
		const lane = m.refused ? 'refused' : m.door;
		const spot = `${lane}:${Math.round(x(m.minute))}`;
		const before = atSameSpot.get(spot) ?? 0;
		atSameSpot.set(spot, before + 1);
		const mx = x(m.minute) + before * (2 * R + 2);
		let tag = '';
		const day = Math.floor(m.minute / 1440);
		if (m.anomaly && !(day - (lastTagged.get(m.anomaly) ?? -Infinity) < 3)) {
			const text = labels.anomalies[m.anomaly];
			const half = (textEm(text) * FONT) / 2;
			if (mx - half >= (lastTagEnd.get(lane) ?? -Infinity) + 8) {
				tag = text;
				lastTagged.set(m.anomaly, day);
				lastTagEnd.set(lane, mx + half);
			}
		}
		return { ...m, x: mx, y: laneY(lane), r: m.id === data.selected ? R + 3 : R, tag };
	});
	const bars: BarModel[] = data.charged.map((v, i) => ({
		day: i + 1,
		x: x0 + i * dayW + 1,
		y: barY(v),
		w: Math.max(1, dayW - 2),
		h: barsTop + BARS_H - barY(v),
		over: v > data.dailyTokens
	}));
	// Labels at least their own width apart (the widest, the last day's, in the page's language: "day 30",
	// "第 30 天"), so a phone's narrow axis labels fewer days rather than writing them over one another.
	const labelW = (d: number) => textEm(labels.day(d)) * FONT;
	const widest = Math.max(labelW(1), labelW(Math.max(1, data.days)));
	const step = [1, 2, 5, 10, 20, 30].find((s) => dayW * s >= widest + TICK_GAP) ?? 30;
	// Day 1, then every `step` days; day 1 only where it does not crowd the first step; a label that
	// would run past the chart's right edge is left out.
	const ticks: { day: number; x: number }[] = [];
	if (step === 1 || step >= 4) ticks.push({ day: 1, x: x0 + 0.5 * dayW });
	for (let d = step; d <= data.days; d += step)
		if (d !== 1 && x0 + (d - 0.5) * dayW + labelW(d) / 2 <= width - 2)
			ticks.push({ day: d, x: x0 + (d - 0.5) * dayW });
	return {
		marks,
		bars,
		ticks,
		lanes: LANES.map((lane) => ({ lane, y: laneY(lane) })),
		budgetY: barY(data.dailyTokens),
		barsTop,
		x0,
		x1,
		height: barsTop + BARS_H + AXIS_H + MARGIN
	};
}

type Sel<E extends Element, D> = Selection<E, D, SVGSVGElement, unknown>;

export function createSpendLedger(el: HTMLElement, options: SpendLedgerOptions = {}): Chart<SpendLedgerData> {
	const svg = appendChartSvg(el, { testid: 'spend-ledger', className: 'spend-ledger', role: 'group' });
	const bg = svg.append('rect').attr('class', 'panel-bg');
	const [legend, lanes, bars, budget, axis, marks] = layers(svg, [
		'legend',
		'lanes',
		'bars',
		'budget',
		'x-ticks',
		'marks'
	]);

	function render(data: SpendLedgerData, width: number): void {
		const labels = data.labels ?? ENGLISH_LABELS;
		const entries = [
			...Object.entries(REASON_COLOURS).map(([k, c]) => ({
				key: k,
				text: labels.reasons[k] ?? k,
				colour: c,
				ring: false
			})),
			{ key: 'anomaly', text: labels.anomalyLegend, colour: PANEL_BG, ring: true }
		];
		const legendAt = legendLayout(
			entries.map((e) => e.text),
			width
		);
		const m = layout(data, width, labels, legendAt.height);
		const spends = data.marks.filter((k) => !k.refused).length;
		const anomalies = data.marks.filter((k) => k.anomaly).length;
		svg
			.attr('viewBox', `0 0 ${width} ${m.height}`)
			.attr('aria-label', labels.summary(data.days, spends, data.marks.length - spends, anomalies));
		panelBackground(bg, { width, height: m.height, rx: 8 });

		const items = legendItems(legend, entries, {
			className: 'item',
			key: (d) => d.key,
			shape: 'circle',
			at: (_d, i) => `translate(${legendAt.at[i]!.x},${legendAt.at[i]!.y})`
		});
		items
			.select('circle')
			.attr('r', R)
			.attr('fill', (d) => d.colour)
			.attr('stroke', (d) => (d.ring ? DANGER : INK))
			.attr('stroke-width', (d) => (d.ring ? 3 : 1));
		styleText(items.select('text'), { x: 12, middle: true, size: FONT, fill: INK, text: (d) => d.text });

		const laneG = keyedGroups(lanes, 'lane', m.lanes, ['line', 'text'], (d) => d.lane);
		laneG
			.select('line')
			.attr('x1', m.x0)
			.attr('x2', m.x1)
			.attr('y1', (d) => d.y)
			.attr('y2', (d) => d.y)
			.attr('stroke', LINE)
			.attr('stroke-width', 1.5);
		styleText(laneG.select('text'), {
			x: 12,
			y: (d) => d.y,
			middle: true,
			size: FONT,
			weight: 700,
			fill: INK,
			text: (d) => (d.lane === 'refused' ? labels.refusedLane : `${d.lane}()`)
		});

		drawBars(bars as unknown as Sel<SVGGElement, unknown>, m.bars);
		budget.selectAll('*').remove();
		budget
			.append('line')
			.attr('class', 'budget-line')
			.attr('x1', m.x0)
			.attr('x2', m.x1)
			.attr('y1', m.budgetY)
			.attr('y2', m.budgetY)
			.attr('stroke', DANGER)
			.attr('stroke-width', 2)
			.attr('stroke-dasharray', '8 5');
		styleText(budget.append('text').attr('class', 'budget-label'), {
			x: m.x1,
			y: m.budgetY - 6,
			anchor: 'end',
			size: FONT,
			fill: DANGER,
			text: labels.dailyBudget(data.dailyTokens)
		});
		styleText(budget.append('text'), {
			x: 12,
			y: m.barsTop - 6,
			size: FONT,
			weight: 700,
			fill: INK,
			text: labels.tokensPerDay
		});

		tickLabels(axis, m.ticks, (d) => d.day, {
			x: (d) => d.x,
			y: m.height - MARGIN - 6,
			anchor: 'middle',
			text: (d) => labels.day(d.day)
		});

		drawMarks(m.marks);
	}

	function drawBars(g: Sel<SVGGElement, unknown>, data: BarModel[]): void {
		keyedElements(g, 'rect.day-bar', data, (d) => d.day)
			.each(dataAttrs((d) => ({ day: d.day })))
			.attr('x', (d) => d.x)
			.attr('y', (d) => d.y)
			.attr('width', (d) => d.w)
			.attr('height', (d) => d.h)
			.attr('fill', (d) => (d.over ? DANGER : MUTED));
	}

	function drawMarks(data: MarkModel[]): void {
		const g = keyedGroups(marks, 'mark', data, ['circle', 'text.anomaly-label'], (d) => d.id);
		clickable(g, (d) => options.onSelect?.(d.id));
		g.each(
			dataAttrs((d) => ({ id: d.id, door: d.door, refused: String(d.refused), anomaly: d.anomaly ?? 'none' }))
		)
			.attr('aria-label', (d) => d.label)
			.attr('transform', (d) => `translate(${d.x},${d.y})`);
		g.select('circle')
			.attr('r', (d) => (d.refused ? d.r - 2 : d.r))
			.attr('fill', (d) => (d.refused ? PANEL_BG : (REASON_COLOURS[d.reason] ?? MUTED)))
			// A thin ink outline keeps the lighter Okabe-Ito colours visible on white.
			.attr('stroke', (d) => (d.anomaly ? DANGER : d.refused ? MUTED : INK))
			.attr('stroke-width', (d) => (d.anomaly ? 3 : d.refused ? 1.5 : 1));
		styleText(g.select('text.anomaly-label'), {
			y: -R - 6,
			anchor: 'middle',
			size: FONT,
			weight: 700,
			fill: DANGER,
			text: (d) => d.tag
		});
		tooltip(g, (d) => d.label);
	}

	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}
