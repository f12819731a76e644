/**
 * Fake deps for a `GameSession` in Node (`SessionDeps`): timers that fire when a spec says, a store in
 * memory, the Web Locks and BroadcastChannel of one browser's tabs, and an agent pool whose seats are
 * the scenario's scripted agents in this process. Used by the session's and the play view's specs;
 * the site never imports it.
 */
import type { LogEvent, Policy } from '$lib/core';
import { findScenario } from '$lib/scenarios/registry';
import type { RunRecord } from '$lib/storage/runs';
import { AgentPool, type PoolContext } from './agent-pool.svelte';
import type { SessionChannel, SessionClock, SessionDeps, SessionLock, SessionStore } from './session-deps';
import type { RunNews } from './run-lock';

/** Timers that fire only when the spec says, in time order; time moves only with them. */
class FakeClock implements SessionClock {
	t = 0;
	#timers = new Map<number, { at: number; fn: () => void }>();
	#next = 1;
	setTimeout(fn: () => void, ms: number): unknown {
		const id = this.#next++;
		this.#timers.set(id, { at: this.t + ms, fn });
		return id;
	}
	clearTimeout(timer: unknown): void {
		this.#timers.delete(timer as number);
	}
	now(): number {
		return this.t;
	}
	wallNow(): number {
		return 1_800_000_000_000 + this.t;
	}
	get pending(): number {
		return this.#timers.size;
	}
	/** Fires the earliest timer; false when none is set. */
	fire(): boolean {
		const [id, timer] = [...this.#timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
		if (id === undefined || !timer) return false;
		this.#timers.delete(id);
		this.t = Math.max(this.t, timer.at);
		timer.fn();
		return true;
	}
}

/** Lets every promise chain already started run out (no real I/O is involved). */
export async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

/** Fires timers until `done` holds (or no timer is left), settling after each. */
export async function runUntil(clock: FakeClock, done: () => boolean, max = 5000): Promise<void> {
	await settle();
	for (let i = 0; i < max && !done(); i++) {
		if (!clock.fire()) break;
		await settle();
	}
}

/** IndexedDB's runs and events, in memory; every write commits at once. */
class FakeStore implements SessionStore {
	problem = null;
	onProblem = () => {};
	runs = new Map<string, { run: RunRecord; events: LogEvent[] }>();
	async createRun(record: RunRecord): Promise<boolean> {
		this.runs.set(record.id, { run: { ...record }, events: [] });
		return true;
	}
	async append(runId: string, events: readonly LogEvent[], patch: Partial<RunRecord>): Promise<boolean> {
		const copy = [...events];
		const saved = this.runs.get(runId);
		if (!saved) return false;
		saved.events.push(...copy);
		Object.assign(saved.run, patch);
		return true;
	}
	async update(runId: string, patch: Partial<RunRecord>): Promise<boolean> {
		const saved = this.runs.get(runId);
		if (saved) Object.assign(saved.run, patch);
		return !!saved;
	}
	async flush(): Promise<unknown> {
		return undefined;
	}
	async loadRun(id: string): Promise<{ run: RunRecord; events: LogEvent[] } | null> {
		const saved = this.runs.get(id);
		return saved ? { run: { ...saved.run }, events: saved.events.slice() } : null;
	}
}

/** Web Locks and BroadcastChannel between the tabs of one browser, in memory. */
class FakeBrowser {
	holders = new Map<string, FakeLock>();
	queues = new Map<string, FakeLock[]>();
	listeners = new Map<string, Set<(news: RunNews) => void>>();
	claim(runId: string): Promise<SessionLock> {
		const lock = new FakeLock(this, runId, this.holders.has(runId) ? 'follower' : 'writer');
		if (lock.state === 'writer') this.holders.set(runId, lock);
		return Promise.resolve(lock);
	}
	channel(runId: string): SessionChannel {
		const all = this.listeners.get(runId) ?? new Set();
		this.listeners.set(runId, all);
		const mine = new Set<(news: RunNews) => void>();
		return {
			postMessage: (news) => {
				// As a BroadcastChannel: every other channel of the name hears it, later, never the sender.
				for (const l of all) if (!mine.has(l)) queueMicrotask(() => l(news));
			},
			onNews: (listener) => {
				mine.add(listener);
				all.add(listener);
			},
			close: () => {
				for (const l of mine) all.delete(l);
			}
		};
	}
}

class FakeLock implements SessionLock {
	#onGranted: (() => void) | null = null;
	constructor(
		readonly browser: FakeBrowser,
		readonly runId: string,
		public state: 'writer' | 'follower'
	) {}
	waitForTurn(onGranted: () => void): void {
		if (this.state === 'writer') return;
		this.#onGranted = onGranted;
		const queue = this.browser.queues.get(this.runId) ?? [];
		queue.push(this);
		this.browser.queues.set(this.runId, queue);
	}
	release(): void {
		const { holders, queues } = this.browser;
		if (holders.get(this.runId) !== this) {
			queues.set(
				this.runId,
				(queues.get(this.runId) ?? []).filter((l) => l !== this)
			);
			return;
		}
		holders.delete(this.runId);
		const next = queues.get(this.runId)?.shift();
		if (!next) return;
		holders.set(this.runId, next);
		next.state = 'writer';
		next.#onGranted?.();
	}
}

/**
 * The seats' workers: each seat's scripted agent in this process. `failNext` makes the next turn's
 * agent throw it (a crashed worker, an endpoint's failure); `breakNext` makes the pool itself throw
 * it when the runner asks for a seat's policy (a bug outside any agent's decision); `failStart`
 * makes start fail; `hold` keeps the next agent asked thinking until the spec lets it answer (a turn
 * in flight, as a model's).
 */
class FakePool extends AgentPool {
	starts: PoolContext[] = [];
	disposed = 0;
	failNext: Error | null = null;
	breakNext: Error | null = null;
	failStart: Error | null = null;
	/** True while an agent held by `hold` is thinking. */
	waiting = false;
	#hold: Promise<void> | null = null;
	#policies = new Map<number, Policy>();
	constructor(readonly scenario: string) {
		super(scenario, {});
	}
	override start(ctx: PoolContext): Promise<void> {
		this.starts.push(ctx);
		return this.failStart ? Promise.reject(this.failStart) : Promise.resolve();
	}
	/** Holds the next agent asked until the returned function is called. */
	hold(): () => void {
		let release = () => {};
		this.#hold = new Promise<void>((r) => (release = r));
		return release;
	}
	override policyFor(seat: number): Policy {
		const broken = this.breakNext;
		this.breakNext = null;
		if (broken) throw broken;
		const module = findScenario(this.scenario)!;
		let inner = this.#policies.get(seat);
		if (!inner) this.#policies.set(seat, (inner = module.scripted(seat, {}, undefined)));
		const scripted = inner;
		return {
			label: scripted.label,
			act: async (observation, ask, ctx) => {
				const err = this.failNext;
				this.failNext = null;
				if (err) throw err;
				const hold = this.#hold;
				this.#hold = null;
				if (hold) {
					this.waiting = true;
					await hold;
					this.waiting = false;
				}
				return scripted.act(observation, ask, ctx);
			}
		};
	}
	override dispose(): void {
		this.disposed++;
	}
}

export interface FakeTab {
	deps: SessionDeps;
	clock: FakeClock;
	store: FakeStore;
	browser: FakeBrowser;
	pools: FakePool[];
}

/** One tab's deps; tabs of one browser share its store and locks. */
export function fakeTab(shared?: { store: FakeStore; browser: FakeBrowser }): FakeTab {
	const clock = new FakeClock();
	const store = shared?.store ?? new FakeStore();
	const browser = shared?.browser ?? new FakeBrowser();
	const pools: FakePool[] = [];
	let ids = 0;
	const deps: SessionDeps = {
		store,
		pool: (scenario, _choices, _sendKey) => {
			const pool = new FakePool(scenario);
			pools.push(pool);
			return pool;
		},
		clock,
		locks: { claim: (id) => browser.claim(id), channel: (id) => browser.channel(id) },
		newId: () => `run${String(++ids).padStart(4, '0')}`,
		detectGpu: () => Promise.reject(new Error('no GPU check in these runs'))
	};
	return { deps, clock, store, browser, pools };
}
