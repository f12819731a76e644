import { describe, expect, it } from 'vitest';
import { getCatalogEntry, type CatalogEntry } from './catalog';
import type { GpuCaps } from './gpu';
import { DEFAULT_BUDGET_MB, defaultBudgetMB, planMemory } from './memory-planner';

const f16: GpuCaps = {
	webgpu: true,
	adapter: true,
	shaderF16: true,
	isFallbackAdapter: false,
	maxBufferBytes: 4 * 2 ** 30 // a discrete card: budget 4,096 MB
};
const noF16: GpuCaps = { ...f16, shaderF16: false };
const noAdapter: GpuCaps = {
	webgpu: true,
	adapter: false,
	shaderF16: false,
	isFallbackAdapter: false,
	maxBufferBytes: null,
	reason: 'WebGPU is present but no GPU adapter is available.'
};

const vram = (id: string, q: 'q4f16' | 'q4f32') => getCatalogEntry(id)?.builds[q]?.vramMB ?? NaN;

describe('planMemory', () => {
	it('counts a model shared by several seats once', () => {
		const plan = planMemory({
			seats: [
				{ seat: 1, modelId: 'qwen2.5-1.5b' },
				{ seat: 2, modelId: 'qwen2.5-1.5b' },
				{ seat: 3, modelId: 'qwen2.5-0.5b' },
				{ seat: 4, modelId: 'qwen2.5-1.5b' }
			],
			caps: f16
		});
		expect(plan.models.map((m) => [m.modelId, m.seats])).toEqual([
			['qwen2.5-1.5b', [1, 2, 4]],
			['qwen2.5-0.5b', [3]]
		]);
		expect(plan.totalVramMB).toBe(vram('qwen2.5-1.5b', 'q4f16') + vram('qwen2.5-0.5b', 'q4f16'));
		expect(plan.budgetMB).toBe(DEFAULT_BUDGET_MB);
		expect(plan.fits).toBe(true);
		expect(plan.warning).toBeUndefined();
	});

	it('eight seats on one 3B model fit where two different 3-4B models do not', () => {
		const seats = Array.from({ length: 8 }, (_, i) => ({ seat: i + 1, modelId: 'qwen2.5-3b' }));
		expect(planMemory({ seats, caps: f16 }).fits).toBe(true);

		const mixed = planMemory({
			seats: [
				{ seat: 1, modelId: 'qwen3-4b' },
				{ seat: 2, modelId: 'phi-3.5-mini' },
				{ seat: 3, modelId: 'qwen3-4b' }
			],
			caps: f16
		});
		expect(mixed.fits).toBe(false);
		expect(mixed.totalVramMB).toBe(vram('qwen3-4b', 'q4f16') + vram('phi-3.5-mini', 'q4f16'));
		expect(mixed.warning).toContain('Qwen3 4B q4f16: 3,432 MB for seats 1, 3');
		expect(mixed.warning).toContain('Phi-3.5 mini Instruct q4f16: 3,672 MB for seat 2');
		expect(mixed.warning).toContain('about 7,104 MB');
		expect(mixed.warning).toContain('the 4,096 MB budget');
	});

	it('uses the q4f32 figures without shader-f16', () => {
		const plan = planMemory({ seats: [{ seat: 1, modelId: 'qwen3-4b' }], caps: noF16 });
		expect(plan.models[0]).toMatchObject({ quant: 'q4f32', vramMB: vram('qwen3-4b', 'q4f32') });
		expect(plan.fits).toBe(false);
	});

	it('takes an adjusted budget', () => {
		const seats = [
			{ seat: 1, modelId: 'qwen3-4b' },
			{ seat: 2, modelId: 'phi-3.5-mini' }
		];
		expect(planMemory({ seats, caps: f16, budgetMB: 8000 })).toMatchObject({ fits: true, budgetMB: 8000 });
		expect(planMemory({ seats, caps: f16, budgetMB: 3000 }).fits).toBe(false);
	});

	it('lists q4f16-only models as unavailable on an adapter without shader-f16', () => {
		const base = getCatalogEntry('qwen2.5-0.5b') as CatalogEntry;
		const f16Only: CatalogEntry = {
			...base,
			id: 'f16-only',
			label: 'F16 Only',
			builds: { q4f16: base.builds.q4f16 }
		};
		const lookup = (id: string) => (id === 'f16-only' ? f16Only : getCatalogEntry(id));
		const plan = planMemory({
			seats: [
				{ seat: 1, modelId: 'f16-only' },
				{ seat: 2, modelId: 'qwen2.5-0.5b' },
				{ seat: 3, modelId: 'f16-only' }
			],
			caps: noF16,
			lookup
		});
		expect(plan.unavailable).toEqual([
			{ modelId: 'f16-only', seats: [1, 3], reason: expect.stringMatching(/shader-f16/) }
		]);
		expect(plan.models.map((m) => m.modelId)).toEqual(['qwen2.5-0.5b']);
		expect(plan.fits).toBe(false);
		expect(plan.warning).toMatch(/f16-only \(seats 1, 3\) cannot run here/);
		expect(planMemory({ seats: [{ seat: 1, modelId: 'f16-only' }], caps: f16, lookup }).fits).toBe(true);
	});

	it('lists unknown ids and, without an adapter, every model as unavailable', () => {
		const unknown = planMemory({ seats: [{ seat: 2, modelId: 'gpt-7' }], caps: f16 });
		expect(unknown.unavailable[0]).toMatchObject({ modelId: 'gpt-7', seats: [2] });
		expect(unknown.fits).toBe(false);

		const none = planMemory({ seats: [{ seat: 1, modelId: 'qwen2.5-0.5b' }], caps: noAdapter });
		expect(none.models).toEqual([]);
		expect(none.unavailable[0]?.reason).toBe(noAdapter.reason);
		expect(none.budgetMB).toBe(0);
		expect(none.fits).toBe(false);
	});

	it('an empty table fits', () => {
		expect(planMemory({ seats: [], caps: f16 })).toMatchObject({ fits: true, totalVramMB: 0, models: [] });
	});
});

describe('defaultBudgetMB', () => {
	it('is the adapter’s largest buffer, with no 4,096 MB floor (a phone or an integrated GPU gets less)', () => {
		expect(defaultBudgetMB({ ...f16, maxBufferBytes: 256 * 2 ** 20 })).toBe(256);
		expect(defaultBudgetMB({ ...f16, maxBufferBytes: 2 ** 31 })).toBe(2048);
		expect(defaultBudgetMB({ ...f16, maxBufferBytes: 8 * 2 ** 30 })).toBe(8192);
		// An adapter that reports no limit gets the common default.
		expect(defaultBudgetMB({ ...f16, maxBufferBytes: null })).toBe(DEFAULT_BUDGET_MB);
	});

	it('plans a phone-sized adapter honestly: a 2 GB model does not fit a 1 GB largest buffer', () => {
		const phone = { ...f16, maxBufferBytes: 2 ** 30 };
		const plan = planMemory({ seats: [{ seat: 1, modelId: 'phi-4-mini' }], caps: phone });
		expect(plan.budgetMB).toBe(1024);
		expect(plan.fits).toBe(false);
	});

	it('is the largest buffer on a software adapter, and 0 without an adapter', () => {
		expect(defaultBudgetMB({ ...noF16, isFallbackAdapter: true, maxBufferBytes: 2 ** 30 })).toBe(1024);
		expect(defaultBudgetMB(noAdapter)).toBe(0);
	});
});
