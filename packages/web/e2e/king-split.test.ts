/**
 * The Israeli house rule "Kings may split" in a real browser on a phone: a king's step and a split
 * onto the same square are the same taps on the board, so the game screen asks which was meant and
 * plays the one picked (each in its own notation, kept in the move list and the position); a square
 * only a step reaches is played at once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clickSquare, gameState, openNewGame, fillFen, squareIn, useHarness } from './harness.ts';

const h = useHarness();
const sq = (name: string) => squareIn('israeli', name);

/** A friend game of Israeli draughts with kings that may split, from `fen`. */
async function startSplitGame(page: Page, fen: string): Promise<void> {
  await page.goto(h.url);
  await openNewGame(page, 'friend');
  await page.locator('label[data-variant="israeli"]').click();
  // the dialog opens on the last choices: the house rules may be unfolded and the switch on already
  const option = page.locator('label[data-option="kingSplit"]');
  if (!(await option.isVisible())) await page.getByTestId('house-rules').locator('summary').click();
  if ((await option.getAttribute('data-on')) !== 'true') await option.click();
  assert.equal(
    await page.locator('label[data-option="kingSplit"]').getAttribute('data-on'),
    'true',
  );
  await fillFen(page, fen);
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
}

const moves = (page: Page) => page.locator('[data-testid="moves"] button.move').allTextContents();

test('a king may step or split onto the same square: the player picks, on a phone', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await startSplitGame(page, 'W:WKd4:Bh8');

  // d4 to c3: a step or a split; the choice names both
  await clickSquare(page, sq('d4'));
  await clickSquare(page, sq('c3'));
  await page.getByTestId('split-choice').waitFor();
  assert.equal((await gameState(page)).ply, 0);
  assert.equal(await page.getByTestId('split-step').textContent(), 'd4-c3');
  assert.equal(await page.getByTestId('split-king').textContent(), 'Kd4+c3');
  await page.getByTestId('split-king').click();
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '1',
  );
  assert.equal((await gameState(page)).fen, 'B:Wc3,d4:Bh8');
  assert.deepEqual(await moves(page), ['Kd4+c3']);
  assert.equal(await page.getByTestId('split-choice').count(), 0);

  // the same square again, the step this time
  await startSplitGame(page, 'W:WKd4:Bh8');
  await clickSquare(page, sq('d4'));
  await clickSquare(page, sq('c3'));
  await page.getByTestId('split-step').click();
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '1',
  );
  assert.equal((await gameState(page)).fen, 'B:WKc3:Bh8');
  assert.deepEqual(await moves(page), ['d4-c3']);

  // a square only a step reaches is played at once
  await startSplitGame(page, 'W:WKd4:Bh8');
  await clickSquare(page, sq('d4'));
  await clickSquare(page, sq('f6'));
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '1',
  );
  assert.deepEqual(await moves(page), ['d4-f6']);
  assert.equal(await page.getByTestId('split-choice').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});
