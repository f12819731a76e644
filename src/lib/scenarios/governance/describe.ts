/** Short texts about what happened: tool calls in words, and what an output actually did. */
import type { Output } from './state';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A tool call in words, e.g. `query_csv transactions.csv where amount > 50000, invoice_no empty`. */
export function describeToolCall(tool: string, args: unknown): string {
	const a = (args ?? {}) as Record<string, unknown>;
	const parts = [tool, typeof a.path === 'string' ? a.path : ''];
	if (Array.isArray(a.where) && a.where.length)
		parts.push(
			'where ' +
				a.where
					.map((c: { column?: unknown; op?: unknown; value?: unknown }) =>
						[c.column, c.op, c.value].filter((x) => x !== undefined).join(' ')
					)
					.join(', ')
		);
	if (Array.isArray(a.groupBy) && a.groupBy.length) parts.push(`by ${a.groupBy.join(', ')}`);
	if (Array.isArray(a.aggregate) && a.aggregate.length)
		parts.push(
			a.aggregate
				.map((g: { fn?: unknown; column?: unknown }) => `${g.fn}${g.column ? ` ${g.column}` : ''}`)
				.join(', ')
		);
	return clip(parts.filter(Boolean).join(' '), 200);
}

/**
 * What the Executor actually did, for drift: its output and the tool calls the log shows, allowed
 * or denied (a probe outside the sandbox is part of what it did).
 */
export function actionText(output: Pick<Output, 'content' | 'toolCalls'>): string {
	return [output.content, ...output.toolCalls.map((c) => describeToolCall(c.tool, c.args))].join('\n');
}

export const summary = (s: string, max = 140) => clip(s.replace(/\s+/g, ' ').trim(), max);
