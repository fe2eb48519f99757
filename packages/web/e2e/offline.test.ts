/**
 * How the app is served and kept, in a real browser on a 390x844 touch phone and at 1280x800:
 * the first page's script and style arrive brotli-compressed (the build's copies) and cached for a
 * year as immutable, the page itself is revalidated; the rules page of an unknown variant answers
 * 404 and still explains itself; and after one visit, with the server stopped, the app starts
 * again from the service worker's copy — a same-screen game, a game against the computer (its
 * engine worker too), the rules pages and a PDN import all work — while online play, both a new
 * game and a game link, says that it needs the connection.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { en } from '../src/i18n/en.ts';
import { ru } from '../src/i18n/ru.ts';
import {
  SCREENSHOTS,
  WEB_ROOT,
  clickSquare,
  gameState,
  openNewGame,
  squareIn,
  startGame,
  useHarness,
} from './harness.ts';
import { DEVICES, openOn } from './devices.ts';

const h = useHarness();

for (const vp of DEVICES) {
  test(`${vp.name}: compressed, long-cached assets; a revalidated page`, async () => {
    const { context, page, errors } = await openOn(h, vp);
    const responses = new Map<string, Record<string, string>>();
    page.on('response', (r) => responses.set(new URL(r.url()).pathname, r.headers()));
    await page.goto(h.url);
    await page.getByTestId('menu').waitFor();
    const doc = responses.get('/')!;
    assert.equal(doc['cache-control'], 'no-cache');
    assert.equal(doc['content-encoding'], 'br');
    const assets = [...responses.keys()].filter((p) => /^\/assets\/.+\.(?:js|css)$/.test(p));
    assert.ok(assets.some((p) => p.endsWith('.js')) && assets.some((p) => p.endsWith('.css')));
    for (const path of assets) {
      const headers = responses.get(path)!;
      assert.equal(headers['content-encoding'], 'br', path);
      assert.equal(headers['vary'], 'accept-encoding', path);
      assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable', path);
    }
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
      const m = (await (await fetch(link)).json()) as { icons: Array<{ src: string }> };
      const icons = await Promise.all(m.icons.map(async (i) => (await fetch(i.src)).status));
      return { name: (m as { name?: string }).name, icons };
    });
    assert.match(manifest.name ?? '', /Damka/);
    assert.deepEqual(new Set(manifest.icons), new Set([200]));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${vp.name}: the rules page of an unknown variant answers 404`, async () => {
    const { context, page, errors } = await openOn(h, vp);
    const missing = await page.goto(`${h.url}rules/nonexistent`);
    assert.equal(missing?.status(), 404);
    await page.locator('.rules-index [role="alert"]').waitFor();
    const known = await page.goto(`${h.url}rules/israeli-6x6`);
    assert.equal(known?.status(), 200);
    await page.locator('article[data-variant="israeli-6x6"]').waitFor();
    assert.deepEqual(
      errors.filter((e) => !/404/.test(e)),
      [],
      'no error besides the 404 itself',
    );
    await context.close();
  });

  test(`${vp.name}: after one visit the app starts and plays with the server stopped`, async () => {
    // a server of its own, to stop mid-test
    const { createServer } = (await import(`${WEB_ROOT}serve.mjs`)) as {
      createServer: () => Server;
    };
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const { context, page, errors } = await openOn(h, vp);
    await page.goto(url);
    await page.getByTestId('menu').waitFor();
    // the service worker is active once every file is kept
    const kept = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('damka-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(kept.includes('/'), 'the page is kept');
    assert.ok(
      kept.some((p) => /computer\.worker/.test(p)),
      'the engine is kept',
    );

    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    assert.equal(
      await fetch(url).then(
        () => 'up',
        () => 'down',
      ),
      'down',
      'the server is gone',
    );

    // a fresh start, as after closing the browser
    await page.goto(url);
    await page.getByTestId('menu').waitFor();

    // the rules pages (loaded on demand)
    await page.goto(`${url}rules/israeli-6x6`);
    await page.locator('article[data-variant="israeli-6x6"] [data-fact="queen"]').waitFor();

    // a same-screen game
    await page.goto(url);
    await startGame(page, 'international');
    await clickSquare(page, squareIn('international', '32'));
    await clickSquare(page, squareIn('international', '28'));
    await page.waitForFunction(
      () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
    );

    // the computer answers from its kept worker
    await startGame(page, 'international', { computer: true });
    await clickSquare(page, squareIn('international', '32'));
    await clickSquare(page, squareIn('international', '28'));
    await page.waitForFunction(
      () => Number(document.querySelector('.play')?.getAttribute('data-ply')) >= 2,
      undefined,
      { timeout: 30_000 },
    );
    assert.ok((await gameState(page)).ply >= 2);

    // a PDN import (its code loads on demand)
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-import').click();
    await page.getByTestId('pdn-text').fill('[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *');
    await page.getByTestId('pdn-read').click(); // a single game opens at once
    await page.waitForFunction(
      () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 4,
    );

    // online play says it needs the connection
    await openNewGame(page, 'online');
    await page.getByTestId('start').click();
    const error = page.getByTestId('setup-error');
    await error.waitFor();
    assert.equal(await error.textContent(), en.onlineNeedsConnection);
    await page.screenshot({ path: `${SCREENSHOTS}offline-${vp.name}.png` });

    // and so it does in the reader's language (the dialog closed, the language changed, reopened)
    await page.keyboard.press('Escape');
    await page.getByTestId('new-game').waitFor({ state: 'detached' });
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-language').selectOption('ru');
    await page.keyboard.press('Escape');
    await page.locator('.scrim').waitFor({ state: 'detached' });
    await openNewGame(page, 'online');
    await page.getByTestId('start').click();
    await page.getByText(ru.onlineNeedsConnection).waitFor();

    // and so does a game link opened with the server out of reach
    await page.goto(`${url}play/abcdefghijkl`);
    await page.getByTestId('online-loading').getByText(ru.onlineNeedsConnection).waitFor();

    // failed requests to the stopped server are expected; nothing else may fail
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e)),
      [],
    );
    await context.close();
  });
}
