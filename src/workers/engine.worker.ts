/// <reference lib="webworker" />
// One engine (one model's weights) per worker, shared by every agent that uses the model.
import * as Comlink from 'comlink';
import { carryProblems } from './problems';
import { EngineHost } from '$lib/engines/host';
import type { EngineWorkerApi } from './protocol';

const host = new EngineHost();
const api: EngineWorkerApi = {
	load: (spec, onProgress) => host.load(spec, onProgress),
	chat: (request, onDelta) => host.chat(request, onDelta),
	connect: (port) => Comlink.expose(api, port),
	unload: () => host.unload()
};
carryProblems();
Comlink.expose(api);
