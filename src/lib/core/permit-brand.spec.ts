/**
 * A Permit is branded: only `authorize()` makes one. Compiled here rather than left to `npm run check`,
 * so the unit suite itself fails if the brand ever stops being required. (Its own file, so that
 * `npm run mutate`, which reruns gate.spec.ts once per mutant, does not pay for a compile each time.)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

describe('a Permit', () => {
	it('cannot be written as a literal: the type checker refuses it', () => {
		const file = join(dirname(fileURLToPath(import.meta.url)), 'forged-permit.ts');
		const source = [
			"import type { Permit } from './gate';",
			"export const forged: Permit = { id: 'x', purpose: 'p', reserved: 0, passed: [] };"
		].join('\n');
		const host = ts.createCompilerHost({ strict: true, noEmit: true });
		const read = host.readFile.bind(host);
		host.readFile = (name) => (name === file ? source : read(name));
		const exists = host.fileExists.bind(host);
		host.fileExists = (name) => name === file || exists(name);
		const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true }, host);
		const errors = ts
			.getPreEmitDiagnostics(program)
			.filter((d) => d.file?.fileName === file)
			.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
		expect(errors.join(' ')).toMatch(/not assignable to type 'Permit'|is missing in type/);
	}, 30_000);
});
