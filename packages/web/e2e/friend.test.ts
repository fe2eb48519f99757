/**
 * Same-screen games in a real browser: a 1+0 clock whose flag falls ends the game "on time" (the
 * page's clock is fast-forwarded, so the test does not wait a minute); a clock keeps counting
 * across a reload; a draw offer declined, then accepted; a draw by the variant's own rule (a
 * Russian king ending not won within 5 moves each) reached from a FEN start with the reason and
 * its figures; sound and animation settings kept after a reload — and no console errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionKey } from '@damka/rules';
import type { Page } from 'playwright-core';
import {
  SCREENSHOTS,
  clickSquare,
  fillFen,
  gameState,
  openNewGame,
  useHarness,
  intSquare as sq,
  waitForDrawNote,
} from './harness.ts';
import { entryOf, newGame, replay, type SavedGame } from '../src/game/record.ts';

const h = useHarness();

/** New same-screen game from the menu, with a clock preset (its label, e.g. "1+0") if given. */
async function startFriendGame(
  page: Page,
  variant: string,
  opts: { fen?: string; clock?: string } = {},
): Promise<void> {
  await openNewGame(page, 'friend');
  await page.locator(`label[data-variant="${variant}"]`).click();
  if (opts.clock) await page.getByTestId('friend-clock').selectOption({ label: opts.clock });
  if (opts.fen) await fillFen(page, opts.fen);
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
}

async function waitForPly(page: Page, ply: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.play')?.getAttribute('data-ply')) === n,
    ply,
    { timeout: 10_000 },
  );
}

/** Milliseconds left on a side's clock face, as the page shows them. */
async function clockMs(page: Page, color: 'white' | 'black'): Promise<number> {
  return Number(await page.getByTestId(`clock-${color}`).getAttribute('data-ms'));
}

/**
 * Quiet moves for a same-screen game from `fen`: no capture, none offering the opponent one, each
 * time towards the position seen least — so no repetition interferes with the rule under test.
 */
function quietLine(
  variant: string,
  fen: string,
  plies: number,
): Array<{ from: number; to: number }> {
  let game: SavedGame = newGame({ variant, options: {}, fen }, 'friend', null);
  const seen = new Map<string, number>();
  const line: Array<{ from: number; to: number }> = [];
  for (let ply = 0; ply < plies; ply++) {
    const p = replay(game).positions.at(-1)!;
    seen.set(positionKey(p), (seen.get(positionKey(p)) ?? 0) + 1);
    const quiet = p.legalMoves().filter(
      (m) =>
        m.kind === 'step' &&
        !p
          .play(m)
          .legalMoves()
          .some((x) => x.kind !== 'step'),
    );
    const count = (m: (typeof quiet)[number]) => seen.get(positionKey(p.play(m))) ?? 0;
    const best = quiet.reduce((a, b) => (count(b) < count(a) ? b : a));
    line.push({ from: best.from, to: best.to });
    game = { ...game, entries: [...game.entries, entryOf(best)] };
  }
  return line;
}

test('a 1+0 clock: the flag of the side to move falls and the game is lost on time', async () => {
  const { page, errors } = await h.page();
  await page.clock.install();
  await page.goto(h.url);
  await startFriendGame(page, 'international', { clock: '1+0' });
  assert.equal(await clockMs(page, 'white'), 60_000);
  await clickSquare(page, sq('32'));
  await clickSquare(page, sq('28'));
  await waitForPly(page, 1);
  // Black's clock runs from White's move; White's stands still
  await page.clock.fastForward(30_000);
  await page.waitForFunction(
    () =>
      Number(document.querySelector('[data-testid="clock-black"]')?.getAttribute('data-ms')) <=
      30_000,
  );
  assert.equal(await clockMs(page, 'white'), 60_000);
  await page.clock.fastForward(31_000);
  const dialog = page.getByTestId('result');
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), 'White wins');
  assert.equal(await page.getByTestId('result-reason').textContent(), 'Black lost on time.');
  assert.equal((await gameState(page)).result, 'timeout');
  assert.equal(await clockMs(page, 'black'), 0);
  await page.screenshot({ path: `${SCREENSHOTS}friend-timeout.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the clock keeps counting across a reload', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startFriendGame(page, 'international', { clock: '5+0' });
  await clickSquare(page, sq('32'));
  await clickSquare(page, sq('28'));
  await waitForPly(page, 1);
  await page.waitForTimeout(1200);
  const before = await clockMs(page, 'black');
  assert.ok(before < 300_000 - 1000 && before > 280_000, `black ${before}`);
  await page.reload();
  await page.locator('.play').waitFor();
  await page.waitForTimeout(300);
  const afterReload = await clockMs(page, 'black');
  assert.ok(afterReload < before, `still counting: ${afterReload} < ${before}`);
  assert.ok(afterReload > 280_000, `not reset nor lost: ${afterReload}`);
  assert.equal(await clockMs(page, 'white'), 300_000, "White's time stands while Black thinks");
  // the pause button stops it; the board waits until the clocks run again
  await page.getByTestId('clock-pause').click();
  await page.locator('[data-testid="clock-pause"][aria-pressed="true"]').waitFor();
  const paused = await clockMs(page, 'black');
  await page.waitForTimeout(500);
  assert.equal(await clockMs(page, 'black'), paused);
  await page.reload();
  await page.locator('.play').waitFor();
  assert.equal(await clockMs(page, 'black'), paused, 'a pause survives a reload');
  await page.getByTestId('clock-pause').click();
  await clickSquare(page, sq('19'));
  await clickSquare(page, sq('23'));
  await waitForPly(page, 2);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('draw offers: declined, the game goes on; accepted, a draw by agreement', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startFriendGame(page, 'russian');
  await page.getByTestId('offer-draw').click();
  const banner = page.getByTestId('draw-offer');
  assert.equal(await banner.locator('p').textContent(), 'White offers a draw.');
  await page.getByTestId('decline-draw').click();
  assert.equal(await page.getByTestId('draw-note').textContent(), 'Black declines the draw.');
  assert.equal((await gameState(page)).result, '');
  await page.getByTestId('offer-draw').click();
  await page.getByTestId('accept-draw').click();
  const dialog = page.getByTestId('result');
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), 'Draw');
  assert.equal(
    await page.getByTestId('result-reason').textContent(),
    'Both players agreed to a draw.',
  );
  assert.equal((await gameState(page)).result, 'agreement');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("a draw by the variant's rule: Russian, two kings against one not won within 5 moves", async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  const fen = 'W:WKc1,Ke1:BKh6';
  await startFriendGame(page, 'russian', { fen });
  const line = quietLine('russian', fen, 10);
  for (let i = 0; i < line.length; i++) {
    await clickSquare(page, line[i]!.from);
    await clickSquare(page, line[i]!.to);
    await waitForPly(page, i + 1);
    if (i === 3) {
      assert.equal(await page.getByTestId('draw-count').textContent(), 'Draw count: 2 of 5 moves');
    }
  }
  const dialog = page.getByTestId('result');
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), 'Draw');
  assert.equal(
    await page.getByTestId('result-reason').textContent(),
    'White did not win with 2 pieces against a lone king within 5 moves.',
  );
  assert.equal((await gameState(page)).result, 'endgame');
  // the same reason in Hebrew, with the same figures
  await dialog.getByRole('button', { name: 'Back to the board' }).click();
  // (a finished game opens from the recent list, its result in the status line, no dialog)
  await page.goto(`${h.url}?lang=he`);
  await page.getByTestId('recent-game').first().click();
  await page.locator('.play').waitFor();
  assert.equal(await dialog.count(), 0);
  const he = (await page.getByTestId('status').textContent()) ?? '';
  assert.match(he, /לבן.*2.*5/);
  await page.screenshot({ path: `${SCREENSHOTS}friend-endgame-draw-he.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('against the computer, a draw offer is answered from its own evaluation', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  // the computer (Black) is five men up: it plays on
  await openNewGame(page, 'computer');
  await page.locator('label[data-variant="international"]').click();
  await fillFen(page, 'W:W46:B1,2,3,4,5,6');
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
  await page.getByTestId('offer-draw').click();
  const note = page.getByTestId('draw-note');
  await waitForDrawNote(page, 'The computer declines the draw.');
  assert.equal(await note.textContent(), 'The computer declines the draw.');
  assert.equal((await gameState(page)).result, '');
  // five men down, it takes the draw
  await openNewGame(page, 'computer');
  await fillFen(page, 'W:W31,32,33,34,35,36:B1');
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
  await page.getByTestId('offer-draw').click();
  const dialog = page.getByTestId('result');
  await dialog.waitFor({ timeout: 15_000 });
  assert.equal((await gameState(page)).result, 'agreement');
  assert.deepEqual(errors, []);
  await page.context().close();
});

const FAKE_AUDIO = `
  window.tones = 0;
  const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
  const node = () => ({ connect: (x) => x, frequency: param, gain: param });
  window.AudioContext = class {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      return { ...node(), type: 'sine', start: () => window.tones++, stop() {} };
    }
    createGain() {
      return node();
    }
    resume() {
      return Promise.resolve();
    }
  };
`;

test('sound and animation speed are kept in the settings; moves sound only when on', async () => {
  const { page, errors } = await h.page();
  // a stand-in AudioContext that counts the tones the page starts (plain text: the page runs it
  // as written, without the test's compiled helpers)
  await page.addInitScript({ content: FAKE_AUDIO });
  const tones = () => page.evaluate(() => (window as unknown as { tones: number }).tones);
  // sounds start in an effect after the move is drawn: wait for the count, then check it exactly
  const toneCount = async (n: number) => {
    await page
      .waitForFunction((want) => (window as unknown as { tones: number }).tones >= want, n, {
        timeout: 5000,
      })
      .catch(() => undefined);
    return tones();
  };
  await page.goto(h.url);
  await startFriendGame(page, 'international');
  await clickSquare(page, sq('32'));
  await clickSquare(page, sq('28'));
  await waitForPly(page, 1);
  assert.equal(await toneCount(1), 1, 'sound is on by default: one tone for a move');
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-settings').click();
  const sound = page.getByTestId('sound');
  assert.equal(await sound.isChecked(), true);
  await sound.uncheck();
  await page.locator('input[name="animation"][value="slow"]').check({ force: true });
  await page.reload();
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-settings').click();
  assert.equal(await page.getByTestId('sound').isChecked(), false);
  assert.equal(await page.locator('input[name="animation"][value="slow"]').isChecked(), true);
  const stored = await page.evaluate(() => localStorage.getItem('damka.settings'));
  assert.deepEqual(
    { sound: JSON.parse(stored!).sound, animation: JSON.parse(stored!).animation },
    { sound: false, animation: 'slow' },
  );
  // sound off: the game goes on in silence
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-continue').click();
  await clickSquare(page, sq('19'));
  await clickSquare(page, sq('23'));
  await waitForPly(page, 2);
  assert.equal(await tones(), 0);
  // on again: a capture sounds with two tones
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('sound').check();
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-continue').click();
  await clickSquare(page, sq('28'));
  await clickSquare(page, sq('19'));
  await waitForPly(page, 3);
  assert.equal(await toneCount(2), 2, 'a capture sounds two tones (and the silent move none)');
  assert.deepEqual(errors, []);
  await page.context().close();
});
