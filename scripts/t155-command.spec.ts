import { describe, expect, it } from 'vitest';
import { t155Command } from '../src/lib/analysis/t155-command';
import type { ModelChoice } from '../src/lib/engines/types';
import {
	DEFAULT_CONFIG,
	parseGovernanceConfig,
	serializeGovernanceConfig
} from '../src/lib/scenarios/governance';
import { parseArgs } from './sim';

/** The command's words as a shell would split them (plain words and single quotes, all it writes). */
function words(command: string): string[] {
	const out: string[] = [];
	for (const m of command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g))
		out.push(m[1] !== undefined ? m[1].replaceAll(`'\\''`, "'") : (m[2] as string));
	return out;
}

/**
 * What `npm run sim -- --eval t155` plays for a command: gov-eval takes --eval, --seeds and
 * --approval itself and hands the rest to sim's parser (scripts/gov-eval.ts).
 */
function readBack(command: string) {
	const argv = words(command);
	expect(argv.slice(0, 4)).toEqual(['npm', 'run', 'sim', '--']);
	const rest: string[] = [];
	let seeds: string | undefined;
	let approval: number | undefined;
	const flags = argv.slice(4);
	for (let i = 0; i < flags.length; i++) {
		const f = flags[i] as string;
		if (f === '--eval') expect(flags[++i]).toBe('t155');
		else if (f === '--seeds') seeds = flags[++i];
		else if (f === '--approval') approval = Number(flags[++i]);
		else rest.push(f);
	}
	const { run } = parseArgs(rest);
	return { seeds, run: approval === undefined ? run : { ...run, config: { ...run.config, approval } } };
}

const serialized = (c: Record<string, unknown>) => {
	const parsed = parseGovernanceConfig(c);
	if (!parsed.ok) throw new Error(parsed.error);
	return serializeGovernanceConfig(parsed.config);
};

describe('the T155 table’s headless command', () => {
	it('plays the seed’s settings with scripted roles', () => {
		const config = serialized({});
		const cmd = t155Command({ config, seats: {}, seeds: 10 });
		expect(cmd.missing).toBeNull();
		const back = readBack(cmd.text);
		expect(back.seeds).toBe('10');
		expect(back.run.config).toEqual(config);
		expect(back.run.seats).toBeUndefined();
	});

	it('carries changed fuse settings, the drift model, the language and every role, panel included', () => {
		const config = serialized({
			rounds: 300,
			policy: 'human',
			approval: 35,
			thresholds: { drift: 0.1, penetration: 0.55, conversion: 0.25 },
			window: 2,
			fuseRounds: 3,
			escalateAfter: 4,
			fuseMode: 'hard',
			lang: 'zh',
			driftModel: 'Xenova/all-MiniLM-L6-v2'
		});
		const url = 'http://127.0.0.1:8011/v1';
		const seats: Record<string, ModelChoice> = {
			1: { engine: 'openai', model: 'qwen2.5:7b', baseUrl: url },
			2: { engine: 'scripted', model: 'red-team' },
			3: {
				engine: 'openai',
				model: 'phi3',
				baseUrl: url,
				panel: { engine: 'openai', model: 'qwen2.5', baseUrl: url }
			}
		};
		const cmd = t155Command({ config, seats, seeds: 2 });
		expect(cmd.missing).toBeNull();
		for (const flag of ['--drift-threshold 0.1', '--window 2', '--fuse-rounds 3', '--fuse-mode hard'])
			expect(cmd.text).toContain(flag);
		const back = readBack(cmd.text);
		expect(back.seeds).toBe('2');
		// The table plays every amendment policy itself (analysis/t155.ts `cellRun`): not a flag.
		expect({ ...back.run.config, policy: config.policy }).toEqual(config);
		expect(back.run.seats).toEqual(seats);
		// Not the defaults: the settings really changed.
		expect(back.run.config).not.toEqual(serializeGovernanceConfig({ ...DEFAULT_CONFIG, rounds: 300 }));
	});

	it('says what it cannot carry: a second endpoint address', () => {
		const seats: Record<string, ModelChoice> = {
			1: { engine: 'openai', model: 'a', baseUrl: 'http://127.0.0.1:1/v1' },
			3: { engine: 'openai', model: 'b', baseUrl: 'http://127.0.0.1:2/v1' }
		};
		expect(t155Command({ config: serialized({}), seats, seeds: 1 }).missing).toMatch(
			/more than one endpoint address \(http:\/\/127\.0\.0\.1:2\/v1\)/
		);
	});
});

describe('sim’s fuse flags', () => {
	it('are checked by the scenario’s parser and belong to governance only', () => {
		expect(() => parseArgs(['--scenario', 'governance', '--window', '0'])).toThrow(/window/);
		expect(() => parseArgs(['--scenario', 'governance', '--fuse-mode', 'loud'])).toThrow(/fuseMode/);
		expect(() => parseArgs(['--scenario', 'governance', '--drift-threshold', 'x'])).toThrow(/number/);
		expect(() => parseArgs(['--scenario', 'undercover', '--window', '3'])).toThrow(/governance/);
	});
});
