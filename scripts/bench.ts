/**
 * `npm run bench`: the performance goals, as a table of medians and rates (never a timed test).
 * Node: scripted six-seat games per second on one core. Chromium: the runner's overhead per agent
 * turn, on the built site's hidden /bench/ page.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { gamesPerSecond, winSplit } from '../src/lib/bench';
import { chromiumPath, CHROMIUM_ARGS } from './browser';

interface Row {
	metric: string;
	value: string;
	goal: string;
	met: boolean | null;
}

const rows: Row[] = [];
const fmt = (n: number, digits = 3) => (n >= 100 ? n.toFixed(0) : n === 0 ? '0' : n.toPrecision(digits));

async function nodeRows() {
	await gamesPerSecond(200, () => performance.now()); // warm-up: let the JIT settle
	const { perSecond, events } = await gamesPerSecond(2000, () => performance.now());
	rows.push({
		metric: 'scripted 6-seat games/s, Node, 1 core',
		value: fmt(perSecond),
		goal: '>= 1000',
		met: perSecond >= 1000
	});
	rows.push({ metric: 'events per game (mean)', value: fmt(events), goal: '', met: null });
	const split = await winSplit(1000);
	const pct = (n: number) => `${((100 * n) / 1000).toFixed(1)}%`;
	rows.push({
		metric: 'wins over 1,000 seeds: civilians / undercover / draw',
		value: `${pct(split.civilians)} / ${pct(split.undercover)} / ${pct(split.draw)}`,
		goal: 'both > 15%',
		met: split.civilians > 150 && split.undercover > 150
	});
}

async function browserRows() {
	const executablePath = chromiumPath();
	if (!existsSync('build/index.html')) {
		rows.push({
			metric: 'runner overhead per turn, Chromium',
			value: 'n/a (run `npm run build` first)',
			goal: '<= 1 ms',
			met: null
		});
		return;
	}
	const port = 4300 + Math.floor(Math.random() * 500);
	// Vite itself, not through npx, so that killing it stops the server.
	const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
	const server = spawn(process.execPath, [vite, 'preview', '--port', String(port), '--strictPort'], {
		stdio: 'ignore'
	});
	try {
		const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
		const page = await browser.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		for (let i = 0; ; i++) {
			try {
				await page.goto(`http://127.0.0.1:${port}/bench/#run`);
				break;
			} catch (err) {
				if (i > 100) throw new Error('the preview server did not start', { cause: err });
				await new Promise((r) => setTimeout(r, 200));
			}
		}
		await page
			.getByTestId('bench-result')
			.filter({ hasText: '{' })
			.waitFor({ timeout: 120_000 })
			.catch(() => {
				throw new Error(`the /bench/ page gave no result${errors.length ? `: ${errors.join('; ')}` : ''}`);
			});
		const text = await page
			.getByTestId('bench-result')
			.filter({ hasText: '{' })
			.textContent({ timeout: 120_000 });
		const r = JSON.parse(text ?? '{}') as {
			overheadMs: number;
			overheadSavedMs: number;
			turns: number;
			gamesPerSecond: number;
		};
		rows.push({
			metric: 'runner overhead per agent turn, Chromium (median)',
			value: `${fmt(r.overheadMs)} ms`,
			goal: '<= 1 ms',
			met: r.overheadMs <= 1
		});
		rows.push({
			metric: '  same, saving to IndexedDB as the page does',
			value: `${fmt(r.overheadSavedMs)} ms`,
			goal: '<= 1 ms',
			met: r.overheadSavedMs <= 1
		});
		rows.push({
			metric: 'scripted 6-seat games/s, Chromium main thread',
			value: fmt(r.gamesPerSecond),
			goal: '',
			met: null
		});
		await browser.close();
	} finally {
		server.kill();
	}
}

await nodeRows();
await browserRows();

const w = [
	Math.max(...rows.map((r) => r.metric.length), 6),
	Math.max(...rows.map((r) => r.value.length), 5),
	8
];
const line = (a: string, b: string, c: string, d: string) =>
	`| ${a.padEnd(w[0]!)} | ${b.padStart(w[1]!)} | ${c.padEnd(w[2]!)} | ${d} |`;
console.log(line('metric', 'value', 'goal', 'met'));
console.log(`|${'-'.repeat(w[0]! + 2)}|${'-'.repeat(w[1]! + 2)}|${'-'.repeat(w[2]! + 2)}|-----|`);
for (const r of rows)
	console.log(line(r.metric, r.value, r.goal, r.met === null ? '' : r.met ? 'yes' : 'NO'));
