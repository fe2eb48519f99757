/**
 * PDN, FEN and the board editor in a real browser: a pasted PDN with two games lists both (the
 * broken one with its line and column; an empty file says so), the good one replays, is reviewed
 * move by move and goes on; "Download PDN" gives a file that reads back to the same moves; "Copy
 * FEN" copies the shown position or shows it to copy by hand; the FEN field names its mistake; the
 * editor builds a position by click and drag, shows its FEN, refuses an impossible one with the
 * rules' reason, and starts a game from it; its piece tools are the board's drawings (a crown on a
 * king, a star on the Israeli 6x6 queen); another variant on the same board keeps the position,
 * another board starts afresh and says so; its FEN field loads a typed FEN or names its mistake,
 * and "Copy FEN" copies it or leaves it selected to copy by hand — and no console errors anywhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Position, parsePdn, replayGame, variantOrThrow, formatMove } from '@damka/rules';
import type { Page } from 'playwright-core';
import {
  SCREENSHOTS,
  appMounted,
  clickSquare,
  dragSquare,
  fillFen,
  gameState,
  openNewGame,
  startGame,
  useHarness,
  INTERNATIONAL as international,
  intSquare as sq,
} from './harness.ts';

const h = useHarness();

const TWO_GAMES = `[Event "Club evening"]
[White "Ann"]
[Black "Bo"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 32-28 23x32 5. 38x27 *

[Event "Broken"]
[White "Cy"]
[Black "Di"]
[GameType "20"]

1. 32-28 19-23 2. 28-22 *
`;
const GOOD_MOVES = [
  '32-28',
  '19-23',
  '28x19',
  '14x23',
  '37-32',
  '10-14',
  '32-28',
  '23x32',
  '38x27',
];

async function moveTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="moves"] button.move').allTextContents();
}

async function openImport(page: Page): Promise<void> {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('pdn-import').waitFor();
}

test('a pasted text of 20,000 games lists a thousand of them at once', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openImport(page);
  // a large database pasted: each game one move, players numbered
  const games: string[] = [];
  for (let i = 1; i <= 20_000; i++) {
    games.push(`[White "W${i}"]\n[Black "B${i}"]\n[GameType "20"]\n\n1. 32-28 *\n`);
  }
  const text = games.join('\n');
  await page.getByTestId('pdn-text').evaluate((el, value) => {
    const area = el as HTMLTextAreaElement;
    area.value = value;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  const started = Date.now();
  await page.getByTestId('pdn-read').click();
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor({ timeout: 120_000 });
  console.log(`# 20,000 pasted games listed after ${Date.now() - started} ms`);
  assert.equal(await items.count(), 1000);
  assert.match((await page.locator('.pdn-games > p').first().textContent()) ?? '', /20000|20,000/);
  assert.match((await page.getByTestId('pdn-more').textContent()) ?? '', /19,?000/);
  // the find box reaches a game far down the list, with its number in the text
  await page.getByTestId('pdn-find').fill('W19999');
  assert.equal(await items.count(), 1);
  assert.equal(await items.first().getAttribute('value'), '19999');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a pasted PDN lists its games, opens the good one, which is reviewed and continued', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openImport(page);
  await page.getByTestId('pdn-text').fill(TWO_GAMES);
  await page.getByTestId('pdn-read').click();
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  assert.equal(await items.count(), 2);
  assert.match((await items.nth(0).textContent()) ?? '', /Ann – Bo.*Club evening/);
  const broken = (await items.nth(1).textContent()) ?? '';
  assert.match(broken, /line 14, column 19/);
  assert.match(broken, /28-22/);
  await page.screenshot({ path: `${SCREENSHOTS}pdn-import.png` });
  await page.getByTestId('pdn-open').click();
  await page.locator('.play').waitFor();
  assert.deepEqual(await moveTexts(page), GOOD_MOVES);
  const state = await gameState(page);
  assert.equal(state.ply, GOOD_MOVES.length);
  // review: the third move's position, then back to the game
  await page.locator('[data-testid="moves"] button.move').nth(2).click();
  assert.match((await page.locator('.reviewing').textContent()) ?? '', /3 of 9/);
  await page.locator('.reviewing button').click();
  // continue: Black to move after 38x27; play any legal move by clicking it
  const first = parsePdn(TWO_GAMES).games[0];
  assert.ok(first?.ok);
  const replayed = replayGame(first.value);
  assert.ok(replayed.ok);
  const last = replayed.value.positions.at(-1)!;
  const move = last.legalMoves()[0]!;
  await clickSquare(page, move.from);
  await clickSquare(page, move.to);
  await page.waitForFunction(
    () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 10,
  );
  assert.equal((await moveTexts(page)).at(-1), formatMove(last, move));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an unplayable game or text says why and the page goes on', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openImport(page);
  await page
    .getByTestId('pdn-text')
    .fill('[GameType "32"]\n\n1. 11-15 *\n\n[GameType "20"]\n\n1. {x');
  await page.getByTestId('pdn-read').click();
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  const all = (await items.allTextContents()).join(' | ');
  assert.match(all, /GameType 32 is not a game Damka plays/);
  assert.match(all, /line \d+, column \d+/);
  assert.equal(await page.getByTestId('pdn-open').count(), 0);
  await page.getByTestId('pdn-text').fill('   ');
  await page.getByTestId('pdn-read').click();
  assert.match((await page.getByTestId('pdn-error').textContent()) ?? '', /Paste a game/);
  // an empty file chosen: the file is empty, the user did choose one
  await page
    .getByTestId('pdn-file')
    .setInputFiles({ name: 'empty.pdn', mimeType: 'application/x-pdn', buffer: Buffer.alloc(0) });
  await page.getByTestId('pdn-error').filter({ hasText: 'This file is empty.' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('pdn-import').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a PDN file chosen with the file picker opens its only game at once', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openImport(page);
  const text = '[White "Ann"]\n[Black "Bo"]\n[GameType "21"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n';
  await page.getByTestId('pdn-file').setInputFiles({
    name: 'one.pdn',
    mimeType: 'application/x-pdn',
    buffer: Buffer.from(text, 'utf8'),
  });
  await page.locator('.play').waitFor();
  assert.deepEqual(await moveTexts(page), ['11-15', '23-19', '8-11', '22-17']);
  assert.match((await page.locator('.variant-line').textContent()) ?? '', /English/);
  await page.screenshot({ path: `${SCREENSHOTS}pdn-imported.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Download PDN gives a file that reads back to the same moves', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startGame(page, 'russian');
  const russian = variantOrThrow('russian');
  const rsq = (n: string) => russian.squares.parse(n);
  for (const [from, to] of [
    ['c3', 'd4'],
    ['f6', 'e5'],
    ['d4', 'f6'],
  ] as const) {
    await clickSquare(page, rsq(from));
    await clickSquare(page, rsq(to));
  }
  await page.waitForFunction(
    () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 3,
  );
  const shown = await moveTexts(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-pdn').click(),
  ]);
  assert.match(download.suggestedFilename(), /^damka-russian-\d{4}-\d\d-\d\d\.pdn$/);
  const text = await readFile((await download.path())!, 'utf8');
  assert.match(text, /\[Event "Damka"\]/);
  assert.match(text, /\[White "White"\]/);
  assert.match(text, /\[GameType "25,W,8,8,A0,0"\]/);
  const [game] = parsePdn(text).games;
  assert.ok(game?.ok, 'the file parses');
  const replayed = replayGame(game.value);
  assert.ok(replayed.ok, 'the file replays');
  const texts = replayed.value.moves.map((m, i) => formatMove(replayed.value.positions[i]!, m));
  assert.deepEqual(texts, shown);
  assert.equal(replayed.value.positions.at(-1)!.fen, (await gameState(page)).fen);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Copy FEN copies the shown position; a refused clipboard shows it to copy by hand', async () => {
  // allowed: the FEN of the position shown (here an earlier one, under review) is on the clipboard
  const allowed = await h.page();
  await allowed.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await allowed.page.goto(h.url);
  await startGame(allowed.page, 'international', { fen: 'W:W28,33:B19,K3' });
  const startFen = (await gameState(allowed.page)).fen;
  await clickSquare(allowed.page, sq('28'));
  await clickSquare(allowed.page, sq('23'));
  await allowed.page.waitForFunction(
    () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
  );
  await allowed.page.locator('.nav button[aria-label="First position"]').click();
  await allowed.page.getByTestId('copy-fen').click();
  await allowed.page.getByTestId('message').filter({ hasText: 'FEN copied.' }).waitFor();
  assert.equal(await allowed.page.evaluate(() => navigator.clipboard.readText()), startFen);
  assert.equal(await allowed.page.getByTestId('fen-fallback').count(), 0);
  assert.deepEqual(allowed.errors, []);
  await allowed.page.context().close();

  // refused: the FEN is shown in a field, selected, to copy by hand
  const refused = await h.page();
  // (a script as text: the test runner's transform would add helpers the page does not have)
  await refused.page.addInitScript({
    content: `Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });`,
  });
  await refused.page.goto(h.url);
  await startGame(refused.page, 'international', { fen: 'W:W28,33:B19,K3' });
  const fen = (await gameState(refused.page)).fen;
  await refused.page.getByTestId('copy-fen').click();
  const fallback = refused.page.getByTestId('fen-fallback');
  await fallback.waitFor();
  assert.equal(await fallback.inputValue(), fen);
  assert.deepEqual(refused.errors, []);
  await refused.page.context().close();
});

test('the FEN field names its mistake and where it is, and a position with no move', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openNewGame(page, 'friend');
  await page.locator('label[data-variant="international"]').click();
  await fillFen(page, 'W:W31-50:B1-20,77');
  const error = (await page.getByTestId('setup-error').textContent()) ?? '';
  assert.match(error, /does not fit the variant/);
  assert.match(error, /77/);
  assert.match(error, /character \d+/);
  assert.equal(await page.locator('.fen input').getAttribute('aria-invalid'), 'true');
  assert.ok(await page.getByTestId('start').isDisabled());
  await page.locator('.fen input').fill('W:W3:B40');
  assert.match(
    (await page.getByTestId('setup-error').textContent()) ?? '',
    /cannot stand on 3, its crowning row/,
  );
  // a position the side to move cannot move in may be played, and the screen says so first
  assert.equal(await page.getByTestId('setup-no-moves').count(), 0);
  await page.locator('.fen input').fill('W:W:B19');
  assert.match(
    (await page.getByTestId('setup-no-moves').textContent()) ?? '',
    /White has no legal move here/,
  );
  assert.ok(await page.getByTestId('start').isEnabled());
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the editor builds a position by click and drag, refuses an impossible one, and plays from it', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openNewGame(page, 'friend');
  await page.locator('label[data-variant="international"]').click();
  // the editor opens on the setup screen's FEN, even one the rules refuse (to put it right)
  await fillFen(page, 'W:W33,3:B19');
  await page.getByTestId('open-editor').click();
  await page.getByTestId('editor').waitFor();
  const fenField = page.getByTestId('editor-fen');
  await page.waitForFunction(
    () => document.querySelector('.editor .damka-board svg rect') !== null,
  );
  assert.equal(await fenField.inputValue(), 'W:W3,33:B19');
  assert.match((await page.getByTestId('editor-verdict').textContent()) ?? '', /crowning row/);
  await page.getByTestId('editor-start').click();
  assert.equal(await fenField.inputValue(), international.rules.startFen);
  await page.getByTestId('editor-clear').click();
  assert.equal(await fenField.inputValue(), 'W:W:B');
  // a white man by click, black men by dragging across 19 → 13 (passing 19, then 13)
  await page.locator('[data-tool="white-man"]').click();
  await clickSquare(page, sq('33'));
  await page.locator('[data-tool="black-man"]').click();
  await dragSquare(page, sq('19'), sq('13'));
  await page.locator('[data-tool="black-king"]').click();
  await clickSquare(page, sq('4'));
  const fen = await fenField.inputValue();
  assert.match(fen, /^W:W33:B/);
  assert.match(fen, /K4/);
  assert.match(fen, /19/);
  assert.match(fen, /13/);
  assert.match((await page.getByTestId('editor-verdict').textContent()) ?? '', /can be played/);
  // an impossible position: a white man on White's crowning row
  await page.locator('[data-tool="white-man"]').click();
  await clickSquare(page, sq('2'));
  const verdict = (await page.getByTestId('editor-verdict').textContent()) ?? '';
  assert.match(verdict, /cannot be played/);
  assert.match(verdict, /crowning row/);
  assert.ok(await page.getByTestId('editor-play').isDisabled());
  await page.screenshot({ path: `${SCREENSHOTS}editor-invalid.png` });
  await page.locator('[data-tool="erase"]').click();
  await clickSquare(page, sq('2'));
  // Black to move, then play it against a friend
  await page.locator('input[name="editor-turn"][value="black"]').check({ force: true });
  const final = await fenField.inputValue();
  assert.match(final, /^B:W33:B/);
  await page.screenshot({ path: `${SCREENSHOTS}editor.png` });
  await page.getByTestId('editor-play').click();
  await page.locator('.play').waitFor();
  const state = await gameState(page);
  assert.equal(state.fen, final);
  assert.equal(state.ply, 0);
  // the game goes on from there: Black 19-23
  await clickSquare(page, sq('19'));
  await clickSquare(page, sq('23'));
  await page.waitForFunction(
    () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

async function openEditor(page: Page): Promise<void> {
  await appMounted(page);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-editor').click();
  await page.getByTestId('editor').waitFor();
  await page.waitForFunction(
    () => document.querySelector('.editor .damka-board svg rect') !== null,
  );
}

/** The pieces on the editor's board, as "color role" per square. */
async function boardPieces(page: Page): Promise<string[]> {
  return page
    .locator('.editor .damka-board .piece')
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-square')} ${e.getAttribute('data-piece')}`),
    );
}

test("the editor's piece tools are drawn as the board draws the pieces", async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openEditor(page);
  await page.getByTestId('editor-variant').selectOption('israeli-6x6');
  // a queen and a king of each colour on the board, from a typed FEN
  await page.getByTestId('editor-fen').fill('W:W13,Q14,K15:B2,Q3,K4');
  await page.locator('.editor .damka-board [data-piece="black queen"]').waitFor();
  const mark = (selector: string) =>
    page.locator(`${selector} path.mark`).first().getAttribute('d');
  for (const color of ['white', 'black']) {
    for (const role of ['queen', 'king']) {
      const tool = page.locator(`[data-tool="${color}-${role}"]`);
      const drawn = await mark(`[data-tool="${color}-${role}"] .damka-piece-icon`);
      assert.ok(drawn, `${color} ${role} tool has a mark`);
      assert.equal(drawn, await mark(`.editor .damka-board [data-piece="${color} ${role}"]`));
      // no letter or glyph: the drawing alone, the name given to assistive technology
      assert.equal((await tool.textContent())?.trim(), '');
      assert.match((await tool.getAttribute('aria-label')) ?? '', new RegExp(role, 'i'));
    }
    assert.equal(await page.locator(`[data-tool="${color}-man"] path.mark`).count(), 0);
  }
  const star = await page.locator('[data-tool="white-queen"] path.mark').boundingBox();
  assert.ok(star && star.width > 8, 'the star is drawn at a visible size');
  await page.screenshot({ path: `${SCREENSHOTS}editor-palette.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the editor keeps the position for a variant on the same board, and says when it cannot', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openEditor(page);
  const variant = page.getByTestId('editor-variant');
  const fenField = page.getByTestId('editor-fen');
  const notice = page.getByTestId('editor-notice');
  await variant.selectOption('international');
  await page.getByTestId('editor-clear').click();
  await page.locator('[data-tool="white-man"]').click();
  await clickSquare(page, sq('33'));
  await page.locator('[data-tool="white-king"]').click();
  await clickSquare(page, sq('40'));
  await page.locator('[data-tool="black-man"]').click();
  await clickSquare(page, sq('19'));
  await page.locator('input[name="editor-turn"][value="black"]').check({ force: true });
  const edited = await fenField.inputValue();
  assert.equal(edited, 'B:W33,K40:B19');
  const pieces = await boardPieces(page);
  // International → Antidraughts: the same 10x10 board, the position stays
  await variant.selectOption('antidraughts');
  await notice.filter({ hasText: 'Position kept' }).waitFor();
  assert.equal(await fenField.inputValue(), edited);
  assert.deepEqual(await boardPieces(page), pieces);
  // the next edit clears the notice
  await clickSquare(page, sq('12'));
  assert.equal(await notice.count(), 0);
  assert.equal(await fenField.inputValue(), 'B:W33,K40:B12,19');
  // → Russian: another board, its start position, and the notice says why
  await variant.selectOption('russian');
  await notice.filter({ hasText: 'uses another board' }).waitFor();
  assert.match((await notice.textContent()) ?? '', /start position/);
  assert.equal(await fenField.inputValue(), Position.start(variantOrThrow('russian')).fen);
  // an untouched start position becomes the next variant's start, with nothing to say
  await variant.selectOption('english');
  assert.equal(await fenField.inputValue(), Position.start(variantOrThrow('english')).fen);
  assert.equal(await notice.count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the editor loads a typed FEN, names the mistake of one that does not read, and copies its FEN', async () => {
  const { page, errors } = await h.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(h.url);
  await openEditor(page);
  await page.getByTestId('editor-variant').selectOption('international');
  const fenField = page.getByTestId('editor-fen');
  const fenError = page.getByTestId('editor-fen-error');
  // a FEN that reads is put on the board at once
  await fenField.fill('B:W28,K46:B19');
  await page
    .locator(`.editor .damka-board [data-square="${sq('46')}"][data-piece="white king"]`)
    .waitFor();
  assert.equal(await fenError.count(), 0);
  assert.match((await page.getByTestId('editor-verdict').textContent()) ?? '', /can be played/);
  const loaded = await boardPieces(page);
  // one that does not: its reason beside the field, the board as it was
  await fenField.fill('B:W28,K46:B19,51');
  await fenError.waitFor();
  assert.match((await fenError.textContent()) ?? '', /does not fit the variant/);
  assert.match((await fenError.textContent()) ?? '', /character \d+/);
  assert.equal(await fenField.getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await boardPieces(page), loaded);
  // leaving the field keeps the mistake in view to be put right
  await page.getByTestId('editor-clear').focus();
  assert.equal(await fenField.inputValue(), 'B:W28,K46:B19,51');
  await fenField.fill('W:W28,K46:B19');
  assert.equal(await fenError.count(), 0);
  await page
    .locator('input[name="editor-turn"][value="white"]:checked')
    .waitFor({ state: 'attached' });
  // Copy FEN: the board's FEN on the clipboard, and a short confirmation
  await page.getByTestId('editor-copy-fen').click();
  await page.getByTestId('editor-copied').filter({ hasText: 'FEN copied.' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'W:W28,K46:B19');
  assert.deepEqual(errors, []);
  await page.context().close();

  // no clipboard: the FEN is left selected in its field, and the editor says so
  const refused = await h.page();
  await refused.page.addInitScript({
    content: `Object.defineProperty(navigator, 'clipboard', { value: undefined });`,
  });
  await refused.page.goto(h.url);
  await openEditor(refused.page);
  await refused.page.getByTestId('editor-copy-fen').click();
  await refused.page
    .getByTestId('editor-copied')
    .filter({ hasText: 'clipboard is not available' })
    .waitFor();
  const selected = await refused.page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.dataset.testid === 'editor-fen'
      ? el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)
      : null;
  });
  assert.equal(selected, await refused.page.getByTestId('editor-fen').inputValue());
  assert.deepEqual(refused.errors, []);
  await refused.page.context().close();
});
