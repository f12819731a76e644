import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyStorageKey, forgetApiKey, KEY_PREFIX, loadApiKey, saveApiKey } from './secrets';

/** A Map-backed stand-in for localStorage (Node has none). */
class MemoryStorage {
	readonly items = new Map<string, string>();
	getItem(key: string): string | null {
		return this.items.get(key) ?? null;
	}
	setItem(key: string, value: string): void {
		this.items.set(key, String(value));
	}
	removeItem(key: string): void {
		this.items.delete(key);
	}
}

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('API key storage', () => {
	it('keeps one key per normalised endpoint, under a namespaced name', () => {
		const storage = new MemoryStorage();
		vi.stubGlobal('localStorage', storage);
		expect(apiKeyStorageKey('http://localhost:11434')).toBe(`${KEY_PREFIX}http://localhost:11434/v1`);
		expect(saveApiKey('http://localhost:11434', '  sk-local  ')).toBe(true);
		expect([...storage.items.keys()]).toEqual(['conclave:key:http://localhost:11434/v1']);
		// The same endpoint written differently finds the same key; another endpoint does not.
		expect(loadApiKey('http://localhost:11434/v1/')).toBe('sk-local');
		expect(loadApiKey('http://localhost:1234/v1')).toBeNull();
		expect(saveApiKey('https://api.example/v1', 'sk-remote')).toBe(true);
		expect(loadApiKey('https://api.example/v1')).toBe('sk-remote');
		expect(forgetApiKey('http://localhost:11434/v1')).toBe(true);
		expect(loadApiKey('http://localhost:11434')).toBeNull();
		expect(loadApiKey('https://api.example/v1')).toBe('sk-remote');
		// Saving an empty key forgets it.
		expect(saveApiKey('https://api.example/v1', ' ')).toBe(true);
		expect(loadApiKey('https://api.example/v1')).toBeNull();
	});

	it('refuses URLs the engine would refuse', () => {
		vi.stubGlobal('localStorage', new MemoryStorage());
		expect(apiKeyStorageKey('http://me:pw@localhost:11434')).toBeNull();
		expect(saveApiKey('not a url', 'sk-x')).toBe(false);
		expect(loadApiKey('ftp://host')).toBeNull();
		expect(forgetApiKey('')).toBe(false);
	});

	it('answers null or false, never throws, when storage is missing or refuses', () => {
		// Node has no localStorage at all.
		expect(saveApiKey('http://localhost:11434', 'sk-x')).toBe(false);
		expect(loadApiKey('http://localhost:11434')).toBeNull();
		expect(forgetApiKey('http://localhost:11434')).toBe(false);

		const refusing = {
			getItem: () => {
				throw new DOMException('denied', 'SecurityError');
			},
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			},
			removeItem: () => {
				throw new DOMException('denied', 'SecurityError');
			}
		};
		vi.stubGlobal('localStorage', refusing);
		expect(saveApiKey('http://localhost:11434', 'sk-x')).toBe(false);
		expect(loadApiKey('http://localhost:11434')).toBeNull();
		expect(forgetApiKey('http://localhost:11434')).toBe(false);

		// Where site data is blocked, merely reading window.localStorage throws.
		vi.unstubAllGlobals();
		Object.defineProperty(globalThis, 'localStorage', {
			configurable: true,
			get() {
				throw new DOMException('blocked', 'SecurityError');
			}
		});
		try {
			expect(saveApiKey('http://localhost:11434', 'sk-x')).toBe(false);
			expect(loadApiKey('http://localhost:11434')).toBeNull();
			expect(forgetApiKey('http://localhost:11434')).toBe(false);
		} finally {
			delete (globalThis as { localStorage?: unknown }).localStorage;
		}
	});
});
