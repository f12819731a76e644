import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from './base-url';
import { EngineError } from './types';

const KEY = 'sk-test-5ecret-DO-NOT-LEAK-0123456789';

describe('normaliseBaseUrl', () => {
	it('accepts the API root with or without /v1', () => {
		expect(normaliseBaseUrl('http://localhost:11434')).toBe('http://localhost:11434/v1');
		expect(normaliseBaseUrl(' http://localhost:11434/ ')).toBe('http://localhost:11434/v1');
		expect(normaliseBaseUrl('http://localhost:1234/v1/')).toBe('http://localhost:1234/v1');
		expect(normaliseBaseUrl('http://localhost:8000/v1/chat/completions')).toBe('http://localhost:8000/v1');
		expect(normaliseBaseUrl('https://proxy.example/api/openai/v1')).toBe(
			'https://proxy.example/api/openai/v1'
		);
		expect(normaliseBaseUrl('HTTPS://Example.COM')).toBe('https://example.com/v1');
	});

	it('accepts plain http only on this machine, and says why it refuses it elsewhere', () => {
		expect(normaliseBaseUrl('http://localhost:11434')).toBe('http://localhost:11434/v1');
		expect(normaliseBaseUrl('http://127.0.0.1:1234/v1')).toBe('http://127.0.0.1:1234/v1');
		expect(normaliseBaseUrl('http://[::1]:8000')).toBe('http://[::1]:8000/v1');
		for (const url of ['http://gpu-box.lan:8000/v1', 'http://192.168.1.5:11434', 'http://api.example.com/v1'])
			expect(() => normaliseBaseUrl(url)).toThrow(
				/must use https:\/\/ unless it runs on this machine.*unencrypted/
			);
		expect(normaliseBaseUrl('https://gpu-box.lan:8000/v1')).toBe('https://gpu-box.lan:8000/v1');
	});

	it('refuses other schemes, credentials, queries and non-URLs without repeating the input', () => {
		expect(() => normaliseBaseUrl('ftp://host/v1')).toThrow(/http:\/\/ or https:\/\//);
		expect(() => normaliseBaseUrl('localhost:11434')).toThrow(/http:\/\/ or https:\/\//);
		expect(() => normaliseBaseUrl('')).toThrow(/empty/);
		expect(() => normaliseBaseUrl('http://[bad')).toThrow(/not a valid URL/);
		for (const url of [`http://user:${KEY}@localhost:11434/v1`, `http://${KEY}@localhost:11434`]) {
			let error: unknown;
			try {
				normaliseBaseUrl(url);
			} catch (err) {
				error = err;
			}
			expect(error).toBeInstanceOf(EngineError);
			expect((error as Error).message).toMatch(/user name or password/);
			expect((error as Error).message).not.toContain(KEY);
		}
		expect(() => normaliseBaseUrl(`http://localhost/v1?key=${KEY}`)).toThrow(/query string/);
		expect(() => normaliseBaseUrl(`http://localhost/v1?key=${KEY}`)).not.toThrow(KEY);
	});
});
