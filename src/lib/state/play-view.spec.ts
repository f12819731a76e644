import { afterEach, describe, expect, it } from 'vitest';
import { parsePreset } from '$lib/classroom/presets';
import { overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { encodeShare, type SharedRun } from '$lib/share/link';
import { fakeTab, runUntil, settle } from './fake-session-deps';
import { GameSession } from './game.svelte';
import type { SessionState } from './session-status';
import {
	addressOf,
	controls,
	hasModelSeats,
	logFile,
	noLinkText,
	offersFallback,
	offersModelChange,
	openingOf,
	openSession,
	personPlaying,
	recordedLinkOf,
	statusText
} from './play-view';

let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterEach(() => {
	locale = 'en';
});

const DEFAULT: SharedRun = { scenario: 'undercover', seed: 1, config: {} };
const LINKED: SharedRun = { scenario: 'undercover', seed: 9, config: {} };
const ENDPOINT: SharedRun = {
	scenario: 'undercover',
	seed: 3,
	config: {},
	seats: { 1: { engine: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm1' } }
};
const noPreset = parsePreset('').preset;

/** A finished, saved run in a fake tab, and the tab. */
async function savedRun() {
	const w = fakeTab();
	const s = GameSession.fresh(LINKED, {}, w.deps);
	await s.play();
	await runUntil(w.clock, () => s.status === 'finished');
	await settle();
	return { w, s, id: s.runId! };
}

describe('what the play page’s fragment opens', () => {
	it('reads a saved run, a replay, a link or nothing', () => {
		expect(openingOf('run=abcd1234')).toEqual({ kind: 'saved', id: 'abcd1234', mode: 'resume' });
		expect(openingOf('replay=abcd1234')).toEqual({ kind: 'saved', id: 'abcd1234', mode: 'replay' });
		expect(openingOf('v1.xyz')).toEqual({ kind: 'link', fragment: 'v1.xyz' });
		expect(openingOf('')).toEqual({ kind: 'none' });
		// Too short an id, or odd characters, is not a saved run: it is read as a (damaged) link.
		expect(openingOf('run=ab')).toEqual({ kind: 'link', fragment: 'run=ab' });
		expect(openingOf('run=ab/../cd')).toEqual({ kind: 'link', fragment: 'run=ab/../cd' });
	});

	it('plays the default game when the fragment names nothing', async () => {
		const w = fakeTab();
		const o = await openSession('', {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(o.linkError).toBeNull();
		expect([o.session.mode, o.session.status, o.session.setup]).toEqual(['live', 'ready', DEFAULT]);
	});

	it('plays a link’s setup fresh, under the teacher’s preset', async () => {
		const w = fakeTab();
		const o = await openSession(encodeShare(LINKED), {
			preset: parsePreset('?seed=42').preset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(o.linkError).toBeNull();
		expect(o.session.setup.seed).toBe(42);
		expect(o.session.mode).toBe('live');
	});

	it('holds a link’s endpoints for the person’s word, but not the person’s own setup', async () => {
		const w = fakeTab();
		const link = await openSession(encodeShare(ENDPOINT), {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(link.session.endpointsToConfirm.map((e) => e.baseUrl)).toEqual(['https://api.example.com/v1']);
		expect(controls(link.session, false)).toEqual({ pause: true, play: true, step: true });
		const own = await openSession(encodeShare(ENDPOINT), {
			preset: noPreset,
			ownSetup: true,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(own.session.endpointsToConfirm).toEqual([]);
		expect(controls(own.session, false)).toEqual({ pause: true, play: false, step: false });
	});

	it('says why a damaged link did not open, and plays the default game', async () => {
		const w = fakeTab();
		const o = await openSession('v1.!!!', {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(o.linkError).toMatchObject({ problem: { code: 'link-damaged' } });
		expect(o.session.setup).toEqual(DEFAULT);
	});

	it('says a saved run is not in this browser', async () => {
		const w = fakeTab();
		const o = await openSession('run=nosuchrun', {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect(o.linkError).toMatchObject({ problem: { code: 'run-missing' } });
		expect(o.session.setup).toEqual(DEFAULT);
	});

	it('resumes a saved run, and replays it re-executed', async () => {
		const { w, id } = await savedRun();
		const resumed = await openSession(`run=${id}`, {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect([resumed.linkError, resumed.session.runId, resumed.session.status]).toEqual([
			null,
			id,
			'finished'
		]);
		const replay = await openSession(`replay=${id}`, {
			preset: noPreset,
			ownSetup: false,
			defaultSetup: DEFAULT,
			deps: w.deps
		});
		expect([replay.session.mode, replay.session.replayMode]).toEqual(['replay', 'reexecuted']);
		expect(addressOf(replay.session)).toBeNull();
	});
});

describe('the play page’s controls and lines', () => {
	it('enables play, pause and step by the session’s action table', async () => {
		const { w, s } = await savedRun();
		expect(controls(s, false)).toEqual({ pause: true, play: true, step: true });
		const fresh = GameSession.fresh(LINKED, {}, w.deps);
		expect(controls(fresh, false)).toEqual({ pause: true, play: false, step: false });
		// A preset that fixes the step button disables it alone.
		expect(controls(fresh, true)).toEqual({ pause: true, play: false, step: true });
		const where = (more: Partial<SessionState>) => ({ tableState: { ...fresh.tableState, ...more } });
		// Playing: Pause takes Play's place, and Step (which pauses first) stays usable.
		expect(controls(where({ status: 'playing' }), false)).toEqual({ pause: false, play: true, step: false });
		// Paused mid-turn: play and step both wait for that turn, so both stay usable.
		expect(controls(where({ status: 'paused', turn: 'turn' }), false)).toEqual({
			pause: true,
			play: false,
			step: false
		});
		// Loading the models, after a failure, and while a link waits for the person's word: neither.
		for (const more of [{ status: 'loading' }, { status: 'failed' }, { consent: 'asked' }] as const)
			expect(controls(where(more), false)).toEqual({ pause: true, play: true, step: true });
		// A tab following another's run has neither, whatever its status.
		for (const status of ['paused', 'finished'] as const)
			expect(controls(where({ mode: 'following', status }), false)).toEqual({
				pause: true,
				play: true,
				step: true
			});
	});

	it('offers another engine only for this tab’s fresh run, and a model change only when paused and saved', async () => {
		const w = fakeTab();
		const s = GameSession.fresh(ENDPOINT, {}, w.deps);
		expect(offersFallback(s)).toBe(true);
		expect(offersModelChange(s, true)).toBe(false);
		s.confirmEndpoints();
		await s.stepOnce();
		expect([s.status, !!s.runId]).toEqual(['paused', true]);
		expect(offersFallback(s)).toBe(false);
		expect(offersModelChange(s, hasModelSeats(s.setup))).toBe(true);
		expect(offersModelChange(s, false)).toBe(false);
		expect(addressOf(s)).toBe(`#run=${s.runId}`);
		expect(offersFallback(null)).toBe(false);
		expect(addressOf(null)).toBeNull();
	});

	it('knows model seats and a person at the table', () => {
		expect(hasModelSeats(LINKED)).toBe(false);
		expect(hasModelSeats(ENDPOINT)).toBe(true);
		const human: SharedRun = { ...LINKED, seats: { 2: { engine: 'human' } } };
		const w = fakeTab();
		const s = GameSession.fresh(human, {}, w.deps);
		expect(personPlaying(s)).toBe(true);
		expect(personPlaying({ ...viewOf(s), status: 'finished' })).toBe(false);
		expect(personPlaying(GameSession.fresh(LINKED, {}, w.deps))).toBe(false);
		expect(personPlaying(null)).toBe(false);
	});

	it('says the status in the interface’s language', async () => {
		const w = fakeTab();
		const s = GameSession.fresh(LINKED, {}, w.deps);
		const v = viewOf(s);
		expect(statusText(null)).toBe('loading');
		expect(statusText(v)).toBe('ready: press play');
		expect(statusText({ ...v, status: 'loading' })).toBe('loading the agents…');
		const events = Array.from({ length: 12 }, () => s.events[0]!);
		expect(statusText({ ...v, status: 'playing', events })).toBe('playing (12 events)');
		expect(statusText({ ...v, status: 'playing', events, replaying: true })).toBe('replaying (12 events)');
		expect(statusText({ ...v, status: 'paused', events })).toBe('paused at event 12: press play to continue');
		expect(statusText({ ...v, status: 'paused', events: [] })).toBe('paused');
		expect(statusText({ ...v, status: 'paused', events, readOnly: true })).toBe(
			'following another tab (12 events)'
		);
		expect(statusText({ ...v, status: 'finished', events })).toBe('finished (12 events)');
		expect(statusText({ ...v, status: 'failed' })).toBe('stopped by an error');
		locale = 'zh';
		expect(statusText({ ...v, status: 'failed' })).not.toBe('stopped by an error');
	});

	it('says why a game has no recorded link, with grouped digits', () => {
		expect(noLinkText({ reason: 'human', length: 0 })).toBe(
			'a person played a seat, so the game cannot be carried in a link'
		);
		expect(noLinkText({ reason: 'too-long', length: 24080 })).toMatch(
			/^the link would be 24,080 characters long/
		);
	});

	it('writes the run as a file: header, events, then the class’s lines', async () => {
		const { s } = await savedRun();
		const file = logFile(s, '{"class":1}\n');
		expect(file.name).toBe('conclave-undercover-9.jsonl');
		const lines = file.text.split('\n');
		expect(JSON.parse(lines[0]!)).toEqual(s.header);
		expect(lines.slice(1, 1 + s.events.length).map((l) => JSON.parse(l).hash)).toEqual(
			s.events.map((e) => e.hash)
		);
		expect(lines[1 + s.events.length]).toBe('{"class":1}');
	});

	it('offers a recorded link only where the plain link would not replay the game', async () => {
		const { s } = await savedRun();
		const playPage = new URL('https://example.org/conclave/play/');
		// Scripted seats and no drift model: the plain link is the game.
		expect(await recordedLinkOf(s, false, playPage)).toBeNull();
		// Model seats: the same log carried in the fragment of the play page's URL, which opens it.
		const linked = await recordedLinkOf(s, true, playPage);
		expect(linked).toMatchObject({ ok: true });
		const url = new URL((linked as { url: string }).url);
		expect(url.pathname).toBe('/conclave/play/');
		expect(openingOf(url.hash.slice(1))).toEqual({ kind: 'link', fragment: url.hash.slice(1) });
		// A person's seat cannot be carried: the reason, to say in the page's language.
		const person = {
			header: s.header,
			events: s.events,
			setup: { ...s.setup, seats: { 1: { engine: 'human' as const } } }
		};
		expect(await recordedLinkOf(person, true, playPage)).toMatchObject({ ok: false, reason: 'human' });
	});
});

/** The plain parts of a session the view functions read, to vary one at a time. */
function viewOf(s: GameSession) {
	return {
		status: s.status,
		mode: s.mode,
		events: s.events,
		runId: s.runId,
		replaying: s.replaying,
		readOnly: s.readOnly,
		setup: s.setup,
		tableState: s.tableState
	};
}
