/**
 * The player-first app in a real browser, as a 390x844 touch phone and a 1280x800 desktop: the
 * board-first home and its three ways to play; on every game screen — same screen, computer,
 * online player and spectator — the whole board and both players' bars inside the window without
 * scrolling, each screen starting at the top; dialogs closed by Escape and by a click outside; a
 * finished game goes to the recent list and its dialog does not come back; a random colour; the
 * computer refusing a draw in the opening; a house-rule conflict said in the form and played as
 * shown; the keyboard cursor leaving the other side's piece — and no console errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS, variantOrThrow } from '@damka/rules';
import { useGameServer, inviteWatchToken } from './game-server.ts';
import { DEVICES, openOn, type Device } from './devices.ts';
import type { Page } from 'playwright-core';
import {
  cursorName,
  SCREENSHOTS,
  clickSquare,
  gameState,
  openNewGame,
  startGame,
  useHarness,
} from './harness.ts';

const h = useHarness();
const server = useGameServer('home');

const SIZES = DEVICES;
/** Windows from the smallest phone to a full-HD desktop, portrait and landscape. */
const EXTRA_SIZES = [
  [360, 640],
  [640, 360],
  [844, 390],
  [768, 1024],
  [1024, 768],
  [1920, 1080],
] as const;

/** A fresh page at `size` (a touch phone or a desktop) recording console errors. */
const open = (size: Device) => openOn(h, size);

/** The board and both player bars lie inside the window, the page at its top, no bar under the header. */
async function assertFits(page: Page, what: string): Promise<void> {
  await page.locator('.game-shell .damka-board svg').waitFor();
  // (no named helper inside: the page runs the function's source as written)
  const m = await page.evaluate(() => ({
    scrollY: window.scrollY,
    width: window.innerWidth,
    height: window.innerHeight,
    header: document.querySelector('.topbar')!.getBoundingClientRect().bottom,
    board: document.querySelector('.game-shell .board-frame')!.getBoundingClientRect().toJSON() as {
      top: number;
      bottom: number;
      left: number;
      right: number;
    },
    bars: [...document.querySelectorAll('.game-shell .player-bar')].map(
      (el) =>
        el.getBoundingClientRect().toJSON() as {
          top: number;
          bottom: number;
          left: number;
          right: number;
        },
    ),
    names: [...document.querySelectorAll('.game-shell .player-name')].map((e) => e.textContent),
  }));
  assert.equal(m.scrollY, 0, `${what}: the screen starts at the top`);
  assert.equal(m.bars.length, 2, `${what}: two player bars`);
  assert.ok(
    m.names.every((n) => (n ?? '').length > 0),
    `${what}: both names shown (${m.names.join(', ')})`,
  );
  for (const [label, r] of [
    ['board', m.board],
    ...m.bars.map((b, i) => [`bar ${i}`, b] as const),
  ] as const) {
    assert.ok(
      r.top >= 0 && r.left >= 0 && r.right <= m.width + 0.5 && r.bottom <= m.height + 0.5,
      `${what}: ${label} ${JSON.stringify(r)} inside ${m.width}x${m.height}`,
    );
  }
  assert.ok(m.bars[0]!.top >= m.header - 0.5, `${what}: the top bar is below the header`);
}

async function waitForPly(page: Page, ply: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.play')?.getAttribute('data-ply')) === n,
    ply,
    { timeout: 20_000 },
  );
}

for (const size of SIZES) {
  test(`${size.name}: a board-first home, three ways to play, every local game screen fits`, async () => {
    const { page, errors } = await open(size);
    await page.goto(h.url);
    // the home: a board and the three actions, all in view; no continue without a game
    await page.locator('.home .damka-board svg').waitFor();
    for (const id of ['home-computer', 'home-friend', 'home-online']) {
      const r = await page.getByTestId(id).boundingBox();
      assert.ok(r && r.y + r.height <= size.height, `${id} in view`);
    }
    assert.equal(await page.getByTestId('home-continue').count(), 0);
    await page.screenshot({ path: `${SCREENSHOTS}home-${size.name}.png` });

    // the dialog: grouped names, never an internal id; Escape closes it, and a click outside
    await page.getByTestId('home-computer').click();
    const dialog = page.getByTestId('new-game');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const v of VARIANTS.filter((r) => r.id.includes('-'))) {
      assert.ok(!text.includes(v.id), `no id ${v.id} shown`);
    }
    const groups = dialog.locator('.variant-group');
    assert.equal(await groups.count(), 4);
    const idsIn = (i: number) =>
      groups
        .nth(i)
        .locator('label[data-variant]')
        .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-variant')));
    const ten = await idsIn(0);
    for (const id of ['international', 'frisian', 'frysk', 'killer', 'breakthrough']) {
      assert.ok(ten.includes(id), `${id} with International on 10x10: ${ten.join()}`);
    }
    assert.deepEqual(await idsIn(1), ['canadian']);
    const eight = await idsIn(2);
    for (const id of ['english', 'russian', 'pool', 'thai']) assert.ok(eight.includes(id), id);
    await page.screenshot({ path: `${SCREENSHOTS}new-game-${size.name}.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('home-friend').click();
    await dialog.waitFor();
    await page.mouse.click(3, size.height - 3); // the overlay, outside the box
    await dialog.waitFor({ state: 'detached' });

    // a same-screen game with a clock, started from a scrolled home: it fits and starts at the top
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('home-friend').click();
    await page.locator('label[data-variant="russian"]').click();
    await page.getByTestId('friend-clock').selectOption({ index: 2 });
    await page.getByTestId('start').click();
    await page.locator('.play').waitFor();
    await assertFits(page, 'same screen');
    assert.ok(await page.getByTestId('clock-white').isVisible(), 'the clock shows');
    await page.screenshot({ path: `${SCREENSHOTS}game-friend-${size.name}.png` });
    const russian = variantOrThrow('russian');
    await clickSquare(page, russian.squares.parse('c3'));
    await clickSquare(page, russian.squares.parse('d4'));
    await waitForPly(page, 1);
    await page.waitForTimeout(100);
    await assertFits(page, 'same screen after a move (the move list never scrolls the page)');

    // against the computer, with a clock, the computer's bar names it
    await openNewGame(page, 'computer');
    await page.locator('label[data-variant="international"]').click();
    await page.getByTestId('computer-clock').selectOption({ index: 3 });
    await page.locator('input[name="human"][value="white"]').check({ force: true });
    await page.getByTestId('start').click();
    await page.locator('.play[data-mode="computer"]').waitFor();
    await assertFits(page, 'computer');
    assert.match((await page.getByTestId('player-black').textContent()) ?? '', /Computer/);
    assert.match((await page.getByTestId('player-white').textContent()) ?? '', /You/);
    assert.ok(await page.getByTestId('clock-black').isVisible(), 'the computer has a clock too');
    await page.screenshot({ path: `${SCREENSHOTS}game-computer-${size.name}.png` });

    // on the smallest phone a move and the computer's reply never scroll the page
    await page.setViewportSize({ width: 360, height: 640 });
    const international = variantOrThrow('international');
    await clickSquare(page, international.squares.parse('32'));
    await clickSquare(page, international.squares.parse('28'));
    await waitForPly(page, 2);
    await page.waitForTimeout(100);
    await assertFits(page, 'computer at 360x640 after a move and its reply');
    // the same screen at the smallest and largest windows, upright and sideways
    for (const [width, height] of EXTRA_SIZES) {
      await page.setViewportSize({ width, height });
      await assertFits(page, `computer at ${width}x${height}`);
    }
    await page.setViewportSize({ width: size.width, height: size.height });

    // the home now offers to continue it; the recent list holds the friend game left behind
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-new').click();
    await page.getByTestId('home-continue').waitFor();
    assert.equal(await page.getByTestId('recent-game').count(), 1);
    await page.getByTestId('home-continue').click();
    await assertFits(page, 'continued');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test(`${size.name}: online player and spectator screens fit, clocks included`, async () => {
    const a = await open(size);
    const b = await open(size);
    const c = await open(size);
    await a.page.goto(server.url);
    await a.page.getByTestId('home-online').click();
    await a.page.locator('label[data-variant="international"]').click();
    await a.page.getByTestId('clock').selectOption({ index: 2 });
    await a.page.getByTestId('start').click();
    await a.page.getByTestId('waiting').waitFor();
    const friend = await a.page.getByTestId('friend-link').inputValue();
    const gameId = new URL(friend).pathname.split('/')[2]!;
    const watch = await inviteWatchToken(a.page, gameId);
    await b.page.goto(friend);
    await b.page.getByTestId('online').waitFor();
    await a.page.getByTestId('waiting').waitFor({ state: 'detached' });
    await c.page.goto(watch);
    await c.page.getByTestId('online').waitFor();
    for (const [who, x] of [
      ['online player', a],
      ['online opponent', b],
      ['spectator', c],
    ] as const) {
      await x.page.locator('[data-testid="clock-white"]').waitFor();
      await assertFits(x.page, who);
      assert.ok(await x.page.getByTestId('clock-black').isVisible(), `${who}: both clocks`);
    }
    for (const [width, height] of EXTRA_SIZES) {
      await c.page.setViewportSize({ width, height });
      await assertFits(c.page, `spectator at ${width}x${height}`);
    }
    assert.match((await a.page.getByTestId('player-white').textContent()) ?? '', /You/);
    assert.match((await a.page.getByTestId('player-black').textContent()) ?? '', /Opponent/);
    await a.page.screenshot({ path: `${SCREENSHOTS}game-online-${size.name}.png` });
    await c.page.screenshot({ path: `${SCREENSHOTS}game-spectator-${size.name}.png` });
    for (const x of [a, b, c]) {
      assert.deepEqual(x.errors, []);
      await x.page.context().close();
    }
  });
}

test('the game-over dialog closes by Escape and by a click outside, and does not come back', async () => {
  const { page, errors } = await open(SIZES[0]);
  await page.goto(h.url);
  await startGame(page, 'international');
  const dialog = page.getByTestId('result');
  await page.getByTestId('resign').click();
  // the resign question closes with Escape too (and nothing is resigned)
  await page.getByTestId('confirm-resign').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('confirm-resign').waitFor({ state: 'detached' });
  assert.equal((await gameState(page)).result, '');
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // a second finished game: its dialog closes by a click outside
  await startGame(page, 'russian');
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await dialog.waitFor();
  await page.mouse.click(3, 3);
  await dialog.waitFor({ state: 'detached' });
  // back to / : the home, no dialog over it, both finished games in the recent list
  await page.goto(h.url);
  await page.locator('.home').waitFor();
  assert.equal(await dialog.count(), 0);
  assert.equal(await page.getByTestId('home-continue').count(), 0);
  assert.equal(await page.getByTestId('recent-game').count(), 2);
  assert.match((await page.getByTestId('recent').textContent()) ?? '', /Russian.*International/s);
  await page.getByTestId('menu').click();
  assert.ok(await page.getByTestId('menu-new').isVisible(), 'the ☰ menu is not covered');
  await page.keyboard.press('Escape');
  // a recent game opens for review, without its dialog
  await page.getByTestId('recent-game').first().click();
  await page.locator('.play[data-result="resign"]').waitFor();
  assert.equal(await dialog.count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('random colour: the computer gets White in some games and Black in others', async () => {
  const { page, errors } = await open(SIZES[1]);
  await page.goto(h.url);
  const seen = new Set<string>();
  for (let i = 0; i < 24 && seen.size < 2; i++) {
    await openNewGame(page, 'computer');
    // the label a player taps (the dialog scrolls it into view; the radio itself is hidden)
    await page.locator('label:has(> input[name="human"][value="random"])').click();
    await page.getByTestId('level').selectOption('1');
    await page.getByTestId('start').click();
    await page.locator('.play').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('damka.game'));
    seen.add(String((JSON.parse(stored!) as { computer: string }).computer));
  }
  assert.deepEqual([...seen].sort(), ['black', 'white']);
  // the choice itself is remembered as "random"
  await openNewGame(page, 'computer');
  assert.ok(await page.locator('input[name="human"][value="random"]').isChecked());
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the computer refuses a draw offered in the opening', async () => {
  const { page, errors } = await open(SIZES[1]);
  await page.goto(h.url);
  await startGame(page, 'international', { computer: true });
  await page.getByTestId('offer-draw').click();
  const note = page.getByTestId('draw-note');
  await note.waitFor();
  assert.equal(await note.textContent(), 'The computer declines: the game has only begun.');
  const international = variantOrThrow('international');
  const sq = (n: string) => international.squares.parse(n);
  await clickSquare(page, sq('32'));
  await clickSquare(page, sq('28'));
  await waitForPly(page, 2);
  await page.getByTestId('offer-draw').click();
  await page.getByTestId('draw-note').waitFor();
  assert.equal(
    await page.getByTestId('draw-note').textContent(),
    'The computer declines: the game has only begun.',
  );
  assert.equal((await gameState(page)).result, '');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('house rules: a conflict is said in the form, and the game plays what the switches show', async () => {
  const { page, errors } = await open(SIZES[0]);
  await page.goto(h.url);
  await openNewGame(page, 'friend');
  await page.locator('label[data-variant="israeli"]').click();
  const rules = page.getByTestId('house-rules');
  await rules.locator('summary').click();
  const burned = rules.locator('label[data-option="burnedPieces"] input');
  assert.equal(await burned.isChecked(), true, 'Israeli plays burns by default');
  await rules.locator('label[data-option="noForcedCapture"] input').click();
  assert.match(
    (await page.getByTestId('turned-off').textContent()) ?? '',
    /Turned off: Burned pieces.*cannot be combined with .No forced capture/,
  );
  assert.equal(await burned.isChecked(), false, 'the burn switch shows off');
  assert.match(
    (await page.getByTestId('conflict-burnedPieces').textContent()) ?? '',
    /cannot be combined with No forced capture/,
  );
  await page.screenshot({ path: `${SCREENSHOTS}house-rule-conflict.png` });
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('damka.game')))!) as {
    setup: { options: Record<string, boolean> };
  };
  assert.deepEqual(stored.setup.options, { noForcedCapture: true, burnedPieces: false });
  assert.match(
    (await page.getByTestId('variant-line').textContent()) ?? '',
    /No forced capture, −Burned pieces/,
  );
  // turning burns back on turns optional capture off again
  await openNewGame(page, 'friend');
  await page.getByTestId('house-rules').locator('label[data-option="burnedPieces"] input').click();
  assert.equal(
    await page
      .getByTestId('house-rules')
      .locator('label[data-option="noForcedCapture"] input')
      .isChecked(),
    false,
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('same screen: after a keyboard move the cursor moves to the side now to move', async () => {
  const { page, errors } = await open(SIZES[1]);
  await page.goto(h.url);
  await startGame(page, 'international');
  const board = page.locator('.game-shell .damka-board');
  await board.focus();
  const live = page.locator('.game-shell .damka-board [aria-live]');
  assert.match(await cursorName(page), /white man/);
  // the cursor starts on White's first movable piece: pick it and play its first destination
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /selected/.test(document.querySelector('.damka-board [aria-live]')?.textContent ?? ''),
  );
  const selected = (await live.textContent()) ?? '';
  const to = /destinations (\d+)/.exec(selected)?.[1];
  assert.ok(to, selected);
  const from = Number(/white man on (\d+)/.exec(selected)?.[1]);
  assert.ok(from > 0);
  // arrows from the picked piece to its destination, then Enter
  const international = variantOrThrow('international');
  const target = international.squares.parse(to);
  await clickSquare(page, target);
  await waitForPly(page, 1);
  // back on the board by keyboard: the cursor is on a black piece, not on White's moved man
  await page.keyboard.press('Shift+Tab');
  await board.focus();
  assert.match(await cursorName(page), /black man/);
  assert.deepEqual(errors, []);
  await page.context().close();
});
