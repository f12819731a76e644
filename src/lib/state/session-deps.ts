/**
 * What a `GameSession` needs from the world, injected: the run store, the seats' agent pool, the
 * clock and timers, the run's lock and its channel to other tabs. `pageDeps()` is the page's (this
 * tab's IndexedDB store, Web Workers, timers, Web Locks and BroadcastChannel); a spec hands the fakes
 * of `fake-session-deps.ts`, of the same type, so that the session runs in Node.
 */
import type { ModelChoice } from '$lib/engines/types';
import { detectGpu, type GpuCaps } from '$lib/engines/gpu';
import type { RunStore } from '$lib/storage/runs';
import { AgentPool } from './agent-pool.svelte';
import { RunLock, runChannel, type LockState, type RunNews } from './run-lock';
import { runStore } from './run-store';

/** What the session asks of the store: `RunStore`'s write-behind queue and reads. */
export type SessionStore = Pick<
	RunStore,
	'problem' | 'onProblem' | 'createRun' | 'append' | 'update' | 'flush' | 'loadRun'
>;

/** Timers and time: the page's own, a spec's fake. */
export interface SessionClock {
	setTimeout(fn: () => void, ms: number): unknown;
	clearTimeout(timer: unknown): void;
	/** Monotonic milliseconds (performance.now), for pacing what the page shows. */
	now(): number;
	/** Wall-clock milliseconds (Date.now), for the Runs page only: never part of the log. */
	wallNow(): number;
	/** Runs `fn` in the next animation frame and returns its cancel; absent where there are no frames. */
	frame?: (fn: () => void) => () => void;
}

/** One writer per run (`run-lock.ts`): the lock this tab holds or waits for. */
export interface SessionLock {
	readonly state: LockState;
	waitForTurn(onGranted: () => void): void;
	release(): void;
}

/** The writer's news to the tabs that follow the run (a BroadcastChannel on the page). */
export interface SessionChannel {
	postMessage(news: RunNews): void;
	onNews(listener: (news: RunNews) => void): void;
	close(): void;
}

/** What a session needs from the world: the page's by default (`pageDeps`), fakes in a spec. */
export interface SessionDeps {
	store: SessionStore;
	/** The seats' workers for these choices (`sendKey`: whether an endpoint gets its saved key). */
	pool(
		scenario: string,
		choices: Record<number, ModelChoice>,
		sendKey: (baseUrl: string) => boolean
	): AgentPool;
	clock: SessionClock;
	locks: { claim(runId: string): Promise<SessionLock>; channel(runId: string): SessionChannel | null };
	newId(): string;
	/** This device's GPU, checked before a link's WebLLM seats may start a download. */
	detectGpu(): Promise<GpuCaps>;
}

function newRunId(): string {
	return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

const pageClock: SessionClock = {
	setTimeout: (fn, ms) => setTimeout(fn, ms),
	clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
	now: () => performance.now(),
	wallNow: () => Date.now(),
	...(typeof requestAnimationFrame === 'function'
		? {
				frame: (fn: () => void) => {
					const frame = requestAnimationFrame(fn);
					return () => cancelAnimationFrame(frame);
				}
			}
		: {})
};

function pageChannel(runId: string): SessionChannel | null {
	const channel = runChannel(runId);
	return (
		channel && {
			postMessage: (news) => channel.postMessage(news),
			onNews: (listener) =>
				channel.addEventListener('message', (e: MessageEvent<RunNews>) => listener(e.data)),
			close: () => channel.close()
		}
	);
}

/** The page's world: this tab's store, agent workers, timers, Web Locks and BroadcastChannel. */
export function pageDeps(store: SessionStore = runStore()): SessionDeps {
	return {
		store,
		pool: (scenario, choices, sendKey) => new AgentPool(scenario, choices, sendKey),
		clock: pageClock,
		locks: { claim: (id) => RunLock.claim(id), channel: pageChannel },
		newId: newRunId,
		detectGpu: () => detectGpu()
	};
}
