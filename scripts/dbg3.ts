import { performance } from 'node:perf_hooks';
import { runEval } from './eval';
import { startMockOpenAI } from './mock-openai';
const ms = Number(process.argv[2]);
const N = Number(process.argv[3]);
const server: any = await startMockOpenAI({ msPerToken: ms });
const play = async (concurrency: number) => {
	const t0 = performance.now();
	await runEval({
		set: 'standard',
		engine: 'openai',
		model: 'mock',
		baseUrl: server.baseUrl,
		apiKey: 'none',
		limit: N,
		concurrency
	});
	return N / ((performance.now() - t0) / 1000);
};
const e = await play(8);
const o = await play(1);
console.log(ms, N, o.toFixed(2), e.toFixed(2), (e / o).toFixed(2));
await server.close();
