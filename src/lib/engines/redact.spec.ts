import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
	it('replaces every occurrence of every secret', () => {
		const text = 'Incorrect API key provided: sk-abc123. Bearer sk-abc123; other tok-9';
		expect(redactSecrets(text, ['sk-abc123', 'tok-9'])).toBe(
			'Incorrect API key provided: [redacted]. Bearer [redacted]; other [redacted]'
		);
	});

	it('replaces a longer secret whole even when it contains a shorter one', () => {
		expect(redactSecrets('a=sk-abc b=abc', ['abc', 'sk-abc'])).toBe('a=[redacted] b=[redacted]');
	});

	it('covers the URL-encoded form and ignores empty secrets', () => {
		expect(redactSecrets('GET /v1?key=a%2Bb%2Fc', ['a+b/c'])).toBe('GET /v1?key=[redacted]');
		expect(redactSecrets('nothing to hide', ['', 'absent'])).toBe('nothing to hide');
		expect(redactSecrets('', ['x'])).toBe('');
	});

	it('covers lower-case hex, form encoding and JSON escapes', () => {
		const key = 'sk-"a b/c+d"';
		const text = [
			`url ${encodeURIComponent(key).toLowerCase()}`,
			`form ${encodeURIComponent(key).replace(/%20/g, '+')}`,
			`json ${JSON.stringify({ key })}`,
			`uri ${encodeURI(key)}`
		].join('\n');
		const out = redactSecrets(text, [key]);
		expect(out).not.toContain('a b');
		expect(out).not.toMatch(/a(%20|\+)b/i);
		expect(out.match(/\[redacted\]/g)).toHaveLength(4);
	});
});
