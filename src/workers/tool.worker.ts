/// <reference lib="webworker" />
// The Tool Agent: the only code that opens the runs' filesystem store (IndexedDB `conclave-vfs`).
import * as Comlink from 'comlink';
import { openVfs } from '$lib/storage/vfs';
import { createToolHost } from '$lib/tools/host';
import type { ToolWorkerApi } from './tool-protocol';

const host = createToolHost(openVfs);
const api: ToolWorkerApi = { ...host, connect: (port) => Comlink.expose(api, port) };
Comlink.expose(api);
