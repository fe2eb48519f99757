/**
 * Online play in a real browser, against the real server (`@damka/server` serving the built app
 * with its content security policy): one player creates a game from the menu and sees the waiting
 * screen with the friend's link; the friend opens it in another browser context; a third context
 * watches; the two play the game to its end by clicking the board, everyone sees the same moves
 * and result, and the PDN can be downloaded — with no console error (a CSP violation would be one).
 * A finished online game is reviewed by the engine on a 390x844 phone with the connection gone:
 * Black's planted blunder is marked. A Russian game shows the letters and numbers along the board's
 * edges, as a local game does; under "Kings may split" the mover picks the split and both see it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inviteWatchToken, useGameServer } from './game-server.ts';
import type { Page } from 'playwright-core';
import {
  SCREENSHOTS,
  clickSquare,
  fillFen,
  squareIn,
  useHarness,
  intSquare as sq,
} from './harness.ts';

const h = useHarness();
const server = useGameServer('online');

async function waitForPly(page: Page, ply: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="online"]')?.getAttribute('data-ply')) === n,
    ply,
    { timeout: 15_000 },
  );
}

test('two players play a game by link to its end while a third watches', async () => {
  const a = await h.page();
  const b = await h.page();
  const c = await h.page();

  // the creator: menu → play a friend online → rules, a start position, White → start
  await a.page.goto(server.url);
  await a.page.getByTestId('menu').click();
  await a.page.getByTestId('menu-online').click();
  await a.page.locator('label[data-variant="international"]').click();
  assert.equal(await a.page.locator('form.setup').getAttribute('data-kind'), 'online');
  await fillFen(a.page, 'W:W32:B19');
  await a.page.getByTestId('start').click();
  await a.page.getByTestId('waiting').waitFor();
  assert.match(new URL(a.page.url()).pathname, /^\/play\/[A-Za-z0-9_-]{12}$/);
  const friend = await a.page.getByTestId('friend-link').inputValue();
  assert.match(friend, /\/play\/[A-Za-z0-9_-]{12}#[A-Za-z0-9_-]{22}$/);
  const gameId = new URL(friend).pathname.split('/')[2]!;
  const watch = await inviteWatchToken(a.page, gameId);
  await a.page.screenshot({ path: `${SCREENSHOTS}online-waiting.png` });

  // the friend opens the link; the waiting screen ends for the creator
  await b.page.goto(friend);
  await b.page.getByTestId('online').waitFor();
  await a.page.getByTestId('waiting').waitFor({ state: 'detached' });
  assert.equal(await b.page.getByTestId('online').getAttribute('data-seat'), 'black');
  assert.equal(await a.page.getByTestId('online').getAttribute('data-seat'), 'white');
  await c.page.goto(watch);
  await c.page.getByTestId('online').waitFor();
  assert.equal(await c.page.getByTestId('online').getAttribute('data-seat'), 'spectator');
  assert.equal(await c.page.getByTestId('resign').count(), 0);

  // White 32-28, Black 19-23, White 28x19 takes Black's last man
  const plays: Array<[Page, string, string]> = [
    [a.page, '32', '28'],
    [b.page, '19', '23'],
    [a.page, '28', '19'],
  ];
  for (const [ply, [page, from, to]] of plays.entries()) {
    await clickSquare(page, sq(from));
    await clickSquare(page, sq(to));
    for (const p of [a.page, b.page, c.page]) await waitForPly(p, ply + 1);
  }
  for (const p of [a.page, b.page, c.page]) {
    await p.waitForFunction(
      () =>
        document.querySelector('[data-testid="online"]')?.getAttribute('data-result') === 'noMoves',
    );
    assert.equal(await p.getByTestId('status').textContent(), 'White wins');
    assert.deepEqual(await p.locator('[data-testid="moves"] .move').allTextContents(), [
      '32-28',
      '19-23',
      '28x19',
    ]);
  }
  await a.page.getByTestId('rematch').waitFor();
  await c.page.screenshot({ path: `${SCREENSHOTS}online-spectator-end.png` });

  const pdn = await a.page.evaluate(
    async (id) => (await fetch(`/api/games/${id}/pdn`)).text(),
    gameId,
  );
  assert.match(pdn, /1\. 32-28 19-23 2\. 28x19 1-0/);
  assert.match(pdn, /\[FEN "W:W32:B19"\]/);

  // rematch: both ask, both land in the new game with colours swapped
  await a.page.getByTestId('rematch').click();
  await b.page.getByTestId('rematch').click();
  await a.page.waitForFunction(
    (old) =>
      !location.pathname.includes(old) &&
      document.querySelector('[data-testid="online"]')?.getAttribute('data-seat') === 'black',
    gameId,
  );
  await b.page.waitForFunction(
    (old) =>
      !location.pathname.includes(old) &&
      document.querySelector('[data-testid="online"]')?.getAttribute('data-seat') === 'white',
    gameId,
  );

  for (const x of [a, b, c]) {
    assert.deepEqual(x.errors, []);
    await x.page.context().close();
  }
});

/**
 * Two phones at one online table: A creates a game of `variant` (after `setUp` on the new-game
 * screen: a FEN, a house rule), B opens the friend link; both then see the game.
 */
async function phonesAtTable(variant: string, setUp?: (page: Page) => Promise<void>) {
  const a = await h.page({ width: 390, height: 844 });
  const b = await h.page({ width: 390, height: 844 });
  await a.page.goto(server.url);
  await a.page.getByTestId('menu').click();
  await a.page.getByTestId('menu-online').click();
  await a.page.locator(`label[data-variant="${variant}"]`).click();
  await setUp?.(a.page);
  await a.page.getByTestId('start').click();
  await a.page.getByTestId('waiting').waitFor();
  const friend = await a.page.getByTestId('friend-link').inputValue();
  await b.page.goto(friend);
  await b.page.getByTestId('online').waitFor();
  await a.page.getByTestId('waiting').waitFor({ state: 'detached' });
  return { a, b };
}

/**
 * English, Black to move, from the game of the review test: 11-16 loses two men and a king to
 * White's 20x2 (the engine finds it about five men worse than the best move).
 */
const BLUNDER_FEN = 'B:W19-22,24,27,30,32:B4,5,7,9-12,14';

test('a finished online game is reviewed on a phone, offline: the planted blunder is marked', async () => {
  const { a, b } = await phonesAtTable('english', (page) => fillFen(page, BLUNDER_FEN));
  assert.equal(await a.page.getByTestId('online').getAttribute('data-seat'), 'white');
  // no review while the game goes on
  assert.equal(await a.page.getByTestId('review-open').count(), 0);
  const sq = (name: string) => squareIn('english', name);
  await clickSquare(b.page, sq('11'));
  await clickSquare(b.page, sq('16'));
  for (const p of [a.page, b.page]) await waitForPly(p, 1);
  await clickSquare(a.page, sq('20'));
  await clickSquare(a.page, sq('2'));
  for (const p of [a.page, b.page]) await waitForPly(p, 2);
  assert.equal(await a.page.getByTestId('review-open').count(), 0);
  await b.page.getByTestId('resign').click();
  await b.page.getByTestId('confirm-resign').click();
  await a.page.getByTestId('review-open').waitFor();
  // the connection goes: the review runs from the kept files and the page's own engine worker
  await a.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await a.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await a.page.context().setOffline(true);
  await a.page.getByTestId('review-open').click();
  await a.page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 120_000 });
  const moves = a.page.locator('[data-testid="review-moves"] button.move');
  assert.deepEqual(await moves.allTextContents(), ['11-16??', '20x2']);
  assert.equal(await moves.first().getAttribute('data-mark'), 'blunder');
  await moves.first().click();
  assert.match((await a.page.getByTestId('review-better').textContent()) ?? '', /Better: \d+-\d+/);
  const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
  await a.page.screenshot({ path: `${SCREENSHOTS}review-online-phone.png`, fullPage: true });
  // back goes to the online game's own address
  await a.page.context().setOffline(false);
  await a.page.getByTestId('review-back').click();
  await a.page.getByTestId('online').waitFor();
  assert.match(new URL(a.page.url()).pathname, /^\/play\//);
  for (const x of [a, b]) {
    assert.deepEqual(x.errors, []);
    await x.page.context().close();
  }
});

test('an online game of a variant with letters and numbers shows them along the edges', async () => {
  const { a, b } = await phonesAtTable('russian');
  for (const p of [a.page, b.page]) {
    const labels = await p.locator('[data-testid="online"] svg text.label').allTextContents();
    for (const edge of ['a', 'h', '1', '8']) {
      assert.ok(labels.includes(edge), `edge label ${edge} in ${JSON.stringify(labels)}`);
    }
    // the squares are not named one by one, as in a local game of the same variant
    assert.ok(!labels.includes('c3'), `square names drawn: ${JSON.stringify(labels)}`);
  }
});

test('online, "Kings may split": the mover picks the split, and both players see it', async () => {
  const { a, b } = await phonesAtTable('israeli', async (page) => {
    const option = page.locator('label[data-option="kingSplit"]');
    if (!(await option.isVisible()))
      await page.getByTestId('house-rules').locator('summary').click();
    if ((await option.getAttribute('data-on')) !== 'true') await option.click();
    await fillFen(page, 'W:WKd4:Bh8');
  });
  const isq = (name: string) => squareIn('israeli', name);
  await clickSquare(a.page, isq('d4'));
  await clickSquare(a.page, isq('c3'));
  await a.page.getByTestId('split-choice').waitFor();
  assert.equal(await a.page.getByTestId('split-king').textContent(), 'Kd4+c3');
  await a.page.getByTestId('split-king').click();
  for (const p of [a.page, b.page]) {
    await waitForPly(p, 1);
    const list = await p.locator('[data-testid="moves"] .move').allTextContents();
    assert.deepEqual(list, ['Kd4+c3']);
  }
  assert.equal(await a.page.getByTestId('split-choice').count(), 0);
});
