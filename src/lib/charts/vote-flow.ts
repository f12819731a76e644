/**
 * Vote flow: one panel per round stage (vote, revote), each a bipartite drawing of who voted for whom.
 * Voters sit on the left, the seats they voted for on the right, one curved link per cast vote.
 *
 * Made for a classroom projector: every text is 14px or larger at 1:1, colours are dark on white, and
 * the grid uses as many columns as fit the container at full size, so the viewBox is never shrunk to
 * squeeze panels in. The chart is redrawn after every vote, so everything is joined by stable keys
 * and a redraw with more (or fewer) rounds moves nothing that did not change.
 */
import { linkHorizontal, type Selection } from 'd3';
import { appendChartSvg, type Chart, chartLifecycle } from './frame';
import { dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';
import { columnsThatFit, gridCell, gridHeight, panelBackground, type PanelGrid } from './panels';
import { emptyNote, styleText } from './text';
import { AMBER, DANGER, fit, INK, MUTED, PANEL_BG } from './style';

export interface VoteFlowSeat {
	id: number;
	name: string;
	alive: boolean;
}
export interface VoteFlowStage {
	stage: 'vote' | 'revote';
	votes: { voter: number; target: number | null }[];
	tied: number[];
}
export interface VoteFlowRound {
	round: number;
	stages: VoteFlowStage[];
	eliminated: number | null;
}
export interface VoteFlowData {
	seats: VoteFlowSeat[];
	rounds: VoteFlowRound[];
}

export type VoteFlowLang = 'en' | 'zh';

export interface VoteFlowOptions {
	lang?: VoteFlowLang;
}

// Geometry, in viewBox units. At 1:1 these are CSS pixels, so the font sizes are the projected minimum
// whenever the container is at least one panel wide.
const PANEL_W = 460;
const GAP = 24;
const MARGIN = 16;
const TITLE_H = 48;
const ROW_H = 52;
const FOOTER_H = 44;
const VOTER_X = 176;
const TARGET_X = 290;
const VOTER_R = 7;
const TARGET_R = 11;
const ELIMINATED_R = 13;
const LABEL_GAP = 14;
const EDGE = 12;
const DEFAULT_COLUMNS = 2;

const FONT_TITLE = 20;
const FONT_LABEL = 17;
const FONT_NOTE = 15;

// This chart's own colours; the shared palette, and why it is copied from the CSS, is in ./style.
const DANGER_TINT = '#fbe3e1';
// Target colours: Okabe and Ito's palette for colour-blind viewers (its yellow left out: too pale on
// white), then its darkest two again; red is kept for "voted out". Colour is never the only cue: each
// target also has its own line pattern (DASHES), and the links end at the target's labelled row.
const PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#000000', '#6a3d9a'];
/** A link's stroke pattern per target, cycled with the colours so neighbours differ in both. */
const DASHES = [null, '10 5', '2 5', '12 4 2 4'];

interface Strings {
	stage: Record<VoteFlowStage['stage'], string>;
	round(n: number): string;
	seat(id: number): string;
	votes(n: number): string;
	abstained: string;
	tie: string;
	votedOut(seat: string): string;
	tiedSeats(seats: string[]): string;
	empty: string;
	aria(rounds: number): string;
}

const STRINGS: Record<VoteFlowLang, Strings> = {
	en: {
		stage: { vote: 'vote', revote: 'revote' },
		round: (n) => `Round ${n}`,
		seat: (id) => `#${id}`,
		votes: (n) => (n === 1 ? '1 vote' : `${n} votes`),
		abstained: 'abstained',
		tie: 'tie',
		votedOut: (seat) => `Voted out: ${seat}`,
		tiedSeats: (seats) => `Tie: ${seats.join(', ')}`,
		empty: 'No votes yet',
		aria: (n) => `Vote flow, ${n} ${n === 1 ? 'round' : 'rounds'}`
	},
	zh: {
		stage: { vote: '投票', revote: '重投' },
		round: (n) => `第${n}轮`,
		seat: (id) => `${id}号`,
		votes: (n) => `${n}票`,
		abstained: '弃权',
		tie: '平票',
		votedOut: (seat) => `出局：${seat}`,
		tiedSeats: (seats) => `平票：${seats.join('、')}`,
		empty: '尚无投票',
		aria: (n) => `投票流向，共${n}轮`
	}
};

/** A seat's row in a panel's column of voters or of targets. */
interface SeatRow {
	seat: number;
	label: string;
	/** The untruncated label, shown as a tooltip when `label` had to be shortened. */
	full: string;
	y: number;
}

interface VoterRow extends SeatRow {
	abstained: boolean;
}

interface TargetRow extends SeatRow {
	count: number;
	color: string;
	eliminated: boolean;
}

interface LinkModel {
	key: string;
	round: number;
	stage: VoteFlowStage['stage'];
	voter: number;
	target: number;
	color: string;
	/** The target's stroke pattern (null: solid). */
	dash: string | null;
	d: string;
}

interface MarkerModel {
	kind: 'tied' | 'eliminated';
	seat: number;
	y: number;
	/** Footer text of an eliminated marker; the tie label for a tied one. */
	text: string;
}

interface PanelModel {
	key: string;
	round: number;
	stage: VoteFlowStage['stage'];
	title: string;
	x: number;
	y: number;
	voters: VoterRow[];
	targets: TargetRow[];
	links: LinkModel[];
	markers: MarkerModel[];
	/** Plain footer note (a tie); an elimination draws its own footer inside its marker. */
	note: string;
}

interface Model {
	width: number;
	height: number;
	panelHeight: number;
	panels: PanelModel[];
}

const curve = linkHorizontal<[[number, number], [number, number]], [number, number]>()
	.source((d) => d[0])
	.target((d) => d[1]);

function layout(data: VoteFlowData, t: Strings, columns: number): Model {
	const seats = [...data.seats].sort((a, b) => a.id - b.id);
	const names = new Map(seats.map((s) => [s.id, s.name]));
	const colorIndex = new Map(seats.map((s, i) => [s.id, i]));
	const colorOf = (id: number): string => {
		// Seats missing from `seats` still get a stable colour, derived from their number.
		const i = colorIndex.get(id) ?? Math.abs(id);
		return PALETTE[i % PALETTE.length] ?? INK;
	};
	const dashOf = (id: number): string | null => {
		const i = colorIndex.get(id) ?? Math.abs(id);
		return DASHES[i % DASHES.length] ?? null;
	};
	const seatLabel = (id: number): string => {
		const name = names.get(id);
		return name ? `${t.seat(id)} ${name}` : t.seat(id);
	};

	const voterLabelPx = VOTER_X - LABEL_GAP - EDGE;
	const targetLabelPx = PANEL_W - EDGE - (TARGET_X + LABEL_GAP + 2);

	interface Draft extends Omit<PanelModel, 'x' | 'y' | 'voters' | 'targets' | 'links' | 'markers'> {
		voterIds: number[];
		abstainers: Set<number>;
		targetIds: number[];
		counts: Map<number, number>;
		votes: { voter: number; target: number }[];
		tied: number[];
		eliminated: number | null;
	}

	const drafts: Draft[] = [];
	for (const round of data.rounds) {
		const revotes = round.stages.filter((s) => s.stage === 'revote').length;
		let revoteNo = 0;
		round.stages.forEach((stage, si) => {
			const last = si === round.stages.length - 1;
			const voterIds = [...new Set(stage.votes.map((v) => v.voter))].sort((a, b) => a - b);
			const abstainers = new Set(stage.votes.filter((v) => v.target === null).map((v) => v.voter));
			const votes = stage.votes.flatMap((v) =>
				v.target === null ? [] : [{ voter: v.voter, target: v.target }]
			);
			const counts = new Map<number, number>();
			for (const v of votes) counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
			// The elimination is decided by the round's last stage, so its marker belongs there.
			const eliminated = last ? round.eliminated : null;
			// Tied and eliminated seats are always drawn, even with no votes (e.g. a tie at zero).
			const targetIds = [
				...new Set([...counts.keys(), ...stage.tied, ...(eliminated === null ? [] : [eliminated])])
			].sort((a, b) => a - b);
			let stageName = t.stage[stage.stage];
			if (stage.stage === 'revote' && revotes > 1) stageName += ` ${++revoteNo}`;
			drafts.push({
				// Stage index in the key: a round may hold more than one revote.
				key: `${round.round}:${si}`,
				round: round.round,
				stage: stage.stage,
				title: `${t.round(round.round)} · ${stageName}`,
				note:
					stage.tied.length > 0 && eliminated === null
						? fit(t.tiedSeats(stage.tied.map((id) => t.seat(id))), PANEL_W - 2 * EDGE, FONT_LABEL)
						: '',
				voterIds,
				abstainers,
				targetIds,
				counts,
				votes,
				tied: stage.tied,
				eliminated
			});
		});
	}

	// One row count for every panel keeps the grid regular and stops panels jumping as votes arrive.
	const rows = Math.max(1, ...drafts.map((d) => Math.max(d.voterIds.length, d.targetIds.length)));
	const panelHeight = TITLE_H + rows * ROW_H + FOOTER_H;
	const cols = Math.max(1, columns);
	const grid: PanelGrid = { columns: cols, width: PANEL_W, height: panelHeight, gap: GAP, margin: MARGIN };

	/** A seat's row in a column: its label, cut to the column's `labelPx`, at the height `pos` gives it. */
	const seatRow = (seat: number, labelPx: number, pos: Map<number, number>): SeatRow => {
		const full = seatLabel(seat);
		return { seat, full, label: fit(full, labelPx, FONT_LABEL), y: pos.get(seat) ?? 0 };
	};

	const panels = drafts.map((d, i): PanelModel => {
		const rowY = (count: number) => {
			// Centre each column vertically so a short column sits opposite the middle of a long one.
			const offset = TITLE_H + ((rows - count) * ROW_H) / 2;
			return (index: number) => offset + index * ROW_H + ROW_H / 2;
		};
		const voterY = rowY(d.voterIds.length);
		const targetY = rowY(d.targetIds.length);
		const voterPos = new Map(d.voterIds.map((id, k) => [id, voterY(k)]));
		const targetPos = new Map(d.targetIds.map((id, k) => [id, targetY(k)]));

		const voters = d.voterIds.map((seat): VoterRow => ({
			...seatRow(seat, voterLabelPx, voterPos),
			abstained: d.abstainers.has(seat)
		}));
		const targets = d.targetIds.map((seat): TargetRow => ({
			...seatRow(seat, targetLabelPx, targetPos),
			count: d.counts.get(seat) ?? 0,
			color: colorOf(seat),
			eliminated: seat === d.eliminated
		}));
		const seen = new Map<number, number>();
		const links = d.votes.map((v): LinkModel => {
			// A voter normally votes once per stage; numbering repeats keeps keys unique if not.
			const n = seen.get(v.voter) ?? 0;
			seen.set(v.voter, n + 1);
			const y0 = voterPos.get(v.voter) ?? 0;
			const y1 = targetPos.get(v.target) ?? 0;
			return {
				key: n === 0 ? `${v.voter}` : `${v.voter}.${n}`,
				round: d.round,
				stage: d.stage,
				voter: v.voter,
				target: v.target,
				color: colorOf(v.target),
				dash: dashOf(v.target),
				d:
					curve([
						[VOTER_X + VOTER_R, y0],
						[TARGET_X - TARGET_R - 2, y1]
					]) ?? ''
			};
		});
		const markers: MarkerModel[] = [
			...(d.eliminated === null
				? []
				: [
						{
							kind: 'eliminated' as const,
							seat: d.eliminated,
							y: targetPos.get(d.eliminated) ?? 0,
							text: fit(t.votedOut(seatLabel(d.eliminated)), PANEL_W - 2 * EDGE, FONT_LABEL)
						}
					]),
			...[...new Set(d.tied)].map((seat) => ({
				kind: 'tied' as const,
				seat,
				y: targetPos.get(seat) ?? 0,
				text: t.tie
			}))
		];
		return {
			key: d.key,
			round: d.round,
			stage: d.stage,
			title: d.title,
			note: d.note,
			...gridCell(grid, i),
			voters,
			targets,
			links,
			markers
		};
	});

	return {
		// The width never depends on how many panels exist yet, so the scale holds steady during a game.
		width: 2 * MARGIN + cols * PANEL_W + (cols - 1) * GAP,
		height: panels.length === 0 ? 2 * MARGIN + TITLE_H : gridHeight(grid, panels.length),
		panelHeight,
		panels
	};
}

/** As many full-size panels as fit the container; the default where it has no width (yet, or in tests). */
function columnsFor(el: HTMLElement): number {
	const width = el.clientWidth;
	if (!(width > 0)) return DEFAULT_COLUMNS;
	return columnsThatFit(width, PANEL_W, GAP, MARGIN);
}

type Sel<E extends Element, D> = Selection<E, D, Element | null, unknown>;

/** A panel's column of seats (its voters or its targets): a group per seat, keyed by it, at its row. */
function seatRows<R extends SeatRow>(
	layer: Sel<SVGGElement, PanelModel>,
	className: string,
	rows: (panel: PanelModel) => R[],
	children: readonly string[]
) {
	return keyedGroups(layer, className, rows, children, (d) => d.seat)
		.each(dataAttrs((d) => ({ seat: d.seat })))
		.attr('transform', (d) => `translate(0,${d.y})`);
}

export function createVoteFlow(el: HTMLElement, options: VoteFlowOptions = {}): Chart<VoteFlowData> {
	const t = STRINGS[options.lang ?? 'en'];
	const svg = appendChartSvg(el, { testid: 'vote-flow', className: 'vote-flow', role: 'img' });

	function render(data: VoteFlowData, columns: number): void {
		const model = layout(data, t, columns);
		svg.attr('viewBox', `0 0 ${model.width} ${model.height}`).attr('aria-label', t.aria(data.rounds.length));

		emptyNote(svg, model.panels.length === 0 ? t.empty : null, {
			className: 'vote-flow-empty',
			x: MARGIN,
			y: MARGIN + TITLE_H / 2,
			middle: true,
			size: FONT_TITLE
		});

		// Fixed layers, back to front: markers under links, links under the seat nodes.
		const panels = keyedGroups(svg, 'panel', model.panels, [
			'rect.panel-bg',
			'text.panel-title',
			'g.markers',
			'g.links',
			'g.voters',
			'g.targets',
			'text.panel-note'
		])
			.attr('transform', (d) => `translate(${d.x},${d.y})`)
			.each(dataAttrs((d) => ({ round: d.round, stage: d.stage })));

		panelBackground(panels.select('rect.panel-bg'), {
			width: PANEL_W,
			height: model.panelHeight,
			rx: 10,
			strokeWidth: 1.5
		});
		styleText(panels.select('text.panel-title'), {
			x: EDGE + 4,
			y: TITLE_H / 2 + 2,
			middle: true,
			size: FONT_TITLE,
			weight: 700,
			fill: INK,
			text: (d) => d.title
		});
		styleText(panels.select('text.panel-note'), {
			x: EDGE + 4,
			y: model.panelHeight - FOOTER_H / 2,
			middle: true,
			size: FONT_LABEL,
			weight: 700,
			fill: AMBER,
			text: (d) => d.note
		});

		drawMarkers(panels.select<SVGGElement>('g.markers'), model.panelHeight);
		drawLinks(panels.select<SVGGElement>('g.links'));
		drawVoters(panels.select<SVGGElement>('g.voters'));
		drawTargets(panels.select<SVGGElement>('g.targets'));
	}

	function drawMarkers(layer: Sel<SVGGElement, PanelModel>, panelHeight: number): void {
		const markers = keyedGroups(
			layer,
			'marker',
			(d) => d.markers,
			['rect', 'text'],
			(d) => `${d.kind}:${d.seat}`
		)
			.attr('class', (d) => `marker ${d.kind}`)
			.each(dataAttrs((d) => ({ seat: d.seat })));

		const rowX = TARGET_X - TARGET_R - 10;
		markers
			.select('rect')
			.attr('x', rowX)
			.attr('y', (d) => d.y - ROW_H / 2 + 3)
			.attr('width', PANEL_W - EDGE / 2 - rowX)
			.attr('height', ROW_H - 6)
			.attr('rx', 8)
			.attr('fill', (d) => (d.kind === 'eliminated' ? DANGER_TINT : 'none'))
			.attr('stroke', (d) => (d.kind === 'eliminated' ? DANGER : AMBER))
			.attr('stroke-width', (d) => (d.kind === 'eliminated' ? 3 : 2.5))
			.attr('stroke-dasharray', (d) => (d.kind === 'tied' ? '7 5' : null));

		// An elimination is announced in the panel footer; a tie is labelled on the seat's own row.
		styleText(markers.select('text'), {
			x: (d) => (d.kind === 'eliminated' ? EDGE + 4 : PANEL_W - EDGE),
			y: (d) => (d.kind === 'eliminated' ? panelHeight - FOOTER_H / 2 : d.y + 11),
			middle: true,
			anchor: (d) => (d.kind === 'eliminated' ? 'start' : 'end'),
			size: (d) => (d.kind === 'eliminated' ? FONT_LABEL : FONT_NOTE),
			weight: 700,
			fill: (d) => (d.kind === 'eliminated' ? DANGER : AMBER),
			text: (d) => d.text
		});
	}

	function drawLinks(layer: Sel<SVGGElement, PanelModel>): void {
		keyedElements(layer, 'path.vote-link', (d) => d.links)
			.each(dataAttrs((d) => ({ round: d.round, stage: d.stage, voter: d.voter, target: d.target })))
			.attr('d', (d) => d.d)
			.attr('fill', 'none')
			.attr('stroke', (d) => d.color)
			.attr('stroke-dasharray', (d) => d.dash)
			.attr('stroke-width', 3.5)
			.attr('stroke-linecap', 'butt')
			.attr('stroke-opacity', 0.85);
	}

	function drawVoters(layer: Sel<SVGGElement, PanelModel>): void {
		const voters = seatRows(layer, 'voter', (d) => d.voters, ['circle', 'text.seat-label']);

		voters
			.select('circle')
			.attr('cx', VOTER_X)
			.attr('r', VOTER_R)
			// Hollow for an abstention: the voter cast nothing, so no link leaves the node.
			.attr('fill', (d) => (d.abstained ? PANEL_BG : INK))
			.attr('stroke', INK)
			.attr('stroke-width', 2);

		styleText(voters.select('text.seat-label'), {
			x: VOTER_X - LABEL_GAP,
			y: (d) => (d.abstained ? -9 : 0),
			middle: true,
			anchor: 'end',
			size: FONT_LABEL,
			fill: INK,
			text: (d) => d.label
		});
		cutLabelTooltips(voters);

		const abstained = keyedElements(voters, 'text.abstained', (d) => (d.abstained ? [d] : [])).each(
			dataAttrs((d) => ({ seat: d.seat }))
		);
		styleText(abstained, {
			x: VOTER_X - LABEL_GAP,
			y: 11,
			middle: true,
			anchor: 'end',
			size: FONT_NOTE,
			italic: true,
			fill: MUTED,
			text: t.abstained
		});
	}

	function drawTargets(layer: Sel<SVGGElement, PanelModel>): void {
		const targets = seatRows(layer, 'target', (d) => d.targets, [
			'circle',
			'text.seat-label',
			'text.vote-count'
		]);

		targets
			.select('circle')
			.attr('cx', TARGET_X)
			.attr('r', (d) => (d.eliminated ? ELIMINATED_R : TARGET_R))
			.attr('fill', (d) => (d.eliminated ? DANGER : d.color))
			// The seat's own colour as a ring keeps it matched to its links when the fill turns red.
			.attr('stroke', (d) => (d.eliminated ? d.color : PANEL_BG))
			.attr('stroke-width', (d) => (d.eliminated ? 4 : 2));

		const labelX = TARGET_X + LABEL_GAP + 2;
		styleText(targets.select('text.seat-label'), {
			x: labelX,
			y: -9,
			middle: true,
			size: FONT_LABEL,
			weight: 700,
			fill: (d) => (d.eliminated ? DANGER : INK),
			text: (d) => d.label
		});
		cutLabelTooltips(targets);
		styleText(targets.select('text.vote-count'), {
			x: labelX,
			y: 11,
			middle: true,
			size: FONT_NOTE,
			weight: 700,
			fill: (d) => (d.eliminated ? DANGER : MUTED),
			text: (d) => t.votes(d.count)
		});
	}

	/** Full name on hover, only where the label was cut short. */
	function cutLabelTooltips<D extends { label: string; full: string }>(rows: Sel<SVGGElement, D>): void {
		tooltip(rows, (d) => (d.label === d.full ? null : d.full));
	}

	// Re-lay out when the container changes enough to hold a different number of panels per row.
	return chartLifecycle(el, svg, { measure: columnsFor, render });
}
