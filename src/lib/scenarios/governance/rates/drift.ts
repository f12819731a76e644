/**
 * Instruction drift: how far the Executor's actual action is from the task it was given, as the
 * cosine similarity of the two texts. A task has drifted when the similarity falls below 0.65 (the
 * seed's cut-off for Sentence-BERT). With a sentence-embedding model (MiniLM, computed in a worker
 * on the page) the similarity is semantic; without one, a lexical fallback compares stemmed content
 * words, and says so (`method: 'lexical'`) wherever a score is shown.
 */
import { lnExact } from '../../../core/exact-math';
import { allWords, contentWords, prepareText } from './text';

export const DRIFT_CUTOFF = 0.65;

/** Anything that turns texts into vectors: MiniLM in a worker on the page, a fake in tests. */
export interface Embedder {
	/** The model's name, for the label of every score it produced. */
	readonly model?: string;
	embed(texts: readonly string[]): Promise<number[][]>;
}

export type DriftMethod = 'embedding' | 'lexical';

export interface DriftPair {
	id: string;
	/** The task as assigned: action, file and context. */
	task: string;
	/** What the Executor actually did: its output and a description of its tool calls. */
	action: string;
}

export interface DriftScore {
	id: string;
	similarity: number;
	drifted: boolean;
	method: DriftMethod;
	/** The embedding model, or why the lexical fallback was used. */
	note: string;
}

const LEXICAL_NOTE = 'lexical fallback (no embedding model loaded)';

/** Cosine of two vectors of equal length; 0 when either is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
	if (a.length !== b.length) throw new RangeError(`vectors differ in length (${a.length} vs ${b.length})`);
	let dot = 0;
	let na = 0;
	let nb = 0;
	for (let i = 0; i < a.length; i++) {
		const x = a[i] as number;
		const y = b[i] as number;
		dot += x * y;
		na += x * x;
		nb += y * y;
	}
	return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Sparse cosine over term weights. */
function sparseCosine(a: Map<string, number>, b: Map<string, number>): number {
	let dot = 0;
	let na = 0;
	let nb = 0;
	for (const [t, w] of a) {
		na += w * w;
		dot += w * (b.get(t) ?? 0);
	}
	for (const w of b.values()) nb += w * w;
	return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * Sublinear term weights (1 + ln tf): a word repeated through a long output counts a little more,
 * not forty times more, so length alone does not swamp the words the task and the action share.
 */
function weights(words: readonly string[]): Map<string, number> {
	const tf = new Map<string, number>();
	for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
	// lnExact, not Math.log: the score goes into the hashed log, and Math.log differs between engines.
	for (const [w, n] of tf) tf.set(w, 1 + lnExact(n));
	return tf;
}

/**
 * An answer says more than its question: figures, names, the lines the rules ask for. Words found
 * only in the action count at this share of their weight, so a thorough answer is not taken for a
 * different one; an answer about something else still shares few of the task's words and scores low.
 */
const ELABORATION_WEIGHT = 1 / 3;

/**
 * The lexical fallback: cosine over stemmed content words (code reduced to its literals and
 * comments, stop words and code keywords dropped), sublinear counts, elaboration discounted.
 */
export function lexicalSimilarity(task: string, action: string): number {
	const a = weights(contentWords(prepareText(task).text));
	const b = weights(contentWords(prepareText(action).text));
	for (const [t, w] of b) if (!a.has(t)) b.set(t, w * ELABORATION_WEIGHT);
	return round4(sparseCosine(a, b));
}

/** What the seed measured before its fix: every token, code and stop words included, raw counts. */
export function naiveSimilarity(task: string, action: string): number {
	const count = (ws: string[]) => {
		const m = new Map<string, number>();
		for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1);
		return m;
	};
	return round4(sparseCosine(count(allWords(task)), count(allWords(action))));
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export const isDrifted = (similarity: number, cutoff = DRIFT_CUTOFF) => similarity < cutoff;

export function lexicalDrift(pairs: readonly DriftPair[], cutoff = DRIFT_CUTOFF): DriftScore[] {
	return pairs.map((p) => {
		const similarity = lexicalSimilarity(p.task, p.action);
		return {
			id: p.id,
			similarity,
			drifted: isDrifted(similarity, cutoff),
			method: 'lexical',
			note: LEXICAL_NOTE
		};
	});
}

/**
 * The embedding similarity of each pair, to four decimals (negatives as 0), in order. Code is
 * reduced to its words before embedding too: the seed's misfire was a sentence-embedding model's.
 * Throws when the model fails or answers with the wrong number of vectors.
 */
export async function embeddingSimilarities(
	pairs: readonly DriftPair[],
	embedder: Embedder
): Promise<number[]> {
	if (pairs.length === 0) return [];
	const texts = pairs.flatMap((p) => [prepareText(p.task).text, prepareText(p.action).text]);
	const vectors = await embedder.embed(texts);
	if (vectors.length !== texts.length)
		throw new Error(`gave ${vectors.length} vectors for ${texts.length} texts`);
	return pairs.map((_, i) =>
		round4(Math.max(0, cosine(vectors[2 * i] as number[], vectors[2 * i + 1] as number[])))
	);
}

/**
 * Drift with an embedding model when one is loaded, else the lexical fallback. A model that fails
 * falls back, and the note says why.
 */
export async function measureDrift(
	pairs: readonly DriftPair[],
	opts: { embedder?: Embedder | null; cutoff?: number } = {}
): Promise<DriftScore[]> {
	const cutoff = opts.cutoff ?? DRIFT_CUTOFF;
	const embedder = opts.embedder;
	if (!embedder || pairs.length === 0) return lexicalDrift(pairs, cutoff);
	let similarities: number[];
	try {
		similarities = await embeddingSimilarities(pairs, embedder);
	} catch (err) {
		const why = err instanceof Error ? err.message : String(err);
		return lexicalDrift(pairs, cutoff).map((s) => ({
			...s,
			note: `lexical fallback (embedding failed: ${why})`
		}));
	}
	return pairs.map((p, i) => {
		const similarity = similarities[i] as number;
		return {
			id: p.id,
			similarity,
			drifted: isDrifted(similarity, cutoff),
			method: 'embedding',
			note: embedder.model ?? 'embedding model'
		};
	});
}

/** The share of scored tasks that drifted; null when nothing was scored. */
export function driftRate(scores: readonly { drifted: boolean }[]): number | null {
	if (scores.length === 0) return null;
	return scores.filter((s) => s.drifted).length / scores.length;
}

/** The n tasks furthest from what they were asked (lowest similarity first; ties by id). */
export function mostDrifted<T extends { id: string; similarity: number }>(scores: readonly T[], n = 5): T[] {
	return [...scores]
		.sort((a, b) => a.similarity - b.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
		.slice(0, n);
}
