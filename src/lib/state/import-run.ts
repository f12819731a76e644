/**
 * Importing a run file on the Runs page: bounded before it is read, its fields and chain checked
 * (run/run-file.ts), then re-executed from its header with its recorded replies until it reaches
 * the recorded final hash (run/verify.ts), and only then stored whole in one transaction. A file that
 * fails any check stores nothing and leaves every saved run as it was.
 */
import { readRunFile, sizeRefusal, snippet } from '$lib/run/run-file';
import { verifyRun } from '$lib/run/verify';
import { replayInputOf } from '$lib/run/replay';
import { problemOf, type Problem } from '$lib/problem';
import type { RunRecord, RunStore } from '$lib/storage/runs';
import { checkClassLog, splitClassLines } from '$lib/classroom/predictions';

export type ImportResult =
	| { ok: true; id: string; events: number; already: boolean }
	/** `error`: the English sentence; `problem`: the same as data, said in the page's language (i18n/errors). */
	| { ok: false; error: string; problem: Problem };

const refused = (error: string, problem: Problem): ImportResult => ({
	ok: false,
	error: `${error} Nothing was imported.`,
	problem
});

export async function importRunFile(file: Blob, store: RunStore): Promise<ImportResult> {
	const size = sizeRefusal(file.size);
	if (size) return refused(size.error, size.problem);
	let text: string;
	try {
		text = await file.text();
	} catch {
		return refused('This file could not be read.', { code: 'file-unreadable' });
	}
	// A class's predictions (predict mode) follow the agents' events: checked against them, kept with the run.
	const split = splitClassLines(text);
	if (split.error)
		return refused(`This file's ${split.error}.`, {
			code: 'file-class-log',
			values: { detail: split.error }
		});
	const run = readRunFile(split.agents);
	if (!run.ok) return refused(run.error, run.problem);
	const classProblem = split.classLog ? checkClassLog(split.classLog, run) : null;
	if (classProblem)
		return refused(`In this file, ${classProblem}.`, {
			code: 'file-class-log',
			values: { detail: classProblem }
		});
	const verified = await verifyRun(replayInputOf(run.header, run.events));
	if (!verified.ok) return refused(verified.error, verified.problem);
	const logHash = run.events.at(-1)?.hash ?? '';
	const existing = (await store.listRuns()).find(
		(r) => r.logHash === logHash && r.events === run.events.length && r.scenario === run.header.scenario
	);
	if (existing) {
		// The same run saved without the class's predictions (say, played here without predict mode): keep them.
		if (split.classLog && !existing.predictions)
			await store.update(existing.id, { predictions: split.classLog });
		// Imported by an older version, unverified: now that it re-executed, it may count.
		if (existing.imported && !existing.origin)
			await store.update(existing.id, {
				origin: { file: fileName(file), importedAt: Date.now(), method: verified.method }
			});
		return { ok: true, id: existing.id, events: existing.events, already: true };
	}
	const now = Date.now();
	const o = verified.outcome as { winner?: string; reason?: string } | null;
	const record: RunRecord = {
		id: crypto.randomUUID().replace(/-/g, '').slice(0, 16),
		scenario: run.header.scenario,
		seed: run.header.seed,
		header: run.header,
		status: verified.finished ? 'finished' : 'paused',
		createdAt: now,
		updatedAt: now,
		events: run.events.length,
		logHash,
		imported: true,
		origin: { file: fileName(file), importedAt: now, method: verified.method },
		...(split.classLog ? { predictions: split.classLog } : {}),
		...(o?.winner ? { summary: `${o.winner}: ${o.reason ?? ''}` } : o?.reason ? { summary: o.reason } : {})
	};
	try {
		await store.importRun(record, run.events);
	} catch (err) {
		const known = problemOf(err);
		if (known) return refused((err as Error).message, known);
		const detail = err instanceof Error ? err.message : String(err);
		return refused(`Saving the run failed (${detail}).`, { code: 'file-store-failed', values: { detail } });
	}
	return { ok: true, id: record.id, events: record.events, already: false };
}

/** The name a file was picked under (a Blob has none), kept short and printable for the pages. */
function fileName(file: Blob): string {
	return typeof File !== 'undefined' && file instanceof File && file.name ? snippet(file.name, 120) : '';
}
