/**
 * The app's behaviour in a real browser: refused moves say why, a same-screen game reaches a result
 * with its reason, the computer answers (in its worker) and undo takes back a full turn, the game
 * survives a reload, the review of an earlier position, keyboard-only play, Hebrew and Arabic pages
 * laid out right to left around a left-to-right board — and no console errors anywhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { moveCursor, type Arrow } from '@damka/board';
import type { Page } from 'playwright-core';
import {
  cursorName,
  SCREENSHOTS,
  clickSquare,
  fillFen,
  gameState,
  openNewGame,
  squareBox,
  startGame,
  useHarness,
  INTERNATIONAL as international,
  intSquare as sq,
} from './harness.ts';

const h = useHarness();

async function waitForPly(page: Page, ply: number, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.play')?.getAttribute('data-ply')) === n,
    ply,
    {
      timeout,
    },
  );
}

test('a refused move says why and changes nothing', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startGame(page, 'international');
  const before = await gameState(page);
  // a man that cannot move
  await clickSquare(page, sq('46'));
  assert.equal(await page.getByTestId('message').textContent(), 'This piece has no legal move.');
  // a destination no move reaches
  await clickSquare(page, sq('31'));
  await clickSquare(page, sq('22'));
  const text = (await page.getByTestId('message').textContent()) ?? '';
  assert.ok(text.length > 0, 'a reason is shown');
  assert.deepEqual(await gameState(page), before);
  // a compulsory capture elsewhere: White 33 must take 28 in this position
  await startGame(page, 'international', { fen: 'W:W33,40:B28,5' });
  await clickSquare(page, sq('40'));
  await clickSquare(page, sq('34'));
  assert.match((await page.getByTestId('message').textContent()) ?? '', /capture is compulsory/i);
  assert.match((await page.getByTestId('message').textContent()) ?? '', /33/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a same-screen game reaches a result with its reason (give-away and international)', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  // give-away: Black's only move takes White's last man; White cannot move and so wins
  const giveaway = variantOrThrow('giveaway');
  await startGame(page, 'giveaway', { fen: 'B:W6:B1' });
  await clickSquare(page, giveaway.squares.parse('1'));
  await clickSquare(page, giveaway.squares.parse('10'));
  const dialog = page.getByTestId('result');
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), 'White wins');
  assert.equal(
    await page.getByTestId('result-reason').textContent(),
    'White has no legal move and so wins (give-away).',
  );
  assert.equal((await gameState(page)).result, 'noMoves');
  await page.screenshot({ path: `${SCREENSHOTS}result-giveaway.png` });
  // the same idea in international: the side left without pieces loses
  await dialog.getByRole('button', { name: 'New game' }).click();
  await page.getByTestId('home-friend').click();
  await page.locator(`label[data-variant="international"]`).click();
  await fillFen(page, 'W:W6:B11');
  await page.getByTestId('start').click();
  await clickSquare(page, sq('6'));
  await clickSquare(page, sq('17'));
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), 'White wins');
  assert.equal(await page.getByTestId('result-reason').textContent(), 'Black has no legal move.');
  // resign in a fresh game
  await dialog.getByRole('button', { name: 'New game' }).click();
  await page.getByTestId('home-friend').click();
  await page.getByTestId('start').click();
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await dialog.waitFor();
  assert.equal(await page.getByTestId('result-reason').textContent(), 'White resigned.');
  assert.equal(await dialog.locator('h2').textContent(), 'Black wins');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the computer answers from its worker; undo takes back a whole turn; the game survives a reload', async () => {
  const { page, errors } = await h.page({ motion: true }); // moves animate here
  await page.goto(h.url);
  await startGame(page, 'international', { computer: true });
  await clickSquare(page, sq('32'));
  await clickSquare(page, sq('28'));
  await waitForPly(page, 2);
  assert.equal(await page.getByTestId('status').textContent(), 'Your move');
  const workers = page.workers().length;
  assert.ok(workers >= 1, 'the search runs in a Web Worker');
  const two = await gameState(page);
  // the position the page shows is the rules' position after both moves
  const g = Position.fromFen(international, two.fen);
  assert.ok(g.ok);
  await page.reload();
  await page.locator('.play').waitFor();
  assert.deepEqual(await gameState(page), two, 'the game survives a reload');
  // a game against the computer is reviewed by the engine too, and Back returns to it
  await page.getByTestId('review-open').click();
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 60_000 });
  const marks = await page
    .locator('[data-testid="review-moves"] button.move')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
  assert.equal(marks.length, 2);
  assert.ok(
    marks.every((m) => m !== 'pending'),
    String(marks),
  );
  await page.getByTestId('review-back').click();
  assert.deepEqual(await gameState(page), two, 'the game after its review');
  await page.getByTestId('undo').click();
  assert.equal((await gameState(page)).ply, 0, 'undo takes back the computer reply and the move');
  assert.equal((await gameState(page)).fen, Position.start(international).fen);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the computer moves first when it has White; a friend game can be reviewed and undone', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openNewGame(page, 'computer');
  await page.locator('label[data-variant="brazilian"]').click();
  await page.locator('input[name="human"][value="black"]').check({ force: true });
  await page.getByTestId('start').click();
  await waitForPly(page, 1);
  // the board is turned so that the human's Black is at the bottom: Black's a-file man on h-side
  const brazilian = variantOrThrow('brazilian');
  const a7 = await squareBox(page, brazilian.squares.parse('a7'));
  const h2 = await squareBox(page, brazilian.squares.parse('h2'));
  assert.ok(a7 && h2 && a7.y > h2.y, 'Black at the bottom');

  // friend game: two moves, review the first, undo one
  await startGame(page, 'brazilian');
  let p = Position.start(brazilian);
  for (const text of ['c3-d4', 'f6-e5']) {
    const m = p
      .legalMoves()
      .find((x) => `${brazilian.squares.names[x.from]}-${brazilian.squares.names[x.to]}` === text)!;
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
    p = p.play(m);
  }
  assert.equal((await gameState(page)).fen, p.fen);
  assert.deepEqual(await page.locator('.move-list .move').allTextContents(), ['c3-d4', 'f6-e5']);
  await page.locator('.move-list .move').first().click();
  assert.match((await page.locator('.reviewing').textContent()) ?? '', /Reviewing move 1 of 2/);
  // while reviewing, the board shows the earlier position and takes no moves
  const e5 = brazilian.squares.parse('e5');
  assert.equal(await page.locator(`.damka-board .piece[data-square="${e5}"]`).count(), 0);
  await page.getByRole('button', { name: 'Back to the game' }).click();
  assert.equal(await page.locator(`.damka-board .piece[data-square="${e5}"]`).count(), 1);
  // the engine review of the friend game
  await page.getByTestId('review-open').click();
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 60_000 });
  const reviewed = page.locator('[data-testid="review-moves"] button.move');
  const texts = await reviewed.allTextContents();
  assert.deepEqual(
    texts.map((x) => x.replace(/[?!]+$/, '')),
    ['c3-d4', 'f6-e5'],
  );
  const marks = await reviewed.evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
  assert.ok(
    marks.every((m) => m !== 'pending'),
    String(marks),
  );
  await page.getByTestId('review-back').click();
  assert.equal((await gameState(page)).fen, p.fen);
  await page.getByTestId('undo').click();
  assert.equal((await gameState(page)).ply, 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Arrow keys that take the cursor from one square to another (breadth-first over screen moves). */
function arrowsBetween(from: number, to: number, flipped: boolean): Arrow[] {
  const g = international.topology;
  const arrows: Arrow[] = ['up', 'down', 'left', 'right'];
  const seen = new Map<number, Arrow[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const here = queue.shift()!;
    if (here === to) return seen.get(here)!;
    for (const a of arrows) {
      const next = moveCursor(g, flipped, here, a);
      if (!seen.has(next)) {
        seen.set(next, [...seen.get(here)!, a]);
        queue.push(next);
      }
    }
  }
  throw new Error('unreachable square');
}

test('keyboard only: one tab stop, arrows, Enter, Escape — announced in a live region', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startGame(page, 'international');
  // tab to the board
  let tabs = 0;
  while (tabs < 40) {
    await page.keyboard.press('Tab');
    tabs++;
    if (await page.evaluate(() => document.activeElement?.classList.contains('damka-board'))) break;
  }
  assert.ok(
    await page.evaluate(() => document.activeElement?.classList.contains('damka-board')),
    'the board takes focus',
  );
  // the board is a single tab stop: the next Tab leaves it
  const start = Position.start(international);
  const cursor = start.legalMoves()[0]!.from; // the cursor starts on the first movable piece
  const live = page.locator('.damka-board [aria-live]');
  assert.equal(await cursorName(page), `${international.squares.names[cursor]}, white man`);
  const move = start
    .legalMoves()
    .find(
      (m) =>
        international.squares.names[m.from] === '33' && international.squares.names[m.to] === '29',
    )!;
  const keys = (list: Arrow[]) => list.map((a) => `Arrow${a[0]!.toUpperCase()}${a.slice(1)}`);
  for (const k of keys(arrowsBetween(cursor, move.from, false))) await page.keyboard.press(k);
  await page.keyboard.press('Enter');
  assert.match(
    (await live.textContent()) ?? '',
    /white man on 33 selected; destinations (28, 29|29, 28)$/,
  );
  await page.keyboard.press('Escape');
  assert.equal(await live.textContent(), 'selection cancelled');
  await page.keyboard.press('Space');
  for (const k of keys(arrowsBetween(move.from, move.to, false))) await page.keyboard.press(k);
  await page.keyboard.press('Enter');
  assert.equal((await gameState(page)).fen, start.play(move).fen);
  assert.equal(await live.textContent(), 'moved 33 to 29');
  await page.keyboard.press('Tab');
  assert.ok(
    !(await page.evaluate(() => document.activeElement?.classList.contains('damka-board'))),
    'one tab stop',
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [locale, title] of [
  ['he', 'משחק חדש'],
  ['ar', 'لعبة جديدة'],
] as const) {
  test(`${locale}: the page runs right to left, the board left to right`, async () => {
    const { page, errors } = await h.page({ locale });
    await page.goto(h.url);
    // the browser language picks the catalogue; the menu switch is tested on the way back
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
    await page.waitForFunction((l) => document.documentElement.dataset['catalogue'] === l, locale);
    await page.getByTestId('menu').click();
    assert.equal(await page.getByTestId('menu-new').textContent(), title);
    await page.getByTestId('menu-new').click();
    await page.getByTestId('home-friend').click();
    await page.locator('label[data-variant="russian"]').click();
    await page.getByTestId('start').click();
    const russian = variantOrThrow('russian');
    const m = Position.start(russian).legalMoves()[0]!;
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
    const board = page.locator('.damka-board');
    assert.equal(await board.getAttribute('dir'), 'ltr');
    assert.equal(await board.evaluate((el) => getComputedStyle(el).direction), 'ltr');
    assert.equal(
      await page.locator('body').evaluate((el) => getComputedStyle(el).direction),
      'rtl',
    );
    assert.equal(await page.locator('.move-list .move span').first().getAttribute('dir'), 'ltr');
    // a1 is still at the bottom left of the board
    const a1 = await squareBox(page, russian.squares.parse('a1'));
    const boardBox = await board.boundingBox();
    assert.ok(a1 && boardBox && a1.x - boardBox.x < boardBox.width / 4, 'a1 on the left');
    // the side panel sits to the left of the board in a right-to-left page
    const side = await page.locator('.side').boundingBox();
    assert.ok(side && boardBox && side.x < boardBox.x, 'the panel is mirrored');
    await page.screenshot({ path: `${SCREENSHOTS}page-${locale}.png` });
    // switching the language back from the menu
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-language').selectOption('en');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    assert.equal(await page.getByTestId('menu-new').textContent(), 'New game');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('settings persist: dark theme, no coordinates, flipped board', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-settings').click();
  await page.locator('input[name="theme"][value="dark"]').check({ force: true });
  await page.getByRole('switch', { name: 'Show square names' }).uncheck();
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
  await startGame(page, 'turkish');
  assert.equal(await page.locator('.damka-board .label').count(), 0);
  await page.getByTestId('flip').click();
  const turkish = variantOrThrow('turkish');
  const a1 = await squareBox(page, turkish.squares.parse('a1'));
  const a8 = await squareBox(page, turkish.squares.parse('a8'));
  assert.ok(a1 && a8 && a1.y < a8.y, 'flipped: a1 at the top');
  await page.screenshot({ path: `${SCREENSHOTS}dark-turkish-flipped.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the browser's Back and Forward move between the app's screens and never leave it", async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await page.locator('.home').waitFor();
  await startGame(page, 'english');
  const game = await gameState(page);
  // Back from a game: the home screen, still in the app
  await page.goBack();
  await page.locator('.home').waitFor();
  assert.ok(page.url().startsWith(h.url), page.url());
  // Forward: the same game again
  await page.goForward();
  await page.locator('.play').waitFor();
  assert.deepEqual(await gameState(page), game);
  // the rules or the position editor from the menu, then Back: the game, not the home screen
  for (const [item, screen] of [
    ['menu-rules', '.rules-variants'],
    ['menu-editor', '[data-testid="editor"]'],
  ] as const) {
    await page.getByTestId('menu').click();
    await page.getByTestId(item).click();
    await page.locator(screen).waitFor();
    await page.goBack();
    await page.locator('.play').waitFor();
    assert.deepEqual(await gameState(page), game, item);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});
