/**
 * Web benchmark: the first page's JavaScript size (gzip, the worker excluded: it loads only when a
 * game against the computer starts) and the first-render time on localhost in headless Chromium —
 * the `damka:first-render` mark set right after the app's first render, and the first contentful
 * paint, each the median of fresh page loads. Run `npm run bench:web` (it builds first).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startHarness, WEB_ROOT } from '../e2e/harness.ts';

const RUNS = Number(process.env.RUNS ?? 15);
const dist = `${WEB_ROOT}dist/`;
const html = readFileSync(`${dist}index.html`, 'utf8');
const firstPage = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1]!,
);
const all = readdirSync(`${dist}assets`).map((f) => `assets/${f}`);
const gz = (file: string) => gzipSync(readFileSync(dist + file), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);
const js = firstPage.filter((f) => f.endsWith('.js'));
const css = firstPage.filter((f) => f.endsWith('.css'));
const workers = all.filter((f) => f.includes('worker'));
const jsGzip = js.reduce((s, f) => s + gz(f), 0);
console.log(
  `first-page JS: ${js.join(', ')} — ${kb(jsGzip)} KB gzip (${kb(js.reduce((s, f) => s + readFileSync(dist + f).length, 0))} KB raw)`,
);
console.log(`first-page CSS: ${kb(css.reduce((s, f) => s + gz(f), 0))} KB gzip`);
console.log(
  `worker (not on the first page): ${kb(workers.reduce((s, f) => s + gz(f), 0))} KB gzip`,
);

process.env.DAMKA_E2E_NO_BUILD = '1';
const h = await startHarness();
const marks: number[] = [];
const paints: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const { page, errors } = await h.page();
    await page.goto(h.url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('damka:first-render').length > 0);
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    const t = await page.evaluate(() => ({
      mark: performance.getEntriesByName('damka:first-render')[0]!.startTime,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    }));
    if (errors.length) throw new Error(errors.join('\n'));
    if (i > 0) {
      // the first load warms the server's file cache and the browser; it is not counted
      marks.push(t.mark);
      paints.push(t.fcp);
    }
    await page.context().close();
  }
} finally {
  await h.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `first render (damka:first-render mark, from navigation start): median ${median(marks).toFixed(0)} ms, ` +
    `max ${Math.max(...marks).toFixed(0)} ms over ${marks.length} loads`,
);
console.log(
  `first contentful paint: median ${median(paints).toFixed(0)} ms, max ${Math.max(...paints).toFixed(0)} ms`,
);
