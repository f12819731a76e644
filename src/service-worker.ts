/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
// The site offline after one visit. The rules (what is cached, when, and how each request is answered)
// are in $lib/offline/cache-plan.ts; this file only carries them out with the Cache API.
import { base, build, files, prerendered, version } from '$service-worker';
import {
	LARGE_CACHE,
	precacheList,
	route,
	shellCacheName,
	staleCaches,
	staleLarge,
	type Manifest
} from '$lib/offline/cache-plan';

const sw = self as unknown as ServiceWorkerGlobalScope;
const manifest: Manifest = { base, build, files, prerendered, version };
const SHELL = shellCacheName(version);

sw.addEventListener('install', (event) => {
	// No skipWaiting: an open tab of the previous deploy keeps the service worker (and the chunks) it
	// was built with; this one takes over once no such tab is left.
	event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(precacheList(manifest))));
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const key of staleCaches(await caches.keys(), version)) await caches.delete(key);
			const large = await caches.open(LARGE_CACHE);
			const paths = (await large.keys()).map((r) => new URL(r.url).pathname);
			for (const path of staleLarge(paths, manifest)) await large.delete(path);
			// The first visit's tab is controlled at once, so it works offline without a reload.
			await sw.clients.claim();
		})()
	);
});

async function cacheFirst(cacheName: string, request: Request): Promise<Response> {
	const cache = await caches.open(cacheName);
	const hit = await cache.match(request, { ignoreSearch: true });
	if (hit) return hit;
	const response = await fetch(request);
	// Only whole, successful answers are kept: a failed or partial download is never served later.
	if (response.status === 200) await cache.put(request, response.clone());
	return response;
}

async function networkFirst(request: Request): Promise<Response> {
	const cache = await caches.open(SHELL);
	try {
		const response = await fetch(request);
		if (response.status === 200) await cache.put(request, response.clone());
		return response;
	} catch (err) {
		const hit = await cache.match(request, { ignoreSearch: true });
		if (hit) return hit;
		throw err;
	}
}

sw.addEventListener('fetch', (event) => {
	const url = new URL(event.request.url);
	const how = route(url, event.request.method, sw.location.origin, manifest);
	switch (how) {
		case 'shell':
			return event.respondWith(cacheFirst(SHELL, event.request));
		case 'large':
			return event.respondWith(cacheFirst(LARGE_CACHE, event.request));
		case 'page':
			return event.respondWith(networkFirst(event.request));
		case 'pass':
			return;
		default: {
			const never: never = how;
			return never;
		}
	}
});
