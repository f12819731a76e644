/**
 * Every error a person reads, in the interface's language. Two ways in:
 *
 * - `problemText(problem)`: a problem made in this thread as data (`$lib/problem`: a kind and its
 *   values), e.g. a damaged link or run file, full storage. Its English is the same sentence the
 *   source writes into `error` / `message` (specs check that they agree).
 * - `errorText(english)`: a sentence that reached the page as text only. Errors that cross a worker
 *   carry their problem (workers/problems.ts; an interrupted turn's in `AgentReply.interrupted`), a
 *   run's stop reason is saved with its problem (`stoppedProblem`), and a failed call's
 *   `transportError` stays English in the log (the log must not depend on the language) and is never
 *   shown: the problem travels beside it. What is still read back: stop reasons of runs saved before
 *   `stoppedProblem` existed (the Runs page), and errors with no known kind (a library's own throw).
 *   These sentences were written by this site's own code (agent-pool, engines, game session), so
 *   their forms are known: `errorText` reads the form back into a kind and values. A sentence it does
 *   not know is framed in this language, its words shown as they came (`detail`).
 *
 * What a translation cannot carry (a server's own words, a browser's crash message, a scenario's
 * setup check) comes back as `detail`, which the page shows as quoted program output (`<code>`).
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { ModelChoice } from '$lib/engines/types';
import type { Problem, ProblemCode } from '$lib/problem';
import { choiceName } from './engine-names';
import type { StorageProblem } from '$lib/storage/runs';

/** What the page shows for an error: the sentence, and words from elsewhere to show as they are. */
export interface Said {
	text: string;
	detail?: string;
}

type Values = Record<string, string | number>;
const str = (v: Values, k: string): string => String(v[k] ?? '');

/** What a run file's header lacks (run/run-file.ts `headerShape`). */
const HEADER_WHY: Record<string, (v: Values) => string> = {
	'no-scenario': pick(m.err_file_header_no_scenario),
	'no-seed': pick(m.err_file_header_no_seed),
	'no-setup': pick(m.err_file_header_no_setup),
	'no-players': pick(m.err_file_header_no_players)
};

/** What is wrong with one event (run/run-file.ts `eventShape`); `n` is its line or event number. */
const EVENT_WHY: Record<string, (v: Values) => string> = {
	'not-event': pick(m.err_event_not_event, 'n'),
	'no-seq': pick(m.err_event_no_seq, 'n'),
	'no-tick': pick(m.err_event_no_tick, 'n'),
	'no-kind': pick(m.err_event_no_kind, 'n'),
	'no-link': pick(m.err_event_no_link, 'n'),
	'no-hash': pick(m.err_event_no_hash, 'n'),
	'no-data': pick(m.err_event_no_data, 'n'),
	'bad-meta': pick(m.err_event_bad_meta, 'n')
};

/**
 * A message that takes the problem's values named by `keys` (as text): typed, so that a message
 * asking for a value the keys do not name does not compile.
 */
function pick<K extends string>(say: (inputs: Record<K, string>) => string, ...keys: K[]) {
	return (v: Values): string => say(Object.fromEntries(keys.map((k) => [k, str(v, k)])) as Record<K, string>);
}

/** Why a share link is damaged (share/link.ts `damage`), as the words after "damaged:". */
const LINK_WHY: Record<string, (v: Values) => string> = {
	'not-text': pick(m.err_link_not_text),
	'too-long': pick(m.err_link_too_long),
	empty: pick(m.err_link_empty),
	'no-version': pick(m.err_link_no_version),
	'no-format': pick(m.err_link_no_format, 'version'),
	'bad-characters': pick(m.err_link_bad_characters),
	'too-much': pick(m.err_link_too_much),
	'cut-short': pick(m.err_link_cut_short),
	unreadable: pick(m.err_link_unreadable),
	'not-setup': pick(m.err_link_not_setup),
	'unknown-scenario': pick(m.err_link_unknown_scenario, 'name'),
	'bad-seed': pick(m.err_link_bad_seed),
	setup: pick(m.err_link_setup, 'detail'),
	'seats-unreadable': pick(m.err_link_seats_unreadable),
	'unknown-seat': pick(m.err_link_unknown_seat, 'seat'),
	'seat-model': pick(m.err_link_seat_model, 'seat', 'detail'),
	'seat-absent': pick(m.err_link_seat_absent, 'seat'),
	recording: pick(m.err_link_recording, 'detail')
};
/** A sub-kind's words from its table, or the sub-kind itself where the table has none. */
const whyIn = (table: Record<string, (v: Values) => string>, v: Values): string =>
	table[str(v, 'why')]?.(v) ?? str(v, 'why');

/** What the GPU was doing when it failed (engines/webllm-errors.ts): loading the model, or a reply. */
const doingOf = (v: Values): string =>
	str(v, 'phase') === 'chat'
		? m.err_doing_replying({ model: str(v, 'model') })
		: m.err_doing_loading({ model: str(v, 'model') });

/** A limit a request ran past (`ms`), as engines/openai.ts words it: milliseconds under a second. */
const timeOf = (v: Values): string => {
	const ms = Number(v.ms ?? 0);
	return ms < 1000 ? m.err_time_ms({ n: ms }) : m.err_time_s({ n: Math.round(ms / 1000) });
};

/** Whose worker stopped (state/agent-pool.svelte.ts `spawn`): a seat's agent, the Tool Agent, a model's engine. */
function workerOf(v: Values): string {
	if (v.who === 'seat') return m.err_who_seat({ seat: str(v, 'seat') });
	if (v.who === 'tools') return m.err_who_tools();
	return m.err_who_engine({
		name: choiceName({
			engine: str(v, 'engine') as ModelChoice['engine'],
			model: str(v, 'model'),
			...(v.device === 'webgpu' ? { device: 'webgpu' as const } : {})
		})
	});
}

/** An endpoint's sentence, and how often the request was sent when it was tried more than once. */
const triedOf = (v: Values): string => (v.tried !== undefined ? m.err_tried({ n: str(v, 'tried') }) : '');
const tried =
	<K extends string>(say: (inputs: Record<K, string>) => string, ...keys: K[]) =>
	(v: Values): string =>
		pick(say, ...keys)(v) + triedOf(v);

/**
 * Every problem's sentence: a mapped type over ProblemCode, so a new kind without one does not compile.
 * `inner` is the sentence of the problem's `cause` (or "an error occurred" when it has none).
 */
const SENTENCE: { [C in ProblemCode]: (v: Values, inner: string) => string } = {
	'file-empty': pick(m.err_file_empty),
	'file-not-text': pick(m.err_file_not_text),
	'file-unreadable': pick(m.err_file_unreadable),
	'file-too-large': pick(m.err_file_too_large, 'mb', 'max'),
	'file-too-many-events': pick(m.err_file_too_many_events, 'events', 'max'),
	'file-not-a-log': pick(m.err_file_not_a_log),
	'file-newer': pick(m.err_file_newer, 'format', 'reads'),
	'file-header-invalid': (v) => m.err_file_header_invalid({ why: whyIn(HEADER_WHY, v) }),
	'file-header-setup': pick(m.err_file_header_setup, 'detail'),
	'file-event-too-long': pick(m.err_file_event_too_long, 'event', 'kb'),
	'file-line-unreadable': pick(m.err_file_line_unreadable, 'line', 'event'),
	'file-event-damaged': (v) => m.err_file_event_damaged({ what: whyIn(EVENT_WHY, v) }),
	'file-altered-sequence': pick(m.err_file_altered_sequence, 'event', 'kind', 'seq'),
	'file-other-run': pick(m.err_file_other_run, 'event', 'kind'),
	'file-altered-link': pick(m.err_file_altered_link, 'event', 'kind', 'prev'),
	'file-altered-hash': pick(m.err_file_altered_hash, 'event', 'kind'),
	'file-header-too-long': pick(m.err_file_header_too_long, 'kb'),
	'file-header-field': pick(m.err_file_header_field, 'field'),
	'file-event-too-deep': pick(m.err_file_event_too_deep, 'event', 'max'),
	'file-event-not-finite': pick(m.err_file_event_not_finite, 'event'),
	'file-event-illegal': pick(m.err_file_event_illegal, 'event', 'kind'),
	'file-event-invalid': pick(m.err_file_event_invalid, 'event', 'kind'),
	'file-replay-diverged': pick(m.err_file_replay_diverged, 'event', 'kind'),
	'file-replay-stopped': pick(m.err_file_replay_stopped, 'event', 'kind', 'detail'),
	'file-replay-ended': pick(m.err_file_replay_ended, 'made', 'events'),
	'file-class-log': pick(m.err_file_class_log, 'detail'),
	'file-class-log-in': pick(m.err_file_class_log_in, 'detail'),
	'file-store-failed': pick(m.err_file_store_failed, 'detail'),
	'file-storage-full': pick(m.err_file_storage_full),
	'storage-unavailable': pick(m.err_storage_unavailable),
	'storage-quota': pick(m.err_storage_quota),
	'storage-failed': pick(m.err_storage_failed, 'detail'),
	'storage-blocked': pick(m.err_storage_blocked),
	'storage-outdated': pick(m.err_storage_outdated),
	'link-damaged': (v) => m.err_link_damaged({ why: whyIn(LINK_WHY, v) }),
	'link-newer': pick(m.err_link_newer, 'version', 'reads'),
	'link-setup': pick(m.err_link_replay_setup, 'detail'),
	'link-altered-call': pick(m.err_link_altered_call, 'call', 'detail'),
	'link-altered': pick(m.err_link_altered, 'event', 'kind'),
	'link-replay-stopped': pick(m.err_link_replay_stopped, 'event', 'kind', 'detail'),
	'link-replay-ended': pick(m.err_link_replay_ended, 'made', 'events'),
	'run-evicted': pick(m.err_run_evicted),
	'run-missing': pick(m.err_run_missing),
	'run-damaged': pick(m.err_run_damaged, 'detail', 'event'),
	'run-imported': pick(m.err_run_imported),
	'run-not-started': (_v, inner) => m.err_wrap_not_started({ inner: ended(inner) }),
	'run-start-retry': (_v, inner) => m.err_wrap_saved_retry({ inner: ended(inner) }),
	'run-paused-retry': (_v, inner) => m.err_wrap_retry({ inner: ended(inner) }),
	'run-stopped': (_v, inner) => m.err_wrap_stopped({ inner: open(inner) }),
	'run-replay-stopped': (_v, inner) => m.err_wrap_replay({ inner }),
	'run-after-game': (_v, inner) => m.err_wrap_after({ inner }),
	'run-follow-failed': (_v, inner) => m.err_wrap_follow({ inner: open(inner) }),
	'worker-crashed': (v) => m.err_worker_crashed({ who: workerOf(v), why: str(v, 'detail') }),
	'seat-not-running': pick(m.err_seat_not_running, 'seat'),
	'model-load-failed': (v, inner) =>
		m.err_could_not_load({
			model: choiceName({
				engine: str(v, 'engine') as ModelChoice['engine'],
				model: str(v, 'model'),
				...(v.device === 'webgpu' ? { device: 'webgpu' as const } : {})
			}),
			inner
		}),
	'engine-no-gpu': pick(m.err_load_no_gpu, 'model'),
	'engine-gpu-limits': pick(m.err_load_limits, 'model'),
	'engine-f16': pick(m.err_load_f16, 'model'),
	'engine-gpu-memory': (v) => m.err_load_gpu_memory({ doing: doingOf(v) }),
	'engine-gpu-stopped': (v) => m.err_load_gpu_stopped({ doing: doingOf(v) }),
	'engine-files-damaged': pick(m.err_load_damaged, 'model'),
	'engine-storage-full': pick(m.err_load_storage, 'model'),
	'engine-unknown-model': pick(m.err_load_unknown_model, 'model'),
	'engine-offline': pick(m.err_load_offline, 'model'),
	'engine-download': pick(m.err_load_download, 'model'),
	'engine-download-failed': pick(m.err_load_download_failed, 'model'),
	'engine-hub-refused': pick(m.err_load_hub_refused, 'model'),
	'engine-hub-missing': pick(m.err_load_hub_missing, 'model'),
	'engine-host-failed': pick(m.err_load_host_failed, 'model'),
	'engine-files-missing': pick(m.err_load_missing_files, 'model'),
	'engine-files-broken': pick(m.err_load_broken_files, 'model'),
	'engine-tokenizer': pick(m.err_load_tokenizer, 'model'),
	'engine-no-memory': pick(m.err_load_no_memory, 'model'),
	'engine-load-failed': pick(m.err_load_failed, 'model'),
	'engine-cannot-run': pick(m.err_load_cannot_run, 'model'),
	'engine-host-refused': pick(m.err_load_host_refused, 'model', 'status'),
	'engine-host-missing': pick(m.err_load_host_missing, 'model'),
	'engine-host-limited': pick(m.err_load_host_limited),
	'engine-host-error': pick(m.err_load_host_error, 'status'),
	'engine-cancelled': (v) =>
		str(v, 'phase') === 'chat'
			? m.err_reply_stopped({ model: str(v, 'model') })
			: m.err_load_cancelled({ model: str(v, 'model') }),
	'model-cache-unreadable': pick(m.err_model_cache_unreadable),
	'engine-gpu-lost': pick(m.err_gpu_lost, 'model'),
	'engine-timeout': pick(m.err_engine_timeout, 'model'),
	'endpoint-needs-key': tried(m.err_endpoint_needs_key, 'url', 'status'),
	'endpoint-refused-key': tried(m.err_endpoint_refused_key, 'url', 'status'),
	'endpoint-rate-limited': tried(m.err_endpoint_rate_limited, 'url'),
	'endpoint-failed': tried(m.err_endpoint_failed, 'url', 'status'),
	'endpoint-no-model': tried(m.err_endpoint_no_model, 'model'),
	'endpoint-refused': tried(m.err_endpoint_refused, 'status'),
	'endpoint-nothing-at': tried(m.err_endpoint_nothing_at, 'url'),
	'endpoint-unreachable': tried(m.err_endpoint_unreachable, 'url'),
	'endpoint-offline': tried(m.err_endpoint_offline, 'url'),
	'endpoint-cors': tried(m.err_endpoint_cors, 'url', 'origin'),
	'endpoint-dropped': tried(m.err_endpoint_dropped, 'url'),
	'endpoint-deadline': (v) => m.err_endpoint_deadline({ url: str(v, 'url'), time: timeOf(v) }),
	'endpoint-silent': (v) => m.err_endpoint_silent({ url: str(v, 'url'), time: timeOf(v) }) + triedOf(v),
	'endpoint-bad-json': tried(m.err_endpoint_bad_json, 'url'),
	'endpoint-no-reply': tried(m.err_endpoint_no_reply, 'url'),
	'endpoint-cut-short': tried(m.err_endpoint_cut_short, 'url'),
	'endpoint-reported': tried(m.err_endpoint_reported, 'url'),
	'url-empty': pick(m.err_url_empty),
	'url-scheme': pick(m.err_url_scheme),
	'url-invalid': pick(m.err_url_invalid),
	'url-plain-http': pick(m.err_url_plain_http, 'host'),
	'url-credentials': pick(m.err_url_credentials),
	'url-query': pick(m.err_url_query)
};

/** The sentence for a problem (and the problems it follows from), in the interface's language. */
export function problemSentence(p: Problem): string {
	return SENTENCE[p.code](p.values ?? {}, p.cause ? problemSentence(p.cause) : m.err_unknown());
}

/**
 * The problems whose sentences never hold their `detail` (an engine's or a server's own words), in
 * English too: the detail is always shown beside them. They are the ones that can be a `cause`.
 */
const DETAIL_APART = (code: ProblemCode): boolean =>
	/^(engine|endpoint|url|model|run-(not-started|start-retry|paused-retry|stopped|replay-stopped|after-game|follow-failed)$)/.test(
		code
	);

/**
 * Values that are words from elsewhere (a scenario's check, a server, a browser): in English they
 * are part of the run file's and storage's sentences; otherwise the sentence says what happened
 * without them, and they are shown beside it as they are. The innermost cause's words are shown.
 */
function foreignDetail(p: Problem): string | undefined {
	if (p.cause) return foreignDetail(p.cause) ?? ownDetail(p);
	return ownDetail(p);
}

function ownDetail(p: Problem): string | undefined {
	if (getLocale() === 'en' && !DETAIL_APART(p.code)) return undefined;
	const detail = p.values?.detail;
	return typeof detail === 'string' && detail ? detail : undefined;
}

/** A problem, said in the interface's language. */
export function problemText(p: Problem): Said {
	const detail = foreignDetail(p);
	return { text: problemSentence(p), ...(detail ? { detail } : {}) };
}

/** What the page says of a storage problem. */
export function storageProblemText(p: StorageProblem): Said {
	return problemText(p.problem);
}

/** An import refused (state/import-run.ts): the problem, then that nothing was imported. */
export function importRefusedText(p: Problem): Said {
	const said = problemText(p);
	return { ...said, text: `${said.text} ${m.err_nothing_imported()}` };
}

// ---- Sentences that arrive as text (see the module comment) ----

type Reader = [RegExp, (g: string[]) => Said | null];

/** "seat 3", "the Tool Agent", "engine …": whose worker stopped (state/agent-pool.svelte.ts `spawn`). */
function who(name: string): string {
	const seat = /^seat (\d+)$/.exec(name);
	if (seat) return m.err_who_seat({ seat: seat[1]! });
	if (name === 'the Tool Agent') return m.err_who_tools();
	const engine = /^engine (.+)$/.exec(name);
	if (engine) return m.err_who_engine({ name: engine[1]! });
	return name;
}

/** A server's words after an HTTP status ("…(HTTP 500): it said this"), kept as they are. */
const SAID = '(?:: (.*?))?';
const TRIED = '(?: \\(tried (\\d+) times\\))?';

function withServer(text: string, said: string | undefined, tried: string | undefined): Said {
	const full = tried ? `${text}${m.err_tried({ n: tried })}` : text;
	return said ? { text: full, detail: said } : { text: full };
}

/** The sentences an engine or worker writes (engines/openai.ts, engines/host.ts, agent-pool). */
const INNER: Reader[] = [
	[
		/^(seat \d+|the Tool Agent|engine .+?) stopped working \((.*)\)\. The run is paused and saved\.$/s,
		([name, why]) => ({ text: m.err_worker_crashed({ who: who(name!), why: why! }), detail: why! })
	],
	[
		/^the agent of seat (\d+) is not running$/,
		([seat]) => ({ text: m.err_seat_not_running({ seat: seat! }) })
	],
	[
		/^The GPU stopped working while (.+?) was answering \(.*\)\. The run is paused and saved; .+ loads again when you resume\.$/s,
		([model]) => ({ text: m.err_gpu_lost({ model: model! }) })
	],
	[
		new RegExp(`^The endpoint (\\S+) needs an API key \\(HTTP (\\d+)\\)${SAID}${TRIED}$`, 's'),
		([url, status, said, tried]) =>
			withServer(m.err_endpoint_needs_key({ url: url!, status: status! }), said, tried)
	],
	[
		new RegExp(`^The endpoint (\\S+) refused the key \\(HTTP (\\d+)\\)${SAID}${TRIED}$`, 's'),
		([url, status, said, tried]) =>
			withServer(m.err_endpoint_refused_key({ url: url!, status: status! }), said, tried)
	],
	[
		new RegExp(`^The endpoint (\\S+) is rate-limiting requests \\(HTTP 429\\)${SAID}${TRIED}$`, 's'),
		([url, said, tried]) => withServer(m.err_endpoint_rate_limited({ url: url! }), said, tried)
	],
	[
		new RegExp(`^The endpoint (\\S+) failed \\(HTTP (\\d+)\\)${SAID}${TRIED}$`, 's'),
		([url, status, said, tried]) =>
			withServer(m.err_endpoint_failed({ url: url!, status: status! }), said, tried)
	],
	[
		new RegExp(`^The endpoint has no model "(.*?)"${SAID}${TRIED}$`, 's'),
		([model, said, tried]) => withServer(m.err_endpoint_no_model({ model: model! }), said, tried)
	],
	[
		new RegExp(`^The endpoint refused the request \\(HTTP (\\d+)\\)${SAID}${TRIED}$`, 's'),
		([status, said, tried]) => withServer(m.err_endpoint_refused({ status: status! }), said, tried)
	],
	[
		new RegExp(`^Nothing answers at (\\S+) \\(HTTP 404\\)\\. .*?${TRIED}$`, 's'),
		([url, tried]) => withServer(m.err_endpoint_nothing_at({ url: url! }), undefined, tried)
	],
	[
		new RegExp(
			`^Could not reach (\\S+) \\((.*)\\)\\. Is the server running, and is the URL right\\?${TRIED}$`,
			's'
		),
		([url, why, tried]) => withServer(m.err_endpoint_unreachable({ url: url! }), why, tried)
	],
	[
		new RegExp(
			`^This browser is offline, so (\\S+) cannot be reached\\. Reconnect and try again\\.${TRIED}$`,
			's'
		),
		([url, tried]) => withServer(m.err_endpoint_offline({ url: url! }), undefined, tried)
	],
	[
		new RegExp(
			`^Could not reach (\\S+) from this page\\. .*? allow requests from (\\S+) \\(CORS\\)\\..*?${TRIED}$`,
			's'
		),
		([url, origin, tried]) =>
			withServer(m.err_endpoint_cors({ url: url!, origin: origin! }), undefined, tried)
	],
	[
		new RegExp(`^The connection to (\\S+) dropped while the reply was streaming \\((.*)\\)\\.${TRIED}$`, 's'),
		([url, why, tried]) => withServer(m.err_endpoint_dropped({ url: url! }), why, tried)
	]
];

/** An inner sentence ended (the wrapper goes on with a sentence of its own), or left open (it goes on). */
const ended = (inner: string) => (/[。.!?！？]$/.test(inner) ? inner : `${inner}${m.sentence_end()}`);
const open = (inner: string) => inner.replace(/[。.]$/, '');

/** "loading X" or "X was replying": what the GPU was doing (engines/webllm-errors.ts). */
function doing(what: string): string {
	const loading = /^loading (.+)$/.exec(what);
	if (loading) return m.err_doing_loading({ model: loading[1]! });
	const replying = /^(.+) was replying$/.exec(what);
	return replying ? m.err_doing_replying({ model: replying[1]! }) : what;
}

const FALLBACK = 'You can use transformers\\.js \\(WASM\\) or scripted agents instead\\.';
const SMALLER = 'The run is paused and saved; resume with a smaller model\\.';
const RETRY = 'Check your connection and retry\\.';
const ABOUT = '(?: \\(about [\\d,]+ MB\\))?';
const modelSaid =
	(say: (i: { model: string }) => string) =>
	([model, detail]: string[]): Said =>
		detail ? { text: say({ model: model! }), detail } : { text: say({ model: model! }) };

/** Loading a model (engines/webllm-errors.ts, engines/transformers.ts) and an endpoint's URL (engines/base-url.ts). */
const LOADING: Reader[] = [
	[
		new RegExp(`^No GPU is available to WebGPU in this browser, so (.+) cannot run here\\. ${FALLBACK}$`),
		modelSaid(m.err_load_no_gpu)
	],
	[
		new RegExp(`^This GPU's WebGPU limits are too small for WebLLM, so (.+) cannot run here\\. ${FALLBACK}$`),
		modelSaid(m.err_load_limits)
	],
	[
		/^This build of (.+) needs 16-bit float shaders \(shader-f16\), which this GPU does not offer\. Choose its q4f32 build or another model\.$/,
		modelSaid(m.err_load_f16)
	],
	[
		new RegExp(`^The GPU ran out of memory while (.+)\\. ${SMALLER}$`),
		([what]) => ({ text: m.err_load_gpu_memory({ doing: doing(what!) }) })
	],
	[
		new RegExp(`^The GPU stopped working while (.+), most often because it ran out of memory\\. ${SMALLER}$`),
		([what]) => ({ text: m.err_load_gpu_stopped({ doing: doing(what!) }) })
	],
	[
		/^The downloaded files of (.+?) are damaged or incomplete\. Delete .+ from this browser's model storage and download it again\.$/,
		modelSaid(m.err_load_damaged)
	],
	[
		/^There is not enough storage space in this browser to keep (.+?)\. Delete downloaded models you no longer use, or free disk space, then retry\.$/,
		modelSaid(m.err_load_storage)
	],
	[
		/^"(.+)" is not a model WebLLM knows\. Choose a model from the list\.$/,
		modelSaid(m.err_load_unknown_model)
	],
	[
		new RegExp(
			`^This browser is offline, so (.+?)${ABOUT} cannot be downloaded\\. ${RETRY} Models already downloaded work offline\\.$`
		),
		modelSaid(m.err_load_offline)
	],
	[new RegExp(`^(.+?)${ABOUT} could not be downloaded\\. ${RETRY}$`), modelSaid(m.err_load_download)],
	[/^You are offline, so (.+) cannot be downloaded\.$/, modelSaid(m.err_load_offline_hub)],
	[/^Downloading (.+?) failed: (.*)$/s, modelSaid(m.err_load_download_failed)],
	[/^The model files for (.+?) are missing at \S+: (.*)$/s, modelSaid(m.err_load_missing_files)],
	[/^The model files for (.+?) at \S+ are broken: (.*)$/s, modelSaid(m.err_load_broken_files)],
	[/^There is not enough memory to load (.+)\.$/, modelSaid(m.err_load_no_memory)],
	[/^Loading (.+?) failed: (.*)$/s, modelSaid(m.err_load_failed)],
	[
		/^The model host refused to send (.+) \(HTTP (\d+)\)\.$/,
		([model, status]) => ({ text: m.err_load_host_refused({ model: model!, status: status! }) })
	],
	[/^The files of (.+) were not found on the model host \(HTTP 404\)\.$/, modelSaid(m.err_load_host_missing)],
	[
		/^The model host is limiting downloads right now\. Wait a minute and retry\.$/,
		() => ({ text: m.err_load_host_limited() })
	],
	[
		/^The model host had a problem \(HTTP (\d+)\)\. Retry in a while\.$/,
		([status]) => ({ text: m.err_load_host_error({ status: status! }) })
	],
	[/^Loading (.+) was cancelled\.$/, modelSaid(m.err_load_cancelled)],
	[/^The reply from (.+) was stopped\.$/, modelSaid(m.err_reply_stopped)],
	[/^The endpoint URL is empty: /, () => ({ text: m.err_url_empty() })],
	[/^The endpoint URL must start with http:\/\/ or https:\/\//, () => ({ text: m.err_url_scheme() })],
	[/^The endpoint URL is not a valid URL /, () => ({ text: m.err_url_invalid() })],
	[
		/^The endpoint URL must use https:\/\/ unless it runs on this machine .*? over plain http to (\S+), /,
		([host]) => ({ text: m.err_url_plain_http({ host: host! }) })
	],
	[/^The endpoint URL contains a user name or password\./, () => ({ text: m.err_url_credentials() })],
	[/^The endpoint URL has a query string or fragment\./, () => ({ text: m.err_url_query() })],
	// Last: the loosest form.
	[/^(.+?) cannot run here: (.*)$/s, modelSaid(m.err_load_cannot_run)]
];

/** How the game session wraps an inner sentence (state/game.svelte.ts), outermost first. */
const OUTER: [RegExp, (inner: string) => string][] = [
	[/^(.*) Press play to retry\.$/s, (inner) => m.err_wrap_retry({ inner: ended(inner) })],
	[
		/^The run stopped: (.*)\. It is saved up to the last event shown\.$/s,
		(inner) => m.err_wrap_stopped({ inner: open(inner) })
	],
	[
		/^(.*) The run is saved; press play to try again\.$/s,
		(inner) => m.err_wrap_saved_retry({ inner: ended(inner) })
	],
	[/^(.*) Nothing was started\.$/s, (inner) => m.err_wrap_not_started({ inner: ended(inner) })],
	[/^This replay stopped: (.*)$/s, (inner) => m.err_wrap_replay({ inner })],
	[/^After the game: (.*)$/s, (inner) => m.err_wrap_after({ inner })],
	[
		/^This tab could not follow the run: (.*)\. Reload the page\.$/s,
		(inner) => m.err_wrap_follow({ inner: open(inner) })
	]
];

function readInner(text: string): Said | null {
	// The agent pool names the model it could not load, then says why (state/agent-pool.svelte.ts).
	const load = /^Could not load (.+?): (.*)$/s.exec(text);
	if (load) {
		const why = readInner(load[2]!);
		return why
			? { ...why, text: m.err_could_not_load({ model: load[1]!, inner: why.text }) }
			: { text: m.err_could_not_load({ model: load[1]!, inner: m.err_unknown() }), detail: load[2]! };
	}
	for (const [pattern, read] of [...INNER, ...LOADING]) {
		const match = pattern.exec(text);
		if (match) return read(match.slice(1));
	}
	return null;
}

/**
 * A sentence this site wrote in English, in the interface's language where its form is known;
 * otherwise framed in it, with the sentence as `detail` (in English: as it came).
 */
export function errorText(english: string): Said {
	if (getLocale() === 'en') return { text: english };
	for (const [pattern, wrap] of OUTER) {
		const match = pattern.exec(english);
		if (!match) continue;
		const inner = readInner(match[1]!);
		// A sentence of a form not known here: said in this language around it, its words shown as they are.
		return inner ? { ...inner, text: wrap(inner.text) } : { text: wrap(m.err_unknown()), detail: match[1]! };
	}
	return readInner(english) ?? { text: m.err_unknown(), detail: english };
}
