/**
 * What `sim` prints: a run's summary (one JSON line, or the text its scenario's descriptor gives) and
 * the class's predictions. The analyser's text is its scenario's; the T155 table is `gov-eval.ts`'s.
 */
import { sharePath } from '../src/lib/share/link';
import { headlessOf, type classPredictions, type SimResult } from './sim';
import type { SimArgs } from './sim-args';

/** A run's summary: one JSON line with --json, else a few lines of text in the scenario's terms. */
export function printRun(args: SimArgs, { runner, summary }: SimResult) {
	if (args.json) {
		console.log(JSON.stringify(summary));
	} else {
		const ctx = {
			run: args.run,
			link: sharePath('', args.run),
			events: runner.log.length,
			outcome: runner.outcome()
		};
		for (const line of headlessOf(args.run.scenario).print(summary, ctx)) console.log(line);
	}
	if (!args.json && 'predictions' in summary && summary.predictions)
		printPredictions(summary.predictions as ReturnType<typeof classPredictions>);
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
