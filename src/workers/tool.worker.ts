/// <reference lib="webworker" />
// The Tool Agent: the only code that opens the runs' filesystem store (IndexedDB `conclave-vfs`).
import * as Comlink from 'comlink';
import { carryProblems } from './problems';
import { openVfs } from '$lib/storage/vfs';
import { createToolSession } from '$lib/tools/session';
import type { ToolWorkerApi } from './tool-protocol';

const session = createToolSession(openVfs);
const api: ToolWorkerApi = { ...session, connect: (port) => Comlink.expose(api, port) };
carryProblems();
Comlink.expose(api);
