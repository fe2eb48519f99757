/**
 * Playing by keyboard and with a screen reader, in a real browser: the board's squares are named in
 * the variant's own notation and the page's language with what stands on them, the keyboard cursor
 * is the board's active descendant, every move (the player's own and the opponent's) is announced
 * in the board's polite live region, a capture whose route matters is entered square by square, a
 * right-to-left page keeps the arrows on the board pointing where they point on screen, a new
 * screen takes the focus that the control which opened it lost, and the ☰ menu closes when focus
 * leaves it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { moveCursor, type Arrow } from '@damka/board';
import { Position, variantOrThrow } from '@damka/rules';
import {
  appMounted,
  clickSquare,
  cursorName,
  fillFen,
  squareIn,
  startGame,
  useHarness,
} from './harness.ts';

const h = useHarness();

/** The square index the board's cursor is on. */
async function cursorSquare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant') ?? '';
    const el = id ? document.getElementById(id) : null;
    return Number(el?.getAttribute('data-square') ?? -1);
  });
}

/** The text of the board's live region. */
const liveText = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('.play .damka-board [aria-live]')
        ?.textContent?.replace(/\u200b/g, '') ?? '',
  );

/** Press Tab until the game board has focus (failing after `max` presses). */
async function tabToBoard(page: Page, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(() => document.activeElement?.matches('.play .damka-board'))) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('Tab never reached the board');
}

/** Move the board's cursor to `to` with arrow keys only (shortest sequence of presses). */
async function cursorTo(page: Page, variantId: string, to: number, flipped = false): Promise<void> {
  const g = variantOrThrow(variantId).topology;
  const from = await cursorSquare(page);
  const seen = new Map<number, Arrow[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0 && !seen.has(to)) {
    const here = queue.shift()!;
    for (const a of ['up', 'down', 'left', 'right'] as const) {
      const next = moveCursor(g, flipped, here, a);
      if (!seen.has(next)) {
        seen.set(next, [...seen.get(here)!, a]);
        queue.push(next);
      }
    }
  }
  const path = seen.get(to);
  assert.ok(path, `no arrow path to square ${to}`);
  for (const a of path) await page.keyboard.press(`Arrow${a[0]!.toUpperCase()}${a.slice(1)}`);
  assert.equal(await cursorSquare(page), to);
}

/** Start a game from the home by keyboard only: a way to play, a variant, optionally a FEN. */
async function startByKeyboard(
  page: Page,
  kind: 'friend' | 'computer',
  variant: string,
  fen?: string,
): Promise<void> {
  await appMounted(page);
  await page.getByTestId(`home-${kind}`).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('new-game').waitFor();
  await page.locator(`label[data-variant="${variant}"] input`).focus();
  await page.keyboard.press('Space');
  if (fen) await fillFen(page, fen);
  await page.getByTestId('start').focus();
  await page.keyboard.press('Enter');
  await page.locator('.play').waitFor();
}

test('the squares are named in the variant notation; the cursor is the active descendant', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startByKeyboard(page, 'friend', 'russian');
  await tabToBoard(page);
  const board = page.getByRole('application', { name: 'Russian board' });
  assert.ok(await board.evaluate((el) => el === document.activeElement));
  // every square of the board, named by the browser's accessibility tree
  assert.equal(await page.getByRole('img', { name: 'c3, white man' }).count(), 1);
  assert.equal(await page.getByRole('img', { name: 'd4, empty' }).count(), 1);
  assert.equal(await page.getByRole('img', { name: 'f6, black man' }).count(), 1);
  assert.equal(await page.getByRole('img', { name: /, (white|black) man$/ }).count(), 24);
  // the cursor: on White's first movable piece, then moved by arrows
  const c3 = squareIn('russian', 'c3');
  await cursorTo(page, 'russian', c3);
  assert.equal(await cursorName(page), 'c3, white man');
  await page.keyboard.press('ArrowUp');
  assert.match(await cursorName(page), /^[bd]4, empty$/);
  await cursorTo(page, 'russian', c3);
  await page.keyboard.press('Enter');
  assert.match(await liveText(page), /^white man on c3 selected; destinations /);
  await page.keyboard.press('ArrowUp');
  assert.match(await cursorName(page), /^[bd]4, empty, legal destination$/);
  // the cursor's ring shows for the keyboard
  assert.equal(await page.locator('.damka-board svg .cursor').count(), 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a board focused after a click or a tap draws no cursor ring until a key is pressed', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  // started with the mouse: the new game's board takes the focus, but not from the keyboard
  await startGame(page, 'russian');
  const board = page.getByRole('application', { name: 'Russian board' });
  assert.ok(await board.evaluate((el) => el === document.activeElement));
  const rings = page.locator('.damka-board svg .cursor');
  assert.equal(await rings.count(), 0, 'a ring on a square nobody chose reads as a hint');
  await clickSquare(page, squareIn('russian', 'c3'));
  assert.equal(await rings.count(), 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await rings.count(), 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the computer's reply is announced in the board's polite live region", async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startByKeyboard(page, 'computer', 'international');
  await tabToBoard(page);
  const live = page.locator('.play .damka-board [aria-live]');
  assert.equal(await live.getAttribute('aria-live'), 'polite');
  await cursorTo(page, 'international', squareIn('international', '32'));
  await page.keyboard.press('Enter');
  await cursorTo(page, 'international', squareIn('international', '28'));
  await page.keyboard.press('Enter');
  assert.equal(await liveText(page), 'moved 32 to 28');
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '2',
    undefined,
    {
      timeout: 20_000,
    },
  );
  const reply = (await page.locator('.move-list .move').nth(1).textContent()) ?? '';
  const [from, to] = reply.split(/[-x]/);
  assert.equal(await liveText(page), `black man: moved ${from} to ${to}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a capture whose route matters is entered square by square from the keyboard', async () => {
  const { page, errors } = await h.page();
  const english = variantOrThrow('english');
  const sq = (name: string) => squareIn('english', name);
  // Black's man on 14 takes two men either way, via 23 or via 21, and lands on 30
  const fen = 'B:W17,18,24-29,31,32:B1,3-5,8,9,11,12,14';
  await page.goto(h.url);
  await startByKeyboard(page, 'friend', 'english', fen);
  await tabToBoard(page);
  await cursorTo(page, 'english', sq('14'));
  assert.equal(await cursorName(page), '14, black man');
  await page.keyboard.press('Enter');
  assert.match(await liveText(page), /^black man on 14 selected; destinations /);
  await cursorTo(page, 'english', sq('30'));
  assert.equal(await cursorName(page), '30, empty, legal destination');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.play').getAttribute('data-ply'), '0', 'two routes end on 30');
  assert.match(await liveText(page), /^via 30; next .*\b21\b/);
  assert.match(await liveText(page), /^via 30; next .*\b23\b/);
  await cursorTo(page, 'english', sq('21'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '1',
  );
  const start = Position.fromFen(english, fen);
  assert.ok(start.ok);
  const via21 = start.value
    .legalMoves()
    .find((m) => m.to === sq('30') && m.path.includes(sq('21')))!;
  assert.equal(await page.locator('.play').getAttribute('data-fen'), start.value.play(via21).fen);
  assert.equal(await liveText(page), 'moved 14 to 30, 2 captured');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('right to left: the board names squares in the language, and arrows point on screen', async () => {
  const { page, errors } = await h.page({ locale: 'he' });
  await page.goto(h.url);
  await page.waitForFunction(() => document.documentElement.dataset['catalogue'] === 'he');
  await startByKeyboard(page, 'friend', 'russian');
  await tabToBoard(page);
  await cursorTo(page, 'russian', squareIn('russian', 'c3'));
  const name = await cursorName(page);
  assert.match(name, /^c3, /);
  assert.doesNotMatch(name.slice(4), /\p{Script=Latin}/u, `${name}: said in Hebrew`);
  // ArrowRight moves to the square on the right of the screen, ArrowLeft back (as on any board)
  const x = async () =>
    (await page
      .locator(`.damka-board rect[data-square="${await cursorSquare(page)}"]`)
      .boundingBox())!.x;
  const before = await x();
  await page.keyboard.press('ArrowRight');
  assert.match(await cursorName(page), /^e3, /);
  assert.ok((await x()) > before, 'ArrowRight goes right');
  await page.keyboard.press('ArrowLeft');
  assert.match(await cursorName(page), /^c3, /);
  // the position editor's board speaks the page's language too
  await page.getByTestId('menu').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('menu-new').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('home-editor').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('editor-board').focus();
  const editorName = await cursorName(page);
  assert.match(editorName, /^[a-h]\d, /);
  assert.doesNotMatch(editorName.slice(4), /\p{Script=Latin}/u, `${editorName}: said in Hebrew`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** What has focus: the board of a game, a heading's text, or the element's test id. */
const focusIs = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.matches('.game-shell .damka-board')) return 'game board';
    if (/^H[12]$/.test(el.tagName)) return `heading ${el.textContent}`;
    return el.getAttribute('data-testid') ?? el.tagName;
  });

test('a new screen takes the focus its opener lost: the board of a new game, else its heading', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  // the new-game dialog's Start button leaves with the dialog: focus goes to the game's board
  await startByKeyboard(page, 'friend', 'international');
  // the board takes focus in the render's effects, a frame after the game screen appears
  await page
    .waitForFunction(
      () => !!document.activeElement?.matches('.game-shell .damka-board'),
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  assert.equal(await focusIs(page), 'game board');
  assert.match(await cursorName(page), /, white man$/);
  // a ☰ menu item leaves with the menu: focus goes to the new screen
  for (const [item, heading] of [
    ['menu-puzzles', 'heading Puzzles'],
    ['menu-settings', 'heading Settings'],
    ['menu-editor', 'heading Set up a position'],
    ['menu-new', 'heading Play draughts'],
  ] as const) {
    await page.getByTestId('menu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId(item).focus();
    await page.keyboard.press('Enter');
    // the item keeps focus until the render's effects run (a frame later), and a screen whose
    // code is still loading holds it on the main region until its heading arrives
    // (screen-focus.ts): wait for focus to land, not just for focus off the body
    await page
      .waitForFunction(
        () => {
          const el = document.activeElement;
          return !!el && el !== document.body && el.tagName !== 'MAIN' && !el.closest('#main-menu');
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    assert.equal(await focusIs(page), heading, `after ${item}`);
    // the next Tab goes on from the new screen, not from the top of the page
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => !!document.activeElement?.closest('main')),
      `after ${item}, Tab stays in the screen`,
    );
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the ☰ menu: Tab walks its items, Escape closes it, and Tab past its end closes it too', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await appMounted(page);
  const menu = page.getByTestId('menu');
  const drawer = page.getByRole('navigation', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await focusIs(page), 'menu-new');
  await page.keyboard.press('Escape');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await focusIs(page), 'menu');
  assert.ok(await drawer.isHidden());
  // open again and Tab through every control of the drawer and beyond it
  await page.keyboard.press('Enter');
  const controls = await drawer.locator('button, select').count();
  for (let i = 0; i < controls; i++) await page.keyboard.press('Tab');
  assert.equal(await focusIs(page), 'menu-language');
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false', 'focus left: the menu closed');
  assert.ok(await drawer.isHidden());
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('focus that enters the ☰ menu before it has finished opening stays in the menu', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await appMounted(page);
  // the menu button is pressed and its first item focused in the very next task, before the
  // effects of the render that opened the menu have run: a fast Tab on a busy machine
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        document.querySelector<HTMLElement>('[data-testid="menu"]')?.click();
        setTimeout(() => {
          document.querySelector<HTMLElement>('[data-testid="menu-new"]')?.focus();
          resolve();
        }, 0);
      }),
  );
  // let the render's effects run (they wait for the next frame)
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
  assert.equal(await focusIs(page), 'menu-new');
  assert.equal(await page.getByTestId('menu').getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await focusIs(page), 'menu-online');
  assert.deepEqual(errors, []);
  await page.context().close();
});
