/**
 * Rule lineage: one lane per rule, its versions as nodes placed at the round they came into force,
 * each amendment an arc from the version it replaced to the one it created, labelled with who
 * proposed it, who approved it and the evidence behind it. Proposals that were refused (or are still
 * on their way) hang off the lane as hollow, dashed markers, so switching the amendment policy shows
 * the blocked change rather than an empty lane.
 *
 * Made for a classroom projector: the viewBox is as wide as the container, so text is drawn at its
 * real size (14px or more) instead of shrinking with a fixed-size drawing, and the round axis spans
 * the whole run from the start, so nodes do not slide sideways as rounds go by. Redrawn after every
 * event, with keyed joins throughout: an unchanged version keeps its element.
 */
import type { Selection } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, layers } from './frame';
import { clickable, dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';
import { strokePath } from './paths';
import { axisTitle, FONT_AXIS, roundTicks, styleText } from './text';
import { fit, INK, LINE, MUTED, PANEL_BG } from './style';

export interface LineageVersion {
	version: number;
	/** The round the version came into force (0: the initial rule book). */
	fromRound: number;
	/** The round a later version replaced it; null while in force. */
	untilRound: number | null;
	text: string;
}

export interface LineageAmendment {
	/** The version replaced and the version created. */
	from: number;
	to: number;
	round: number;
	proposer: string;
	approver: string;
	/** The evidence in a line (counts, rates). */
	evidence: string;
	proposal: string | null;
}

export interface LineageProposal {
	id: string;
	round: number;
	/** The version it set out to amend. */
	base: number;
	state: 'pending' | 'blocked';
	/** "refused by auditor", "waiting for the co-signature"... */
	note: string;
}

export interface LineageLane {
	id: string;
	title: string;
	versions: LineageVersion[];
	amendments: LineageAmendment[];
	/** Proposals that did not (or not yet) become a version. */
	proposals: LineageProposal[];
}

export interface LineageData {
	/** The language the rules are written in (the run's, not the page's): set on their titles. */
	lang?: string;
	/** The run's length in rounds: the axis always spans it. */
	rounds: number;
	/** The round being played, marked by a vertical line (0 before the first). */
	current: number;
	lanes: LineageLane[];
}

export type LineageSelection =
	{ kind: 'version'; rule: string; version: number } | { kind: 'proposal'; rule: string; proposal: string };

/**
 * The chart's words, passed in by the page in its language (this module stays free of the i18n
 * layer); English by default, as `npm run sim` and the chart tests draw it.
 */
export interface RuleLineageLabels {
	/** The round axis' title. */
	round: string;
	/** The whole chart's accessible name. */
	summary: (rules: number, versions: number, amendments: number) => string;
	/** A version node's accessible name. */
	version: (rule: string, version: number, inForce: boolean) => string;
	/** An amendment arc's tooltip. */
	amendment: (a: LineageAmendment, rule: string) => string;
	/** A proposal marker's short label state. */
	state: (state: LineageProposal['state']) => string;
	/** A proposal marker's tooltip. */
	proposal: (p: LineageProposal, rule: string) => string;
}

export const ENGLISH_LINEAGE_LABELS: RuleLineageLabels = {
	round: 'round',
	summary: (rules, versions, amendments) =>
		`Rule lineage: ${rules} rules, ${versions} versions, ${amendments} amendments`,
	version: (rule, version, inForce) => `${rule} version ${version}${inForce ? ', in force' : ''}`,
	amendment: (a, rule) =>
		`${rule} v${a.from} → v${a.to} in round ${a.round}${a.proposal ? ` (${a.proposal})` : ''}. Proposed by ${a.proposer}, approved by ${a.approver}. Evidence: ${a.evidence}`,
	state: (state) => (state === 'blocked' ? 'blocked' : 'pending'),
	proposal: (p, rule) => `${p.id} (round ${p.round}) to amend ${rule} v${p.base}: ${p.note}`
};

export interface RuleLineageOptions {
	/** Called when a version, an amendment or a proposal is clicked (or chosen with Enter/Space). */
	onSelect?: (selection: LineageSelection) => void;
	labels?: RuleLineageLabels;
}

// Geometry, in viewBox units; the viewBox is as wide as the container, so these are CSS pixels.
const DEFAULT_W = 1100;
const MIN_W = 720;
const MARGIN = 16;
const LABEL_W = 210;
const RIGHT = 40;
const AXIS_H = 44;
const LANE_H = 128;
/** Where the lane's line sits inside the lane: room above for the amendment arcs and their labels. */
const LANE_Y = 70;
const NODE_R = 17;
const ARC_RISE = 34;
const TICK_GAP = 44;

const FONT_RULE = 19;
const FONT_TITLE = 15;
const FONT_NODE = 15;
const FONT_LABEL = 15;

// This chart's own colours; the shared palette, and why it is copied from the CSS, is in ./style.
// Okabe-Ito hues, darkened to 5:1 or more on white, so the three meanings stay apart for every
// common colour-vision deficiency: blue for a version in force, orange for an amendment, reddish
// purple for a blocked proposal. None rests on colour alone: superseded versions are hollow, an
// amendment is an arc with its label, a blocked proposal carries ✕ and the word, a pending one "…".
const IN_FORCE = '#0072b2';
const AMENDMENT = '#8a5a00';
const BLOCKED = '#9b4f7d';
const SUPERSEDED = '#e8edf6';
const NOW = '#c98a12';

interface VersionNode {
	key: string;
	rule: string;
	version: number;
	x: number;
	inForce: boolean;
	tip: string;
}

interface ArcModel {
	key: string;
	rule: string;
	from: number;
	to: number;
	d: string;
	labelX: number;
	who: string;
	evidence: string;
	tip: string;
}

interface ProposalNode {
	key: string;
	rule: string;
	id: string;
	state: LineageProposal['state'];
	x: number;
	/** Where its dashed stub starts: the version it set out to amend. */
	baseX: number;
	label: string;
	tip: string;
}

interface LaneModel {
	key: string;
	y: number;
	id: string;
	title: string;
	spans: { key: string; x1: number; x2: number; inForce: boolean }[];
	versions: VersionNode[];
	arcs: ArcModel[];
	proposals: ProposalNode[];
}

interface Model {
	width: number;
	height: number;
	plotX0: number;
	plotX1: number;
	ticks: { round: number; x: number }[];
	nowX: number | null;
	lanes: LaneModel[];
}

function layout(data: LineageData, width: number, t: RuleLineageLabels): Model {
	const rounds = Math.max(1, data.rounds);
	const plotX0 = MARGIN + LABEL_W + NODE_R;
	const plotX1 = width - MARGIN - RIGHT;
	const x = (round: number) => plotX0 + (Math.min(Math.max(round, 0), rounds) / rounds) * (plotX1 - plotX0);
	const nowX = data.current > 0 ? x(data.current) : null;
	const end = nowX ?? plotX0;

	const lanes = data.lanes.map((lane, i): LaneModel => {
		const versions = [...lane.versions].sort((a, b) => a.version - b.version);
		const xOf = new Map(versions.map((v) => [v.version, x(v.fromRound)]));
		const nodes = versions.map((v): VersionNode => ({
			key: `${lane.id}-v${v.version}`,
			rule: lane.id,
			version: v.version,
			x: xOf.get(v.version) ?? plotX0,
			inForce: v.untilRound === null,
			// The rule's own words, in the run's language (the node's name says the rest in the page's).
			tip: v.text
		}));
		const spans = versions.map((v) => {
			const x1 = xOf.get(v.version) ?? plotX0;
			const x2 = v.untilRound === null ? Math.max(end, x1) : x(v.untilRound);
			return { key: `${lane.id}-v${v.version}`, x1, x2, inForce: v.untilRound === null };
		});
		const arcs = lane.amendments.map((a): ArcModel => {
			const x1 = xOf.get(a.from) ?? plotX0;
			const x2 = xOf.get(a.to) ?? x1;
			// Leave the nodes' rims; an amendment in the same round still gets a visible loop.
			const span = Math.max(x2 - x1, 2 * NODE_R + 24);
			const sx = x1 + NODE_R * 0.7;
			const ex = x1 + span - NODE_R * 0.7;
			const top = LANE_Y - NODE_R - ARC_RISE;
			const who = `${a.proposer} → ${a.approver}`;
			return {
				key: `${a.from}-${a.to}`,
				rule: lane.id,
				from: a.from,
				to: a.to,
				d: `M${sx},${LANE_Y - NODE_R * 0.7}C${sx},${top} ${ex},${top} ${ex},${LANE_Y - NODE_R * 0.7}`,
				labelX: (x1 + x1 + span) / 2,
				who,
				evidence: a.evidence,
				tip: t.amendment(a, lane.id)
			};
		});
		const proposals = lane.proposals.map((p): ProposalNode => {
			const baseX = xOf.get(p.base) ?? plotX0;
			return {
				key: p.id,
				rule: lane.id,
				id: p.id,
				state: p.state,
				// A proposal made in the round of its base version still stands clear of the node.
				x: Math.max(x(p.round), baseX + 2 * NODE_R + 8),
				baseX,
				label: `${p.id} ${t.state(p.state)}`,
				tip: t.proposal(p, lane.id)
			};
		});
		return {
			key: lane.id,
			y: AXIS_H + i * LANE_H,
			id: lane.id,
			title: lane.title,
			spans,
			versions: nodes,
			arcs,
			proposals
		};
	});

	// Labels on arcs are cut to the room between this arc's middle and its neighbours'.
	for (const lane of lanes) {
		const mids = lane.arcs.map((a) => a.labelX).sort((a, b) => a - b);
		for (const arc of lane.arcs) {
			const i = mids.indexOf(arc.labelX);
			const left = i > 0 ? arc.labelX - (mids[i - 1] ?? 0) : Infinity;
			const right = i < mids.length - 1 ? (mids[i + 1] ?? 0) - arc.labelX : Infinity;
			const room = Math.min(
				left,
				right,
				2 * Math.min(arc.labelX - MARGIN - LABEL_W, width - MARGIN - arc.labelX)
			);
			const max = Math.max(60, Math.min(room - 12, 420));
			arc.who = fit(arc.who, max, FONT_LABEL);
			arc.evidence = fit(arc.evidence, max, FONT_LABEL);
		}
	}

	return {
		width,
		height: AXIS_H + Math.max(1, lanes.length) * LANE_H + MARGIN,
		plotX0,
		plotX1,
		ticks: roundTicks(rounds, (plotX1 - plotX0) / rounds, TICK_GAP, 0).map((round) => ({
			round,
			x: x(round)
		})),
		nowX,
		lanes
	};
}

type Sel<E extends Element, D> = Selection<E, D, Element | null, unknown>;

export function createRuleLineage(el: HTMLElement, options: RuleLineageOptions = {}): Chart<LineageData> {
	const svg = appendChartSvg(el, { testid: 'rule-lineage', className: 'rule-lineage', role: 'group' });
	// Back to front: lane backgrounds, the round grid and the "now" line, then the lanes themselves.
	const [backgrounds, axis, now, lanesLayer] = layers(svg, ['lane-bgs', 'axis', 'now-layer', 'lanes']);
	const labels = options.labels ?? ENGLISH_LINEAGE_LABELS;

	/**
	 * A lane's versions, amendments or proposals, one keyed group each: it says what it stands for
	 * (`data-*`, and its name for screen readers: `label`, or its tip), shows its tip on hover, and is a
	 * button when the page listens for a choice (`pick` says what was chosen).
	 */
	function laneItems<T extends { key: string; tip: string }>(
		layer: Sel<SVGGElement, LaneModel>,
		className: string,
		items: (lane: LaneModel) => T[],
		children: readonly string[],
		item: {
			attrs: (d: T) => Record<string, string | number>;
			label?: (d: T) => string;
			/** The language of the tips when it is not the page's (a rule's text is in the run's). */
			tipLang?: string | null;
			at?: (d: T) => string;
			pick: (d: T) => LineageSelection;
		}
	): Sel<SVGGElement, T> {
		const groups = keyedGroups(layer, className, items, children)
			.each(dataAttrs(item.attrs))
			.attr('aria-label', item.label ?? ((d) => d.tip));
		if (item.at) groups.attr('transform', item.at);
		const onSelect = options.onSelect;
		if (onSelect) clickable(groups, (d) => onSelect(item.pick(d)));
		tooltip(groups, (d) => d.tip, { first: true, lang: item.tipLang });
		return groups;
	}

	/** The run's language, which the rules are written in (`data.lang`). */
	let rulesLang: string | null = null;

	function render(data: LineageData, width: number): void {
		rulesLang = data.lang ?? null;
		const m = layout(data, width, labels);
		const versions = data.lanes.reduce((n, l) => n + l.versions.length, 0);
		svg
			.attr('viewBox', `0 0 ${m.width} ${m.height}`)
			.attr('aria-label', labels.summary(data.lanes.length, versions, versions - data.lanes.length));

		axisTitle(axis, { x: MARGIN, y: AXIS_H / 2 }, labels.round);
		keyedGroups(axis, 'tick', m.ticks, ['line', 'text'], (d) => d.round)
			.attr('transform', (d) => `translate(${d.x},0)`)
			.call((g) =>
				g
					.select('line')
					.attr('y1', AXIS_H - 6)
					.attr('y2', m.height - MARGIN)
					.attr('stroke', LINE)
					.attr('stroke-width', 1)
					.attr('stroke-dasharray', '2 6')
			)
			.call((g) =>
				styleText(g.select('text'), {
					y: AXIS_H / 2,
					middle: true,
					anchor: 'middle',
					size: FONT_AXIS,
					fill: MUTED,
					text: (d) => d.round
				})
			);

		keyedElements(now, 'line.now', m.nowX === null ? [] : [m.nowX])
			.attr('x1', (d) => d)
			.attr('x2', (d) => d)
			.attr('y1', AXIS_H - 8)
			.attr('y2', m.height - MARGIN)
			.attr('stroke', NOW)
			.attr('stroke-width', 2.5);

		const lanes = keyedGroups(lanesLayer, 'lane', m.lanes, [
			'text.rule-id',
			'text.rule-title',
			'line.lane-line',
			'g.spans',
			'g.stubs',
			'g.arcs',
			'g.proposals',
			'g.versions'
		])
			.each(dataAttrs((d) => ({ rule: d.id })))
			.attr('transform', (d) => `translate(0,${d.y})`);

		keyedElements(backgrounds, 'rect.lane-bg', m.lanes)
			.attr('x', MARGIN / 2)
			.attr('y', (d) => d.y + 4)
			.attr('width', m.width - MARGIN)
			.attr('height', LANE_H - 8)
			.attr('rx', 8)
			.attr('fill', (_d, i) => (i % 2 ? PANEL_BG : '#faf8f3'));
		styleText(lanes.select('text.rule-id'), {
			x: MARGIN,
			y: LANE_Y - 12,
			middle: true,
			size: FONT_RULE,
			weight: 800,
			fill: INK,
			text: (d) => d.id
		});
		styleText(lanes.select('text.rule-title'), {
			x: MARGIN,
			y: LANE_Y + 12,
			middle: true,
			size: FONT_TITLE,
			fill: MUTED,
			text: (d) => fit(d.title, LABEL_W - 12, FONT_TITLE)
		}).attr('lang', data.lang ?? null);
		lanes
			.select('line.lane-line')
			.attr('x1', m.plotX0)
			.attr('x2', m.plotX1)
			.attr('y1', LANE_Y)
			.attr('y2', LANE_Y)
			.attr('stroke', LINE)
			.attr('stroke-width', 2);

		drawSpans(lanes.select<SVGGElement>('g.spans'));
		drawArcs(lanes.select<SVGGElement>('g.arcs'));
		drawProposals(lanes.select<SVGGElement>('g.stubs'), lanes.select<SVGGElement>('g.proposals'));
		drawVersions(lanes.select<SVGGElement>('g.versions'));
	}

	function drawSpans(layer: Sel<SVGGElement, LaneModel>): void {
		// Each version's time in force, as a thick bar along the lane: the current one in the accent.
		keyedElements(layer, 'line.span', (d) => d.spans)
			.attr('x1', (d) => d.x1)
			.attr('x2', (d) => d.x2)
			.attr('y1', LANE_Y)
			.attr('y2', LANE_Y)
			.attr('stroke', (d) => (d.inForce ? IN_FORCE : '#9aa3b5'))
			.attr('stroke-width', 6)
			.attr('stroke-linecap', 'round');
	}

	function drawVersions(layer: Sel<SVGGElement, LaneModel>): void {
		const nodes = laneItems(layer, 'rule-version', (d) => d.versions, ['circle', 'text'], {
			attrs: (d) => ({ rule: d.rule, version: d.version, 'in-force': String(d.inForce) }),
			label: (d) => labels.version(d.rule, d.version, d.inForce),
			tipLang: rulesLang,
			at: (d) => `translate(${d.x},${LANE_Y})`,
			pick: (d) => ({ kind: 'version', rule: d.rule, version: d.version })
		});
		nodes
			.select('circle')
			.attr('r', NODE_R)
			.attr('fill', (d) => (d.inForce ? IN_FORCE : SUPERSEDED))
			.attr('stroke', (d) => (d.inForce ? IN_FORCE : '#5b6478'))
			.attr('stroke-width', 2.5);
		styleText(nodes.select('text'), {
			middle: true,
			anchor: 'middle',
			size: FONT_NODE,
			weight: 800,
			fill: (d) => (d.inForce ? '#ffffff' : INK),
			text: (d) => `v${d.version}`
		});
	}

	function drawArcs(layer: Sel<SVGGElement, LaneModel>): void {
		const arcs = laneItems(layer, 'amendment', (d) => d.arcs, ['path', 'text.who', 'text.evidence'], {
			attrs: (d) => ({ rule: d.rule, from: d.from, to: d.to }),
			pick: (d) => ({ kind: 'version', rule: d.rule, version: d.to })
		});
		strokePath(arcs.select('path'), { d: (d) => d.d, stroke: AMENDMENT, width: 3.5, cap: 'round' });
		styleText(arcs.select('text.who'), {
			x: (d) => d.labelX,
			y: LANE_Y - NODE_R - ARC_RISE - 12,
			anchor: 'middle',
			size: FONT_LABEL,
			weight: 700,
			fill: AMENDMENT,
			text: (d) => d.who
		});
		styleText(arcs.select('text.evidence'), {
			x: (d) => d.labelX,
			y: LANE_Y + NODE_R + 22,
			anchor: 'middle',
			size: FONT_LABEL,
			fill: MUTED,
			text: (d) => d.evidence
		});
	}

	function drawProposals(stubs: Sel<SVGGElement, LaneModel>, layer: Sel<SVGGElement, LaneModel>): void {
		// The stub runs from the version a proposal contested to where it stopped.
		strokePath(
			keyedElements(stubs, 'path.stub', (d) => d.proposals),
			{
				d: (d) => {
					const sx = d.baseX + NODE_R * 0.7;
					const sy = LANE_Y + NODE_R * 0.7;
					const ey = LANE_Y + NODE_R + 10;
					return `M${sx},${sy}C${sx},${ey + 10} ${d.x - 20},${ey} ${d.x - 12},${ey}`;
				},
				stroke: (d) => (d.state === 'blocked' ? BLOCKED : MUTED),
				width: 2.5,
				dash: '6 5'
			}
		);

		const nodes = laneItems(layer, 'proposal', (d) => d.proposals, ['rect', 'text.mark', 'text.label'], {
			attrs: (d) => ({ rule: d.rule, proposal: d.id, state: d.state }),
			at: (d) => `translate(${d.x},${LANE_Y + NODE_R + 10})`,
			pick: (d) => ({ kind: 'proposal', rule: d.rule, proposal: d.id })
		}).attr('class', (d) => `proposal ${d.state}`);
		nodes
			.select('rect')
			.attr('x', -12)
			.attr('y', -12)
			.attr('width', 24)
			.attr('height', 24)
			.attr('rx', 4)
			.attr('fill', PANEL_BG)
			.attr('stroke', (d) => (d.state === 'blocked' ? BLOCKED : MUTED))
			.attr('stroke-width', 2.5)
			.attr('stroke-dasharray', '4 3');
		const ink = (d: ProposalNode) => (d.state === 'blocked' ? BLOCKED : MUTED);
		styleText(nodes.select('text.mark'), {
			middle: true,
			anchor: 'middle',
			size: FONT_NODE,
			weight: 800,
			fill: ink,
			text: (d) => (d.state === 'blocked' ? '✕' : '…')
		});
		styleText(nodes.select('text.label'), {
			x: 18,
			middle: true,
			size: FONT_LABEL,
			weight: 700,
			fill: ink,
			text: (d) => d.label
		});
	}

	// Re-lay out when the container's width changes, so text stays at its drawn size.
	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}
