/**
 * Asking before a link's model seats run: a link never chooses where a request, or a saved key, goes.
 * The endpoints its seats name wait for the person's word (`confirmEndpoints`), and each gets this
 * browser's saved key only where the person attaches it; on a software WebGPU adapter its WebLLM
 * seats' downloads (unplayably slow there) wait for a yes too (`confirmDownloads`). A run the person
 * set up asks nothing, and every saved key goes with its endpoint's requests.
 */
import type { GpuCaps } from '$lib/engines/gpu';
import type { ModelChoice } from '$lib/engines/types';
import { normaliseBaseUrl } from '$lib/engines/base-url';
import { slowDownloads, type SlowDownload } from '$lib/engines/slow-downloads';
import { loadApiKey } from '$lib/storage/secrets';
import type { Consent } from './session-status';

/** An endpoint a link named, waiting for the person's word before any request goes to it. */
export interface EndpointAsk {
	baseUrl: string;
	models: string[];
	seats: number[];
	/** Whether this browser holds a key for it (sent only if the person attaches it). */
	savedKey: boolean;
}

export class LinkConsent {
	/** The endpoints a link's seats name, until the person confirms them. Empty for the person's own setup. */
	endpoints: EndpointAsk[] = $state.raw([]);
	/** The slow WebLLM downloads a link's seats would start, until the person says yes. */
	downloads: SlowDownload[] = $state.raw([]);
	/** Settles once a link's WebLLM seats were checked against this device's GPU (`downloads`). */
	#downloadCheck: Promise<void> | null = null;
	/** Endpoints whose saved key goes with requests: null for the person's own setup (every saved key). */
	#keysAttached: Set<string> | null;

	/** The person's own setup (`keysAttached` absent: every saved key), or a saved run's attached keys. */
	constructor(keysAttached?: readonly string[]) {
		this.#keysAttached = keysAttached ? new Set(keysAttached) : null;
	}

	/**
	 * A link's seats: their endpoints wait for the person's word and no saved key is attached; where
	 * one plays a WebLLM build, the device's GPU is asked whether its download would be slow.
	 */
	static forLink(choices: Record<number, ModelChoice>, detectGpu: () => Promise<GpuCaps>): LinkConsent {
		const consent = new LinkConsent([]);
		consent.endpoints = endpointsOf(choices);
		if (Object.values(choices).some((c) => c.engine === 'webllm'))
			consent.#downloadCheck = detectGpu().then((caps) => {
				consent.downloads = slowDownloads(choices, caps);
			});
		return consent;
	}

	/** Whether anything still waits for the person's word. */
	get consent(): Consent {
		return this.endpoints.length || this.downloads.length ? 'asked' : 'given';
	}

	/** The device's check while there is one (null: none), which play waits for. */
	get checking(): Promise<void> | null {
		return this.#downloadCheck;
	}

	/** The person's word on the endpoints: each gets this browser's saved key only where `attachKey` names it. */
	confirmEndpoints(attachKey: readonly string[] = []): void {
		this.#keysAttached = new Set(attachKey.map(normalised));
		this.endpoints = [];
	}

	/** The person's yes to the slow downloads. */
	confirmDownloads(): void {
		this.downloads = [];
	}

	/** Whether a request to `baseUrl` carries this browser's saved key for it. */
	sendsKey(baseUrl: string): boolean {
		return this.#keysAttached === null || this.#keysAttached.has(normalised(baseUrl));
	}

	/**
	 * The person chose this endpoint themselves (a seat given another model): its saved key may go
	 * with it. Returns the keys attached now, to save with the run, or null when every key goes.
	 */
	attach(baseUrl: string): string[] | null {
		if (!this.#keysAttached) return null;
		this.#keysAttached.add(normalised(baseUrl));
		return [...this.#keysAttached];
	}

	/** The keys attached, as saved with the run; absent for the person's own setup (every key). */
	get keysAttached(): string[] | undefined {
		return this.#keysAttached ? [...this.#keysAttached] : undefined;
	}
}

function normalised(baseUrl: string): string {
	try {
		return normaliseBaseUrl(baseUrl);
	} catch {
		return baseUrl;
	}
}

/** The OpenAI-compatible endpoints these seats would send requests to, one entry per endpoint. */
function endpointsOf(choices: Record<number, ModelChoice>): EndpointAsk[] {
	const out = new Map<string, EndpointAsk>();
	// A panel's second model may ask another endpoint: a link names it only with the person's consent too.
	const all = Object.entries(choices).flatMap(([seat, c]) =>
		c.panel
			? [
					[seat, c],
					[seat, c.panel]
				]
			: [[seat, c]]
	);
	for (const [seat, c] of all as [string, ModelChoice][]) {
		if (c.engine !== 'openai' || !c.baseUrl) continue;
		const key = normalised(c.baseUrl);
		const ask = out.get(key) ?? {
			baseUrl: key,
			models: [],
			seats: [],
			savedKey: loadApiKey(c.baseUrl) !== null
		};
		if (c.model && !ask.models.includes(c.model)) ask.models.push(c.model);
		if (!ask.seats.includes(Number(seat))) ask.seats.push(Number(seat));
		out.set(key, ask);
	}
	return [...out.values()];
}
