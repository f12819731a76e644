/**
 * The agent worker's host, in-process: its model is reached over a real MessageChannel through
 * comlink, as on the page. What the page's evaluation queue configures must reach the engine.
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatResponse } from '$lib/engines/types';
import { createRunner } from '$lib/run/play';
import { createAgentHost } from './agent-host';
import type { WireChatRequest } from './protocol';

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
