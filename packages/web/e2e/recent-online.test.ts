/**
 * Online games in the home screen's recent list, in a real browser against the real server, as a
 * 390x844 touch phone and a 1280x800 desktop: two players in two browser contexts start a game by
 * link; while it runs both see it under "Continue", which takes each back to their own seat; they
 * play it to its end, both find it in their recent list with their own result and its reason, and
 * opening it there shows the finished game with its moves; an aborted game is listed as aborted,
 * with who aborted it. The keyboard hint line stays hidden on a touch phone (portrait and
 * landscape) and shows on the desktop and after a key press.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { variantOrThrow } from '@damka/rules';
import { useGameServer } from './game-server.ts';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, clickSquare, fillFen, startGame, useHarness } from './harness.ts';
import { DEVICES, openOn, type Device } from './devices.ts';

const h = useHarness();
const server = useGameServer('recent-online');

const sq = (name: string) => variantOrThrow('international').squares.parse(name);

async function waitForPly(page: Page, ply: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="online"]')?.getAttribute('data-ply')) === n,
    ply,
    { timeout: 15_000 },
  );
}

/** Home through the app's own menu (no reload: the page keeps its connection state honest). */
async function goHome(page: Page): Promise<void> {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-new').click();
  await page.getByTestId('home-computer').waitFor();
}

for (const device of DEVICES) {
  test(`${device.name}: an online game under Continue while it runs, then in both recent lists with each player's result`, async () => {
    const a = await openOn(h, device);
    const b = await openOn(h, device);

    // White creates the game from the home screen; Black opens the friend's link
    await a.page.goto(server.url);
    await a.page.getByTestId('home-online').click();
    await a.page.locator('label[data-variant="international"]').click();
    await fillFen(a.page, 'W:W32:B19');
    await a.page.getByTestId('start').click();
    await a.page.getByTestId('waiting').waitFor();
    const friend = await a.page.getByTestId('friend-link').inputValue();
    const gameId = new URL(friend).pathname.split('/')[2]!;
    const whiteToken = new URL(a.page.url()).hash.slice(1);
    const blackToken = new URL(friend).hash.slice(1);
    await b.page.goto(friend);
    await b.page.getByTestId('online').waitFor();
    await a.page.getByTestId('waiting').waitFor({ state: 'detached' });

    await clickSquare(a.page, sq('32'));
    await clickSquare(a.page, sq('28'));
    for (const p of [a.page, b.page]) await waitForPly(p, 1);

    // running: both players find it under Continue and in the list as in progress
    for (const [x, seat, token] of [
      [a, 'white', whiteToken],
      [b, 'black', blackToken],
    ] as const) {
      await goHome(x.page);
      const cont = x.page.getByTestId('home-continue-online');
      assert.equal(await cont.count(), 1, `${seat}: one running online game to continue`);
      assert.equal(await cont.getAttribute('data-game'), gameId);
      assert.match((await cont.textContent()) ?? '', /International · /);
      assert.match(
        (await cont.textContent()) ?? '',
        new RegExp(`opponent: ${seat === 'white' ? 'Black' : 'White'}`),
      );
      // the home board shows the game's position: two men, White's on 28
      const home = x.page.locator('.home-board .piece');
      assert.equal(await home.count(), 2);
      assert.equal(
        await x.page.locator(`.home-board .piece.pc-white[data-square="${sq('28')}"]`).count(),
        1,
      );
      const entry = x.page.locator(`[data-testid="recent-game"][data-kind="online"]`);
      assert.equal(await entry.getAttribute('data-result'), 'running');
      assert.match((await entry.textContent()) ?? '', /in progress/);
      await x.page.screenshot({ path: `${SCREENSHOTS}recent-online-continue-${device.name}.png` });
      await cont.click();
      await x.page.getByTestId('online').waitFor();
      assert.equal(await x.page.getByTestId('online').getAttribute('data-seat'), seat);
      assert.equal(new URL(x.page.url()).pathname, `/play/${gameId}`);
      assert.equal(new URL(x.page.url()).hash, `#${token}`);
      await waitForPly(x.page, 1);
    }

    // to the end: Black 19-23, White 28x19 takes Black's last man
    await clickSquare(b.page, sq('19'));
    await clickSquare(b.page, sq('23'));
    for (const p of [a.page, b.page]) await waitForPly(p, 2);
    await clickSquare(a.page, sq('28'));
    await clickSquare(a.page, sq('19'));
    for (const p of [a.page, b.page]) {
      await waitForPly(p, 3);
      await p.waitForFunction(
        () =>
          document.querySelector('[data-testid="online"]')?.getAttribute('data-result') ===
          'noMoves',
      );
    }

    // finished: nothing to continue; each list says the player's own result and why
    for (const [x, result, words] of [
      [a, 'won', /you won/],
      [b, 'lost', /you lost/],
    ] as const) {
      await goHome(x.page);
      assert.equal(await x.page.getByTestId('home-continue-online').count(), 0);
      const entries = x.page.locator('[data-testid="recent-game"][data-kind="online"]');
      assert.equal(await entries.count(), 1);
      const entry = entries.first();
      assert.equal(await entry.getAttribute('data-game'), gameId);
      assert.equal(await entry.getAttribute('data-result'), result);
      const text = (await entry.textContent()) ?? '';
      assert.match(text, words);
      assert.equal(await entry.locator('.recent-name').textContent(), 'International');
      assert.match(text, /online, opponent: (White|Black) · you (won|lost) · moves: 2 · /);
      assert.match((await entry.getByTestId('recent-reason').textContent()) ?? '', /Black/);
      assert.ok(await entry.isVisible());
      await x.page.screenshot({ path: `${SCREENSHOTS}recent-online-${result}-${device.name}.png` });

      // opened from the list: the finished game with its moves
      await entry.click();
      const online = x.page.getByTestId('online');
      await online.waitFor();
      await x.page.waitForFunction(
        () =>
          document.querySelector('[data-testid="online"]')?.getAttribute('data-result') ===
          'noMoves',
      );
      assert.equal(await x.page.getByTestId('status').textContent(), 'White wins');
      assert.deepEqual(await x.page.locator('[data-testid="moves"] .move').allTextContents(), [
        '32-28',
        '19-23',
        '28x19',
      ]);
    }

    // after a reload the list is still there (kept in storage)
    await b.page.goto(server.url);
    await b.page
      .locator(`[data-testid="recent-game"][data-kind="online"][data-result="lost"]`)
      .waitFor();

    for (const x of [a, b]) {
      assert.deepEqual(x.errors, []);
      await x.context.close();
    }
  });
}

test('an aborted online game: listed as aborted, with who aborted it, for both players', async () => {
  const a = await openOn(h, DEVICES[1]!);
  const b = await openOn(h, DEVICES[0]!);
  await a.page.goto(server.url);
  await a.page.getByTestId('home-online').click();
  await a.page.locator('label[data-variant="russian"]').click();
  await a.page.getByTestId('start').click();
  await a.page.getByTestId('waiting').waitFor();
  const friend = await a.page.getByTestId('friend-link').inputValue();
  await b.page.goto(friend);
  await b.page.getByTestId('online').waitFor();
  await a.page.getByTestId('abort').click();
  for (const x of [a, b]) {
    await x.page.waitForFunction(
      () =>
        document.querySelector('[data-testid="online"]')?.getAttribute('data-result') === 'aborted',
    );
    await goHome(x.page);
    assert.equal(await x.page.getByTestId('home-continue-online').count(), 0);
    const entry = x.page.locator('[data-testid="recent-game"][data-kind="online"]');
    assert.equal(await entry.getAttribute('data-result'), 'aborted');
    assert.equal(await entry.locator('.recent-name').textContent(), 'Russian');
    assert.match((await entry.textContent()) ?? '', /· aborted · moves: 0/);
    assert.equal(
      await entry.getByTestId('recent-reason').textContent(),
      'White aborted the game: no result.',
    );
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

async function hintShown(page: Page): Promise<boolean> {
  await page.locator('.play').waitFor();
  const hint = page.locator('.keyboard-hint');
  assert.equal(await hint.count(), 1, 'the game screen has its keyboard hint line');
  return hint.isVisible();
}

test('the keyboard hint line: hidden on a touch phone, shown on a desktop and after a key press', async () => {
  const landscape: Device = { name: 'phone-landscape', width: 844, height: 390, touch: true };
  for (const device of [...DEVICES, landscape]) {
    const x = await openOn(h, device);
    await x.page.goto(server.url);
    await startGame(x.page, 'international');
    assert.equal(await hintShown(x.page), !device.touch, `${device.name}: hint shown`);
    if (device === landscape) {
      // a keyboard attached to the phone: once a key is pressed the hint shows
      await x.page.keyboard.press('Shift');
      assert.equal(await hintShown(x.page), true, 'after a key press');
    }
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});
