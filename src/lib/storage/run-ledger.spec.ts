import { beforeEach, describe, expect, it } from 'vitest';
import { forgetRuns, goneRuns, LEDGER_KEY, noteRun, readLedger, wasSaved } from './run-ledger';

class MemoryStorage {
	#m = new Map<string, string>();
	getItem(k: string) {
		return this.#m.get(k) ?? null;
	}
	setItem(k: string, v: string) {
		this.#m.set(k, v);
	}
	removeItem(k: string) {
		this.#m.delete(k);
	}
}

describe('the run ledger', () => {
	beforeEach(() => {
		(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
	});

	it('names the runs that storage lost, and forgets them on request', () => {
		noteRun({ id: 'a', scenario: 'undercover', seed: 1, createdAt: 2 });
		noteRun({ id: 'b', scenario: 'governance', seed: 2, createdAt: 1 });
		noteRun({ id: 'c', scenario: 'undercover', seed: 3, createdAt: 3 });
		expect(goneRuns([{ id: 'c' }]).map((e) => e.id)).toEqual(['b', 'a']);
		expect(wasSaved('a')).toBe(true);
		forgetRuns(['a', 'b']);
		expect(goneRuns([{ id: 'c' }])).toEqual([]);
		expect(wasSaved('a')).toBe(false);
	});

	it('reads a damaged or foreign ledger as empty, and works without localStorage', () => {
		localStorage.setItem(LEDGER_KEY, '{not json');
		expect(readLedger()).toEqual([]);
		localStorage.setItem(
			LEDGER_KEY,
			JSON.stringify([{ id: 1 }, { id: 'x', scenario: 's', seed: 1, createdAt: 1 }])
		);
		expect(readLedger().map((e) => e.id)).toEqual(['x']);
		delete (globalThis as { localStorage?: unknown }).localStorage;
		expect(() => noteRun({ id: 'z', scenario: 's', seed: 1, createdAt: 1 })).not.toThrow();
		expect(readLedger()).toEqual([]);
	});
});
