import { describe, expect, it } from 'vitest';
import type { Policy } from '../core';
import { createRunner, seatEngineLabel } from './play';
import type { SharedRun } from '../share/link';

describe('the log header', () => {
	const run: SharedRun = {
		scenario: 'undercover',
		seed: 3,
		config: { seats: 4 },
		seats: {
			'1': { engine: 'transformers', model: '/test-models/tiny-chat' },
			'2': { engine: 'human' },
			'3': { engine: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' }
		}
	};

	it('says who plays each seat from the setup alone, whatever policy objects stand in for them', () => {
		// On the page a seat's policy is a proxy into a worker, labelled for the table: the header must not care.
		const proxy: Policy = { label: 'transformers · tiny-chat', act: () => ({ action: null }) };
		const page = createRunner(run, { policyFor: (s) => (s === 4 ? undefined : proxy) }).log.header;
		const node = createRunner(run).log.header;
		expect(page).toEqual(node);
		expect(node.engines).toEqual({
			'1': 'transformers:/test-models/tiny-chat',
			'2': 'human',
			'3': 'openai:m@http://127.0.0.1:9/v1',
			'4': 'scripted (no LLM)'
		});
		expect(Object.keys(node.engines)).not.toContain('default');
	});

	it('labels scripted variants and governance roles as their policies do', () => {
		expect(seatEngineLabel('governance', 2, { engine: 'scripted', model: 'red-team' })).toBe(
			'scripted red team (no LLM)'
		);
		expect(seatEngineLabel('undercover', 1, undefined)).toBe('scripted (no LLM)');
	});
});
