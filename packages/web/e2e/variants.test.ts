/**
 * Every variant in a real browser: start a same-screen game from the ☰ menu, play a legal move by
 * clicking (the first one by dragging), then a short line found with `@damka/rules` that reaches a
 * capture, and play that capture through its landing squares. After each move the page's position
 * must equal the one the rules compute. A screenshot of each board goes to artifacts/screenshots/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, VARIANTS, variantOrThrow, type Move } from '@damka/rules';
import type { Page } from 'playwright-core';
import {
  SCREENSHOTS,
  clickSquare,
  dragSquare,
  gameState,
  startGame,
  useHarness,
} from './harness.ts';

const h = useHarness();

/** Quiet moves (at most `depth`) after which the side to move has a capture; depth-first. */
function lineToCapture(p: Position, depth: number): Move[] | null {
  const moves = p.legalMoves();
  if (moves.some((m) => m.kind === 'capture')) return [];
  if (depth === 0) return null;
  for (const m of moves) {
    const rest = lineToCapture(p.play(m), depth - 1);
    if (rest) return [m, ...rest];
  }
  return null;
}

/** Play `move` by clicks: its start, then its landing squares until the page records a new ply. */
async function clickMove(page: Page, move: Move, plyBefore: number): Promise<void> {
  await clickSquare(page, move.from);
  for (const sq of move.path) {
    await clickSquare(page, sq);
    if ((await gameState(page)).ply > plyBefore) return;
  }
  const accepted = await page
    .waitForFunction(
      (n) => Number(document.querySelector('.play')?.getAttribute('data-ply')) > n,
      plyBefore,
      {
        timeout: 2000,
      },
    )
    .then(() => true)
    .catch(() => false);
  if (!accepted) {
    await page.screenshot({ path: `${SCREENSHOTS}failed-move.png` });
    const message = await page.getByTestId('message').textContent();
    throw new Error(`move ${move.from}->${move.to} was not accepted (message: ${message})`);
  }
}

/**
 * Where the start puts the men too far apart for a capture within a few plies (Frysk!'s five a side
 * on the back rows), the game starts from this position instead, typed into the dialog.
 */
const CLOSER_START: Readonly<Record<string, string>> = {
  frysk: 'W:W31,32,33,34,35:B16,17,18,19,20',
};

for (const rules of VARIANTS) {
  test(`${rules.id}: start from the menu, drag a move, click a line to a capture`, async () => {
    const { page, errors } = await h.page();
    await page.goto(h.url);
    const fen = CLOSER_START[rules.id];
    await startGame(page, rules.id, fen ? { fen } : {});
    const variant = variantOrThrow(rules.id);
    const from = fen ? Position.fromFen(variant, fen) : null;
    if (from) assert.ok(from.ok, fen);
    let position = from?.ok ? from.value : Position.start(variant);
    assert.equal((await gameState(page)).fen, position.fen);
    assert.equal(await page.locator('.damka-board .piece').count(), countPieces(position));

    // first move by drag and drop
    const first = position.legalMoves()[0]!;
    await dragSquare(page, first.from, first.to);
    position = position.play(first);
    let state = await gameState(page);
    assert.equal(state.ply, 1, 'the dragged move was played');
    assert.equal(state.fen, position.fen);

    // a short quiet line, then a capture, all by clicks
    const line = lineToCapture(position, 3);
    assert.ok(line, 'a capture is reachable within three plies');
    for (const m of line) {
      await clickMove(page, m, state.ply);
      position = position.play(m);
      state = await gameState(page);
      assert.equal(state.fen, position.fen);
    }
    const capture = position.legalMoves().find((m) => m.kind === 'capture')!;
    await clickMove(page, capture, state.ply);
    position = position.play(capture);
    state = await gameState(page);
    assert.equal(state.fen, position.fen, 'the capture was played');
    assert.equal(
      await page.locator('.damka-board .piece:not(.ghost)').count(),
      countPieces(position),
    );
    const listed = await page.locator('.move-list .move').count();
    assert.equal(listed, state.ply, 'every move is listed');

    await page.locator('.board-frame').screenshot({ path: `${SCREENSHOTS}${rules.id}.png` });
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

function countPieces(p: Position): number {
  const m = p.material();
  return m.white + m.black;
}
