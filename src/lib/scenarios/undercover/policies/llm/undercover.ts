/**
 * The undercover game played by a language model: prompt -> chat -> parse.
 *
 * The policy sees only its seat's observation. It does not validate: the runner does, in one place.
 * A reply it cannot read becomes `{ action: null, error }` (the runner logs it, retries once quoting
 * the error, then forfeits); a transport failure is not the agent's decision and is thrown as a
 * TransportFailure ("transport: ...") for the runner to pause on.
 */
import {
	createStream,
	type Ask,
	type PolicyReply,
	type ModelCall,
	type Policy,
	type PolicyContext,
	type SeatId
} from '../../../../core';
import {
	lessonFromReply,
	observationText,
	retrieve,
	type Lesson,
	type LessonErrorCode
} from '../../../../agents/lessons';
import { NOTES_PER_PROMPT, noteText, notesFrom, type Note, type OwnCall } from '../../../../agents/notes';
import type { ChatResponse } from '../../../../engines/types';
import type { UndercoverObservation } from '../..';
import { parseMonologue, parseReply, type ReplyKind } from '../../parse';
import {
	actionPrompt,
	monologuePrompt,
	reflectPrompt,
	replyBudget,
	replyReserve,
	type Prompt,
	type ReflectInput
} from '../../prompts';
import { schemaFor } from '../../schemas';
import {
	fitPrompt,
	modelSeat,
	replyOf,
	withLengthHint,
	type ChatClient,
	type ModelSeatOptions
} from '../../../../policies/llm/chat-client';

/** The temperature defaults to 0.7: varied speech, votes still mostly sure. */
export interface LlmPolicyOptions extends ModelSeatOptions {
	/**
	 * Lessons from earlier games this seat may draw on: its model's, for every persona (the persona is
	 * dealt with the game, so it is matched per prompt). The top 3 that fit the observation go into each
	 * speak, defend and vote prompt, and their ids onto the call. None: prompts as before.
	 */
	lessons?: readonly Lesson[];
	/**
	 * A replay's lessons: for each ask, exactly those the recorded call carried (none: none), instead
	 * of a retrieval over `lessons`, so the prompt is the recorded one whatever this browser has learnt.
	 */
	recordedLessons?: (ask: Ask) => readonly Pick<Lesson, 'id' | 'text'>[];
	/** The model key the lessons were stored under (`engine:model`, as the leaderboard keys models). */
	model?: string;
	/**
	 * Private notes (agents/notes): each seat's earlier votes and their reasons go into its own later
	 * prompts. On by default; off for an A/B that measures what they change.
	 */
	notes?: boolean;
}

/** How many lessons one prompt carries: enough to matter, few enough to fit a 1k-token context. */
export const LESSONS_PER_PROMPT = 3;

/** A model call as this policy records it: the vote options' order rides along in the log. */
export interface LlmModelCall extends ModelCall {
	optionOrder?: SeatId[];
}

/** Where a private call (monologue, reflection) gets its seed: the same names give the same call. */
export type CallContext = Pick<PolicyContext, 'seed' | 'streamName' | 'signal' | 'gate'>;

export type MonologueResult =
	| { ok: true; thoughts: string; suspect?: number; call: LlmModelCall }
	| { ok: false; error: string; call: LlmModelCall };

export type LessonResult =
	| { ok: true; lesson: string; call: LlmModelCall }
	| { ok: false; error: string; code?: LessonErrorCode; phrase?: string; call: LlmModelCall };

export interface LlmUndercoverPolicy extends Policy<UndercoverObservation> {
	act(observation: UndercoverObservation, ask: Ask, ctx: PolicyContext): Promise<PolicyReply>;
	/** The seat's private notes so far (the god view shows them); [] with notes off. */
	notes(obs: UndercoverObservation): Note[];
	restore(calls: readonly OwnCall[]): void;
	/** A private reading of the table for the god view; cache it by `call.requestHash`. */
	monologue(obs: UndercoverObservation, ctx: CallContext): Promise<MonologueResult>;
	/** One lesson after a game, "when <situation>, <what to do>". */
	reflect(input: ReflectInput, ctx: CallContext): Promise<LessonResult>;
}

const DEFAULT_TEMPERATURE = 0.7;

const ACTIONS: readonly string[] = ['speak', 'defend', 'vote'];

export function createLlmUndercoverPolicy(
	client: ChatClient,
	opts: LlmPolicyOptions = {}
): LlmUndercoverPolicy {
	// Monologues and lessons are asked outside a run's turns: they pass the seat's own gate.
	const model = modelSeat(client, opts, DEFAULT_TEMPERATURE);
	const lessons = opts.lessons ?? [];
	const modelKey = opts.model ?? `${client.engine}:${client.model}`;
	const keepNotes = opts.notes ?? true;
	/**
	 * Each seat's own calls, by seat: one policy may play several seats (headless evaluations share
	 * one), and a seat's notes come from its own calls only.
	 */
	const own = new Map<number, OwnCall[]>();
	/**
	 * A prompt for an ask carries the notes of earlier asks only. A turn interrupted by another seat's
	 * transport failure is made again, and the calls this seat made in it were never logged: notes of
	 * the same ask would make the retry's prompt depend on a call that a resume or a replay never sees.
	 */
	const notesOf = (obs: UndercoverObservation, exceptAsk?: string): Note[] =>
		keepNotes
			? notesFrom(
					(own.get(obs.seat) ?? []).filter((c) => c.ask !== exceptAsk),
					{ self: obs.seat, word: obs.word, lang: obs.lang }
				)
			: [];
	const noteLines = (obs: UndercoverObservation, exceptAsk?: string): string[] =>
		notesOf(obs, exceptAsk)
			.slice(-NOTES_PER_PROMPT)
			.map((n) => noteText(n, obs.lang));
	const remember = (seat: number, ask: string, call: LlmModelCall) => {
		if (!keepNotes) return;
		const list = own.get(seat) ?? [];
		list.push({
			ask,
			purpose: call.purpose,
			reply: call.reply,
			...(call.optionOrder ? { optionOrder: call.optionOrder } : {})
		});
		own.set(seat, list);
	};

	/** The lessons for this seat now: its persona's, in its language, ranked by score and fit. */
	function lessonsFor(obs: UndercoverObservation): Lesson[] {
		if (!lessons.length) return [];
		return retrieve(
			lessons,
			{ persona: obs.persona.id, model: modelKey, lang: obs.lang, observationText: observationText(obs) },
			LESSONS_PER_PROMPT
		);
	}

	async function call(
		prompt: Prompt,
		purpose: string,
		ctx: CallContext,
		options?: readonly number[]
	): Promise<{ response: ChatResponse; call: LlmModelCall }> {
		const reasoning = client.reasoning ?? false;
		const budget = replyBudget(prompt.kind, reasoning).maxTokens;
		const reserve = replyReserve(prompt.kind, client.contextWindow, reasoning);
		const { messages, maxTokens } = fitPrompt(client, prompt.messages, budget, reserve);
		return model.ask(
			{
				messages,
				maxTokens,
				schema: schemaFor(prompt.kind, options),
				seedName: ctx.streamName,
				purpose,
				extra: prompt.optionOrder ? { optionOrder: prompt.optionOrder } : {}
			},
			ctx
		);
	}

	return {
		label: model.label,

		async act(obs, ask, ctx) {
			if (!ACTIONS.includes(ask.kind)) return { action: null, error: `this agent cannot "${ask.kind}"` };
			const kind = ask.kind as ReplyKind;
			const retry = ask.attempt > 0;
			const given = opts.recordedLessons ? opts.recordedLessons(ask) : lessonsFor(obs);
			const prompt = actionPrompt(kind, obs, {
				options: ask.options,
				// Its own stream: the option order never depends on other draws for this ask.
				rng: createStream(ctx.seed, `${ctx.streamName}:options`),
				...(retry && ask.error ? { previousError: ask.error } : {}),
				...(given.length ? { lessons: given.map((l) => l.text) } : {}),
				notes: noteLines(obs, ask.id)
			});
			const { response, call: called } = await call(
				prompt,
				retry ? `repair ${kind}` : kind,
				ctx,
				ask.options
			);
			// The ids ride on the call (and so into the log): after the game each is scored by its outcome.
			const made: LlmModelCall = given.length
				? { ...called, lessons: given.map((l) => l.id), lessonTexts: given.map((l) => l.text) }
				: called;
			remember(obs.seat, ask.id, made);
			const parsed = parseReply(kind, response.text, {
				self: obs.seat,
				alive: obs.alive,
				word: obs.word,
				lang: obs.lang
			});
			return replyOf(parsed, response, [made]);
		},

		notes: (obs: UndercoverObservation) => notesOf(obs),

		restore(calls) {
			own.clear();
			for (const c of calls) {
				const seat = (c as { seat?: number }).seat;
				if (seat === undefined || !c.ask) continue;
				const list = own.get(seat) ?? [];
				list.push({
					ask: c.ask,
					purpose: c.purpose,
					reply: c.reply,
					...(c.optionOrder ? { optionOrder: c.optionOrder } : {})
				});
				own.set(seat, list);
			}
		},

		async monologue(obs, ctx) {
			const options = obs.alive.filter((s) => s !== obs.seat);
			const { response, call: made } = await call(
				monologuePrompt(obs, { notes: noteLines(obs) }),
				'monologue',
				ctx,
				options
			);
			const parsed = parseMonologue(response.text, { self: obs.seat, alive: obs.alive });
			return parsed.ok
				? { ...parsed, call: made }
				: { ok: false, error: withLengthHint(parsed.error, response), call: made };
		},

		async reflect(input, ctx) {
			const { response, call: made } = await call(reflectPrompt(input), 'reflect', ctx);
			const { summary, observation } = input;
			const avoid = summary.over
				? [summary.commonWord, summary.differentWord]
				: observation.word
					? [observation.word]
					: [];
			const parsed = lessonFromReply(response.text, observation.lang, { avoid });
			return parsed.ok
				? { ok: true, lesson: parsed.text, call: made }
				: {
						ok: false,
						error: withLengthHint(parsed.error, response),
						code: parsed.code,
						...(parsed.phrase === undefined ? {} : { phrase: parsed.phrase }),
						call: made
					};
		}
	};
}
