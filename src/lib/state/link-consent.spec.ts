/**
 * Asking before a link's model seats run: which endpoints a link is asked about, which saved keys go
 * with their requests before and after the person's word, and the slow-download check on a software
 * WebGPU adapter.
 */
import { describe, expect, it } from 'vitest';
import { SWIFTSHADER_CAPS } from '$lib/engines/swiftshader-caps';
import { LinkConsent } from './link-consent.svelte';

const API = 'https://api.example.com/v1';
const OTHER = 'https://other.example.com/v1';
const swiftShader = SWIFTSHADER_CAPS;
const noCheck = () => Promise.reject(new Error('no GPU check expected'));

describe('LinkConsent', () => {
	it('asks nothing for the person’s own setup, and sends every saved key', () => {
		const own = new LinkConsent();
		expect([own.consent, own.endpoints, own.downloads, own.keysAttached]).toEqual([
			'given',
			[],
			[],
			undefined
		]);
		expect(own.sendsKey(API)).toBe(true);
		// Nothing to save with the run: every key goes, as before.
		expect(own.attach(API)).toBeNull();
	});

	it('asks about each endpoint a link names once, a panel’s too, and sends no key until attached', async () => {
		const link = LinkConsent.forLink(
			{
				1: { engine: 'openai', baseUrl: API, model: 'm1' },
				2: { engine: 'openai', baseUrl: `${API}/`, model: 'm2' },
				3: { engine: 'scripted' },
				4: {
					engine: 'openai',
					baseUrl: API,
					model: 'm1',
					panel: { engine: 'openai', baseUrl: OTHER, model: 'p' }
				}
			},
			noCheck
		);
		expect(link.consent).toBe('asked');
		expect(link.endpoints.map((e) => [e.baseUrl, e.models, e.seats, e.savedKey])).toEqual([
			[API, ['m1', 'm2'], [1, 2, 4], false],
			[OTHER, ['p'], [4], false]
		]);
		expect([link.sendsKey(API), link.sendsKey(OTHER)]).toEqual([false, false]);
		// No WebLLM seat: no check of the device, and nothing to wait for.
		expect(link.checking).toBeNull();

		link.confirmEndpoints([`${OTHER}/`]);
		expect([link.consent, link.endpoints]).toEqual(['given', []]);
		expect([link.sendsKey(API), link.sendsKey(OTHER)]).toEqual([false, true]);
		expect(link.keysAttached).toEqual([OTHER]);
	});

	it('attaches the key of an endpoint the person chose later, and keeps a saved run’s keys', () => {
		const link = LinkConsent.forLink({ 1: { engine: 'openai', baseUrl: API, model: 'm1' } }, noCheck);
		link.confirmEndpoints();
		expect(link.keysAttached).toEqual([]);
		expect(link.attach(`${OTHER}/`)).toEqual([OTHER]);
		expect([link.sendsKey(API), link.sendsKey(OTHER)]).toEqual([false, true]);

		const reopened = new LinkConsent([OTHER]);
		expect([reopened.consent, reopened.sendsKey(OTHER), reopened.sendsKey(API)]).toEqual([
			'given',
			true,
			false
		]);
	});

	it('holds a link’s WebLLM seats for a yes on a software adapter, and on a real GPU asks nothing', async () => {
		const seats = {
			1: { engine: 'webllm' as const, model: 'qwen2.5-0.5b' },
			2: { engine: 'scripted' as const }
		};
		const slow = LinkConsent.forLink(seats, () => Promise.resolve(swiftShader));
		// Until the device's check settles nothing is asked yet: play waits for `checking`.
		expect(slow.consent).toBe('given');
		await slow.checking;
		expect(slow.downloads.map((d) => [d.model, d.seats])).toEqual([['qwen2.5-0.5b', [1]]]);
		expect(slow.consent).toBe('asked');
		slow.confirmDownloads();
		expect(slow.consent).toBe('given');

		const fast = LinkConsent.forLink(seats, () =>
			Promise.resolve({ ...swiftShader, isFallbackAdapter: false })
		);
		await fast.checking;
		expect([fast.consent, fast.downloads]).toEqual(['given', []]);
	});
});
