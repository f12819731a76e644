/** Small per-browser preferences (pacing, god view). They never affect a run's log. */
const PREFIX = 'conclave:';

export function savePreference(key: string, value: string): void {
	try {
		localStorage.setItem(PREFIX + key, value);
	} catch {
		// Storage may be blocked; a preference is not worth an error.
	}
}

export function loadPreference(key: string): string | null {
	try {
		return localStorage.getItem(PREFIX + key);
	} catch {
		return null;
	}
}
