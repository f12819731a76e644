/**
 * Every scenario the registry knows has a view, found in its own folder, and the views say what the
 * play page said before they were descriptors (the same setup line, title and predict switch).
 */
import { describe, expect, it } from 'vitest';
import { scenarioModules } from '$lib/scenarios/registry';
import { createRunner } from '$lib/run/play';
import { setupLine, setupPath, setupViews, viewOf, withSetup } from './scenario-view';
import { namedTitle, prerenderedNamedTitle } from '$lib/i18n/page-titles';
import { match, withForm } from '../../params/scenario';

const text = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

describe('scenario views', () => {
	it('gives every registered scenario a view of its own id, and refuses an unknown id', () => {
		for (const m of scenarioModules()) expect(viewOf(m.scenario.id).id).toBe(m.scenario.id);
		expect(() => viewOf('chess')).toThrow(/no view for scenario "chess"/);
	});

	it('says each scenario’s setup line as the play page did', () => {
		const [u, g, a] = scenarioModules().map((m) => viewOf(m.scenario.id));
		expect(text(u!.setupInfo({ seats: 6, undercover: 1, blank: true, lang: 'zh' }))).toBe(
			'6 seats · 1 undercover + blank · zh'
		);
		expect(u!.setupInfo({ seats: 6, undercover: 1, blank: false, lang: 'zh' }).at(-1)).toEqual({
			text: 'zh',
			raw: true
		});
		expect(g!.setupInfo({ policy: 'impact', rounds: 8 })).toEqual([
			{ text: 'impact', raw: true },
			{ text: ' · 8 rounds' }
		]);
		expect(text(a!.setupInfo({ days: 5 }))).toBe('5 days');
		expect([u!, g!, a!].map(setupPath)).toEqual(['undercover/', 'governance/', 'autonomy/']);
	});

	it('reads the play page’s setup line from the config a run’s state carries, defaults filled in', () => {
		const u = viewOf(scenarioModules()[0]!.scenario.id);
		const runner = createRunner({ scenario: u.id, seed: 1, config: { seats: 5 } });
		const config = (runner.state as { config: Record<string, unknown> }).config;
		expect(setupLine(u, runner.state)).toEqual(u.setupInfo(config));
		expect(text(setupLine(u, runner.state))).toMatch(/^5 seats/);
	});

	it('titles each run and its predict switch in the interface’s words', () => {
		const views = scenarioModules().map((m) => viewOf(m.scenario.id));
		expect(views.map((v) => v.title())).toEqual(['Undercover game', 'Governance run', 'Autonomy run']);
		const [vote, verdict, spend] = views.map((v) => v.predictMode());
		expect(vote).toContain('before each vote');
		expect(verdict).toContain('before each audit verdict');
		expect(spend).toContain('before each spend decision');
	});

	it('gives a setup page to the built-in scenarios only, each named in both languages', () => {
		const ids = scenarioModules().map((m) => m.scenario.id);
		expect(
			setupViews()
				.map((v) => v.id)
				.sort()
		).toEqual([...ids].sort());
		for (const id of ids) expect(withSetup(id)?.id).toBe(id);
		// Not the test-only scenario, nor a page of the site, nor a prototype's key: no URL opens those.
		for (const other of ['rps', 'play', 'runs', '', 'constructor', '__proto__'])
			expect(withSetup(other)).toBeUndefined();
		expect(setupPath(viewOf('rps'))).toBe('');
		// The URL's matcher, which reads the folders' setup forms, admits the same ids and no other.
		expect([...withForm].sort()).toEqual([...ids].sort());
		for (const id of ids) expect(match(id)).toBe(true);
		for (const other of ['rps', 'play', '', 'constructor']) expect(match(other)).toBe(false);
		const [u, g, a] = ids.map(withSetup);
		expect(namedTitle(u!.setup.title, 'zh')).toBe('谁是卧底 · Conclave');
		expect(prerenderedNamedTitle(u!.setup.title)).toBe('Undercover · 谁是卧底 · Conclave');
		expect([g!, a!].map((v) => namedTitle(v.setup.title, 'en'))).toEqual([
			'Governance sandbox · Conclave',
			'Autonomy budget · Conclave'
		]);
	});
});
