/**
 * Will the models chosen for a run fit on this GPU together?
 *
 * Seats that use the same model share one engine (one engine worker per distinct model, see
 * `state/agent-pool.svelte.ts`), so a model's weights and KV cache count once however many seats use it.
 * WebGPU does not tell a page how much memory the GPU has, so the budget is a guess the user can
 * change; the plan says so in numbers rather than pretending to know.
 */
import { getCatalogEntry, pickBuild, type CatalogEntry, type Quant } from './catalog';
import type { GpuCaps } from './gpu';

export interface PlannedModel {
	modelId: string;
	label: string;
	quant: Quant;
	webllmId: string;
	vramMB: number;
	seats: number[];
}

export interface UnavailableModel {
	modelId: string;
	seats: number[];
	reason: string;
}

export interface MemoryPlan {
	/** Distinct runnable models, in order of first seat. */
	models: PlannedModel[];
	/** Models that cannot run here at all (unknown id, no WebGPU, a q4f16-only model without shader-f16). */
	unavailable: UnavailableModel[];
	/** Sum of `vramMB` over `models`, each counted once. */
	totalVramMB: number;
	budgetMB: number;
	/** Every model is available and together they fit within the budget. */
	fits: boolean;
	/** What does not fit or cannot run, with names and numbers; absent when `fits`. */
	warning?: string;
}

/** Used when the adapter gives no hint: a common amount for an integrated GPU or a modest discrete one. */
export const DEFAULT_BUDGET_MB = 4096;

/**
 * A guess at usable GPU memory, from the adapter's own limits. `maxBufferSize` is the largest single
 * allocation, not total memory, but it is the one figure WebGPU gives, and browsers derive it from the
 * GPU: 2-4 GiB on discrete cards, less on integrated GPUs and phones, about 1 GiB on software adapters.
 * So the budget is that figure, on every adapter, and the page lets a person raise it. No floor: a
 * 4,096 MB floor promised a phone with a 256 MB largest buffer room for a 2 GB model. Only an adapter
 * that reports no limit at all gets `DEFAULT_BUDGET_MB`.
 */
export function defaultBudgetMB(caps: GpuCaps): number {
	if (!caps.webgpu || !caps.adapter) return 0;
	if (caps.maxBufferBytes === null) return caps.isFallbackAdapter ? 1024 : DEFAULT_BUDGET_MB;
	return Math.floor(caps.maxBufferBytes / 2 ** 20);
}

const mb = (n: number): string => `${Math.round(n).toLocaleString('en-US')} MB`;

function seatList(seats: number[]): string {
	return `${seats.length === 1 ? 'seat' : 'seats'} ${seats.join(', ')}`;
}

export function planMemory(input: {
	seats: Array<{ seat: number; modelId: string }>;
	caps: GpuCaps;
	budgetMB?: number;
	/** Where model ids are looked up; the catalog unless a test brings its own entries. */
	lookup?: (modelId: string) => CatalogEntry | undefined;
}): MemoryPlan {
	const { caps } = input;
	const lookup = input.lookup ?? getCatalogEntry;
	const budgetMB = input.budgetMB ?? defaultBudgetMB(caps);
	const models = new Map<string, PlannedModel>();
	const unavailable = new Map<string, UnavailableModel>();

	for (const { seat, modelId } of input.seats) {
		const known = models.get(modelId) ?? unavailable.get(modelId);
		if (known) {
			known.seats.push(seat);
			continue;
		}
		const entry = lookup(modelId);
		if (!entry) {
			unavailable.set(modelId, {
				modelId,
				seats: [seat],
				reason: `"${modelId}" is not in the WebLLM model catalog.`
			});
			continue;
		}
		const pick = pickBuild(entry, caps);
		if (pick.quant === null) {
			unavailable.set(modelId, { modelId, seats: [seat], reason: pick.reason });
			continue;
		}
		models.set(modelId, {
			modelId,
			label: entry.label,
			quant: pick.quant,
			webllmId: pick.build.webllmId,
			vramMB: pick.build.vramMB,
			seats: [seat]
		});
	}

	const planned = [...models.values()];
	const totalVramMB = planned.reduce((sum, m) => sum + m.vramMB, 0);
	const blocked = [...unavailable.values()];
	const overBudget = totalVramMB > budgetMB;
	const fits = blocked.length === 0 && !overBudget;

	const problems: string[] = [];
	for (const u of blocked) problems.push(`${u.modelId} (${seatList(u.seats)}) cannot run here: ${u.reason}`);
	if (overBudget) {
		const parts = planned.map((m) => `${m.label} ${m.quant}: ${mb(m.vramMB)} for ${seatList(m.seats)}`);
		problems.push(
			`The models need about ${mb(totalVramMB)} of GPU memory together (${parts.join('; ')}), ` +
				`more than the ${mb(budgetMB)} budget. Let seats share fewer or smaller models, ` +
				'or raise the budget if this GPU has more memory.'
		);
	}

	const plan: MemoryPlan = { models: planned, unavailable: blocked, totalVramMB, budgetMB, fits };
	if (problems.length > 0) plan.warning = problems.join(' ');
	return plan;
}
