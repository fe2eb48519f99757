/**
 * The rules of the later rule sets that neither perft from a start position nor a single worked
 * position shows: Frisian's king-move limit (docs/rules.md §5.12, Art. 17) across several moves and
 * inside perft's per-ply state, Breakthrough's end at the first crowning (§5.19), the refused-move
 * explanations that name these rules, and the compiled-rule fields that mark each new feature for
 * backends taking rules through a whitelist.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Game,
  MoveGenerator,
  MoveList,
  Position,
  VARIANTS,
  explainMove,
  formatMove,
  makeMove,
  parsePdn,
  replayGame,
  variantTags,
  writePdn,
  parseMove,
  perft,
  unmakeMove,
  variantOrThrow,
} from '@damka/rules';

function at(id: string, fen: string): Position {
  const p = Position.fromFen(variantOrThrow(id), fen);
  assert.ok(p.ok, `${fen}: ${!p.ok && p.error.message}`);
  return p.value;
}

function play(p: Position, text: string): Position {
  const m = parseMove(p, text);
  assert.ok(m.ok, `${text}: ${!m.ok && m.error.message}`);
  return p.play(m.value);
}

const names = (p: Position) =>
  p.legalMoves().map((m) => `${p.variant.squares.names[m.from]}-${p.variant.squares.names[m.to]}`);

test('Frisian king-move limit: a fourth non-capturing move of the same king is refused', () => {
  // no capture arises on the way: each king shuttles between two squares
  let p = at('frisian', 'W:WK47,45:BK4,6');
  for (const text of ['47-42', '4-9', '42-47', '9-4', '47-42', '4-9']) p = play(p, text);
  assert.deepEqual(p.kingRuns.moves, [3, 3]);
  assert.deepEqual(names(p), ['45-40'], 'king 42 may not step; the man moves');
  const sq = (s: string) => p.variant.squares.parse(s);
  assert.equal(explainMove(p, { from: sq('42'), to: sq('47') }).code, 'kingMoveLimit');
  // a man move ends White's run; Black's run is untouched by it
  p = play(p, '45-40');
  assert.deepEqual(p.kingRuns.moves, [3, 0]);
  assert.deepEqual(names(p), ['6-11'], 'Black king 9 is bound too');
  p = play(p, '6-11');
  assert.ok(
    names(p).some((m) => m.startsWith('42-')),
    'White king 42 moves again',
  );
});

test('Frisian king-move limit: a player with only kings is not bound', () => {
  let p = at('frisian', 'W:WK47:BK4,6');
  for (const text of ['47-42', '4-9', '42-47', '9-4', '47-42', '4-9']) p = play(p, text);
  assert.ok(
    names(p).some((m) => m.startsWith('42-')),
    'White has no man: the king moves on',
  );
});

/** Leaves of the move tree walked through Position (its own king-move counts). */
function positionTree(p: Position, depth: number): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const m of p.legalMoves()) n += positionTree(p.play(m), depth - 1);
  return n;
}

/** Leaves of the tree of the bare generator, which knows nothing of the king-move limit. */
function generatorTree(g: MoveGenerator, board: Int8Array, side: number, depth: number): number {
  if (depth === 0) return 1;
  const list = new MoveList();
  const n = g.generate(board, side, list, true);
  let total = 0;
  for (let i = 0; i < n; i++) {
    makeMove(board, list, i);
    total += generatorTree(g, board, side ^ 1, depth - 1);
    unmakeMove(board, list, i);
  }
  return total;
}

test('Frisian king-move limit in perft: per-ply state agrees with Position, and it acts', () => {
  for (const fen of ['W:WK46,37:BK5,14', 'W:WK46,37,36:BK5,14,15']) {
    const p = at('frisian', fen);
    const depth = 7;
    const counted = perft(p, depth);
    assert.equal(counted, positionTree(p, depth), `${fen} depth ${depth}`);
    assert.ok(
      counted < generatorTree(new MoveGenerator(p.variant.compiled), p.board(), 0, depth),
      `${fen}: the limit removes moves by depth ${depth}`,
    );
  }
});

test('Breakthrough: crowning a king ends the game, won by the side that crowned', () => {
  const game = Game.fromPosition(at('breakthrough', 'W:W6,7:B45'));
  const move = parseMove(game.position, '6-1');
  assert.ok(move.ok);
  assert.ok(game.play(move.value).ok);
  assert.equal(game.position.legalMoves().length, 0);
  assert.equal(game.outcome?.winner, 'white');
  const why = explainMove(game.position, {
    from: game.position.variant.squares.parse('45'),
    to: game.position.variant.squares.parse('50'),
  });
  assert.equal(why.code, 'gameOver');
  // a man passing the far row during a capture is not crowned and does not win
  const passing = at('breakthrough', 'W:W11:B7,8,45');
  const [capture] = passing.legalMoves();
  assert.equal(capture?.piece.role, 'man');
  assert.ok(passing.play(capture!).legalMoves().length > 0, 'the game goes on');
});

test('Killer and Thai: a refused landing names the landing rule', () => {
  const killer = at('killer', 'W:WK46:BK28');
  const sq = (p: Position, s: string) => p.variant.squares.parse(s);
  assert.equal(
    explainMove(killer, { from: sq(killer, '46'), to: sq(killer, '19') }).code,
    'kingStopsBehindKing',
  );
  const thai = at('thai', 'W:WKa1:Bc3,f4');
  assert.equal(
    explainMove(thai, { from: sq(thai, 'a1'), to: sq(thai, 'e5') }).code,
    'kingLandsRightBehind',
  );
  const frisian = at('frisian', 'W:W22,35:BK18,30');
  assert.equal(
    explainMove(frisian, { from: sq(frisian, '35'), to: sq(frisian, '24') }).code,
    'moreValuableCapture',
  );
});

test('each new rule feature is a compiled field set only by the variants that have it', () => {
  const expected: Record<string, Partial<Record<string, number | boolean>>> = {
    frisian: { capturesOffStepLines: true, captureValue: true, kingMoveLimit: 3 },
    frysk: { capturesOffStepLines: true, captureValue: true, kingMoveLimit: 3 },
    killer: { kingLanding: 1 },
    thai: { kingLanding: 2 },
    breakthrough: { crowningWins: true },
  };
  const plain = {
    capturesOffStepLines: false,
    captureValue: false,
    kingLanding: 0,
    crowningWins: false,
    kingMoveLimit: 0,
  };
  for (const rules of VARIANTS) {
    const c = variantOrThrow(rules.id).compiled;
    const want = { ...plain, ...expected[rules.id] };
    for (const [field, value] of Object.entries(want)) {
      assert.equal(c[field as keyof typeof c], value, `${rules.id}.${field}`);
    }
  }
});

test('games of every new rule set are written as PDN and read back move for move', () => {
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (const id of ['frisian', 'frysk', 'killer', 'breakthrough', 'pool', 'thai', 'canadian']) {
    const v = variantOrThrow(id);
    let p = Position.start(v);
    const texts: string[] = [];
    for (let ply = 0; ply < 80; ply++) {
      const moves = p.legalMoves();
      if (moves.length === 0) break;
      const m = moves[next() % moves.length]!;
      texts.push(formatMove(p, m));
      p = p.play(m);
    }
    const text = writePdn([
      {
        tags: new Map([...variantTags(v), ['Result', '*']]),
        moves: {
          comments: [],
          moves: texts.map((t) => ({ text: t, nags: [], comments: [], variations: [] })),
        },
        result: '*',
        startNumber: 1,
      },
    ]);
    const [game] = parsePdn(text).games;
    assert.ok(game?.ok, `${id}: ${text}`);
    const replayed = replayGame(game.value);
    assert.ok(replayed.ok, `${id}: ${!replayed.ok && JSON.stringify(replayed.error)}`);
    assert.equal(replayed.value.variant.id, id);
    assert.equal(replayed.value.moves.length, texts.length, id);
    assert.equal(replayed.value.positions.at(-1)!.fen, p.fen, id);
  }
});
