import { describe, expect, it } from 'vitest';
import { DECIDE_SCHEMA } from '../scenarios/autonomy/prompts';
import { schemaFor as governanceSchema } from '../scenarios/governance/asks';
import { withToolCall } from '../scenarios/governance/prompts';
import { SPEECH_SCHEMA, voteSchema } from '../scenarios/undercover/schemas';
import {
	compileSchema,
	ConstrainedChooser,
	hasChoice,
	SchemaMatcher,
	type SchemaAutomaton
} from './schema-constraint';

const matcher = (schema: Record<string, unknown>) => new SchemaMatcher(compileSchema(schema));
const accepts = (schema: Record<string, unknown>, text: string) => !!matcher(schema).advance(text)?.complete;

describe('compileSchema', () => {
	it('accepts a vote for a listed seat only, in compact JSON with the target first', () => {
		const vote = voteSchema([4, 1, 3]);
		expect(accepts(vote, '{"target":3,"reason":"too vague"}')).toBe(true);
		expect(accepts(vote, '{"target":2,"reason":"x"}')).toBe(false);
		expect(accepts(vote, '{"target":3,"reason":"a "quote""}')).toBe(false);
		expect(matcher(vote).advance('{"target":2')).toBeNull();
	});

	it('knows the shortest way to a complete reply', () => {
		const vote = voteSchema([1, 3]);
		expect(matcher(vote).remaining).toBe('{"target":1,"reason":""}'.length);
		expect(matcher(vote).advance('{"target":3,"reason":"abc')!.remaining).toBe(2);
	});

	it('holds governance asks to their choices: oneOf branches, consts, enums, booleans, integer ranges', () => {
		const review = governanceSchema({ kind: 'review', task_id: 'T1', n: 2 } as never);
		expect(accepts(review, '{"task_id":"T1","n":2,"verdict":"veto","reason":"r"}')).toBe(true);
		expect(accepts(review, '{"task_id":"T2","n":2,"verdict":"veto","reason":"r"}')).toBe(false);
		const approve = governanceSchema({ kind: 'approve', proposal_id: 'P1' } as never);
		expect(accepts(approve, '{"proposal_id":"P1","approval":100}')).toBe(true);
		expect(accepts(approve, '{"proposal_id":"P1","approval":101}')).toBe(false);
		const withTool = withToolCall(review);
		expect(accepts(withTool, '{"tool_call":{"tool":"read_file","args":{}}}')).toBe(true);
		expect(accepts(withTool, '{"task_id":"T1","n":2,"verdict":"approve","reason":"ok"}')).toBe(true);
		const cosign = governanceSchema({ kind: 'cosign', proposal_id: 'P1' } as never);
		expect(accepts(cosign, '{"proposal_id":"P1","cosign":false,"reason":"no"}')).toBe(true);
		expect(accepts(DECIDE_SCHEMA as never, '{"decision":"SKIP"}')).toBe(true);
	});

	it('constrains only schemas with a choice in them', () => {
		expect(hasChoice(SPEECH_SCHEMA)).toBe(false);
		expect(hasChoice(voteSchema([1, 2]))).toBe(true);
		expect(hasChoice(DECIDE_SCHEMA)).toBe(true);
	});
});

describe('ConstrainedChooser', () => {
	// A toy vocabulary: every character the replies need, a few words, and an end token.
	const texts = ['', ...'{}":,0123456789 abcdefghijklmnopqrstuvwxyz"', '"target":', 'hello', '"}'];
	const eos = 0;
	const pick = (seed: number, temperature: number, prefer: (text: string) => number) => {
		const chooser = new ConstrainedChooser(compileSchema(voteSchema([2, 5])), {
			tokenTexts: texts,
			eos: [eos],
			maxTokens: 24,
			temperature,
			seed
		});
		const out: number[] = [];
		for (let i = 0; i < 24; i++) {
			const id = chooser.choose(Float32Array.from(texts, prefer));
			if (id === eos) break;
			out.push(id);
		}
		return out.map((id) => texts[id]).join('');
	};

	it('writes a legal vote within max_tokens even when the model prefers anything else', () => {
		for (let seed = 1; seed <= 20; seed++) {
			const text = pick(seed, 1, (t) => (t === 'hello' ? 5 : t === '9' ? 4 : 0));
			const v = JSON.parse(text) as { target: number; reason: string };
			expect([2, 5]).toContain(v.target);
		}
	});

	it('is a function of the seed: the same seed, the same reply', () => {
		const prefer = (t: string) => (t.length === 1 ? t.charCodeAt(0) % 7 : 1);
		expect(pick(3, 1, prefer)).toBe(pick(3, 1, prefer));
		expect(pick(3, 0, prefer)).toBe(pick(4, 0, prefer));
	});
});

/** The automaton read directly (sets of states, ε-closed after every character): what the DFA must equal. */
function direct(a: SchemaAutomaton, text: string): { complete: boolean; remaining: number } | null {
	const close = (seed: number[]) => {
		const seen = new Set(seed);
		const stack = [...seed];
		while (stack.length)
			for (const e of a.edges[stack.pop()!]!)
				if ('eps' in e && !seen.has(e.to)) {
					seen.add(e.to);
					stack.push(e.to);
				}
		return [...seen];
	};
	let states = close([a.start]);
	for (const ch of text) {
		const next = new Set<number>();
		for (const s of states)
			for (const e of a.edges[s]!)
				if ('ch' in e ? e.ch === ch : 'free' in e && ch !== '"' && ch !== '\\' && ch >= ' ') next.add(e.to);
		if (!next.size) return null;
		states = close([...next]);
	}
	return { complete: states.includes(a.accept), remaining: Math.min(...states.map((s) => a.dist[s]!)) };
}

describe('the lazily built DFA and the per-state token sets', () => {
	const schemas = {
		vote: voteSchema([4, 1, 3]),
		decide: DECIDE_SCHEMA as never,
		review: withToolCall(governanceSchema({ kind: 'review', task_id: 'T1', n: 2 } as never))
	};

	it('agrees with the automaton read directly on every prefix of valid and broken replies', () => {
		const replies = [
			'{"target":3,"reason":"too vague"}',
			'{"target":2,"reason":"x"}',
			'{"target":1,"reason":"a \\"q\\""}',
			'{"decision":"SKIP"}',
			'{"decision":"IMPROVE"}',
			'{"tool_call":{"tool":"read_file","args":{}}}',
			'{"task_id":"T1","n":2,"verdict":"veto","reason":"r"}',
			'{"task_id":"T1","n":2,"verdict":"approve","reason":"ok 好"}'
		];
		for (const [name, schema] of Object.entries(schemas)) {
			const a = compileSchema(schema);
			for (const reply of replies)
				for (let n = 0; n <= reply.length; n++) {
					const text = reply.slice(0, n);
					const got = new SchemaMatcher(a).advance(text);
					const want = direct(a, text);
					const what = `${name}: ${JSON.stringify(text)}`;
					expect(got ? { complete: got.complete, remaining: got.remaining } : null, what).toEqual(want);
					expect(new SchemaMatcher(a).remainingAfter(text), what).toBe(want ? want.remaining : -1);
				}
		}
	});

	it('lists exactly the tokens a state accepts, in id order, by first character where no free string is open', () => {
		const texts = [
			'',
			'{',
			'{"',
			'{"target":',
			'"',
			'"target":3',
			'x',
			'hello',
			'"}',
			',"reason":"',
			'3',
			'1,',
			'好',
			'\\'
		];
		const a = compileSchema(schemas.vote);
		for (const prefix of ['', '{', '{"target":', '{"target":1', '{"target":1,"reason":"ab']) {
			const m = new SchemaMatcher(a).advance(prefix)!;
			const { ids, remaining } = m.tokens(texts);
			const want = texts.flatMap((t, id) => {
				const r = t ? direct(a, prefix + t) : null;
				return r ? [[id, r.remaining]] : [];
			});
			expect(
				[...ids].map((id, k) => [id, remaining[k]]),
				prefix
			).toEqual(want);
			// Worked out once per state: the same arrays the next time the state is reached.
			expect(new SchemaMatcher(a).advance(prefix)!.tokens(texts).ids).toBe(ids);
		}
	});
});
