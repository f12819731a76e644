/**
 * The XGrammar that @mlc-ai/web-llm bundles, run in Node without a GPU: the very compiler WebLLM hands
 * `response_format.schema` to (`GrammarCompiler.compileJSONSchema(schema)` with its defaults, in
 * `LLMChatPipeline.prefillStep`), so a test or `npm run bench` can time and check every schema a
 * scenario emits against the installed package, not against a copy of XGrammar.
 *
 * WebLLM does not export XGrammar: it is an inlined CommonJS module inside lib/index.js (the factory
 * `requireLib$1`, whose result WebLLM keeps as `libExports$1`), with its wasm inlined as base64. That
 * module's source is sliced out of the installed file and evaluated on its own. In Node its Emscripten
 * glue needs two things a browser bundle lacks: `createRequire` (the bundle never imports it) and a
 * script location (it resolves `"MLC_DUMMY_PATH"` otherwise); both are passed in. A WebLLM upgrade that
 * renames the factory makes `loadBundledXGrammar` throw with the marker it could not find.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEBLLM_LIB = fileURLToPath(new URL('../node_modules/@mlc-ai/web-llm/lib/index.js', import.meta.url));
const START = 'var lib$3 = {exports: {}};';
const END = 'var libExports$1 = requireLib$1();';

/** The slice of XGrammar's JS API used here (names as in web-llm 0.2.86's bundled copy). */
interface Disposable {
	dispose(): void;
}
export interface TokenizerInfo extends Disposable {
	getVocabSize(): number;
}
export type CompiledGrammar = Disposable;
export interface GrammarMatcher extends Disposable {
	_acceptString(input: string, verbose?: boolean): boolean;
	isTerminated(): boolean;
}
export interface GrammarCompiler extends Disposable {
	compileJSONSchema(schema: string): Promise<CompiledGrammar>;
}
export interface XGrammar {
	TokenizerInfo: {
		createTokenizerInfo(
			vocab: string[],
			vocabType?: 'raw' | 'byte_level' | 'byte_fallback',
			prependSpace?: boolean,
			vocabSize?: number,
			stopTokenIds?: number[]
		): Promise<TokenizerInfo>;
	};
	GrammarCompiler: {
		createGrammarCompiler(info: TokenizerInfo, cacheEnabled?: boolean): Promise<GrammarCompiler>;
	};
	GrammarMatcher: {
		createGrammarMatcher(
			grammar: CompiledGrammar,
			stopTokens?: number[],
			terminateWithoutStopToken?: boolean
		): Promise<GrammarMatcher>;
	};
}

let loaded: XGrammar | null = null;

function loadBundledXGrammar(): XGrammar {
	if (loaded) return loaded;
	const src = readFileSync(WEBLLM_LIB, 'utf8');
	const start = src.indexOf(START);
	const end = src.indexOf(END);
	if (start < 0 || end < start)
		throw new Error(
			`@mlc-ai/web-llm's bundled XGrammar was not found in ${WEBLLM_LIB} (looked for "${END}")`
		);
	// The package's own module text, evaluated as the CommonJS factory it is inside the bundle.
	const factory = new Function(
		'createRequire',
		'location',
		`${src.slice(start, end)}\nreturn requireLib$1();`
	);
	loaded = factory(createRequire, { href: pathToFileURL(WEBLLM_LIB).href }) as XGrammar;
	return loaded;
}

/** Qwen2.5's vocabulary: 151,643 tokens plus its 22 special ones (the catalog's models are 128k-152k). */
export const CATALOG_VOCAB_SIZE = 151_665;

/**
 * A vocabulary the size of the catalog models', shaped like a byte-level BPE one (no download): every
 * single byte, JSON's punctuation runs (`{"`, `":`, `",`, `"}`), numbers, CJK characters, then word
 * pieces with and without a leading space, drawn from a fixed xorshift stream. XGrammar's
 * compile time grows with how many tokens each grammar state must sort into accepted and rejected, so
 * the mix matters more than the exact words. The last token is the end-of-turn stop token.
 */
export function syntheticVocab(size = CATALOG_VOCAB_SIZE): string[] {
	const vocab = new Set<string>();
	for (let b = 32; b < 127; b++) vocab.add(String.fromCharCode(b));
	for (const p of [
		'{"',
		'":',
		'",',
		'"}',
		'":"',
		'","',
		'"]',
		'["',
		'{\n',
		'\n}',
		'  ',
		'\n',
		'\t',
		': ',
		', ',
		'\\n',
		'\\"'
	])
		vocab.add(p);
	for (let n = 0; n < 1000; n++) vocab.add(String(n));
	for (let c = 0x4e00; c < 0x4e00 + 20_000; c++) vocab.add(String.fromCodePoint(c));
	const letters = 'etaoinshrdlcumwfgypbvkjxqz';
	const vowels = 'aeiouy';
	let x = 12345;
	// xorshift32: exact in 32-bit integer arithmetic, so the same vocabulary on every machine.
	const next = (m: number) => {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		return (x >>> 0) % m;
	};
	while (vocab.size < size - 1) {
		const len = 1 + next(9);
		let w = '';
		for (let i = 0; i < len; i++)
			w += i % 2 === 1 ? vowels[next(vowels.length)] : letters[next(letters.length)];
		const shape = next(10);
		if (shape < 5) w = ` ${w}`;
		else if (shape === 5) w = w[0]!.toUpperCase() + w.slice(1);
		else if (shape === 6) w = ` ${w[0]!.toUpperCase()}${w.slice(1)}`;
		else if (shape === 7) w = `${w}"`;
		vocab.add(w);
	}
	return [...vocab, '<|im_end|>'];
}

export interface SchemaChecker {
	vocabSize: number;
	/** Compiles a schema text as WebLLM does; `ms` is the compile alone. */
	compile(schema: string): Promise<{ grammar: CompiledGrammar; ms: number }>;
	/** Whether decoding under `grammar` can produce exactly `reply` and then stop. */
	accepts(grammar: CompiledGrammar, reply: string): Promise<boolean>;
	dispose(): void;
}

/**
 * A compiler over the synthetic vocabulary. `cache: false` times every compile from scratch (what a
 * new schema text costs WebLLM); WebLLM's own compiler keeps XGrammar's cache on.
 */
export async function schemaChecker(
	options: { vocab?: string[]; cache?: boolean; now?: () => number } = {}
): Promise<SchemaChecker> {
	const xg = loadBundledXGrammar();
	const vocab = options.vocab ?? syntheticVocab();
	const now = options.now ?? (() => performance.now());
	const info = await xg.TokenizerInfo.createTokenizerInfo(vocab, 'raw', false, vocab.length, [
		vocab.length - 1
	]);
	const compiler = await xg.GrammarCompiler.createGrammarCompiler(info, options.cache ?? false);
	return {
		vocabSize: info.getVocabSize(),
		async compile(schema) {
			const t0 = now();
			const grammar = await compiler.compileJSONSchema(schema);
			return { grammar, ms: now() - t0 };
		},
		async accepts(grammar, reply) {
			const matcher = await xg.GrammarMatcher.createGrammarMatcher(grammar, undefined, true);
			try {
				return matcher._acceptString(reply) && matcher.isTerminated();
			} finally {
				matcher.dispose();
			}
		},
		dispose() {
			compiler.dispose();
			info.dispose();
		}
	};
}
