/**
 * What `sim` prints: a run's summary (one JSON line, or text per scenario), the class's predictions
 * and the seed's analyser. The T155 table is `gov-eval.ts`'s.
 */
import { sharePath } from '../src/lib/share/link';
import {
	phaseOf,
	type Analysis,
	type GovernanceOutcome,
	type Message
} from '../src/lib/scenarios/governance';
import type { UndercoverOutcome } from '../src/lib/scenarios/undercover';
import type { classPredictions, SimResult } from './sim';
import { AUTONOMY_SWITCHES, type SimArgs } from './sim-args';

/** A run's summary: one JSON line with --json, else a few lines of text in the scenario's terms. */
export function printRun(args: SimArgs, { runner, summary }: SimResult) {
	if (args.json) {
		console.log(JSON.stringify(summary));
	} else if ('spendsWithoutTrigger' in summary) {
		const c = args.run.config;
		const on = Object.entries(AUTONOMY_SWITCHES)
			.filter(([, key]) => c[key])
			.map(([flag]) => flag);
		console.log(
			`${summary.scenario} seed ${summary.seed}, ${summary.days} days (legacy: ${on.join(', ') || 'none'})`
		);
		console.log(
			`  ${summary.spends} spends: ${summary.spendsWithoutTrigger} without trigger, ${summary.repeatedFingerprints} repeated fingerprints, ${summary.transportFailures} transport failures (${summary.transportFailuresCharged} charged)`
		);
		console.log(`  ${summary.tokensUsed} tokens, $${summary.cost.toFixed(2)}; log hash ${summary.logHash}`);
		console.log(`  share: ${sharePath('', args.run)}`);
	} else if (!('winner' in summary)) {
		const out = runner.outcome() as GovernanceOutcome | null;
		const rate = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
		console.log(
			`${summary.scenario} seed ${summary.seed} (${args.run.config.policy}): ${out?.reason ?? 'unfinished'}`
		);
		console.log(
			`  ${summary.tasks} tasks, ${summary.vetoes} vetoes, ${summary.appeals} appeals, ${summary.amendments} amendment(s)`
		);
		console.log(
			`  drift (${summary.driftMeasure}) ${rate(summary.metrics.drift)}, penetration ${rate(summary.metrics.penetration)}, conversion ${rate(summary.metrics.conversion)}; fuse: ${summary.fuse ? `${summary.fuse.mode} in round ${summary.fuse.round}` : 'no'}`
		);
		console.log(`  ${runner.log.length} events, log hash ${summary.logHash}`);
		console.log(`  share: ${sharePath('', args.run)}`);
	} else {
		const out = runner.outcome() as UndercoverOutcome | null;
		console.log(
			`${summary.scenario} seed ${summary.seed}: ${summary.winner} after ${summary.rounds} round(s)`
		);
		if (out) console.log(`  ${out.reason}; eliminated: ${summary.eliminated.join(', ') || 'nobody'}`);
		console.log(`  ${summary.events} events, log hash ${summary.logHash}`);
		console.log(`  share: ${summary.link}`);
	}
	if (!args.json && 'predictions' in summary && summary.predictions) printPredictions(summary.predictions);
}

/** The seed's analyser, as text: each view under its heading. */
export function printAnalysis(a: Analysis, trace: Message[] | null, task?: string) {
	console.log(
		`hours ${a.range.from}-${a.range.to} (${a.heatmap.hours
			.map(phaseOf)
			.filter((p, i, xs) => xs.indexOf(p) === i)
			.join(', ')})`
	);
	console.log('messages by role and hour:');
	console.log(`  ${'hour'.padEnd(9)}${a.heatmap.hours.map((h) => String(h).padStart(4)).join('')}`);
	a.heatmap.agents.forEach((agent, i) =>
		console.log(
			`  ${agent.padEnd(9)}${(a.heatmap.counts[i] ?? []).map((n) => String(n).padStart(4)).join('')}`
		)
	);
	console.log('top drift spikes:');
	for (const d of a.drift)
		console.log(
			`  ${d.task_id}#${d.n} round ${d.round}: similarity ${d.similarity.toFixed(2)} (${d.method}); asked ${d.asked.slice(0, 80)}; did ${d.did.slice(0, 80)}`
		);
	if (!a.drift.length) console.log('  none scored in this range');
	console.log('veto reasons:');
	for (const v of a.vetoes)
		console.log(`  ${v.rule}: ${v.count} (${v.tasks.slice(0, 8).join(', ')}): ${v.reasons[0] ?? ''}`);
	if (!a.vetoes.length) console.log('  no vetoes in this range');
	console.log(`tasks: ${a.tasks.map((t) => `${t.id} ${t.status} (${t.messages})`).join(', ') || 'none'}`);
	if (trace) {
		console.log(`trace of ${task}:`);
		for (const m of trace) console.log(`  #${m.seq} round ${m.round} ${m.from} -> ${m.to}: ${m.text}`);
		if (!trace.length) console.log('  no such task in this run');
	}
	console.log('warning signals:');
	for (const s of a.signals) console.log(`  ${s.id}: ${s.evidence}\n    fix: ${s.fix}`);
	if (!a.signals.length) console.log('  none detected');
}

/** The class's predictions, one line each, then the hit rate the page's summary shows. */
function printPredictions(p: ReturnType<typeof classPredictions>) {
	console.log(`  class predictions: ${p.predicted} recorded, ${p.revealed} revealed`);
	for (const s of p.points) {
		const hands = Object.values(s.tally).reduce((a, b) => a + b, 0);
		const verdict = s.hit === null ? 'not revealed' : s.hit ? 'right' : 'missed';
		console.log(
			`    ${s.point}: ${s.question} class: ${s.classPick} (${hands} hands); agents: ${s.agents ?? '–'}; ${verdict}`
		);
	}
	console.log(
		`  class hit rate: ${p.hits} of ${p.revealed} predictions right (${p.hitRate}); ${p.handsRight} of ${p.hands} hands were for what the agents did (${p.handsRate})`
	);
}
