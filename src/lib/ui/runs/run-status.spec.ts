import { describe, expect, it } from 'vitest';
import { runStatusText } from './run-status';

describe('runStatusText', () => {
	const run = (status: 'running' | 'paused' | 'finished' | 'failed', stoppedBecause?: string) => ({
		id: 'r1',
		status,
		...(stoppedBecause === undefined ? {} : { stoppedBecause })
	});

	it('shows a paused or failed run as such, with the sentence the page showed', () => {
		expect(runStatusText(run('paused', 'The GPU stopped working. Press play to retry.'), new Set())).toEqual({
			label: 'paused',
			detail: 'The GPU stopped working. Press play to retry.'
		});
		expect(runStatusText(run('paused'), new Set())).toEqual({ label: 'paused' });
		expect(runStatusText(run('paused', ''), new Set())).toEqual({ label: 'paused' });
		expect(runStatusText(run('failed', 'The run stopped: x.'), null)).toEqual({
			label: 'failed',
			detail: 'The run stopped: x.'
		});
		expect(runStatusText(run('finished', 'stale'), new Set())).toEqual({ label: 'finished' });
	});

	it('passes on the problem saved with the sentence, so the page says it in its own language', () => {
		const problem = { code: 'run-paused-retry' as const, cause: { code: 'engine-gpu-lost' as const } };
		expect(
			runStatusText(
				{ ...run('paused', 'The GPU stopped working. Press play to retry.'), stoppedProblem: problem },
				null
			)
		).toEqual({ label: 'paused', detail: 'The GPU stopped working. Press play to retry.', problem });
		// A run going on again has no reason to stop, whatever problem an older write left.
		expect(runStatusText({ ...run('paused', ''), stoppedProblem: problem }, null)).toEqual({
			label: 'paused'
		});
	});

	it('calls a run stored as running "interrupted" when no tab writes it any more', () => {
		expect(runStatusText(run('running'), new Set(['r1']))).toEqual({ label: 'running' });
		const cut = runStatusText(run('running'), new Set(['other']));
		expect(cut.label).toBe('interrupted');
		expect(cut.detail).toMatch(/closed or crashed/);
	});

	it('keeps "running" where the browser cannot tell which runs are being written', () => {
		expect(runStatusText(run('running'), null)).toEqual({ label: 'running' });
	});
});
