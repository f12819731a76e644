import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './browser';
import { builtPages, firstLoads } from './first-load';
const port = 4209;
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) { if (await fetch(origin + '/').then((r) => r.ok, () => false)) break; if (i > 100) throw new Error('no server'); await new Promise((r) => setTimeout(r, 200)); }
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const l of await firstLoads(browser, origin, builtPages())) console.log(`${l.page}\t${l.bytes}\t${(l.bytes/1024).toFixed(1)} KB\t${l.files.length} files`);
await browser.close(); server.kill();
