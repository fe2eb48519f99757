/**
 * The puzzle trainer in a real browser on a 390x844 phone: ☰ Puzzles opens it (the set is
 * fetched then, not on the first page), a puzzle is solved by playing its whole line (the
 * opponent answers), the rating goes up and the streak counts; the next puzzle is failed with a
 * wrong move and the rating goes down; offline, the trainer goes on and a variant opened before
 * is read from the cache. A hint marks the piece to move and leaves the puzzle unrated; a theme
 * chosen in the filter narrows the puzzles to that theme. A `?puzzle=` link opens one puzzle, and
 * English eng-1fk1lt7 — whose king, crowned on the top row, captures from there — is played to its
 * end with the page scrolled down before each move, so the top row must come back into view below
 * the sticky top bar (every click checks what lies under it). Puzzles are read from the shipped set
 * files to know their solutions. The page's Math.random is seeded, so every pick is the same from
 * run to run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseMove, Position, variantOrThrow } from '@damka/rules';
import { parsePuzzleSet, puzzlesOf, type Puzzle } from '@damka/engine/puzzles';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, WEB_ROOT, clickSquare, squareBox, useHarness } from './harness.ts';

const h = useHarness();

/** A phone-sized page whose Math.random is a fixed sequence (mulberry32), so the trainer's picks are. */
async function phone(locale?: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await h.page({ width: 390, height: 844, ...(locale ? { locale } : {}) });
  await opened.page.addInitScript(() => {
    let a = 20261201;
    Math.random = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  });
  return opened;
}

function setOf(variant: string): Map<string, Puzzle> {
  const set = parsePuzzleSet(readFileSync(`${WEB_ROOT}public/puzzles/${variant}.json`, 'utf8'));
  assert.ok(set.ok);
  return new Map(puzzlesOf(set.value).map((p) => [p.id, p]));
}

/**
 * The puzzle on show once one of English's is there (every English id starts `eng-`). The three
 * attributes are read in one step: a variant switch empties them for a moment while the new set
 * loads, so a puzzle seen before the switch must not be read after it.
 */
async function current(page: Page) {
  await page.locator('[data-testid="puzzles"][data-puzzle^="eng-"]').waitFor();
  const state = await page.getByTestId('puzzles').evaluate((el) => ({
    id: el.getAttribute('data-puzzle') ?? '',
    step: Number(el.getAttribute('data-step')),
    status: el.getAttribute('data-status') ?? '',
  }));
  assert.match(state.id, /^eng-/, 'an English puzzle is on show');
  return state;
}

async function rating(page: Page): Promise<number> {
  return Number(await page.getByTestId('puzzle-rating').getAttribute('data-rating'));
}

/**
 * Play a move by clicking its start, then its landing squares until the trainer takes the move
 * (its step or status changes): the board plays a capture as soon as the squares clicked so far
 * fit one legal move only, and a click after that would land in the next position.
 */
async function playMove(page: Page, from: number, path: readonly number[]): Promise<void> {
  const trainer = page.getByTestId('puzzles');
  const mark = () =>
    trainer.evaluate((el) => `${el.getAttribute('data-step')}/${el.getAttribute('data-status')}`);
  const before = await mark();
  await clickSquare(page, from);
  for (const sq of path) {
    await clickSquare(page, sq);
    if ((await mark()) !== before) return;
  }
  assert.fail(`the move from ${from} over ${path.join(', ')} was not taken`);
}

/**
 * Play the solver's moves of `puzzle` from its first position, waiting for each answer; `before`
 * runs before each of the solver's moves.
 */
async function solve(
  page: Page,
  puzzle: Puzzle,
  before: () => Promise<void> = async () => undefined,
): Promise<void> {
  const start = Position.fromFen(variantOrThrow('english'), puzzle.fen);
  assert.ok(start.ok);
  let pos = start.value;
  for (let i = 0; i < puzzle.line.length; i++) {
    const m = parseMove(pos, puzzle.line[i]!);
    assert.ok(m.ok);
    if (i % 2 === 0) {
      await page.locator(`[data-testid="puzzles"][data-step="${i}"]`).waitFor();
      await before();
      await playMove(page, m.value.from, m.value.path);
    }
    pos = pos.play(m.value);
  }
  await page.locator('[data-testid="puzzles"][data-status="solved"]').waitFor();
}

test('solve a puzzle, fail one, the rating moves; offline too', async () => {
  const { page, errors } = await phone();
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/puzzles/')) fetched.push(r.url());
  });
  await page.goto(h.url);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(fetched, [], 'no puzzle data on the first page');
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-puzzles').click();
  await page.getByTestId('puzzle-variant').selectOption('english');
  const english = setOf('english');
  const variant = variantOrThrow('english');
  let p = await current(page);
  assert.equal(await rating(page), 1500);
  // the trainer is now loaded and the set cached: the rest runs offline, once the service worker
  // has kept every file (puzzle sets included) and serves the page (it may still be installing)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.context().setOffline(true);

  // solve: play the solver's moves, wait for each answer
  const puzzle = english.get(p.id)!;
  assert.ok(puzzle, `puzzle ${p.id} is in the shipped set`);
  await solve(page, puzzle);
  const afterSolve = await rating(page);
  assert.ok(afterSolve > 1500, `rating ${afterSolve} after a solve`);
  assert.match((await page.getByTestId('puzzle-streak').textContent()) ?? '', /1/);
  assert.match((await page.getByTestId('puzzle-change').textContent()) ?? '', /^\s*\+\d+/);
  await page.screenshot({ path: `${SCREENSHOTS}puzzle-solved-phone.png`, fullPage: true });

  // fail: the next puzzle, a legal move that is not the solution
  await page.getByTestId('puzzle-next').click();
  await page.locator(`[data-testid="puzzles"]:not([data-puzzle="${p.id}"])`).waitFor();
  p = await current(page);
  const next = english.get(p.id)!;
  const start = Position.fromFen(variant, next.fen);
  assert.ok(start.ok);
  const solution = parseMove(start.value, next.line[0]!);
  assert.ok(solution.ok);
  const wrong = start.value
    .legalMoves()
    .find((m) => m.from !== solution.value.from || m.to !== solution.value.to);
  assert.ok(wrong, 'a puzzle has another legal move');
  await playMove(page, wrong.from, wrong.path);
  await page.locator('[data-testid="puzzles"][data-status="failed"]').waitFor();
  const afterFail = await rating(page);
  assert.ok(afterFail < afterSolve, `rating ${afterFail} after a failure (was ${afterSolve})`);
  assert.match((await page.getByTestId('puzzle-streak').textContent()) ?? '', /0/);
  assert.equal((await page.getByTestId('puzzle-line').textContent())?.trim(), next.line.join(' '));
  // the solution plays itself out
  await page.getByTestId('puzzle-solution').click();
  await page.locator('[data-testid="puzzles"][data-status="shown"]').waitFor();
  await page
    .locator(`[data-testid="puzzles"][data-step="${next.line.length}"]`)
    .waitFor({ timeout: 20_000 });
  assert.equal(await rating(page), afterFail, 'a failed puzzle is rated once');

  // offline, a variant never opened still loads: the service worker kept every puzzle set
  await page.getByTestId('puzzle-variant').selectOption('turkish');
  await page.locator('[data-testid="puzzles"][data-puzzle^="tur-"]').waitFor();
  await page.getByTestId('puzzle-variant').selectOption('english');
  await current(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
  // the rating survives a reload (back online)
  await page.context().setOffline(false);
  await page.reload();
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-puzzles').click();
  assert.equal(await rating(page), afterFail);
  // the only errors: the browser's own notes of the fetches tried while offline
  assert.deepEqual(
    errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')),
    [],
  );
});

test('the trainer speaks the page language', async () => {
  const { page, errors } = await phone('fr-FR');
  await page.goto(h.url);
  await page.getByTestId('menu').click();
  // French arrives on demand: the menu entry turns French once it has
  await page.locator('[data-testid="menu-puzzles"]', { hasText: 'Problèmes' }).waitFor();
  await page.getByTestId('menu-puzzles').click();
  await page.getByTestId('puzzle-variant').selectOption('english');
  await current(page);
  assert.match((await page.getByTestId('puzzle-rating').textContent()) ?? '', /Classement 1500/);
  assert.match(
    (await page.getByTestId('puzzle-status').textContent()) ?? '',
    /(Blancs|Noirs) jouent et gagnent/,
  );
  assert.deepEqual(errors, []);
});

/** The English puzzle whose king, crowned on the top row (25x2), captures from there (2x9). */
const TOP_ROW_KING = 'eng-1fk1lt7';

test('a hint marks the piece and leaves the puzzle unrated; a theme narrows the puzzles', async () => {
  const { page, errors } = await phone();
  // a link opens the trainer on one puzzle
  await page.goto(`${h.url}?puzzle=english/${TOP_ROW_KING}`);
  await page.locator(`[data-testid="puzzles"][data-puzzle="${TOP_ROW_KING}"]`).waitFor();
  assert.equal(await page.getByTestId('puzzle-variant').inputValue(), 'english');
  const english = setOf('english');
  const p = english.get((await current(page)).id)!;
  const first = Position.fromFen(variantOrThrow('english'), p.fen);
  assert.ok(first.ok);
  const move = parseMove(first.value, p.line[0]!);
  assert.ok(move.ok);
  // the hint: the square of the piece that starts the solution is marked on the board
  await page.getByTestId('puzzle-hint').click();
  const mark = await page.locator('.damka-board .hint').first().boundingBox();
  const from = await squareBox(page, move.value.from);
  assert.ok(mark, 'a hint is drawn');
  assert.ok(
    Math.abs(mark.x + mark.width / 2 - (from.x + from.width / 2)) < 2 &&
      Math.abs(mark.y + mark.height / 2 - (from.y + from.height / 2)) < 2,
    `hint at ${JSON.stringify(mark)}, piece at ${JSON.stringify(from)}`,
  );
  await solve(page, p);
  assert.equal(await rating(page), 1500, 'a puzzle solved with a hint is not rated');
  assert.match((await page.getByTestId('puzzle-status').textContent()) ?? '', /not rated/);
  assert.match((await page.getByTestId('puzzle-streak').textContent()) ?? '', /0/);
  // the theme filter: the rarest theme of the set, and every puzzle shown then has it
  const options = await page
    .locator('[data-testid="puzzle-theme"] option')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter((v) => v !== ''));
  assert.ok(options.length >= 2, `themes offered: ${options.join(', ')}`);
  const count = (th: string) => [...english.values()].filter((x) => x.themes.includes(th)).length;
  const theme = [...options].sort((a, b) => count(a) - count(b))[0]!;
  assert.ok(count(theme) > 0 && count(theme) < english.size, `${theme}: ${count(theme)}`);
  await page.getByTestId('puzzle-theme').selectOption(theme);
  let shown = p.id;
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.getByTestId('puzzle-next').click();
    await page.locator(`[data-testid="puzzles"]:not([data-puzzle="${shown}"])`).waitFor();
    shown = (await current(page)).id;
    assert.ok(english.get(shown)!.themes.includes(theme), `${shown} has ${theme}`);
    // the address follows the puzzle shown
    assert.equal(new URL(page.url()).searchParams.get('puzzle'), `english/${shown}`);
  }
  // so a reload brings back the puzzle on the board, not the one first linked
  await page.reload();
  await page.locator(`[data-testid="puzzles"][data-puzzle="${shown}"]`).waitFor();
  assert.deepEqual(errors, []);
});

test(`${TOP_ROW_KING} to its end on a phone, the page scrolled down before each move`, async () => {
  const { page, errors } = await phone();
  await page.goto(`${h.url}?puzzle=english/${TOP_ROW_KING}`);
  const puzzle = setOf('english').get(TOP_ROW_KING);
  assert.ok(puzzle, `${TOP_ROW_KING} is in the shipped set`);
  assert.deepEqual([puzzle.line[4], puzzle.line[6]], ['25x2', '2x9'], 'the king moves under test');
  await page.locator(`[data-testid="puzzles"][data-puzzle="${TOP_ROW_KING}"]`).waitFor();
  // as a player reading the side panel would: the board's top row is scrolled off the page, so
  // each click first brings its square back into view, which must stop below the sticky top bar
  const scrolled = await page.evaluate(() => {
    scrollTo(0, document.documentElement.scrollHeight);
    return scrollY;
  });
  assert.ok(scrolled > 0, 'the trainer is taller than a phone');
  await solve(page, puzzle, async () => {
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  });
  assert.equal(
    (await page.getByTestId('puzzle-line').textContent())?.trim(),
    puzzle.line.join(' '),
  );
  assert.ok((await rating(page)) > 1500, 'a solve without a hint is rated');
  // leaving the trainer drops the link from the address: the next visit picks as usual
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-new').click();
  assert.equal(new URL(page.url()).search, '');
  assert.deepEqual(errors, []);
});
