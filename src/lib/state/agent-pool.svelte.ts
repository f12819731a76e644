/**
 * The page's agents: one Web Worker per seat, and one engine worker per distinct model, shared by the
 * seats that use it over MessagePorts (so the weights load once). Engines load before a run starts,
 * with progress per model; a crashed worker pauses the run instead of hanging it.
 */
import * as Comlink from 'comlink';
import { RunInterrupted, type Policy } from '$lib/core';
import { choiceLabel, engineKey, needsEngine, type EngineSpec } from '$lib/engines/spec';
import type { LoadProgress, ModelChoice } from '$lib/engines/types';
import type { AgentWorkerApi, EngineWorkerApi } from '../../workers/protocol';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { loadApiKey } from '$lib/storage/secrets';

export interface EngineStatus {
	key: string;
	label: string;
	seats: number[];
	state: 'loading' | 'ready' | 'failed';
	progress: LoadProgress | null;
	error: string | null;
}

export interface Handle<T> {
	worker: Worker;
	api: Comlink.Remote<T>;
	/** Rejects when the worker crashes: every call races it, so a dead worker never hangs the run. */
	crashed: Promise<never>;
}

export function spawn<T>(kind: 'agent' | 'engine', name: string): Handle<T> {
	const worker =
		kind === 'agent'
			? new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module', name })
			: new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name });
	const crashed = new Promise<never>((_, reject) => {
		const fail = (why: string) =>
			reject(new RunInterrupted(`${name} stopped working (${why}). The run is paused and saved.`, 'crash'));
		worker.addEventListener('error', (e) => fail(e.message || 'it crashed'));
		worker.addEventListener('messageerror', () => fail('it sent a message that could not be read'));
	});
	crashed.catch(() => undefined);
	return { worker, api: Comlink.wrap<T>(worker), crashed };
}

/** Where the page finds same-origin model files (tests, or models hosted with the site). */
export function specFor(
	choice: ModelChoice & { model: string },
	device: EngineSpec['device'] = 'wasm'
): EngineSpec {
	const local = choice.model.startsWith('/');
	return {
		kind: choice.engine as EngineSpec['kind'],
		model: local ? (choice.model.split('/').filter(Boolean).at(-1) as string) : choice.model,
		baseUrl: choice.baseUrl,
		apiKey:
			choice.engine === 'openai' && choice.baseUrl ? (loadApiKey(choice.baseUrl) ?? undefined) : undefined,
		// A path, not a URL: transformers.js 4.3 looks for tokenizer files only at non-URL local paths.
		localModelPath: local ? `${choice.model.split('/').slice(0, -1).join('/')}/` : undefined,
		wasmPaths: { mjs: new URL(ortMjs, location.href).href, wasm: new URL(ortWasm, location.href).href },
		device
	};
}

export class AgentPool {
	engines: EngineStatus[] = $state([]);
	agentWorkers = $state(0);
	engineWorkers = $state(0);

	readonly #scenario: string;
	readonly #choices: Record<number, ModelChoice>;
	#agents = new Map<number, Handle<AgentWorkerApi>>();
	#engineHandles = new Map<string, Handle<EngineWorkerApi>>();
	#ready: Promise<void> | null = null;
	#disposed = false;

	constructor(scenario: string, choices: Record<number, ModelChoice>) {
		this.#scenario = scenario;
		this.#choices = choices;
	}

	/** Loads every distinct model, then starts one agent worker per seat. Single-flight. */
	start(): Promise<void> {
		this.#ready ??= this.#start().catch((err) => {
			this.#ready = null;
			this.dispose();
			throw err;
		});
		return this.#ready;
	}

	async #start(): Promise<void> {
		this.#disposed = false;
		const bySeat = Object.entries(this.#choices).map(([seat, choice]) => ({ seat: Number(seat), choice }));
		const groups = new Map<string, { choice: ModelChoice & { model: string }; seats: number[] }>();
		for (const { seat, choice } of bySeat) {
			if (!needsEngine(choice)) continue;
			const key = engineKey(choice);
			const group = groups.get(key) ?? { choice, seats: [] };
			group.seats.push(seat);
			groups.set(key, group);
		}
		this.engines = [...groups.entries()].map(([key, g]) => ({
			key,
			label: choiceLabel(g.choice),
			seats: g.seats,
			state: 'loading',
			progress: null,
			error: null
		}));
		const contexts = new Map<string, number>();
		await Promise.all(
			[...groups.entries()].map(async ([key, g]) => {
				const handle = spawn<EngineWorkerApi>('engine', `engine ${choiceLabel(g.choice)}`);
				this.#engineHandles.set(key, handle);
				this.engineWorkers = this.#engineHandles.size;
				const status = () => this.engines.find((e) => e.key === key) as EngineStatus;
				try {
					const { contextWindow } = await Promise.race([
						handle.api.load(
							specFor(g.choice),
							Comlink.proxy((p: LoadProgress) => {
								status().progress = p;
							})
						),
						handle.crashed
					]);
					contexts.set(key, contextWindow);
					status().state = 'ready';
				} catch (err) {
					status().state = 'failed';
					status().error = err instanceof Error ? err.message : String(err);
					throw new Error(`Could not load ${choiceLabel(g.choice)}: ${status().error}`, { cause: err });
				}
			})
		);
		for (const { seat, choice } of bySeat) {
			const handle = spawn<AgentWorkerApi>('agent', `seat ${seat}`);
			this.#agents.set(seat, handle);
			let enginePort: MessagePort | undefined;
			if (needsEngine(choice)) {
				const channel = new MessageChannel();
				await this.#engineHandles
					.get(engineKey(choice))!
					.api.connect(Comlink.transfer(channel.port1, [channel.port1]));
				enginePort = channel.port2;
			}
			const setup = {
				seat,
				scenario: this.#scenario,
				choice,
				enginePort,
				contextWindow: contexts.get(engineKey(choice))
			};
			await Promise.race([
				handle.api.init(enginePort ? Comlink.transfer(setup, [enginePort]) : setup),
				handle.crashed
			]);
		}
		this.agentWorkers = this.#agents.size;
		if (this.#disposed) throw new Error('the run was closed while its agents were starting');
	}

	/** The policy the runner uses for a seat: a call into that seat's worker. */
	policyFor(seat: number): Policy {
		const choice = this.#choices[seat] ?? { engine: 'scripted' };
		return {
			label: choiceLabel(choice),
			act: async (observation, ask, ctx) => {
				const handle = this.#agents.get(seat);
				if (!handle) throw new RunInterrupted(`the agent of seat ${seat} is not running`, 'crash');
				const reply = await Promise.race([
					handle.api.act(observation, ask, ctx.seed, ctx.streamName),
					handle.crashed
				]);
				if (reply.interrupted) {
					const { message, reason, calls } = reply.interrupted;
					throw new RunInterrupted(message, reason, { calls });
				}
				return reply;
			}
		};
	}

	/** Terminates every worker (when a run ends, or the page is left). */
	dispose(): void {
		this.#disposed = true;
		for (const h of [...this.#agents.values(), ...this.#engineHandles.values()]) {
			h.api[Comlink.releaseProxy]();
			h.worker.terminate();
		}
		this.#agents.clear();
		this.#engineHandles.clear();
		this.#ready = null;
		this.agentWorkers = 0;
		this.engineWorkers = 0;
	}
}
