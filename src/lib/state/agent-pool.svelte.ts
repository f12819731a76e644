/**
 * The page's agents: one Web Worker per seat, and one engine worker per distinct model, shared by the
 * seats that use it over MessagePorts (so the weights load once). Engines load before a run starts,
 * with progress per model; a crashed worker pauses the run instead of hanging it.
 */
import * as Comlink from 'comlink';
import { CallRefused, RunInterrupted, type Ask, type Policy } from '$lib/core';
// The registry itself, not the `policies` door: the play page registers only the scenario it plays.
import { panelPolicyFor, scriptedLabel } from '$lib/scenarios/registry';
import { choiceLabel, engineKey, needsEngine, type EngineSpec } from '$lib/engines/spec';
import type { LoadedModel } from '$lib/engines/host';
import type { LoadProgress, ModelChoice, SamplingSettings } from '$lib/engines/types';
import type { AgentWorkerApi, EngineWorkerApi } from '../../workers/protocol';
import type { ToolWorkerApi } from '../../workers/tool-protocol';
import type { FileSystemState } from '$lib/tools/types';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { loadApiKey } from '$lib/storage/secrets';
import type { Lesson } from '$lib/agents/lessons';
import { problemOf, ProblemError, type Problem } from '$lib/problem';
import { carryProblems } from '../../workers/problems';

export interface EngineStatus {
	key: string;
	/** The model it loads (the page names it in its language: i18n/engine-names.ts `choiceName`). */
	choice: ModelChoice;
	seats: number[];
	state: 'loading' | 'ready' | 'failed';
	progress: LoadProgress | null;
	/** Why the load failed: the engine's sentence, and its problem where it has one (said in the page's language). */
	error: { message: string; problem: Problem | null } | null;
}

// The engines' errors keep their problem on the way from a worker to this page.
carryProblems();

export interface Handle<T> {
	worker: Worker;
	api: Comlink.Remote<T>;
	/** Rejects when the worker crashes: every call races it, so a dead worker never hangs the run. */
	crashed: Promise<never>;
}

/**
 * A run interrupted (a crash, an endpoint failing, the GPU lost) with its problem beside the English
 * sentence, so the page says it in its own language rather than reading the English back.
 */
class AgentsInterrupted extends RunInterrupted {
	constructor(
		message: string,
		reason: RunInterrupted['reason'],
		readonly problem: Problem | null,
		options?: ConstructorParameters<typeof RunInterrupted>[2]
	) {
		super(message, reason, options);
	}
}

/**
 * `who` names the worker in a crash's problem (`worker-crashed`): a seat, the Tool Agent, or an engine
 * with its model's choice; `name` is the English the sentence and the browser's thread list use.
 */
export function spawn<T>(
	kind: 'agent' | 'engine' | 'tool',
	name: string,
	who: Record<string, string | number>
): Handle<T> {
	// One literal URL per kind, so that Vite bundles each worker.
	const worker =
		kind === 'agent'
			? new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module', name })
			: kind === 'engine'
				? new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name })
				: new Worker(new URL('../../workers/tool.worker.ts', import.meta.url), { type: 'module', name });
	const crashed = new Promise<never>((_, reject) => {
		const fail = (why: string) =>
			reject(
				new AgentsInterrupted(`${name} stopped working (${why}). The run is paused and saved.`, 'crash', {
					code: 'worker-crashed',
					values: { ...who, detail: why }
				})
			);
		worker.addEventListener('error', (e) => fail(e.message || 'it crashed'));
		worker.addEventListener('messageerror', () => fail('it sent a message that could not be read'));
	});
	crashed.catch(() => undefined);
	return { worker, api: Comlink.wrap<T>(worker), crashed };
}

/**
 * Whether the key this browser saved for an endpoint goes with its requests. A run the person set up
 * sends it; a run a link set up sends it only where the person attached it (play page's confirmation).
 */
export type KeyRule = (baseUrl: string) => boolean;

/** Where the page finds same-origin model files (tests, or models hosted with the site). */
export function specFor(
	choice: ModelChoice & { model: string },
	device: EngineSpec['device'] = 'wasm',
	sendKey: KeyRule = () => true
): EngineSpec {
	const local = choice.model.startsWith('/');
	return {
		kind: choice.engine as EngineSpec['kind'],
		model: local ? (choice.model.split('/').filter(Boolean).at(-1) as string) : choice.model,
		baseUrl: choice.baseUrl,
		apiKey:
			choice.engine === 'openai' && choice.baseUrl && sendKey(choice.baseUrl)
				? (loadApiKey(choice.baseUrl) ?? undefined)
				: undefined,
		...(choice.deadlineS ? { deadlineMs: choice.deadlineS * 1000 } : {}),
		// A path, not a URL: transformers.js 4.3 looks for tokenizer files only at non-URL local paths.
		localModelPath: local ? `${choice.model.split('/').slice(0, -1).join('/')}/` : undefined,
		wasmPaths: { mjs: new URL(ortMjs, location.href).href, wasm: new URL(ortWasm, location.href).href },
		device
	};
}

/** An ask waiting for the person at the keyboard (a seat played by a human). */
export interface HumanAsk {
	seat: number;
	ask: Ask;
	observation: unknown;
}

/** What a run hands its agents before they start: where its files live (governance's Tool Agent). */
export interface PoolContext {
	runId: string;
	/** The run's files as folded from its log, for the tool worker to open. */
	files?: FileSystemState;
	/**
	 * Lessons from earlier games per model seat (memory on): each agent retrieves from its own. May
	 * still be on its way (read from IndexedDB): the workers start loading meanwhile.
	 */
	lessons?: Record<number, Lesson[]> | Promise<Record<number, Lesson[]> | undefined>;
}

export class AgentPool {
	engines: EngineStatus[] = $state([]);
	agentWorkers = $state(0);
	engineWorkers = $state(0);
	/** Asks waiting for a person, oldest first: the page shows a form for the first. */
	humanAsks: HumanAsk[] = $state([]);
	#answers = new Map<string, (action: unknown) => void>();
	#tools: Handle<ToolWorkerApi> | null = null;

	readonly #scenario: string;
	readonly #choices: Record<number, ModelChoice>;
	#agents = new Map<number, Handle<AgentWorkerApi>>();
	/** The second model's agent of a seat played by a panel (`ModelChoice.panel`): a worker of its own. */
	#panelAgents = new Map<number, Handle<AgentWorkerApi>>();
	#engineHandles = new Map<string, Handle<EngineWorkerApi>>();
	#ready: Promise<void> | null = null;
	#disposed = false;
	/**
	 * Seats' earlier calls from a resumed log, handed to their agents once these start: a runner
	 * restores its policies when it is built, before the page has started any worker.
	 */
	#restoreOnStart = new Map<number, Parameters<AgentWorkerApi['restore']>[0]>();

	readonly #sendKey: KeyRule;

	constructor(scenario: string, choices: Record<number, ModelChoice>, sendKey: KeyRule = () => true) {
		this.#scenario = scenario;
		this.#choices = choices;
		this.#sendKey = sendKey;
	}

	/**
	 * Starts one agent worker per seat and loads every distinct model; each agent is set up once its
	 * model has loaded. Single-flight. The workers start together, not one after another: each loads
	 * and compiles its bundle on a thread of its own, and six of them in a row were most of the time
	 * from Start to the first speech (about 2 s of it on a loaded machine).
	 */
	start(ctx: PoolContext): Promise<void> {
		this.#ready ??= this.#start(ctx).catch((err) => {
			this.#ready = null;
			this.dispose();
			throw err;
		});
		return this.#ready;
	}

	async #start(ctx: PoolContext): Promise<void> {
		this.#disposed = false;
		const bySeat = Object.entries(this.#choices)
			.map(([seat, choice]) => ({ seat: Number(seat), choice }))
			.filter(({ choice }) => choice.engine !== 'human');
		// Spawned first: a worker fetches and compiles its script while the files open and models load.
		for (const { seat } of bySeat)
			this.#agents.set(seat, spawn<AgentWorkerApi>('agent', `seat ${seat}`, { who: 'seat', seat }));
		// A panel's second model is an agent of its own, with its own private memory, as the first.
		const panels = bySeat.flatMap(({ seat, choice }) =>
			choice.panel ? [{ seat, choice: choice.panel }] : []
		);
		for (const { seat } of panels)
			this.#panelAgents.set(
				seat,
				spawn<AgentWorkerApi>('agent', `seat ${seat} (second model)`, { who: 'seat', seat })
			);
		if (ctx.files) {
			// One Tool Agent per run: the only code that opens its files in IndexedDB.
			this.#tools = spawn<ToolWorkerApi>('tool', 'the Tool Agent', { who: 'tools' });
			// Copied into plain objects: the folded files record shares its buckets between versions
			// (tools/shared-files.ts, a Proxy), which postMessage cannot clone.
			const files: FileSystemState = {
				...ctx.files,
				files: { ...ctx.files.files },
				dirs: [...ctx.files.dirs]
			};
			await Promise.race([this.#tools.api.open(ctx.runId, files), this.#tools.crashed]);
		}
		const groups = new Map<string, { choice: ModelChoice & { model: string }; seats: number[] }>();
		for (const { seat, choice } of [...bySeat, ...panels]) {
			if (!needsEngine(choice)) continue;
			const key = engineKey(choice);
			const group = groups.get(key) ?? { choice, seats: [] };
			group.seats.push(seat);
			groups.set(key, group);
		}
		this.engines = [...groups.entries()].map(([key, g]) => ({
			key,
			choice: g.choice,
			seats: g.seats,
			state: 'loading',
			progress: null,
			error: null
		}));
		const contexts = new Map<string, LoadedModel>();
		await Promise.all(
			[...groups.entries()].map(async ([key, g]) => {
				const handle = spawn<EngineWorkerApi>('engine', `engine ${choiceLabel(g.choice)}`, {
					who: 'engine',
					engine: g.choice.engine,
					model: g.choice.model,
					...(g.choice.device ? { device: g.choice.device } : {})
				});
				this.#engineHandles.set(key, handle);
				this.engineWorkers = this.#engineHandles.size;
				const status = () => this.engines.find((e) => e.key === key) as EngineStatus;
				try {
					const loaded = await Promise.race([
						handle.api.load(
							specFor(g.choice, g.choice.device ?? 'wasm', this.#sendKey),
							Comlink.proxy((p: LoadProgress) => {
								status().progress = p;
							})
						),
						handle.crashed
					]);
					contexts.set(key, loaded);
					status().state = 'ready';
				} catch (err) {
					status().state = 'failed';
					const message = err instanceof Error ? err.message : String(err);
					const cause = problemOf(err);
					status().error = { message, problem: cause };
					throw new ProblemError(
						`Could not load ${choiceLabel(g.choice)}: ${message}`,
						{
							code: 'model-load-failed',
							values: {
								engine: g.choice.engine,
								model: g.choice.model,
								...(g.choice.device ? { device: g.choice.device } : {}),
								// A failure of no known kind: its own words, shown as they are.
								...(cause ? {} : { detail: message })
							},
							...(cause ? { cause } : {})
						},
						{ cause: err }
					);
				}
			})
		);
		const lessons = await ctx.lessons;
		const setUp = async ({ seat, choice }: (typeof bySeat)[number], second = false) => {
			const handle = (second ? this.#panelAgents : this.#agents).get(seat)!;
			let enginePort: MessagePort | undefined;
			if (needsEngine(choice)) {
				const channel = new MessageChannel();
				await this.#engineHandles
					.get(engineKey(choice))!
					.api.connect(Comlink.transfer(channel.port1, [channel.port1]));
				enginePort = channel.port2;
			}
			let toolPort: MessagePort | undefined;
			if (this.#tools) {
				const channel = new MessageChannel();
				await this.#tools.api.connect(Comlink.transfer(channel.port1, [channel.port1]));
				toolPort = channel.port2;
			}
			const setup = {
				seat,
				scenario: this.#scenario,
				choice,
				enginePort,
				toolPort,
				contextWindow: contexts.get(engineKey(choice))?.contextWindow,
				reasoning: contexts.get(engineKey(choice))?.reasoning,
				...(lessons?.[seat]?.length ? { lessons: lessons[seat] } : {})
			};
			const ports = [enginePort, toolPort].filter((p): p is MessagePort => p !== undefined);
			await Promise.race([
				handle.api.init(ports.length ? Comlink.transfer(setup, ports) : setup),
				handle.crashed
			]);
			const earlier = this.#restoreOnStart.get(seat);
			if (earlier && !second) await Promise.race([handle.api.restore(earlier), handle.crashed]);
		};
		await Promise.all([...bySeat.map((s) => setUp(s)), ...panels.map((s) => setUp(s, true))]);
		this.agentWorkers = this.#agents.size + this.#panelAgents.size;
		if (this.#disposed) throw new Error('the run was closed while its agents were starting');
	}

	/**
	 * New sampling settings for every model seat, before the next game: an evaluation queue keeps its
	 * workers (and the loaded model) across games whose settings differ.
	 */
	async configure(sampling: SamplingSettings): Promise<void> {
		await Promise.all(
			[...this.#agents.entries()]
				.filter(([seat]) => this.isModelSeat(seat))
				.map(([, h]) => Promise.race([h.api.configure(sampling), h.crashed]))
		);
	}

	/** The policy the runner uses for a seat: a call into that seat's worker, or a form for a person. */
	policyFor(seat: number): Policy {
		const choice = this.#choices[seat] ?? { engine: 'scripted' };
		if (choice.engine === 'human')
			return {
				label: choiceLabel(choice),
				act: (observation, ask) =>
					new Promise((resolve) => {
						this.#answers.set(humanKey(ask), (action) => resolve({ action }));
						this.humanAsks = [...this.humanAsks, { seat, ask, observation }];
					})
			};
		const first = this.#workerPolicy(seat, choice, this.#agents);
		// A panel: the seat's two agents as one, by the scenario's rule (both calls logged, first first).
		return choice.panel
			? panelPolicyFor(this.#scenario, seat, first, this.#workerPolicy(seat, choice.panel, this.#panelAgents))
			: first;
	}

	/** The policy of one agent worker of a seat (its only one, or one of a panel's two). */
	#workerPolicy(seat: number, choice: ModelChoice, agents: Map<number, Handle<AgentWorkerApi>>): Policy {
		return {
			// Scripted seats carry their policy's own label, as in Node, so the log header is the same.
			label:
				choice.engine === 'scripted'
					? scriptedLabel(this.#scenario, seat, choice.model)
					: choiceLabel(choice),
			restore: async (calls) => {
				this.#restoreOnStart.set(seat, calls);
				const handle = this.#agents.get(seat);
				// Not started yet: `start` hands the calls over once the agent is set up.
				if (handle) await Promise.race([handle.api.restore(calls), handle.crashed]);
			},
			act: async (observation, ask, ctx) => {
				const handle = agents.get(seat);
				if (!handle)
					throw new AgentsInterrupted(`the agent of seat ${seat} is not running`, 'crash', {
						code: 'seat-not-running',
						values: { seat }
					});
				const reply = await Promise.race([
					handle.api.act(
						observation,
						ask,
						{ seed: ctx.seed, streamName: ctx.streamName, tick: ctx.tick },
						ctx.gate ? Comlink.proxy(ctx.gate) : undefined
					),
					handle.crashed
				]);
				if (reply.refused) throw new CallRefused(reply.refused.refusal, reply.refused.calls);
				if (reply.interrupted) {
					const { message, reason, calls, toolCalls, problem } = reply.interrupted;
					throw new AgentsInterrupted(message, reason, problem ?? null, { calls, toolCalls });
				}
				return reply;
			}
		};
	}

	/** A seat's private reading of the table (god view), from its own worker and model. */
	async monologue(
		seat: number,
		observation: unknown,
		ctx: { seed: number; streamName: string }
	): Promise<unknown> {
		const handle = this.#agents.get(seat);
		if (!handle) throw new Error(`seat ${seat} has no running agent`);
		return Promise.race([handle.api.monologue(observation, ctx), handle.crashed]);
	}

	/** A seat's lesson after a game, from its own worker and model. */
	async reflect(seat: number, input: unknown, ctx: { seed: number; streamName: string }): Promise<unknown> {
		const handle = this.#agents.get(seat);
		if (!handle) throw new Error(`seat ${seat} has no running agent`);
		return Promise.race([handle.api.reflect(input, ctx), handle.crashed]);
	}

	/** Whether a seat is played by a model (only those have a monologue or lessons). */
	isModelSeat(seat: number): boolean {
		return needsEngine(this.#choices[seat] ?? { engine: 'scripted' });
	}

	/** A person's answer to one of `humanAsks`; it goes through the same validation as an agent's. */
	answerHuman(ask: Ask, action: unknown): void {
		const resolve = this.#answers.get(humanKey(ask));
		if (!resolve) return;
		this.#answers.delete(humanKey(ask));
		this.humanAsks = this.humanAsks.filter((h) => humanKey(h.ask) !== humanKey(ask));
		resolve(action);
	}

	/** Terminates every worker (when a run ends, or the page is left). */
	dispose(): void {
		this.#disposed = true;
		const all = [
			...this.#agents.values(),
			...this.#panelAgents.values(),
			...this.#engineHandles.values(),
			...(this.#tools ? [this.#tools] : [])
		];
		for (const h of all) {
			h.api[Comlink.releaseProxy]();
			h.worker.terminate();
		}
		this.#agents.clear();
		this.#panelAgents.clear();
		this.#engineHandles.clear();
		this.#tools = null;
		this.#ready = null;
		this.agentWorkers = 0;
		this.engineWorkers = 0;
	}
}

/** Retries of an ask are asked again: the attempt tells them apart. */
function humanKey(ask: Ask): string {
	return `${ask.id}:${ask.attempt}`;
}
