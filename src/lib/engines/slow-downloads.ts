/**
 * The WebLLM downloads a link's seats would start on a software WebGPU adapter (SwiftShader and the
 * like: no real GPU). Such an adapter runs WebLLM's q4f32 builds at 17-40 s a token (measured), so a
 * link naming WebLLM models must ask before it downloads hundreds of megabytes for a game that would
 * take hours; the play page says so and offers the engines this device can run.
 */
import { getCatalogEntry, pickBuild } from './catalog';
import type { GpuCaps } from './gpu';
import type { ModelChoice } from './types';

export interface SlowDownload {
	/** The catalog id (`webllm` engine). */
	model: string;
	/** Its display name (a product name). */
	label: string;
	/** The build this adapter would download, in MB. */
	downloadMB: number;
	/** The seats that play it, ascending. */
	seats: number[];
}

/**
 * One entry per WebLLM model the seats name that this adapter would download and run, in the order of
 * their first seat; empty on a real GPU or without one (there a WebLLM seat either runs well or fails
 * to load at once, with the fallback offer).
 */
export function slowDownloads(choices: Readonly<Record<number, ModelChoice>>, caps: GpuCaps): SlowDownload[] {
	if (!caps.webgpu || !caps.adapter || !caps.isFallbackAdapter) return [];
	const out = new Map<string, SlowDownload>();
	const seats = Object.keys(choices)
		.map(Number)
		.sort((a, b) => a - b);
	for (const seat of seats) {
		const c = choices[seat]!;
		if (c.engine !== 'webllm' || !c.model) continue;
		const entry = getCatalogEntry(c.model);
		const build = entry ? pickBuild(entry, caps).build : null;
		if (!entry || !build) continue;
		const known = out.get(entry.id);
		if (known) known.seats.push(seat);
		else
			out.set(entry.id, { model: entry.id, label: entry.label, downloadMB: build.downloadMB, seats: [seat] });
	}
	return [...out.values()];
}

/** The seats of these downloads, ascending: the ones a fallback gives another engine. */
export const slowSeats = (downloads: readonly SlowDownload[]): number[] =>
	downloads.flatMap((d) => d.seats).sort((a, b) => a - b);
