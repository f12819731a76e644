/// <reference lib="webworker" />
// One agent per worker: its persona, private memory and conversation never leave this thread.
import * as Comlink from 'comlink';
import { createAgentHost } from './agent-host';

Comlink.expose(createAgentHost());
