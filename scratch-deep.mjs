import { chromium } from '@playwright/test';
const [,, w, url, sel] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: +w, height: 800 }, locale: 'zh-CN' });
await page.goto('http://127.0.0.1:4204' + url);
await page.waitForLoadState('networkidle');
if (process.env.FINISH) { await page.getByTestId('speed').selectOption('instant'); await page.getByTestId('play').click(); await page.locator('.status-finished').waitFor({ timeout: 60000 }); }
console.log(await page.evaluate((sel) => {
  const vw = document.documentElement.clientWidth; const out = [];
  for (const el of document.querySelectorAll(sel + ' *')) { const r = el.getBoundingClientRect(); if (r.right > vw + 1) out.push(`${el.tagName}.${[...el.classList].join('.')} w=${Math.round(r.width)} "${(el.textContent||'').slice(0,60)}"`); }
  return out.slice(0, 25).join('\n');
}, sel));
await browser.close();
