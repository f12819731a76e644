/**
 * Share links: the whole setup of a run (scenario, seed, config) in the URL fragment, which never
 * reaches a server. Format: `v<version>.<base64url of deflated JSON>`.
 *
 * Decoding never throws: whatever a person pastes, they get a result or a sentence saying what is
 * wrong with the link.
 */
import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import type { ConstraintMode, ModelChoice } from '../engines/types';
import { isSeed, loadRules, panelProblem, scenarios, seatCount } from '../scenarios';
import type { SharedRun } from '../scenarios/setup';
import type { Problem } from '../problem';
import { parseChoice } from './choice';
import { encodeShare, LINK_VERSION, toBase64Url } from './encode';

export { MAX_DEADLINE_S, MIN_DEADLINE_S, parseChoice } from './choice';

export { encodeShare, LINK_VERSION, sharePath } from './encode';

/** Longer fragments are refused before any decoding work. */
export const MAX_FRAGMENT = 4096;
/** The most a link may unpack to, in bytes: past it, a link is a deflate bomb. */
export const MAX_JSON = 16384;

/**
 * The longest fragment Conclave writes for a link with recorded replies, in characters. Links of
 * this size pass whole through the places people paste them: Slack (40,000-character messages),
 * Microsoft Teams (about 28,000), WhatsApp, Signal and e-mail (clients keep a link on one logical
 * line however they wrap the text), and every current browser's address bar (Chrome accepts 2 MB).
 * Telegram's 4,096- and Discord's 2,000-character messages are shorter: a link past those is cut
 * there, which the link's own check then reports as damaged. Past this limit the page offers the file.
 */
export const MAX_RECORDED_LINK = 8000;
const RECORDING_VERSION = 1;
/** Separates the setup from the recorded replies: `#v1.<setup>~r1.<replies>`. */
const RECORDING_MARK = '~r';
/** Bounds on what a recording may unpack to, checked before the work. */
const MAX_RECORDING_JSON = 512 * 1024;
const MAX_CALLS = 5000;
const MAX_REPLY = 32 * 1024;

export type { SharedRun };

/**
 * A link's recorded replies: every model call of the run in log order, each with the seat and ask it
 * answered, the first 16 hex digits of its request hash, the reply and its token counts; and where
 * the run ended (event count and log hash), which the replay must reach exactly. Tool calls are not
 * carried: a replay re-runs them over its own files, and the final hash checks them.
 */
export interface LinkRecording {
	events: number;
	logHash: string;
	calls: LinkCall[];
	/**
	 * The system seat's answers (governance's drift meter: the similarities its embedding model gave),
	 * in log order: what a replay reads back instead of measuring again. A row of the calls' format
	 * with its 13th column 1, its reply the answer's JSON. Absent when the run has none.
	 */
	measurements?: LinkMeasurement[];
}

export interface LinkMeasurement {
	seat: number;
	ask: string;
	/** The logged event's data (the answer, as a replay hands it back to be validated again). */
	answer: Record<string, unknown>;
}

export interface LinkCall {
	seat: number;
	ask: string;
	/** The first 16 hex digits of the call's request hash. */
	fingerprint: string;
	reply: string;
	finishReason: 'stop' | 'length' | 'error';
	promptTokens: number;
	completionTokens: number;
	transportError?: string;
	/** The lessons from earlier games the call's prompt carried, as [id, text]. */
	lessons?: [string, string][];
	/** How the engine constrained the reply (ModelCall.constraint), where it said. */
	constraint?: ConstraintMode;
	/** The client cut the reply at its budget (ModelCall.cutByClient): the replay holds it to that. */
	cutByClient?: true;
	/** The call of a panel's second model (`ModelChoice.panel`): both ask the same request. */
	second?: true;
}

/** A refusal's `error` is the English sentence; `problem` the same as data, said in the page's language. */
export type Decoded =
	{ ok: true; run: SharedRun; recording?: LinkRecording } | { ok: false; error: string; problem: Problem };

/**
 * What is wrong with a damaged link, as a kind (`why`, with its values) and in English. `detail` kinds
 * carry a sentence made elsewhere (a scenario's setup check, a seat's model, the recorded replies).
 */
type Damage = { why: string; values?: Record<string, string | number>; text: string };
const damage = (why: string, text: string, values?: Damage['values']): Damage => ({
	why,
	text,
	...(values ? { values } : {})
});

function fromBase64Url(text: string): Uint8Array | null {
	if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
	const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
	return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * Inflates at most `limit` bytes: a crafted link of 4 KB could otherwise unpack to megabytes (deflate
 * reaches about 1000:1) before its size is checked. Stops at the first chunk past the limit.
 */
export function inflateBounded(bytes: Uint8Array, limit: number): Uint8Array | 'too-much' | 'cut-short' {
	const chunks: Uint8Array[] = [];
	let size = 0;
	let over = false;
	let ended = false;
	const inflater = new Inflate((chunk, final) => {
		if (over) return;
		size += chunk.length;
		if (size > limit) over = true;
		else chunks.push(chunk);
		if (final) ended = true;
	});
	// Fed in small slices, so the inflater hands its output over (and can be stopped) as it goes.
	for (let i = 0; i < bytes.length && !over; i += 256) inflater.push(bytes.subarray(i, i + 256), false);
	if (!over) inflater.push(new Uint8Array(0), true);
	if (over) return 'too-much';
	if (!ended) return 'cut-short';
	const out = new Uint8Array(size);
	let at = 0;
	for (const c of chunks) {
		out.set(c, at);
		at += c.length;
	}
	return out;
}

/**
 * The scenario id a link's setup names, read without checking anything else; undefined where none can
 * be read (the link is damaged: `decodeShare` says how). Lets a page load that scenario's rules first.
 */
export function linkScenario(fragment: string): string | undefined {
	if (typeof fragment !== 'string') return undefined;
	const whole = fragment.replace(/^#/, '').trim();
	const cut = whole.indexOf(RECORDING_MARK);
	const text = cut < 0 ? whole : whole.slice(0, cut);
	const match = text.length <= MAX_FRAGMENT ? /^v\d{1,6}\.(.*)$/s.exec(text) : null;
	const bytes = match ? fromBase64Url(match[1] as string) : null;
	if (!bytes || bytes.length === 0) return undefined;
	try {
		const raw = inflateBounded(bytes, MAX_JSON);
		if (typeof raw === 'string') return undefined;
		const value: unknown = JSON.parse(strFromU8(raw));
		const s = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).s : undefined;
		return typeof s === 'string' ? s : undefined;
	} catch {
		return undefined;
	}
}

/**
 * `decodeShare` where a scenario's rules are loaded on demand (the play page, which registers none up
 * front): loads the rules of the scenario the link names, then decodes it, with the same result and
 * the same refusals as `decodeShare` where every scenario is registered.
 */
export async function decodeShareLoading(fragment: string): Promise<Decoded> {
	const id = linkScenario(fragment);
	if (id !== undefined) await loadRules(id);
	return decodeShare(fragment);
}

export function decodeShare(fragment: string): Decoded {
	const bad = (d: Damage): Decoded => ({
		ok: false,
		error: `This share link is damaged: ${d.text}.`,
		problem: { code: 'link-damaged', values: { why: d.why, ...d.values } }
	});
	if (typeof fragment !== 'string') return bad(damage('not-text', 'it is not text'));
	const whole = fragment.replace(/^#/, '').trim();
	const tooLong = damage('too-long', 'it is far too long');
	if (whole.length > MAX_RECORDED_LINK + MAX_FRAGMENT) return bad(tooLong);
	const cut = whole.indexOf(RECORDING_MARK);
	const text = cut < 0 ? whole : whole.slice(0, cut);
	if (!text) return bad(damage('empty', 'it is empty'));
	if (text.length > MAX_FRAGMENT) return bad(tooLong);
	const decoded = decodeSetup(text, bad);
	if (!decoded.ok || cut < 0) return decoded;
	const recording = decodeRecording(whole.slice(cut + RECORDING_MARK.length), decoded.run);
	if (typeof recording === 'string') return bad(damage('recording', recording, { detail: recording }));
	return { ...decoded, recording };
}

function decodeSetup(text: string, bad: (d: Damage) => Decoded): Decoded {
	const match = /^v(\d{1,6})\.(.*)$/s.exec(text);
	if (!match) return bad(damage('no-version', 'it does not start with a version (v1.)'));
	const version = Number(match[1]);
	if (version > LINK_VERSION)
		return {
			ok: false,
			error: `This link was made by a newer version of Conclave (link format v${version}; this site reads up to v${LINK_VERSION}). Reload the site to update it.`,
			problem: { code: 'link-newer', values: { version, reads: LINK_VERSION } }
		};
	if (version < 1) return bad(damage('no-format', `format v${version} does not exist`, { version }));
	const bytes = fromBase64Url(match[2] as string);
	if (!bytes || bytes.length === 0)
		return bad(damage('bad-characters', 'it contains characters a link cannot have, or was cut short'));
	const cutShort = damage('cut-short', 'it was cut short or altered');
	let json: string;
	try {
		const raw = inflateBounded(bytes, MAX_JSON);
		if (raw === 'too-much') return bad(damage('too-much', 'it unpacks to far too much data'));
		if (raw === 'cut-short') return bad(cutShort);
		json = strFromU8(raw);
	} catch {
		return bad(cutShort);
	}
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch {
		return bad(damage('unreadable', 'its contents are not readable'));
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return bad(damage('not-setup', 'its contents are not a run setup'));
	const { s, n, c, m } = value as Record<string, unknown>;
	if (typeof s !== 'string' || !Object.hasOwn(scenarios, s)) {
		const name = String(s).slice(0, 40);
		return bad(damage('unknown-scenario', `it names an unknown scenario (${name})`, { name }));
	}
	if (!isSeed(n)) return bad(damage('bad-seed', 'its seed is not a whole number from 0 to 4294967295'));
	const scenario = scenarios[s as string];
	const parsed = scenario!.parseConfig(c);
	if (!parsed.ok) return bad(damage('setup', parsed.error, { detail: parsed.error }));
	const run: SharedRun = { scenario: s, seed: n, config: scenario!.serializeConfig(parsed.config) };
	if (m !== undefined) {
		if (typeof m !== 'object' || m === null || Array.isArray(m))
			return bad(damage('seats-unreadable', 'its seat models are not readable'));
		const seats: Record<string, ModelChoice> = {};
		for (const [seat, raw] of Object.entries(m)) {
			if (!/^[1-9]\d?$/.test(seat)) {
				const name = seat.slice(0, 10);
				return bad(damage('unknown-seat', `it names a seat "${name}" that does not exist`, { seat: name }));
			}
			const choice = parseChoice(raw);
			if (typeof choice === 'string') return bad(damage('seat-model', choice, { seat, detail: choice }));
			if (Number(seat) > seatCount(s, run.config))
				return bad(
					damage('seat-absent', `it gives a model to seat ${seat}, which is not at the table`, { seat })
				);
			const panel = panelProblem(s, Number(seat), choice);
			if (panel) return bad(damage('seat-model', panel, { seat, detail: panel }));
			seats[seat] = choice;
		}
		run.seats = seats;
	}
	return { ok: true, run };
}

const FINISH = ['stop', 'length', 'error'] as const;
/** A measurement row's fingerprint column: it answers no request. */
const MEASUREMENT_FINGERPRINT = '0000000000000000';
const CONSTRAINTS: readonly ConstraintMode[] = ['none', 'grammar', 'json_schema', 'options'];

/** The fragment of a link carrying the setup and its recorded replies (no `#`). */
export function encodeRecordedShare(run: SharedRun, recording: LinkRecording): string {
	const json = JSON.stringify({
		e: recording.events,
		h: recording.logHash,
		c: recording.calls
			.map((c) => {
				const row: unknown[] = [
					c.seat,
					c.ask,
					c.fingerprint,
					c.reply,
					FINISH.indexOf(c.finishReason),
					c.promptTokens,
					c.completionTokens
				];
				// Optional columns, each a null where absent when a later one is present.
				const optional = [
					c.transportError ?? null,
					c.lessons ?? null,
					c.constraint !== undefined ? CONSTRAINTS.indexOf(c.constraint) : null,
					c.cutByClient ? 1 : null,
					c.second ? 1 : null
				];
				while (optional.length && optional.at(-1) === null) optional.pop();
				row.push(...optional);
				return row;
			})
			.concat(
				(recording.measurements ?? []).map((m) => [
					m.seat,
					m.ask,
					MEASUREMENT_FINGERPRINT,
					JSON.stringify(m.answer),
					0,
					0,
					0,
					null,
					null,
					null,
					null,
					null,
					1
				])
			)
	});
	const packed = toBase64Url(deflateSync(strToU8(json), { level: 9 }));
	return `${encodeShare(run)}${RECORDING_MARK}${RECORDING_VERSION}.${packed}`;
}

/** The recording part of a link (after `~r`), checked field by field: a recording, or why not. */
function decodeRecording(text: string, run: SharedRun): LinkRecording | string {
	const match = /^(\d{1,6})\.(.*)$/s.exec(text);
	if (!match) return 'its recorded replies have no version';
	const version = Number(match[1]);
	if (version > RECORDING_VERSION)
		return `its recorded replies were made by a newer version of Conclave (format r${version})`;
	if (version < 1) return `its recorded replies have an unknown format r${version}`;
	const body = match[2] as string;
	if (body.length > MAX_RECORDED_LINK) return 'its recorded replies are far too long';
	const bytes = fromBase64Url(body);
	if (!bytes || !bytes.length) return 'its recorded replies were cut short';
	let value: unknown;
	try {
		// Bounded like the setup: a short link must not unpack to megabytes before it is refused.
		const raw = inflateBounded(bytes, MAX_RECORDING_JSON);
		if (raw === 'too-much') return 'its recorded replies unpack to far too much data';
		if (raw === 'cut-short') return 'its recorded replies were cut short or altered';
		value = JSON.parse(strFromU8(raw));
	} catch {
		return 'its recorded replies were cut short or altered';
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return 'its recorded replies are not readable';
	const { e, h, c } = value as Record<string, unknown>;
	if (!Number.isSafeInteger(e) || (e as number) < 1)
		return 'its recorded replies do not say where the run ended';
	if (typeof h !== 'string' || !/^[0-9a-f]{64}$/.test(h)) return 'its recorded replies carry no log hash';
	if (!Array.isArray(c) || c.length > MAX_CALLS) return 'its recorded replies are not a list of calls';
	const seats = seatCount(run.scenario, run.config);
	const calls: LinkCall[] = [];
	const measurements: LinkMeasurement[] = [];
	for (const [i, row] of c.entries()) {
		const why = `recorded call ${i + 1} is not readable`;
		if (Array.isArray(row) && row.length === 13 && row[12] === 1) {
			// The system seat's answer (a measurement), not a model call.
			// Its seat is checked by the replay, which knows the scenario's system seat.
			const [seat, ask, , reply] = row as unknown[];
			if (!Number.isSafeInteger(seat) || (seat as number) < 1 || (seat as number) > 99) return why;
			if (typeof ask !== 'string' || ask.length > 120) return why;
			if (typeof reply !== 'string' || reply.length > MAX_REPLY) return why;
			let answer: unknown;
			try {
				answer = JSON.parse(reply);
			} catch {
				return why;
			}
			if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return why;
			measurements.push({ seat: seat as number, ask, answer: answer as Record<string, unknown> });
			continue;
		}
		if (!Array.isArray(row) || row.length < 7 || row.length > 12) return why;
		const [seat, ask, fingerprint, reply, finish, pt, ct, te, lessons, constraint, cut, second] =
			row as unknown[];
		if (!Number.isSafeInteger(seat) || (seat as number) < 1 || (seat as number) > seats) return why;
		const model = run.seats?.[String(seat)];
		if (!model || model.engine === 'scripted' || model.engine === 'human')
			return `recorded call ${i + 1} belongs to seat ${seat}, which no model plays`;
		if (typeof ask !== 'string' || ask.length > 120) return why;
		if (typeof fingerprint !== 'string' || !/^[0-9a-f]{16}$/.test(fingerprint)) return why;
		if (typeof reply !== 'string' || reply.length > MAX_REPLY) return why;
		if (finish !== 0 && finish !== 1 && finish !== 2) return why;
		if (!Number.isSafeInteger(pt) || !Number.isSafeInteger(ct) || (pt as number) < 0 || (ct as number) < 0)
			return why;
		if (te !== undefined && te !== null && (typeof te !== 'string' || te.length > 500)) return why;
		if (constraint !== undefined && constraint !== null && CONSTRAINTS[constraint as number] === undefined)
			return why;
		if (cut !== undefined && cut !== null && cut !== 1) return why;
		if (second !== undefined && second !== null && !(second === 1 && model.panel)) return why;
		if (
			lessons !== undefined &&
			lessons !== null &&
			!(
				Array.isArray(lessons) &&
				lessons.length <= 10 &&
				lessons.every(
					(l) =>
						Array.isArray(l) &&
						l.length === 2 &&
						typeof l[0] === 'string' &&
						l[0].length <= 100 &&
						typeof l[1] === 'string' &&
						l[1].length <= 2000
				)
			)
		)
			return why;
		calls.push({
			seat: seat as number,
			ask,
			fingerprint,
			reply,
			finishReason: FINISH[finish],
			promptTokens: pt as number,
			completionTokens: ct as number,
			...(typeof te === 'string' ? { transportError: te } : {}),
			...(lessons !== undefined && lessons !== null ? { lessons: lessons as [string, string][] } : {}),
			...(typeof constraint === 'number' ? { constraint: CONSTRAINTS[constraint] } : {}),
			...(cut === 1 ? { cutByClient: true as const } : {}),
			...(second === 1 ? { second: true as const } : {})
		});
	}
	return { events: e as number, logHash: h, calls, ...(measurements.length ? { measurements } : {}) };
}
