// The tools layer runs in Node and in the tool worker alike, and must replay exactly: no wall
// clock, no unseeded randomness, no storage, worker or UI imports (ESLint does not cover this folder).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));

describe('tools layer purity', () => {
	it('has sources to check', () => {
		expect(sources.length).toBeGreaterThanOrEqual(8);
	});

	for (const file of sources)
		it(file, () => {
			const text = readFileSync(join(dir, file), 'utf8');
			for (const banned of [
				'Math.random',
				'Date.now',
				'new Date',
				'performance.now',
				'indexedDB',
				'localStorage'
			])
				expect(text, banned).not.toContain(banned);
			const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
			for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^(\.\/|\.\.\/core\/|d3$)/);
		});
});
