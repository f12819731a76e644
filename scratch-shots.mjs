// scratch: not committed
import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4204';
const [,, w, h, lang, ...urls] = process.argv;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: +w, height: +h }, locale: lang === 'zh' ? 'zh-CN' : 'en-US', serviceWorkers: 'block' });
const page = await ctx.newPage();
for (const [i, u] of urls.entries()) {
  const [url, action] = u.split('|');
  await page.goto(base + url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  if (action === 'finish') {
    await page.getByTestId('speed').selectOption('instant');
    await page.getByTestId('play').click();
    await page.locator('.status-finished').waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
  }
  const info = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 1 && r.width > 0) {
        // report only outermost offenders
        if (el.parentElement && el.parentElement.getBoundingClientRect().right > vw + 1) continue;
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
      }
    }
    return { sw: document.documentElement.scrollWidth, vw, sh: document.documentElement.scrollHeight, out: out.slice(0, 12) };
  });
  console.log(u, JSON.stringify(info));
  const name = `/tmp/w22shots/${w}-${lang}-${i}.png`;
  await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
}
await browser.close();
