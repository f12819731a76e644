/**
 * The one rule for an OpenAI-compatible endpoint's address, shared by the engine (requests), the share
 * codec (links that name an endpoint) and storage (keys are kept per API root). Its own module so that
 * neither of those imports the engine for it.
 */
import type { Problem, ProblemCode } from '../problem';
import { EngineError } from './types';

function configError(message: string, code: ProblemCode, values?: Problem['values']): EngineError {
	return new EngineError('unknown', message, { problem: { code, ...(values ? { values } : {}) } });
}

/**
 * Turns what a person typed into the API root that requests are made under.
 *
 * The rule: http or https only; surrounding spaces, trailing slashes and a pasted `/chat/completions`
 * are removed; a bare origin (no path) gets `/v1` appended, because that is where Ollama, LM Studio,
 * vLLM and llama.cpp serve the OpenAI API; any other path is used as given (so `http://host:11434/v1`
 * and a proxy's `https://host/api/openai/v1` both work as typed). User names, passwords, query strings
 * and fragments are refused: a key belongs in the key field, where it stays in this browser and only
 * travels in a header. Error messages never repeat the input, since it may hold a secret.
 */
export function normaliseBaseUrl(input: string): string {
	const trimmed = input.trim();
	if (trimmed === '')
		throw configError('The endpoint URL is empty: give one like http://localhost:11434/v1.', 'url-empty');
	if (!/^https?:\/\//i.test(trimmed))
		throw configError(
			'The endpoint URL must start with http:// or https:// (for example http://localhost:11434/v1).',
			'url-scheme'
		);
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		throw configError(
			'The endpoint URL is not a valid URL (for example http://localhost:11434/v1).',
			'url-invalid'
		);
	}
	if (url.protocol === 'http:' && !isLoopback(url.hostname))
		throw configError(
			`The endpoint URL must use https:// unless it runs on this machine (localhost, 127.0.0.1 or ::1): over plain http to ${url.host}, your API key and every prompt would cross the network unencrypted.`,
			'url-plain-http',
			{ host: url.host }
		);
	if (url.username !== '' || url.password !== '')
		throw configError(
			'The endpoint URL contains a user name or password. Remove it and put the key in the API key field: it is kept in this browser only and sent only in the Authorization header.',
			'url-credentials'
		);
	if (url.search !== '' || url.hash !== '')
		throw configError(
			'The endpoint URL has a query string or fragment. Give the API root only (for example http://localhost:11434/v1); a key belongs in the API key field.',
			'url-query'
		);
	let path = url.pathname.replace(/\/+$/, '');
	path = path.replace(/\/chat\/completions$/i, '');
	if (path === '') path = '/v1';
	return `${url.origin}${path}`;
}

export function isLoopback(hostname: string): boolean {
	return (
		hostname === 'localhost' ||
		hostname.endsWith('.localhost') ||
		hostname === '[::1]' ||
		/^127\.\d+\.\d+\.\d+$/.test(hostname)
	);
}
