/**
 * One writer per run, across the tabs of this browser: the Web Locks API grants `conclave-run:<id>` to
 * one tab at a time and hands it on when that tab closes (the browser releases the locks of a closed or
 * crashed tab itself). A tab that does not get the lock shows the run read-only and waits in the lock's
 * queue, so that it hears when it may take over.
 *
 * Writers tell followers what they committed on a BroadcastChannel of the same name.
 */

export type LockState = 'writer' | 'follower';

export class RunLock {
	readonly name: string;
	state: LockState = 'writer';
	#release: (() => void) | null = null;
	#abort = new AbortController();

	private constructor(runId: string) {
		this.name = `conclave-run:${runId}`;
	}

	/**
	 * Takes the run's lock if no other tab holds it. Where the browser has no Web Locks (an insecure
	 * context, an old browser) the tab writes as it always did: one tab, one writer, by convention.
	 */
	static async claim(runId: string): Promise<RunLock> {
		const lock = new RunLock(runId);
		const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
		if (!locks) return lock;
		const got = await new Promise<boolean>((resolve) => {
			void locks
				.request(lock.name, { ifAvailable: true }, (granted) => {
					if (!granted) {
						resolve(false);
						return undefined;
					}
					resolve(true);
					return new Promise<void>((release) => (lock.#release = release));
				})
				.catch(() => resolve(true));
		});
		if (!got) lock.state = 'follower';
		return lock;
	}

	/** A follower queues for the lock: `onGranted` runs once the writer's tab has let go. */
	waitForTurn(onGranted: () => void): void {
		if (this.state === 'writer' || this.#abort.signal.aborted) return;
		void navigator.locks
			.request(this.name, { signal: this.#abort.signal }, () => {
				this.state = 'writer';
				onGranted();
				return new Promise<void>((release) => (this.#release = release));
			})
			.catch(() => undefined);
	}

	/** Lets go of the lock (or leaves its queue). */
	release(): void {
		this.#abort.abort();
		this.#release?.();
		this.#release = null;
	}
}

/** What a writer announces after each committed write. */
export interface RunNews {
	saved: number;
}

export function runChannel(runId: string): BroadcastChannel | null {
	return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`conclave-run:${runId}`);
}

/**
 * The runs some tab of this browser is writing now (holds the lock of), or null where the browser
 * cannot say (no Web Locks). A run stored as running that no tab holds was cut off: its tab was closed
 * or crashed mid-run.
 */
export async function runsBeingWritten(): Promise<Set<string> | null> {
	const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
	if (!locks?.query) return null;
	try {
		const { held = [] } = await locks.query();
		const prefix = 'conclave-run:';
		return new Set(held.flatMap((l) => (l.name?.startsWith(prefix) ? [l.name.slice(prefix.length)] : [])));
	} catch {
		return null;
	}
}
