/**
 * Game review in a real browser on a 390x844 phone: an English game with a blunder planted at
 * Black's 14th move (11-16, found by the engine as losing about five men) is imported as PDN,
 * "Engine review" runs the engine over every position in the worker, and the blunder is marked
 * ?? in the move list and on the graph, with a better move; tapping the graph goes to a move;
 * both sides get an accuracy; then offline, a second review still runs (the engine is local).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, useHarness } from './harness.ts';

const h = useHarness();

const PLANTED = `[Event "Planted blunder"]
[White "Engine"]
[Black "Engine"]
[GameType "21"]
[Result "*"]

1. 11-16 23-19 2. 16x23 26x19 3. 8-11 27-23 4. 9-14 24-20 5. 5-9 28-24 6. 10-15 19x10
7. 6x15 31-27 8. 1-5 23-19 9. 7-10 22-17 10. 3-7 17-13 11. 15-18 13x6 12. 2x9 25-22
13. 18x25 29x22 14. 11-16 20x2 15. 4-8 2-6 16. 14-18 22x15 17. 9-13 24-20 18. 10-14 27-23
19. 14-17 21x14 20. 13-17 20-16 *
`;
/** 0-based ply of Black's 14th move, 11-16. */
const BLUNDER_PLY = 26;

async function importGame(page: Page, pdn: string): Promise<void> {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('pdn-text').fill(pdn);
  await page.getByTestId('pdn-read').click();
  // a text of one game opens at once; a list would need its "Open" button
  await page.locator('.play, [data-testid="pdn-open"]').first().waitFor();
  if ((await page.getByTestId('pdn-open').count()) > 0) await page.getByTestId('pdn-open').click();
  await page.locator('.play').waitFor();
}

test('the planted blunder is marked, with a better move, on a phone and offline', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  await importGame(page, PLANTED);
  const started = Date.now();
  await page.getByTestId('review-open').click();
  const review = page.getByTestId('review');
  await review.waitFor();
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  const move = page.locator(`[data-testid="review-moves"] button[data-ply="${BLUNDER_PLY}"]`);
  assert.equal(await move.getAttribute('data-mark'), 'blunder');
  assert.equal((await move.textContent())?.trim(), '11-16??');
  // the other moves of the game: none of White's is a blunder (Black moves first in English)
  const marks = await page
    .locator('[data-testid="review-moves"] button.move')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
  assert.equal(marks.length, 40);
  assert.ok(marks.every((m) => m !== 'pending'));
  assert.ok(marks.filter((m, i) => i % 2 === 1 && m === 'blunder').length === 0);
  assert.match((await page.getByTestId('accuracy-black').textContent()) ?? '', /^\d+(\.\d)?%$/);
  const white = parseFloat((await page.getByTestId('accuracy-white').textContent()) ?? '');
  const black = parseFloat((await page.getByTestId('accuracy-black').textContent()) ?? '');
  assert.ok(white > black, `white ${white}% should beat black ${black}%`);
  // the blunder's detail: the better move and its line
  await move.click();
  assert.match((await page.getByTestId('review-detail').textContent()) ?? '', /Blunder/);
  // shown, it reads in the highlight's text colour, not the blunder's red on the highlight
  assert.notEqual(await move.evaluate((el) => getComputedStyle(el).color), 'rgb(198, 42, 28)');
  assert.match((await page.getByTestId('review-better').textContent()) ?? '', /Better: \d+-\d+/);
  // the graph: its mark for the blunder, and a tap on its left edge goes to the first move
  assert.equal(await page.locator(`circle.mark-blunder[data-ply="${BLUNDER_PLY}"]`).count(), 1);
  await page.getByTestId('review-graph').scrollIntoViewIfNeeded();
  const box = await page.getByTestId('review-graph').boundingBox();
  await page.screenshot({ path: `${SCREENSHOTS}review-phone.png`, fullPage: true });
  assert.ok(box && box.width <= 390, `graph box ${JSON.stringify(box)}`);
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.match((await page.getByTestId('review-detail').textContent()) ?? '', /1\. 11-16/);
  // the page fits the phone: no sideways scrolling
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
  await page.screenshot({ path: `${SCREENSHOTS}review-phone.png`, fullPage: true });
  // offline: back to the game and review again; the engine runs in the page's own worker
  await page.context().setOffline(true);
  await page.getByTestId('review-back').click();
  await page.getByTestId('review-open').click();
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 120_000 });
  assert.equal(
    await page
      .locator(`[data-testid="review-moves"] button[data-ply="${BLUNDER_PLY}"]`)
      .getAttribute('data-mark'),
    'blunder',
  );
  assert.deepEqual(errors, []);
  console.log(`# review of 40 plies in the browser: ${seconds.toFixed(1)} s`);
});

/** 80 plies of International from Damka's self-play (level 4, seed 3). */
const LONG = `[GameType "20"]

1. 31-26 19-23 2. 35-30 23-28 3. 32x23 18x29 4. 34x23 20-25 5. 37-32 25x34 6. 40x29 14-20
7. 32-28 20-24 8. 29x20 15x24 9. 39-34 13-18 10. 45-40 18x29 11. 34x23 10-14 12. 43-39 8-13
13. 42-37 3-8 14. 36-31 13-18 15. 48-42 18x29 16. 39-34 8-13 17. 34x23 13-18 18. 44-39 18x29
19. 41-36 9-13 20. 39-34 2-8 21. 34x23 13-19 22. 49-44 17-21 23. 26x17 11x22 24. 28x17 19x39
25. 44x33 12x21 26. 33-29 24x33 27. 38x29 8-13 28. 31-26 5-10 29. 26x17 7-12 30. 17x19 14x45
31. 47-41 1-7 32. 37-32 10-15 33. 42-38 16-21 34. 41-37 4-9 35. 32-28 6-11 36. 38-32 21-26
37. 36-31 9-13 38. 31-27 11-17 39. 28-22 17x28 40. 32x23 15-20 *
`;

test('a long review shows its progress and can be stopped', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  await importGame(page, LONG);
  await page.getByTestId('review-open').click();
  // stop once the first positions are done
  await page.getByText(/Reviewing: position [1-9]\d* of 81/).waitFor();
  await page.getByTestId('review-stop').click();
  await page.locator('[data-testid="review"][data-state="stopped"]').waitFor();
  const status = (await page.getByTestId('review-status').textContent()) ?? '';
  const done = Number(/after (\d+) of 81/.exec(status)?.[1]);
  assert.ok(done >= 1 && done < 81, status);
  // the moves reviewed before the stop are marked, the others are not
  const marks = await page
    .locator('[data-testid="review-moves"] button.move')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
  assert.equal(marks.length, 80);
  assert.equal(marks.filter((m) => m === 'pending').length, 80 - (done - 1));
  assert.deepEqual(errors, []);
});

test('the engine review is one of the game actions, and the game-over dialog opens it', async () => {
  const { page, errors } = await h.page({ width: 1280, height: 800 });
  await page.goto(h.url);
  // a game whose file gives a result and a variation: both are said while the game stands as
  // imported (the variation is not kept)
  await importGame(
    page,
    PLANTED.replace('[Result "*"]', '[Result "1-0"]')
      .replace('1. 11-16 23-19', '1. 11-16 23-19 (22-18)')
      .replace(/\*\n$/, '1-0\n'),
  );
  assert.equal(await page.getByTestId('imported-result').textContent(), 'Result in the file: 1-0');
  assert.equal(
    await page.getByTestId('imported-variations').textContent(),
    'Variations in the file, not kept: 1',
  );
  // among the game's actions, in the window without scrolling
  const open = page.locator('.play .actions [data-testid="review-open"]');
  assert.equal(await open.count(), 1);
  const box = await open.boundingBox();
  assert.ok(box && box.y + box.height <= 800, `Engine review at ${JSON.stringify(box)}`);
  // the game ends by resignation: the dialog offers the review, and Back to the board closes it
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  const dialog = page.getByTestId('result');
  await dialog.waitFor();
  assert.equal(await page.getByTestId('imported-result').count(), 0, 'the game ended here');
  await dialog.getByTestId('result-board').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.play').count(), 1);
  await page.getByTestId('review-open').click();
  await page.getByTestId('review').waitFor();
  await page.getByTestId('review-back').click();
  // a second game: its dialog's Engine review goes straight to the review
  await importGame(page, PLANTED);
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await dialog.getByTestId('result-review').click();
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 120_000 });
  assert.deepEqual(errors, []);
});
