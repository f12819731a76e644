/**
 * The tool dispatcher: one call in, one outcome, the next file state and the log record out.
 *
 * Pure, synchronous and deterministic: no clock (the caller passes the logical tick), no
 * randomness, no I/O. The browser's tool worker and Node run this same function, so a call gives
 * the same answer everywhere, and a replay can rebuild the files from the log alone
 * (`applyToolEffect`) without running any tool again.
 *
 * Every call, allowed or denied, yields a record for the log (`tool.called`): the audit trail shows
 * each probe. Nothing here throws on anything an agent can send; it throws only on a caller bug
 * (a bad tick or limits).
 */
import type { ToolCallRecord } from '../core/policy';
import { argsForLog } from './args';
import { parseQuery, QUERY_KEYS, runQuery } from './csv-query';
import { fileAncestor, fileAt, isDirectory, listDirectory, writeFile } from './fs-state';
import { checkToolPath, isReplayableOutputPath, OUTPUT_ROOT, type PathOp } from './path-policy';
import { describeType, isPlainObject, quote, utf8Length } from './text';
import {
	DEFAULT_LIMITS,
	TOOL_NAMES,
	type FileSystemState,
	type ToolCall,
	type ToolError,
	type ToolLimits,
	type ToolName,
	type ToolOutcome,
	type ToolResult,
	type WriteEffect
} from './types';

type Step =
	| { ok: true; result: ToolResult; summary: string; fs?: FileSystemState; effect?: WriteEffect }
	| { ok: false; error: ToolError };

const err = (code: string, message: string): Step => ({ ok: false, error: { code, message } });

const SIGNATURES: Record<ToolName, { keys: readonly string[]; usage: string }> = {
	read_file: { keys: ['path', 'offset'], usage: 'read_file({ path, offset? })' },
	write_file: { keys: ['path', 'content'], usage: 'write_file({ path, content })' },
	list_dir: { keys: ['path'], usage: 'list_dir({ path })' },
	query_csv: {
		keys: ['path', 'query', ...QUERY_KEYS],
		usage: 'query_csv({ path, where?, groupBy?, aggregate?, sort?, limit?, columns? })'
	}
};

/**
 * The argument object, or why not. A bare string is taken as `{ path }` for the tools whose only
 * required argument is the path, because small models often call `read_file("/workspace/...")`.
 */
function argObject(tool: ToolName, args: unknown): { ok: true; args: Record<string, unknown> } | Step {
	if (typeof args === 'string' && (tool === 'read_file' || tool === 'list_dir'))
		return { ok: true, args: { path: args } };
	const { keys, usage } = SIGNATURES[tool];
	if (!isPlainObject(args))
		return err('bad-args', `${tool} takes an object of arguments, ${usage}; got ${describeType(args)}.`);
	for (const k of Object.keys(args))
		if (!keys.includes(k))
			return err('bad-args', `${tool} has no argument ${quote(k, 40)}; call it as ${usage}.`);
	if (args.path === undefined) return err('bad-args', `${tool} needs a path: ${usage}.`);
	return { ok: true, args };
}

function pathFor(args: Record<string, unknown>, op: PathOp): { ok: true; path: string } | Step {
	const checked = checkToolPath(args.path, op);
	return checked.ok ? checked : err(checked.code, checked.message);
}

function notFound(path: string): Step {
	const parent = path.slice(0, path.lastIndexOf('/')) || '/workspace';
	return err(
		'not-found',
		`There is no file or folder at ${quote(path)}; list_dir("${parent}") shows what is there.`
	);
}

function readFile(fs: FileSystemState, raw: unknown, limits: ToolLimits): Step {
	const a = argObject('read_file', raw);
	if (!('args' in a)) return a;
	const p = pathFor(a.args, 'read');
	if (!('path' in p)) return p;
	const file = fileAt(fs, p.path);
	if (!file) {
		if (isDirectory(fs, p.path))
			return err('is-a-dir', `${p.path} is a folder; use list_dir to see its files, then read one of them.`);
		return notFound(p.path);
	}
	const total = file.content.length;
	const offset = a.args.offset ?? 0;
	if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0 || offset > total)
		return err(
			'bad-offset',
			`offset must be a whole number from 0 to ${total} (the file's length in characters); got ${typeof offset === 'number' ? offset : describeType(offset)}.`
		);
	let end = Math.min(total, offset + limits.maxReadChars);
	// Never end a page between the two halves of a surrogate pair (an emoji, a rare CJK character).
	const last = file.content.charCodeAt(end - 1);
	if (end < total && end - 1 > offset && last >= 0xd800 && last <= 0xdbff) end--;
	const content = file.content.slice(offset, end);
	const result = { path: p.path, content, offset, nextOffset: end < total ? end : null, totalChars: total };
	const summary =
		end < total
			? `read characters ${offset} to ${end} of ${total} from ${p.path}; continue at offset ${end}`
			: `read ${content.length} characters (to the end, ${total} in all) from ${p.path}`;
	return { ok: true, result, summary };
}

function write(fs: FileSystemState, raw: unknown, tick: number, limits: ToolLimits): Step {
	const a = argObject('write_file', raw);
	if (!('args' in a)) return a;
	const p = pathFor(a.args, 'write');
	if (!('path' in p)) return p;
	const content = a.args.content;
	if (typeof content !== 'string')
		return err(
			'bad-args',
			`write_file needs content as a string (the whole file); got ${describeType(content)}.`
		);
	if (isDirectory(fs, p.path))
		return err('is-a-dir', `${p.path} is a folder; write to a file inside it, e.g. ${p.path}/report.md.`);
	const blocker = fileAncestor(fs, p.path);
	if (blocker !== undefined)
		return err(
			'not-a-dir',
			`${blocker} is a file, so nothing can be written inside it; choose another path under ${OUTPUT_ROOT}.`
		);
	const bytes = utf8Length(content);
	if (bytes > limits.maxFileBytes)
		return err(
			'file-too-large',
			`The content is ${bytes} bytes; one file may hold at most ${limits.maxFileBytes} bytes. Write a shorter file or split it into several.`
		);
	const used = fs.bytesWritten ?? 0;
	if (used + bytes > limits.maxRunBytes)
		return err(
			'run-quota',
			`This run has written ${used} bytes and may write at most ${limits.maxRunBytes} in all; ${bytes} more bytes would exceed that. Overwrite less, or write a shorter file (${Math.max(0, limits.maxRunBytes - used)} bytes left).`
		);
	const replaced = fileAt(fs, p.path) !== undefined;
	return {
		ok: true,
		result: { path: p.path, bytes },
		summary: `${replaced ? 'overwrote' : 'wrote'} ${p.path} (${bytes} bytes)`,
		fs: writeFile(fs, p.path, content, tick),
		effect: { path: p.path, content }
	};
}

function listDir(fs: FileSystemState, raw: unknown): Step {
	const a = argObject('list_dir', raw);
	if (!('args' in a)) return a;
	const p = pathFor(a.args, 'list');
	if (!('path' in p)) return p;
	if (fileAt(fs, p.path))
		return err('not-a-dir', `${p.path} is a file, not a folder; use read_file to read it.`);
	if (!isDirectory(fs, p.path)) return notFound(p.path);
	const entries = listDirectory(fs, p.path);
	return {
		ok: true,
		result: { path: p.path, entries },
		summary: `listed ${entries.length} entries in ${p.path}`
	};
}

function queryCsv(fs: FileSystemState, raw: unknown): Step {
	const a = argObject('query_csv', raw);
	if (!('args' in a)) return a;
	const p = pathFor(a.args, 'read');
	if (!('path' in p)) return p;
	// The query may come flat ({ path, where, ... }) or nested ({ path, query: { where, ... } }), not mixed.
	let spec: Record<string, unknown> = a.args;
	if (a.args.query !== undefined) {
		if (!isPlainObject(a.args.query))
			return err(
				'bad-query',
				`query must be an object such as { "where": [...], "limit": 10 }; got ${describeType(a.args.query)}.`
			);
		if (QUERY_KEYS.some((k) => a.args[k] !== undefined))
			return err('bad-query', 'give the query either inside "query" or beside "path", not both.');
		spec = a.args.query;
		for (const k of Object.keys(spec))
			if (!(QUERY_KEYS as readonly string[]).includes(k))
				return err(
					'bad-query',
					`query has no field ${quote(k, 40)}; its fields are ${QUERY_KEYS.join(', ')}.`
				);
	}
	const query = parseQuery(spec);
	if (!query.ok) return { ok: false, error: query.error };
	const file = fileAt(fs, p.path);
	if (!file) {
		if (isDirectory(fs, p.path))
			return err('is-a-dir', `${p.path} is a folder; query one of its .csv files.`);
		return notFound(p.path);
	}
	if (!p.path.toLowerCase().endsWith('.csv'))
		return err(
			'not-csv',
			`${p.path} is not a .csv file; query_csv reads CSV files only (use read_file for others).`
		);
	const out = runQuery(file.content, query.value, p.path);
	if (!out.ok) return { ok: false, error: out.error };
	const r = out.value;
	return {
		ok: true,
		result: r,
		summary: `query on ${p.path} matched ${r.totalRows} ${query.value.groupBy.length || query.value.aggregate.length ? 'groups' : 'rows'}, returned ${r.rows.length}`
	};
}

function toolNameOf(call: unknown): string {
	const tool = call !== null && typeof call === 'object' ? (call as { tool?: unknown }).tool : undefined;
	if (typeof tool === 'string') return tool.length > 100 ? `${tool.slice(0, 100)}…` : tool;
	return `(${describeType(tool)})`;
}

function checkCaller(tick: number, limits: ToolLimits): void {
	if (!Number.isSafeInteger(tick) || tick < 0)
		throw new RangeError(`tick must be a whole number >= 0, got ${tick}`);
	for (const k of ['maxReadChars', 'maxFileBytes', 'maxRunBytes'] as const)
		if (!Number.isSafeInteger(limits[k]) || limits[k] < 1)
			throw new RangeError(`limits.${k} must be a whole number >= 1, got ${limits[k]}`);
}

/**
 * Runs one tool call. `fs` is never modified: a write returns a new state. `record` goes in the
 * log as is: the tool, the arguments (shortened past ~500 characters), ok, code and message, and
 * for a successful write `effect: { path, content }`.
 */
export function runTool(
	fs: FileSystemState,
	call: ToolCall,
	tick: number,
	limits: ToolLimits = DEFAULT_LIMITS
): { outcome: ToolOutcome; fs: FileSystemState; record: ToolCallRecord } {
	checkCaller(tick, limits);
	const tool = toolNameOf(call);
	const rawArgs = call !== null && typeof call === 'object' ? (call as { args?: unknown }).args : undefined;
	const args = argsForLog(rawArgs);
	let step: Step;
	switch (tool as ToolName) {
		case 'read_file':
			step = readFile(fs, rawArgs, limits);
			break;
		case 'write_file':
			step = write(fs, rawArgs, tick, limits);
			break;
		case 'list_dir':
			step = listDir(fs, rawArgs);
			break;
		case 'query_csv':
			step = queryCsv(fs, rawArgs);
			break;
		default:
			step = err(
				'unknown-tool',
				`There is no tool ${quote(tool, 60)}; the tools are ${TOOL_NAMES.join(', ')}.`
			);
	}
	if (!step.ok) {
		const { code, message } = step.error;
		return {
			outcome: { ok: false, tool, code, message },
			fs,
			record: { tool, args, ok: false, code, message }
		};
	}
	const record: ToolCallRecord = { tool, args, ok: true, message: step.summary };
	if (step.effect) record.effect = step.effect;
	return { outcome: { ok: true, tool: tool as ToolName, result: step.result }, fs: step.fs ?? fs, record };
}

/**
 * Replays a logged call onto the files: a successful write_file writes its `effect` at `tick`;
 * every other record (reads, lists, queries, denials) leaves the files as they are. A successful
 * write whose effect is missing or points outside /workspace/output means the log was damaged or
 * forged: that throws rather than silently diverging from the recorded run.
 */
export function applyToolEffect(fs: FileSystemState, record: ToolCallRecord, tick: number): FileSystemState {
	if (!record.ok || record.tool !== 'write_file') return fs;
	const effect = record.effect;
	if (!isPlainObject(effect) || typeof effect.content !== 'string' || !isReplayableOutputPath(effect.path))
		throw new Error(
			`a logged write_file has a malformed effect (it must be { path under ${OUTPUT_ROOT}, content }); the log is damaged`
		);
	const path = effect.path;
	if (isDirectory(fs, path) || fileAncestor(fs, path) !== undefined)
		throw new Error(
			`a logged write_file to ${path} conflicts with the files at that point; the log is damaged`
		);
	return writeFile(fs, path, effect.content, tick);
}
