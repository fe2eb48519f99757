/**
 * The board's input state machine and cursor layout, without a DOM: picking pieces, refusals,
 * step-by-step multi-captures narrowed by landing squares, ambiguous routes, targets, and the
 * keyboard cursor on checkered, uniform and point boards, flipped or not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  IDLE,
  cancel,
  destinations,
  matchVia,
  press,
  refresh,
  type InputContext,
  type SelectionState,
} from '../src/state.ts';
import { cellIndex, cellOf, moveCursor, squareAtCell } from '../src/layout.ts';
import type { BoardGeometry, BoardMove, BoardPiece } from '../src/types.ts';

/** A checkered n x n geometry built the same way as the rules' topologies (a1 playable). */
function diagonal(n: number): BoardGeometry & { at(file: number, rank: number): number } {
  const file: number[] = [];
  const rank: number[] = [];
  for (let r = 0; r < n; r++) {
    for (let f = 0; f < n; f++) {
      if ((f + r) % 2 === 0) {
        file.push(f);
        rank.push(r);
      }
    }
  }
  return {
    kind: 'diagonal',
    width: n,
    height: n,
    size: file.length,
    file,
    rank,
    at: (f, r) => file.findIndex((x, i) => x === f && rank[i] === r),
  };
}

function full(kind: 'orthogonal' | 'alquerque', n: number): BoardGeometry {
  const file: number[] = [];
  const rank: number[] = [];
  for (let r = 0; r < n; r++) {
    for (let f = 0; f < n; f++) {
      file.push(f);
      rank.push(r);
    }
  }
  return { kind, width: n, height: n, size: n * n, file, rank };
}

const W: BoardPiece = { color: 'white', role: 'man' };
const B: BoardPiece = { color: 'black', role: 'man' };

function ctx(
  moves: BoardMove[],
  pieces: Record<number, BoardPiece>,
  extra: Partial<InputContext> = {},
): InputContext {
  const arr: Array<BoardPiece | undefined> = [];
  for (const [sq, p] of Object.entries(pieces)) arr[Number(sq)] = p;
  return { moves, pieces: arr, movable: 'white', targets: [], ...extra };
}

const step = (from: number, to: number): BoardMove => ({ from, to, path: [to], captures: [] });

test('picking a piece with moves selects it and highlights its destinations', () => {
  const c = ctx([step(10, 14), step(10, 15), step(11, 15)], { 10: W, 11: W });
  const r = press(IDLE, c, 10);
  assert.deepEqual(r.event, { type: 'select', square: 10 });
  assert.equal(r.state.selected, 10);
  assert.deepEqual(
    destinations(r.state).sort((a, b) => a - b),
    [14, 15],
  );
});

test('a simple move is played by pressing its destination', () => {
  const c = ctx([step(10, 14), step(10, 15)], { 10: W });
  const s = press(IDLE, c, 10).state;
  const r = press(s, c, 15);
  assert.deepEqual(r.event, { type: 'move', move: step(10, 15) });
  assert.equal(r.state.selected, -1);
});

test('pressing the selected piece again cancels; Escape cancels', () => {
  const c = ctx([step(10, 14)], { 10: W });
  const s = press(IDLE, c, 10).state;
  assert.deepEqual(press(s, c, 10).event, { type: 'cancel' });
  assert.deepEqual(cancel(s).event, { type: 'cancel' });
  assert.deepEqual(cancel(IDLE).event, { type: 'none' });
});

test('pressing another movable piece switches the selection', () => {
  const c = ctx([step(10, 14), step(11, 15)], { 10: W, 11: W });
  const s = press(IDLE, c, 10).state;
  const r = press(s, c, 11);
  assert.deepEqual(r.event, { type: 'select', square: 11 });
  assert.equal(r.state.selected, 11);
});

test('a wrong destination is refused with from and to', () => {
  const c = ctx([step(10, 14)], { 10: W });
  const s = press(IDLE, c, 10).state;
  const r = press(s, c, 20);
  assert.deepEqual(r.event, { type: 'refuse', from: 10, to: 20 });
  assert.deepEqual(r.state, IDLE);
});

test('picking an own piece that cannot move is refused at once; an enemy piece is ignored', () => {
  const c = ctx([step(10, 14)], { 10: W, 11: W, 30: B });
  assert.deepEqual(press(IDLE, c, 11).event, { type: 'refuse', from: 11, to: -1 });
  assert.deepEqual(press(IDLE, c, 30).event, { type: 'none' });
  assert.deepEqual(press(IDLE, c, 22).event, { type: 'none' });
});

test('a view-only board ignores presses', () => {
  const c = ctx([step(10, 14)], { 10: W }, { movable: 'none' });
  assert.deepEqual(press(IDLE, c, 10).event, { type: 'none' });
});

test('targets act on one press when nothing is selected', () => {
  const c = ctx([step(10, 14)], { 10: W, 30: B }, { targets: [30] });
  assert.deepEqual(press(IDLE, c, 30).event, { type: 'target', square: 30 });
});

test('matchVia finds ordered subsequences only', () => {
  assert.equal(matchVia([5, 9, 13], []), -1);
  assert.equal(matchVia([5, 9, 13], [5]), 0);
  assert.equal(matchVia([5, 9, 13], [5, 13]), 2);
  assert.equal(matchVia([5, 9, 13], [13, 5]), -1);
  assert.equal(matchVia([5, 9, 5], [5, 5]), 2);
});

// A piece on 0 with three captures: two share landing 5 then split, one goes elsewhere.
const capA: BoardMove = { from: 0, to: 13, path: [5, 9, 13], captures: [2, 7, 11] };
const capB: BoardMove = { from: 0, to: 17, path: [5, 17], captures: [2, 12] };
const capC: BoardMove = { from: 0, to: 21, path: [6, 21], captures: [3, 14] };

test('a multi-capture is narrowed step by step through its landing squares', () => {
  const c = ctx([capA, capB, capC], { 0: W });
  let s: SelectionState = press(IDLE, c, 0).state;
  assert.deepEqual(
    destinations(s).sort((a, b) => a - b),
    [5, 6, 13, 17, 21],
  );
  const r1 = press(s, c, 5);
  assert.deepEqual(r1.event, { type: 'narrow', square: 5 });
  s = r1.state;
  assert.deepEqual(s.via, [5]);
  assert.deepEqual(s.candidates, [capA, capB]);
  assert.deepEqual(
    destinations(s).sort((a, b) => a - b),
    [9, 13, 17],
  );
  const r2 = press(s, c, 9);
  assert.deepEqual(r2.event, { type: 'move', move: capA });
});

test('pressing the final square plays the only capture ending there', () => {
  const c = ctx([capA, capB, capC], { 0: W });
  const s = press(IDLE, c, 0).state;
  assert.deepEqual(press(s, c, 17).event, { type: 'move', move: capB });
  assert.deepEqual(press(s, c, 21).event, { type: 'move', move: capC });
});

test('a landing square off every remaining route is refused', () => {
  const c = ctx([capA, capB, capC], { 0: W });
  const s = press(press(IDLE, c, 0).state, c, 5).state;
  assert.deepEqual(press(s, c, 21).event, { type: 'refuse', from: 0, to: 21 });
});

test('an ambiguous capture (same start and end) is resolved by the route chosen', () => {
  // two routes from 0 to 20 around a loop, capturing different pieces (docs/decisions.md item 13 keeps both)
  const left: BoardMove = { from: 0, to: 20, path: [8, 16, 20], captures: [4, 12, 18] };
  const right: BoardMove = { from: 0, to: 20, path: [10, 14, 20], captures: [5, 12, 17] };
  const c = ctx([left, right], { 0: W });
  const s0 = press(IDLE, c, 0).state;
  // pressing the end first keeps both and asks for the route
  const r = press(s0, c, 20);
  assert.equal(r.event.type, 'narrow');
  assert.equal(r.state.candidates.length, 2);
  assert.deepEqual(
    destinations(r.state).sort((a, b) => a - b),
    [8, 10, 20],
  );
  // then a square of one route decides
  assert.deepEqual(press(r.state, c, 10).event, { type: 'move', move: right });
  assert.deepEqual(press(s0, c, 16).event, { type: 'move', move: left });
});

test('routes sharing their first landings are narrowed until they part', () => {
  const a: BoardMove = { from: 0, to: 30, path: [8, 16, 24, 30], captures: [4, 12, 20, 27] };
  const b: BoardMove = { from: 0, to: 30, path: [8, 16, 22, 30], captures: [4, 12, 19, 26] };
  const c = ctx([a, b], { 0: W });
  let s = press(IDLE, c, 0).state;
  s = press(s, c, 8).state;
  s = press(s, c, 16).state;
  assert.deepEqual(s.via, [8, 16]);
  assert.deepEqual(
    destinations(s).sort((x, y) => x - y),
    [22, 24, 30],
  );
  assert.deepEqual(press(s, c, 22).event, { type: 'move', move: b });
});

test('a landing on the way of one route is not taken for the end of a route that loops back to it', () => {
  // Dhamet, a king on g9: both routes land on g3 fourth; one goes on to c1, the other loops back to g3
  const on: BoardMove = {
    from: 0,
    to: 7,
    path: [1, 2, 3, 4, 5, 6, 7],
    captures: [11, 12, 13, 14, 15, 16, 17],
  };
  const loop: BoardMove = {
    from: 0,
    to: 4,
    path: [1, 2, 3, 4, 5, 6, 4],
    captures: [11, 12, 13, 14, 15, 16, 18],
  };
  const c = ctx([on, loop], { 0: W });
  let s = press(IDLE, c, 0).state;
  for (const sq of [1, 2, 3, 4, 5, 6]) {
    const r = press(s, c, sq);
    assert.deepEqual(r.event, { type: 'narrow', square: sq }, `landing ${sq}`);
    s = r.state;
  }
  assert.deepEqual(press(s, c, 7).event, { type: 'move', move: on });
  assert.deepEqual(press(s, c, 4).event, { type: 'move', move: loop });
});

test('a landing that ends one route and starts another waits; pressed again it ends there', () => {
  // Thai, a king on c5 takes d6 and b4 either way: landing e7 then a3, or a3 then e7
  const viaE7: BoardMove = { from: 0, to: 2, path: [1, 2], captures: [5, 6] };
  const viaA3: BoardMove = { from: 0, to: 1, path: [2, 1], captures: [6, 5] };
  const c = ctx([viaE7, viaA3], { 0: W });
  const s0 = press(IDLE, c, 0).state;
  const r = press(s0, c, 1);
  assert.deepEqual(r.event, { type: 'narrow', square: 1 });
  assert.deepEqual(
    destinations(r.state).sort((a, b) => a - b),
    [1, 2],
  );
  assert.deepEqual(press(r.state, c, 2).event, { type: 'move', move: viaE7 });
  assert.deepEqual(press(r.state, c, 1).event, { type: 'move', move: viaA3 });
});

test('a route pressed landing by landing is played even when a longer one ends on the same square', () => {
  const short: BoardMove = { from: 0, to: 9, path: [3, 6, 9], captures: [1, 4, 7] };
  const long: BoardMove = { from: 0, to: 9, path: [3, 5, 6, 9], captures: [1, 2, 4, 8] };
  const c = ctx([short, long], { 0: W });
  let s = press(IDLE, c, 0).state;
  s = press(s, c, 3).state;
  s = press(s, c, 6).state;
  assert.deepEqual(press(s, c, 9).event, { type: 'move', move: short });
});

test("a king's step beside a capture ending on the same square: a second press plays the step", () => {
  // Israeli (captures may be skipped): d8-b6 is a step, d8xb6 a capture by way of h4 and f2
  const stepB6 = step(0, 9);
  const takeB6: BoardMove = { from: 0, to: 9, path: [20, 15, 9], captures: [3, 4, 5] };
  const c = ctx([stepB6, takeB6], { 0: W });
  const r = press(press(IDLE, c, 0).state, c, 9);
  assert.deepEqual(r.event, { type: 'narrow', square: 9 });
  assert.deepEqual(
    destinations(r.state).sort((a, b) => a - b),
    [9, 20],
  );
  assert.deepEqual(press(r.state, c, 9).event, { type: 'move', move: stepB6 });
  assert.deepEqual(press(r.state, c, 20).event, { type: 'move', move: takeB6 });
});

test('moves the board cannot tell apart are handed on as one for the page to ask which', () => {
  // a king's step and a king split onto the same square: same landing, nothing captured
  const c = ctx([step(0, 5), step(0, 5), step(0, 6)], { 0: W });
  assert.deepEqual(press(press(IDLE, c, 0).state, c, 5).event, { type: 'move', move: step(0, 5) });
});

test('refresh keeps the selected piece only while it still moves', () => {
  const c = ctx([step(10, 14)], { 10: W });
  const s = press(IDLE, c, 10).state;
  assert.equal(refresh(s, [step(10, 15)]).selected, 10);
  assert.deepEqual(refresh(s, [step(11, 15)]), IDLE);
});

test('cells: White at the bottom, flipped puts Black there', () => {
  const g = diagonal(8);
  const a1 = g.at(0, 0);
  assert.deepEqual(cellOf(g, a1, false), { col: 0, row: 7 });
  assert.deepEqual(cellOf(g, a1, true), { col: 7, row: 0 });
  const index = cellIndex(g, false);
  assert.equal(squareAtCell(g, index, 0, 7), a1);
  assert.equal(squareAtCell(g, index, 1, 7), -1); // b1 is a light square
  assert.equal(squareAtCell(g, index, 8, 0), -1);
});

test('keyboard cursor on a checkered board: diagonal steps up and down, same row sideways', () => {
  const g = diagonal(8);
  const c3 = g.at(2, 2);
  const up = moveCursor(g, false, c3, 'up');
  assert.equal(g.rank[up], 3);
  assert.equal(Math.abs(g.file[up]! - 2), 1);
  assert.equal(g.file[up], 3, 'ties go toward the centre');
  assert.equal(moveCursor(g, false, c3, 'right'), g.at(4, 2));
  assert.equal(moveCursor(g, false, c3, 'left'), g.at(0, 2));
  assert.equal(moveCursor(g, false, g.at(0, 2), 'left'), g.at(0, 2), 'stays at the edge');
  // flipped: screen up is toward White's home row
  assert.equal(g.rank[moveCursor(g, true, c3, 'up')], 1);
  assert.equal(moveCursor(g, true, c3, 'right'), g.at(0, 2));
});

test('keyboard cursor on uniform and point boards moves one cell', () => {
  for (const kind of ['orthogonal', 'alquerque'] as const) {
    const n = kind === 'orthogonal' ? 8 : 9;
    const g = full(kind, n);
    const sq = 2 * n + 3; // file 3, rank 2
    assert.equal(moveCursor(g, false, sq, 'up'), 3 * n + 3);
    assert.equal(moveCursor(g, false, sq, 'down'), 1 * n + 3);
    assert.equal(moveCursor(g, false, sq, 'left'), 2 * n + 2);
    assert.equal(moveCursor(g, false, sq, 'right'), 2 * n + 4);
    assert.equal(moveCursor(g, false, n - 1, 'right'), n - 1);
  }
});
