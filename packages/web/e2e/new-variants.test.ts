/**
 * The seven later rule sets in a real browser: the app's own computer worker plays both sides of a
 * game at level 1 to its end in each, and every entry it answers is replayed by the rules package
 * as a legal move — so the bundled engine, the worker protocol and the game record all know these
 * rules. The worker is the one the game screen loads (its URL read from a started game). On a
 * phone, the 12x12 and the Frisian boards are drawn whole, in view, and take a move by tapping.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, formatMove, variantOrThrow } from '@damka/rules';
import {
  SCREENSHOTS,
  clickSquare,
  gameState,
  openNewGame,
  startGame,
  startHarness,
  type Harness,
} from './harness.ts';
import { newGame, replay, type Entry } from '../src/game/record.ts';
import type { FromWorker, Question } from '../src/computer/protocol.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

const NEW_VARIANTS = ['frisian', 'frysk', 'killer', 'breakthrough', 'pool', 'thai', 'canadian'];
/** Longer than any game seen at level 1; a game still running then is a failure, not a pass. */
const MAX_PLIES = 600;

test('each new rule set: the computer plays a legal game to its end (level 1)', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await openNewGame(page, 'computer');
  await page.locator('label[data-variant="international"]').click();
  await page.locator('input[name="human"][value="black"]').check({ force: true });
  await page.getByTestId('level').selectOption('1');
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
  await page.waitForFunction(
    () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
  );
  const url = page
    .workers()
    .find((w) => w.url().includes('computer.worker'))
    ?.url();
  assert.ok(url, 'the computer worker is loaded');
  // one worker of that script kept on the page, asked one question at a time
  await page.evaluate(`(() => {
    const w = new Worker(${JSON.stringify(url)}, { type: 'module' });
    const waiting = new Map();
    w.onmessage = (e) => {
      if (e.data.type === 'info') return;
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
    window.ask_ = (q) => new Promise((resolve) => { waiting.set(q.id, resolve); w.postMessage(q); });
  })()`);
  let id = 0;
  for (const variant of NEW_VARIANTS) {
    const started = Date.now();
    let game = newGame({ variant, options: {} }, 'friend', null);
    let replayed = replay(game);
    while (!replayed.result && replayed.entries.length < MAX_PLIES) {
      const question: Question = {
        type: 'think',
        id: ++id,
        setup: game.setup,
        entries: replayed.entries,
        level: 1,
        moveTime: 20,
      };
      const answer = (await page.evaluate(
        `window.ask_(${JSON.stringify(question)})`,
      )) as FromWorker;
      assert.equal(answer.type, 'done', `${variant}: ${JSON.stringify(answer)}`);
      const best = answer.type === 'done' ? answer.analysis?.best : null;
      assert.ok(best, `${variant} ply ${replayed.entries.length}: an answer while the game is on`);
      const entries: Entry[] = [...replayed.entries, best];
      game = { ...game, entries };
      replayed = replay(game);
      assert.equal(replayed.entries.length, entries.length, `${variant}: a legal entry`);
    }
    assert.ok(replayed.result, `${variant}: over within ${MAX_PLIES} plies`);
    const seconds = (Date.now() - started) / 1000;
    assert.ok(seconds < 60, `${variant}: ${seconds} s`);
    console.log(
      `${variant}: ${replayed.entries.length} plies, ${replayed.result.reason}, ${seconds.toFixed(1)} s`,
    );
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a phone: the 12x12 and Frisian boards are drawn whole and play a move', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  for (const id of ['canadian', 'frisian']) {
    const variant = variantOrThrow(id);
    await startGame(page, id);
    const squares = page.locator('.damka-board [data-square].sq');
    assert.equal(await squares.count(), variant.topology.size, `${id}: every square drawn`);
    const board = await page.locator('.damka-board svg').boundingBox();
    assert.ok(
      board && board.x >= 0 && board.x + board.width <= 390,
      `${id}: the board fits across`,
    );
    assert.ok(board.width > 300, `${id}: the board uses the width (${board.width}px)`);
    const start = Position.start(variant);
    const move = start.legalMoves()[0]!;
    await clickSquare(page, move.from);
    await clickSquare(page, move.to);
    await page.waitForFunction(
      () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
    );
    const after = start.play(move);
    assert.equal((await gameState(page)).fen, after.fen, `${id}: ${formatMove(start, move)}`);
    await page.screenshot({ path: `${SCREENSHOTS}new-variant-${id}-phone.png` });
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});
