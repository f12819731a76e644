import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LESSONS } from '$lib/classroom/lesson-pack';
import { localeHold } from '$lib/i18n/locale-hold.svelte';
import { m } from '$lib/paraglide/messages';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { decodeShare, encodeShare, type SharedRun } from '$lib/share/link';
import { fakeTab, runUntil, settle } from './fake-session-deps';
import type { GameSession } from './game.svelte';
import { DEFAULT_SETUP, PlayPage, type OpenHooks } from './play-page.svelte';

overwriteGetLocale(() => 'en');

/** The browser's localStorage, in memory: where the page keeps the person's switches. */
function memoryStorage(): Storage {
	const items = new Map<string, string>();
	return {
		get length() {
			return items.size;
		},
		clear: () => items.clear(),
		getItem: (k) => items.get(k) ?? null,
		key: (i) => [...items.keys()][i] ?? null,
		removeItem: (k) => void items.delete(k),
		setItem: (k, v) => void items.set(k, String(v))
	};
}
beforeEach(() => {
	vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
	vi.unstubAllGlobals();
	localeHold.state = null;
});

const LINKED: SharedRun = { scenario: 'undercover', seed: 9, config: {} };
const ENDPOINT: SharedRun = {
	scenario: 'undercover',
	seed: 3,
	config: {},
	seats: { 1: { engine: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm1' } }
};

/** A play page at `/play/<search><hash>` in a fake tab, with hooks that note what the page was asked to do. */
function playPage(opts: { search?: string; state?: App.PageState } = {}) {
	const tab = fakeTab();
	const search = opts.search ?? '';
	const location = { href: `https://conclave.test/play/${search}`, search, hash: '' };
	const bar: string[] = [];
	const vm = new PlayPage({
		base: '',
		location,
		replaceState: (url) => {
			bar.push(url);
			location.hash = url;
		},
		pageState: () => opts.state ?? {},
		session: tab.deps
	});
	const calls: string[] = [];
	const hooks: OpenHooks = {
		willOpen: (id) => calls.push(`willOpen ${id}`),
		load: async (s) => {
			calls.push(`load ${s.setup.scenario}, run shown: ${vm.session !== null}`);
		},
		opened: (s) => calls.push(`opened, run shown: ${vm.session === s}`)
	};
	const open = (fragment: string) => vm.open(fragment, hooks);
	return { tab, vm, bar, calls, open, location };
}

/** Plays the open run to its end. */
async function finish(p: ReturnType<typeof playPage>): Promise<GameSession> {
	const s = p.vm.session!;
	p.vm.play();
	await runUntil(p.tab.clock, () => s.status === 'finished');
	await settle();
	return s;
}

describe('opening a run', () => {
	it('plays the default game when the link names nothing, loaded before it is shown', async () => {
		const p = playPage();
		await p.open('');
		expect(p.vm.session!.setup).toEqual(DEFAULT_SETUP);
		expect(p.vm.linkError).toBeNull();
		// The view starts loading once the scenario is known, and is loaded before the run is shown;
		// what lives beside the run is built once it is.
		expect(p.calls).toEqual([
			'willOpen undercover',
			'load undercover, run shown: false',
			'opened, run shown: true'
		]);
		expect(p.vm.session!.status).toBe('ready');
		expect(p.vm.statusText).toBe(m.play_status_ready());
	});

	it('says why a damaged link did not open, and plays the default game', async () => {
		const p = playPage();
		await p.open('v1.not-a-link');
		expect(p.vm.linkError).not.toBeNull();
		expect(p.vm.session!.setup).toEqual(DEFAULT_SETUP);
	});

	it('replaces the run open now, which lets go of its tab', async () => {
		const p = playPage();
		await p.open('');
		const first = p.vm.session!;
		await p.open(encodeShare(LINKED));
		expect(first.mode).toBe('closed');
		expect(p.vm.session!.setup.seed).toBe(9);
	});

	it('shares the run open now, in the interface’s language', async () => {
		const p = playPage();
		await p.open(encodeShare(LINKED));
		const url = new URL(p.vm.shareUrl);
		expect(url.origin + url.pathname).toBe('https://conclave.test/play/');
		expect(url.searchParams.get('locale')).toBe('en');
		expect(decodeShare(url.hash.slice(1))).toMatchObject({ ok: true, run: LINKED });
	});

	it('plays at once only where the setup page asked for it', async () => {
		const waits = playPage();
		await waits.open(encodeShare(LINKED));
		await settle();
		expect(waits.vm.session!.status).toBe('ready');
		const plays = playPage({ state: { autoplay: true, ownSetup: true } });
		await plays.open(encodeShare(LINKED));
		await settle();
		expect(plays.vm.session!.status).not.toBe('ready');
	});

	it('holds a link’s endpoints for the person’s word, with the keys they chose to send', async () => {
		const p = playPage();
		await p.open(encodeShare(ENDPOINT));
		const s = p.vm.session!;
		expect(s.endpointsToConfirm.map((e) => e.baseUrl)).toEqual(['https://api.example.com/v1']);
		expect(p.vm.disabled.play).toBe(true);
		p.vm.attachKeys = ['https://api.example.com/v1'];
		p.vm.confirmEndpoints();
		expect(s.endpointsToConfirm).toEqual([]);
		expect(p.vm.attachKeys).toEqual([]);
		expect(p.vm.disabled.play).toBe(false);
	});
});

describe('the teacher’s preset and the person’s switches', () => {
	it('applies the preset’s speed, god view, presenter view and notes, and fixes or hides controls', async () => {
		const p = playPage({ search: '?speed=slow&god=on&view=presenter&notes=off&fix=god,step&hide=share' });
		await p.open(encodeShare(LINKED));
		expect(p.vm.session!.speed).toBe('slow');
		expect([p.vm.godView, p.vm.godOn, p.vm.presenting, p.vm.notesOn]).toEqual([true, true, true, false]);
		expect([p.vm.fixed('god'), p.vm.fixed('speed'), p.vm.shown('share'), p.vm.shown('seed')]).toEqual([
			true,
			false,
			false,
			true
		]);
		// A fixed switch cannot be used; a fixed Step is disabled even where the run allows a step.
		expect(p.vm.godLocked).toBe(true);
		expect(p.vm.disabled.step).toBe(true);
		expect(p.vm.preset.problems).toEqual([]);
	});

	it('keeps the god view for the end of the run under god=end', async () => {
		const p = playPage({ search: '?god=end' });
		await p.open(encodeShare(LINKED));
		expect([p.vm.godOn, p.vm.godUntilEnd, p.vm.godLocked]).toEqual([false, true, true]);
		await finish(p);
		expect([p.vm.godOn, p.vm.godUntilEnd, p.vm.godLocked]).toEqual([true, false, false]);
	});

	it('shows a person at a seat no god view until the game is over', async () => {
		const p = playPage();
		p.vm.toggleGod();
		await p.open(encodeShare({ ...LINKED, seats: { 1: { engine: 'human' } } }));
		expect([p.vm.godView, p.vm.humanPlaying, p.vm.godOn, p.vm.godLocked]).toEqual([true, true, false, true]);
	});

	it('names the lesson a link is from, and no lesson for an id the pack lacks', async () => {
		const lesson = LESSONS[0]!;
		const p = playPage({ search: `?lesson=${lesson.id}` });
		await p.open('');
		expect(p.vm.lesson).toBe(lesson);
		const unknown = playPage({ search: '?lesson=no-such-lesson' });
		await unknown.open('');
		expect(unknown.vm.lesson).toBeUndefined();
	});

	it('remembers the speed, god view and notes the person chose, under the preset', async () => {
		const p = playPage();
		await p.open(encodeShare(LINKED));
		p.vm.setSpeed('fast');
		p.vm.toggleGod();
		p.vm.toggleNotes(false);
		expect([p.vm.session!.speed, p.vm.godView, p.vm.notesOn]).toEqual(['fast', true, false]);
		const next = playPage();
		expect([next.vm.godView, next.vm.notesOn]).toEqual([true, false]);
		await next.open(encodeShare(LINKED));
		expect(next.vm.session!.speed).toBe('fast');
		// A preset wins over what the person chose before; an unknown saved speed is left alone.
		const slow = playPage({ search: '?speed=slow' });
		await slow.open(encodeShare(LINKED));
		expect(slow.vm.session!.speed).toBe('slow');
		localStorage.setItem('conclave:speed', 'warp');
		const odd = playPage();
		await odd.open(encodeShare(LINKED));
		expect(odd.vm.session!.speed).toBe('normal');
	});

	it('holds the interface’s language where the preset fixes it, and lets go when the page is left', async () => {
		const p = playPage({ search: '?locale=en&fix=locale' });
		await p.open('');
		expect(localeHold.state).toBe('fixed');
		const s = p.vm.session!;
		p.vm.dispose();
		expect(localeHold.state).toBeNull();
		expect(s.mode).toBe('closed');
	});
});

describe('what a run leaves behind', () => {
	it('points the address bar at a saved run once, and not again after another link is opened', async () => {
		const p = playPage();
		await p.open(encodeShare(LINKED));
		p.vm.pointAddressBar();
		expect(p.bar).toEqual([]);
		await finish(p);
		p.vm.pointAddressBar();
		p.vm.pointAddressBar();
		expect(p.bar).toEqual(['#run=run0001']);
		// Another link opened in this tab: its fresh run has no address yet, and the bar keeps the link.
		await p.open(encodeShare(ENDPOINT));
		p.vm.pointAddressBar();
		expect(p.bar).toEqual(['#run=run0001']);
	});

	it('offers no recorded link for a scripted game, whose plain link replays it', async () => {
		const p = playPage();
		await p.open(encodeShare(LINKED));
		expect(p.vm.followRecorded()).toBeUndefined();
		await finish(p);
		expect(p.vm.followRecorded()).toBeTypeOf('function');
		await settle();
		expect(p.vm.recorded).toBeNull();
	});

	it('works out a model game’s recorded link once it has finished, and drops an answer come too late', async () => {
		const p = playPage({ state: { ownSetup: true } });
		await p.open(encodeShare(ENDPOINT));
		expect(p.vm.modelSeats).toBe(true);
		await finish(p);
		// Cancelled (the run or its status changed before the answer came): the answer is dropped.
		p.vm.followRecorded()!();
		// The replay code loads with the first finished run: the answer waits for it.
		await import('$lib/run/replay');
		await settle();
		expect(p.vm.recorded).toBeNull();
		p.vm.followRecorded();
		await vi.waitFor(() => expect(p.vm.recorded).toMatchObject({ ok: true }));
		const url = new URL((p.vm.recorded as { url: string }).url);
		expect(url.origin + url.pathname).toBe('https://conclave.test/play/');
	});

	it('offers a fallback engine for no seat of a scripted game', async () => {
		const p = playPage();
		await p.open(encodeShare(LINKED));
		expect([p.vm.failedSeats, p.vm.slowSeats, p.vm.unheld]).toEqual([[], [], []]);
		expect(p.vm.changeModelShown).toBe(false);
	});
});
