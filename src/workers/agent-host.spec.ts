/**
 * The agent worker's host, in-process: its model is reached over a real MessageChannel through
 * comlink, as on the page. What the page's evaluation queue configures must reach the engine.
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatResponse } from '$lib/engines/types';
import { createRunner } from '$lib/run/play';
import { EngineHost } from '$lib/engines/host';
import { EngineError, type ChatEngine } from '$lib/engines/types';
import { problemText } from '$lib/i18n/errors';
import { overwriteGetLocale, getLocale } from '$lib/paraglide/runtime';
import { createAgentHost } from './agent-host';
import { carryProblems } from './problems';
import type { AgentReply, WireChatRequest } from './protocol';

const usage = { promptTokens: 10, completionTokens: 5, ttftMs: 1, totalMs: 2, decodeTokensPerSecond: 5 };
const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

/** An engine worker stand-in that records every request and answers what the schema asks. */
function engineOverPort(): { port: MessagePort; requests: WireChatRequest[] } {
	const channel = new MessageChannel();
	channels.push(channel);
	const requests: WireChatRequest[] = [];
	Comlink.expose(
		{
			async chat(req: WireChatRequest): Promise<ChatResponse> {
				requests.push(req);
				const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
				const text = props.target
					? JSON.stringify({ target: props.target.enum?.[0], reason: 'quiet' })
					: JSON.stringify({ speech: 'Round and sweet.' });
				return { text, finishReason: 'stop', usage };
			}
		},
		channel.port1
	);
	return { port: channel.port2, requests };
}

async function playSeatOne(
	sampling?: Parameters<ReturnType<typeof createAgentHost>['configure']>[0],
	reasoning = false
) {
	const { port, requests } = engineOverPort();
	const host = createAgentHost();
	await host.init({
		seat: 1,
		scenario: 'undercover',
		choice: { engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' },
		enginePort: port,
		contextWindow: 4096,
		reasoning
	});
	if (sampling) await host.configure(sampling);
	const runner = createRunner(
		{ scenario: 'undercover', seed: 3, config: { seats: 4 } },
		{
			policyFor: (seat) =>
				seat === 1
					? {
							label: 'openai:m',
							act: (obs, ask, ctx) =>
								host.act(obs, ask, { seed: ctx.seed, streamName: ctx.streamName, tick: ctx.tick })
						}
					: undefined
		}
	);
	while (!requests.length && (await runner.step()));
	const called = runner.log.events.filter((e) => e.kind === 'model.called');
	return { requests, called };
}

describe('agent host', () => {
	it('gives a reasoning model’s seat the larger reply budget', async () => {
		const plain = await playSeatOne();
		const reasoning = await playSeatOne(undefined, true);
		expect(plain.requests[0]!.max_tokens).toBe(192);
		// (192: a speech is a sentence or two for a small model; a reasoning model thinks first.)
		// A quarter of the 4,096-token window is held back, and the reply may grow into the room left.
		expect(reasoning.requests[0]!.max_tokens).toBeGreaterThan(1024);
	});

	it('plays at the policy’s defaults until configured', async () => {
		const { requests, called } = await playSeatOne();
		expect(requests[0]!.temperature).toBe(0.7);
		expect(requests[0]!.top_p).toBeUndefined();
		expect((called[0]!.data as { sampling: { temperature: number } }).sampling.temperature).toBe(0.7);
	});

	it('sends the configured temperature, top-p and token cap to its engine, and the log records them', async () => {
		const { requests, called } = await playSeatOne({ temperature: 0.3, topP: 0.5, maxTokens: 30 });
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ temperature: 0.3, top_p: 0.5, max_tokens: 30 });
		expect(called[0]!.data).toMatchObject({
			sampling: { temperature: 0.3, topP: 0.5, seed: requests[0]!.seed, maxTokens: 30 }
		});
	});
});

/**
 * An engine worker stand-in serving a real EngineHost over a port, as engine.worker.ts does (problems
 * carried by Comlink's throw handler): its engine fails every reply with `failure`.
 */
function failingEngineOverPort(failure: EngineError): MessagePort {
	carryProblems();
	const engine: ChatEngine = {
		kind: 'openai',
		model: 'm',
		load: async () => {},
		unload: async () => {},
		chat: () => Promise.reject(failure)
	};
	const engineHost = new EngineHost(async () => engine);
	void engineHost.load({ kind: 'openai', model: 'm' } as never);
	const channel = new MessageChannel();
	channels.push(channel);
	Comlink.expose({ chat: (req: WireChatRequest) => engineHost.chat(req) }, channel.port1);
	return channel.port2;
}

async function interruptedBy(failure: EngineError): Promise<NonNullable<AgentReply['interrupted']>> {
	const host = createAgentHost();
	await host.init({
		seat: 1,
		scenario: 'undercover',
		choice: { engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' },
		enginePort: failingEngineOverPort(failure),
		contextWindow: 4096
	});
	let reply: AgentReply | null = null;
	const runner = createRunner(
		{ scenario: 'undercover', seed: 3, config: { seats: 4 } },
		{
			policyFor: (seat) =>
				seat === 1
					? {
							label: 'openai:m',
							act: async (obs, ask, ctx) => {
								reply = await host.act(obs, ask, {
									seed: ctx.seed,
									streamName: ctx.streamName,
									tick: ctx.tick
								});
								return reply;
							}
						}
					: undefined
		}
	);
	while (!reply && (await runner.step()));
	const interrupted = (reply as AgentReply | null)?.interrupted;
	if (!interrupted) throw new Error('the failing engine did not interrupt the turn');
	return interrupted;
}

describe('an interrupted turn crosses to the page with its problem', () => {
	const base = getLocale;
	afterEach(() => overwriteGetLocale(base));

	it('an endpoint failing during a turn: the page can say the pause in Chinese, the server’s words apart', async () => {
		const failure = new EngineError(
			'server-error',
			'The endpoint http://localhost:1/v1 failed (HTTP 500): down',
			{
				transport: true,
				problem: {
					code: 'endpoint-failed',
					values: { url: 'http://localhost:1/v1', status: 500, detail: 'down' }
				}
			}
		);
		const interrupted = await interruptedBy(failure);
		// The English stays what the log and Node read; the problem goes beside it.
		expect(interrupted.message).toBe('transport: The endpoint http://localhost:1/v1 failed (HTTP 500): down');
		expect(interrupted.problem).toEqual(failure.problem);
		overwriteGetLocale(() => 'zh');
		expect(problemText({ code: 'run-paused-retry', cause: interrupted.problem! })).toEqual({
			text: '接口 http://localhost:1/v1 出错了（HTTP 500）。请按播放重试。',
			detail: 'down'
		});
	});

	it('a lost GPU device: its own problem, not the engine’s English', async () => {
		const interrupted = await interruptedBy(new EngineError('device-lost', 'Device was lost'));
		expect(interrupted.message).toMatch(/^transport: The GPU stopped working while m was answering/);
		expect(interrupted.problem).toEqual({ code: 'engine-gpu-lost', values: { model: 'm' } });
		overwriteGetLocale(() => 'zh');
		expect(problemText({ code: 'run-paused-retry', cause: interrupted.problem! }).text).toBe(
			'm 回答时 GPU 停止了工作（可能是驱动重置、电脑休眠或 GPU 内存不足）。运行已暂停并保存；继续时会重新加载 m。请按播放重试。'
		);
	});
});
