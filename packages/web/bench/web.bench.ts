/**
 * Web benchmark: the first page's JavaScript size and the first-render time on localhost in
 * headless Chromium. Sizes: the build's brotli and gzip copies of the first page's script (the
 * worker excluded: it loads only when a game against the computer starts), and the bytes the
 * browser actually received for scripts before its load event (`transferSize` of the resource
 * timing entries: compressed body and headers, as served by `serve.mjs`). Times: the
 * `damka:first-render` mark set right after the app's first render, and the first contentful
 * paint, each the median of fresh page loads. Run `npm run bench:web` (it builds first).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { startHarness, WEB_ROOT } from '../e2e/harness.ts';

const RUNS = Number(process.env.RUNS ?? 15);
const dist = `${WEB_ROOT}dist/`;
const html = readFileSync(`${dist}index.html`, 'utf8');
const firstPage = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1]!,
);
const all = readdirSync(`${dist}assets`)
  .filter((f) => !/\.(?:br|gz)$/.test(f))
  .map((f) => `assets/${f}`);
/** The size of the build's compressed copy (`.br` or `.gz`) of a file. */
const packed = (file: string, suffix: '.br' | '.gz') => readFileSync(dist + file + suffix).length;
const gz = (file: string) => packed(file, '.gz');
const br = (file: string) => packed(file, '.br');
const kb = (n: number) => (n / 1024).toFixed(1);
const js = firstPage.filter((f) => f.endsWith('.js'));
const css = firstPage.filter((f) => f.endsWith('.css'));
const workers = all.filter((f) => f.includes('worker'));
const sum = (files: string[], size: (f: string) => number) =>
  files.reduce((s, f) => s + size(f), 0);
const raw = (f: string) => readFileSync(dist + f).length;
console.log(
  `first-page JS: ${js.join(', ')} — ${kb(sum(js, br))} KB brotli, ${kb(sum(js, gz))} KB gzip (${kb(sum(js, raw))} KB raw)`,
);
console.log(
  `first-page CSS: ${kb(sum(css, br))} KB brotli, ${kb(sum(css, gz))} KB gzip (${kb(sum(css, raw))} KB raw)`,
);
console.log(
  `worker (not on the first page): ${kb(sum(workers, br))} KB brotli, ${kb(sum(workers, gz))} KB gzip (${kb(sum(workers, raw))} KB raw)`,
);

process.env.DAMKA_E2E_NO_BUILD = '1';
const h = await startHarness();
const marks: number[] = [];
const paints: number[] = [];
const scriptBytes: number[] = [];
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
      // scripts received before the load event (the service worker and the engine come later)
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (e) =>
            /\.js$/.test(new URL(e.name).pathname) &&
            e.responseEnd <=
              (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
                .loadEventStart,
        )
        .reduce((s, e) => s + e.transferSize, 0),
    }));
    if (errors.length) throw new Error(errors.join('\n'));
    if (i > 0) {
      // the first load warms the server's file cache and the browser; it is not counted
      marks.push(t.mark);
      paints.push(t.fcp);
      scriptBytes.push(t.scripts);
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
console.log(
  `first-page script as transferred (resource timing, headers included): median ${kb(median(scriptBytes))} KB, max ${kb(Math.max(...scriptBytes))} KB`,
);
const met = median(marks) < 1000 && Math.max(...scriptBytes) <= 120 * 1024;
console.log(
  `targets (first render under 1 s, first-page script at most 120 KB transferred): ${met ? 'met' : 'NOT met'}`,
);
