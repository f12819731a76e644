/// <reference lib="webworker" />
// One agent per worker: its persona, private memory and conversation never leave this thread.
import * as Comlink from 'comlink';
import { carryProblems } from './problems';
import { createAgentHost } from './agent-host';

carryProblems();
Comlink.expose(createAgentHost());
