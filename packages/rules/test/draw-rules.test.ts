/**
 * Draw rules, table-driven: docs/rules.md §7.7 (DR-1…DR-6, DR-9, DR-10) and Damka's own positions for
 * every variant's counts, their resets, the endgame counters and repetition with the same side to
 * move. Long quiet stretches are played by a deterministic chooser that only makes non-capturing
 * king moves reaching positions not seen before and leaving neither side a capture.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Game,
  Position,
  parseMove,
  positionKey,
  variantOrThrow,
  type Move,
  type Options,
  type OutcomeReason,
  type Square,
} from '@damka/rules';

function gameFrom(id: string, fen: string, options: Options = {}): Game {
  const variant = variantOrThrow(id, options);
  const position = Position.fromFen(variant, fen);
  assert.ok(position.ok, `bad FEN ${fen}: ${position.ok ? '' : position.error.message}`);
  return Game.fromPosition(position.value);
}

/** Play a move given in the variant's notation. */
function play(game: Game, text: string): Move {
  const move = parseMove(game.position, text);
  assert.ok(move.ok, `${text}: ${move.ok ? '' : move.error.message}`);
  const played = game.play(move.value);
  assert.ok(played.ok, `${text}: ${played.ok ? '' : played.error.message}`);
  return played.value;
}

function hasCapture(position: Position): boolean {
  return position.legalMoves().some((m) => m.kind === 'capture');
}

/** Would the side not to move have a capture if it were its turn? */
function threatens(position: Position): boolean {
  const flipped = Position.fromSetup(position.variant, {
    turn: position.turn === 'white' ? 'black' : 'white',
    board: position.board(),
  });
  return flipped.ok && hasCapture(flipped.value);
}

interface QuietOptions {
  /** Squares a side's kings must stay on (e.g. the lone king on the long diagonal). */
  readonly keep?: { readonly color: 'white' | 'black'; readonly squares: readonly Square[] };
  /** Squares the given side's kings must not enter. */
  readonly avoid?: { readonly color: 'white' | 'black'; readonly squares: readonly Square[] };
  /** Keep a safe man move available to this side (for a later `playManMove`). */
  readonly manReady?: 'white' | 'black';
}

/** Quiet king moves of the side to move that keep the position free of captures. */
function safeMoves(position: Position, options: QuietOptions): Move[] {
  return position.legalMoves().filter((m) => {
    if (m.kind !== 'step' || m.moved.role === 'man') return false;
    if (options.keep?.color === position.turn && !options.keep.squares.includes(m.to)) return false;
    if (options.avoid?.color === position.turn && options.avoid.squares.includes(m.to))
      return false;
    const next = position.play(m);
    if (hasCapture(next) || threatens(next)) return false;
    return options.manReady !== next.turn || safeManMove(next) !== undefined;
  });
}

/**
 * Play `plies` quiet king moves; the game must not end before the last one is played. Each move is
 * the first safe one reaching a position not seen before after which the opponent still has a safe
 * reply (so neither side walks into a trap).
 */
function playQuiet(game: Game, plies: number, options: QuietOptions = {}): void {
  const seen = new Set<string>();
  for (let i = 0; i < plies; i++) {
    assert.equal(
      game.outcome,
      undefined,
      `game ended early after ${i} quiet plies: ${outcomeOf(game)?.text}`,
    );
    const position = game.position;
    seen.add(positionKey(position));
    const candidates = safeMoves(position, options);
    const viable = (m: Move) => safeMoves(position.play(m), options).length > 0;
    const move =
      candidates.find((m) => !seen.has(positionKey(position.play(m))) && viable(m)) ??
      candidates.find(viable) ??
      candidates[0];
    assert.ok(move, `no quiet move for ${position.turn} at ${position.fen}`);
    assert.ok(game.play(move).ok);
  }
}

function safeManMove(position: Position): Move | undefined {
  return position.legalMoves().find((m) => {
    if (m.kind !== 'step' || m.moved.role !== 'man') return false;
    const next = position.play(m);
    return !hasCapture(next) && !threatens(next);
  });
}

/** A non-capturing man move of the side to move that leaves the opponent no capture. */
function playManMove(game: Game): void {
  const move = safeManMove(game.position);
  assert.ok(move, `no safe man move at ${game.position.fen}`);
  assert.ok(game.play(move).ok);
}

/**
 * Let the side to move make a quiet move that gives the opponent a capture of exactly one piece,
 * and have the opponent take it (captures being compulsory, it is his only kind of move), choosing
 * the first such pair after which the game can go on quietly.
 */
function offerCapture(game: Game): void {
  const position = game.position;
  for (const gift of game.legalMoves()) {
    if (gift.kind !== 'step') continue;
    const next = position.play(gift);
    for (const take of next.legalMoves()) {
      if (take.kind !== 'capture' || take.captures.length !== 1) continue;
      if (safeMoves(next.play(take), {}).length === 0) continue;
      assert.ok(game.play(gift).ok);
      assert.ok(game.play(take).ok);
      return;
    }
  }
  assert.fail(`no way to offer a single capture at ${position.fen}`);
}

function reasonOf(game: Game): OutcomeReason | undefined {
  return outcomeOf(game)?.reason;
}

/** The game's outcome, read afresh (assertions on `game.outcome` narrow its type). */
function outcomeOf(game: Game): Game['outcome'] {
  return game.outcome;
}

describe("quiet-move rule (no capture, no man move): each variant's count", () => {
  const table: Array<{ id: string; fen: string; moves: number }> = [
    { id: 'international', fen: 'W:WK47,K48:BK3,K4', moves: 25 }, // FMJD 6.2, DR-1
    { id: 'brazilian', fen: 'W:WKa1,Kc1:BKf8,Kh8', moves: 15 }, // FMJD-64 7.2.5 (docs/decisions.md item 2)
    { id: 'russian', fen: 'W:WKa1,Kc1:BKf8,Kh8', moves: 15 }, // 7.2.5
    { id: 'israeli', fen: 'W:WKa1,Kc1:BKf8,Kh8', moves: 15 }, // Brazilian rules
    { id: 'czech', fen: 'W:WKa1,Kc1:BKf8,Kh8', moves: 15 }, // docs/decisions.md item 6
    { id: 'english', fen: 'W:WK29,K30:BK3,K4', moves: 40 }, // DR-6, docs/decisions.md item 7
    { id: 'arab-dama', fen: 'W:WK29,K30:BK3,K4', moves: 40 },
    { id: 'italian', fen: 'W:WK29,K30:BK3,K4', moves: 40 }, // docs/decisions.md item 5
    { id: 'spanish', fen: 'W:WK1,K2:BK31,K32', moves: 20 }, // docs/decisions.md item 4
    { id: 'portuguese', fen: 'W:WK1,K2:BK31,K32', moves: 20 },
    { id: 'israeli-6x6', fen: 'W:WQ13,Q14:BQ4,Q5', moves: 25 }, // docs/decisions.md item 11: queens/kings only
  ];
  for (const { id, fen, moves } of table) {
    it(`${id}: drawn after ${moves} king moves each, not one ply earlier`, () => {
      const game = gameFrom(id, fen);
      playQuiet(game, 2 * moves - 1);
      assert.equal(game.outcome, undefined);
      assert.equal(game.drawState.quietPlies, 2 * moves - 1);
      playQuiet(game, 1);
      assert.deepEqual(reasonOf(game), { code: 'quietMoves', moves });
      assert.equal(outcomeOf(game)?.winner, undefined);
      assert.match(outcomeOf(game)!.text, new RegExp(`^Draw: ${moves} king-only moves each`));
    });
  }

  it("DR-1 international: the draw comes with Black's 25th move when White starts", () => {
    const game = gameFrom('international', 'W:WK47,K48:BK3,K4');
    playQuiet(game, 50);
    assert.equal(reasonOf(game)?.code, 'quietMoves');
    assert.equal(game.turn, 'white'); // Black made the last (50th) ply
  });

  it('DR-1 international: a man move restarts the count', () => {
    const game = gameFrom('international', 'W:WK47,K48,45:BK3,K4');
    playQuiet(game, 40, { manReady: 'white' });
    playManMove(game); // White's man
    assert.equal(game.drawState.quietPlies, 0);
    playQuiet(game, 49);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), { code: 'quietMoves', moves: 25 });
  });

  it('DR-1 international: a capture restarts the count', () => {
    const game = gameFrom('international', 'W:WK46,K47,K48:BK3,K4,K5');
    playQuiet(game, 40);
    offerCapture(game); // White offers, Black takes
    assert.equal(game.drawState.quietPlies, 0);
    playQuiet(game, 49);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), { code: 'quietMoves', moves: 25 });
  });

  it('DR-6 english: a man move restarts the 40-move count', () => {
    const game = gameFrom('english', 'W:WK29,K30,28:BK3,K4');
    playQuiet(game, 60, { manReady: 'white' });
    playManMove(game);
    playQuiet(game, 79);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), { code: 'quietMoves', moves: 40 });
  });

  it('noKingMoveLimit switches the count off; antidraughts and giveaway have none', () => {
    for (const [id, options] of [
      ['international', { noKingMoveLimit: true }],
      ['antidraughts', {}],
      ['international', { giveaway: true }],
    ] as const) {
      const game = gameFrom(id, 'W:WK47,K48:BK3,K4', options);
      playQuiet(game, 60);
      assert.equal(game.outcome, undefined, `${id} ${JSON.stringify(options)}`);
    }
  });
});

describe('endgame counts (strong side against a lone king)', () => {
  const longDiagonal = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'];

  it('DR-2 international 3 kings v 1: drawn after 16 more moves each', () => {
    const game = gameFrom('international', 'W:WK46,K47,K48:BK3');
    playQuiet(game, 31);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 16,
      strong: 'white',
      strongMen: 0,
      strongKings: 3,
    });
  });

  it('DR-2 / docs/decisions.md item 1: a capture turning it into 2K v K starts the 5-move count at that capture', () => {
    const game = gameFrom('international', 'W:WK46,K47,K48:BK3');
    playQuiet(game, 10);
    offerCapture(game); // Black's king takes a white king: 2K v K
    assert.equal(game.ply, 12);
    playQuiet(game, 9);
    assert.equal(
      game.outcome,
      undefined,
      'the 5-move count starts at the capture, not at the start',
    );
    playQuiet(game, 1);
    const reason = reasonOf(game);
    assert.ok(reason?.code === 'endgame' && reason.moves === 5, JSON.stringify(reason));
  });

  it('international 6.3 counts from when the material arises, not from the start of the game', () => {
    // 3 kings v 2 kings: no endgame rule until White's capture leaves a lone king
    const game = gameFrom('international', 'W:WK46,K47,K48:BK23,K28');
    playQuiet(game, 1);
    assert.ok(
      game.drawState.endgameStart.every((s) => s === -1),
      'two black kings: no endgame rule',
    );
    offerCapture(game); // Black offers, White takes: 3K v K at ply 3
    assert.equal(game.ply, 3);
    playQuiet(game, 31);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.equal(game.ply, 35);
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 16,
      strong: 'white',
      strongMen: 0,
      strongKings: 3,
    });
  });

  it('international 6.3: a promotion inside the ending does not restart the count', () => {
    const game = gameFrom('international', 'W:WK46,K47,10:BK45');
    playQuiet(game, 10, { manReady: 'white' });
    // the man on 10 steps to the crowning row: 2K+M becomes 3K, the same 16-move rule
    playManMove(game);
    assert.equal(game.position.pieceAt(game.moves.at(-1)!.to)?.role, 'king');
    playQuiet(game, 20);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 16,
      strong: 'white',
      strongMen: 0,
      strongKings: 3,
    });
    assert.equal(game.ply, 32);
  });

  it('DR-3 international K v K with White to move: a capture still decides inside the 5 moves', () => {
    const game = gameFrom('international', 'W:WK46:BK5');
    assert.equal(game.outcome, undefined);
    const moves = game.legalMoves();
    assert.equal(moves.length, 8);
    for (const move of moves) {
      const next = game.position.play(move);
      assert.ok(hasCapture(next), `after ${game.variant.squares.names[move.to]} Black captures`);
    }
    assert.ok(game.play(moves[0]!).ok);
    assert.ok(game.play(game.legalMoves()[0]!).ok);
    assert.equal(outcomeOf(game)?.winner, 'black');
    assert.deepEqual(reasonOf(game), { code: 'noMoves', color: 'white', noPieces: true });
  });

  it('DR-4 russian 7.2.4: three kings (and a man) v lone king must capture by the 15th move', () => {
    // the man moves once, so the 15-move quiet rule (7.2.5) is not what ends the game
    const game = gameFrom('russian', 'W:WKa1,Kc1,Ke1,g3:BKb8');
    playQuiet(game, 10, { manReady: 'white' });
    playManMove(game);
    playQuiet(game, 18);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.equal(game.ply, 30);
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 15,
      strong: 'white',
      strongMen: 1,
      strongKings: 3,
    });
  });

  it('DR-4 russian 7.2.4: 4 kings v 1 becoming 3 v 1 by a capture restarts the count', () => {
    const game = gameFrom('russian', 'W:WKa1,Kc1,Ke1,Kg1:BKb8');
    const avoid = {
      color: 'black' as const,
      squares: longDiagonal.map((s) => game.variant.squares.parse(s)),
    };
    playQuiet(game, 12, { avoid });
    offerCapture(game);
    assert.equal(game.position.material().whiteKings, 3);
    const start = game.ply;
    playQuiet(game, 29, { avoid });
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1, { avoid });
    assert.equal(game.ply - start, 30);
    assert.equal(reasonOf(game)?.code, 'endgame');
  });

  it('DR-5 russian 7.2.7: 3 kings v a lone king on the long diagonal: 5 moves', () => {
    const game = gameFrom('russian', 'W:WKa3,Kc1,Kh2:BKd4');
    const v = game.variant;
    const keep = { color: 'black' as const, squares: longDiagonal.map((s) => v.squares.parse(s)) };
    playQuiet(game, 9, { keep });
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1, { keep });
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 5,
      strong: 'white',
      strongMen: 0,
      strongKings: 3,
      longDiagonal: 'weak',
    });
  });

  it('russian 7.2.7 does not apply while the lone king is off the long diagonal', () => {
    const game = gameFrom('russian', 'W:WKa3,Kc1,Kh2:BKb8');
    const v = game.variant;
    const avoid = { color: 'black' as const, squares: longDiagonal.map((s) => v.squares.parse(s)) };
    playQuiet(game, 12, { avoid });
    assert.equal(game.outcome, undefined);
  });

  it('russian 7.2.8: 2 kings v king drawn after 5 moves each', () => {
    const game = gameFrom('russian', 'W:WKa3,Kc1:BKh6');
    playQuiet(game, 9);
    assert.equal(game.outcome, undefined);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), {
      code: 'endgame',
      moves: 5,
      strong: 'white',
      strongMen: 0,
      strongKings: 2,
    });
  });

  it('russian 7.2.6: kings on both sides, material unchanged, 5 pieces: 30 moves each', () => {
    // man moves keep resetting 7.2.5's quiet count but do not change the material balance
    const game = gameFrom('russian', 'W:WKa1,Kc1,b2:BKf8,Kh8');
    playQuiet(game, 20, { manReady: 'white' });
    playManMove(game);
    playQuiet(game, 19, { manReady: 'white' });
    playManMove(game);
    assert.equal(game.drawState.quietPlies, 0);
    playQuiet(game, 18);
    assert.equal(game.outcome, undefined);
    assert.equal(game.ply, 59);
    playQuiet(game, 1);
    assert.deepEqual(reasonOf(game), { code: 'kingsBothSides', moves: 30, pieces: 5 });
  });

  for (const id of ['spanish', 'portuguese']) {
    it(`${id}: 3 kings v 1 king drawn after 12 moves each (docs/decisions.md item 4)`, () => {
      const game = gameFrom(id, 'W:WK1,K2,K3:BK30');
      playQuiet(game, 23);
      assert.equal(game.outcome, undefined);
      playQuiet(game, 1);
      assert.deepEqual(reasonOf(game), {
        code: 'endgame',
        moves: 12,
        strong: 'white',
        strongMen: 0,
        strongKings: 3,
      });
    });
  }

  it('spanish: 2 kings + man v king is not the 3-kings ending', () => {
    const game = gameFrom('spanish', 'W:WK1,K2,9:BK30');
    assert.ok(game.drawState.endgameStart.every((s) => s === -1));
  });
});

describe('one piece each / one king each', () => {
  it('DR-9 turkish W:WKa1:Bh8: drawn at once (docs/decisions.md item 8)', () => {
    const game = gameFrom('turkish', 'W:WKa1:Bh8');
    assert.deepEqual(reasonOf(game), { code: 'onePieceEach' });
    assert.equal(outcomeOf(game)?.winner, undefined);
    assert.equal(game.legalMoves().length, 0);
  });

  it('turkish: not drawn while the side to move can capture the last piece', () => {
    const game = gameFrom('turkish', 'W:WKa1:Ba5');
    assert.equal(game.outcome, undefined);
    play(game, 'a1xa6');
    assert.equal(outcomeOf(game)?.winner, 'white');
    assert.deepEqual(reasonOf(game), { code: 'noMoves', color: 'black', noPieces: true });
  });

  it('turkish: a capture leaving one piece each draws', () => {
    const game = gameFrom('turkish', 'W:WKa1,h2:Ba5,h7');
    play(game, 'a1xa6');
    assert.equal(game.outcome, undefined); // two pieces against one
    const game2 = gameFrom('turkish', 'W:WKa1:Ba5,h7');
    play(game2, 'a1xa6');
    assert.deepEqual(reasonOf(game2), { code: 'onePieceEach' });
  });

  it('DR-10 dhamet: one sultan each draws; a man against a sultan does not', () => {
    const game = gameFrom('dhamet', 'W:WKa1:BKi8');
    assert.deepEqual(reasonOf(game), { code: 'oneKingEach' });
    assert.match(outcomeOf(game)!.text, /^Draw: one king each/);
    const men = gameFrom('dhamet', 'W:WKa1:Bi8');
    assert.equal(men.outcome, undefined);
  });
});

describe('repetition', () => {
  it('threefold with the same side to move draws', () => {
    const game = gameFrom('international', 'W:WK47,K48:BK3,K4');
    for (let i = 0; i < 2; i++) {
      play(game, '47-41');
      play(game, '3-9');
      play(game, '41-47');
      assert.equal(game.outcome, undefined);
      play(game, '9-3');
    }
    assert.equal(game.repetitions, 3);
    assert.deepEqual(reasonOf(game), { code: 'repetition', times: 3 });
  });

  it('the same placement with the other side to move does not count', () => {
    // White's king cycles 47→38→33→47 along one diagonal, Black's 3↔9: the board of the start
    // comes back after 5 plies with Black to move, after 12 with White to move
    const game = gameFrom('international', 'W:WK47,K50:BK3,K1');
    const white = ['47-38', '38-33', '33-47'];
    const black = ['3-9', '9-3'];
    const boardKey = () => positionKey(game.position).slice(1);
    const startBoard = boardKey();
    let sameBoard = 1;
    for (let ply = 0; ply < 24; ply++) {
      assert.equal(game.outcome, undefined, `ended at ply ${ply}`);
      play(game, ply % 2 === 0 ? white[(ply / 2) % 3]! : black[((ply - 1) / 2) % 2]!);
      if (boardKey() === startBoard) sameBoard++;
      if (ply + 1 === 12) {
        assert.equal(sameBoard, 3, 'the start board has now been seen three times');
        assert.equal(game.outcome, undefined, 'but only twice with White to move');
        assert.equal(game.repetitions, 2);
      }
    }
    assert.deepEqual(reasonOf(game), { code: 'repetition', times: 3 });
    assert.equal(game.ply, 24);
  });

  it('undo takes a repetition back', () => {
    const game = gameFrom('russian', 'W:WKa1,Kc1:BKh8,Kf8');
    for (let i = 0; i < 2; i++) {
      play(game, 'c1-d2');
      play(game, 'f8-e7');
      play(game, 'd2-c1');
      play(game, 'e7-f8');
    }
    assert.equal(reasonOf(game)?.code, 'repetition');
    assert.ok(game.undo().ok);
    assert.equal(game.outcome, undefined);
    assert.equal(game.repetitions, 2);
  });
});
