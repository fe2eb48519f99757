/**
 * The game model: moves and undo, outcomes (no move, no pieces, give-away, resignation, agreement,
 * material adjudication) and the huff rules (Israeli burned pieces, Dhamet souffle).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Position, parseMove, variantOrThrow, type Move, type Options } from '@damka/rules';

function gameFrom(id: string, fen: string, options: Options = {}): Game {
  const position = Position.fromFen(variantOrThrow(id, options), fen);
  assert.ok(position.ok, `bad FEN ${fen}`);
  return Game.fromPosition(position.value);
}

function moveOf(game: Game, text: string): Move {
  const move = parseMove(game.position, text);
  assert.ok(move.ok, `${text}: ${move.ok ? '' : move.error.message}`);
  return move.value;
}

function play(game: Game, text: string): Move {
  const played = game.play(moveOf(game, text));
  assert.ok(played.ok, `${text}: ${played.ok ? '' : played.error.message}`);
  return played.value;
}

/** The game's outcome, read afresh (assertions on `game.outcome` narrow its type). */
function outcomeOf(game: Game): Game['outcome'] {
  return game.outcome;
}

/** The pending huff offer, read afresh. */
function huffOf(game: Game): Game['huff'] {
  return game.huff;
}

describe('Game: moves and undo', () => {
  it('plays from the start position and undoes back to it', () => {
    const game = Game.start(variantOrThrow('international'));
    const start = game.position.fen;
    play(game, '32-28');
    play(game, '19-23');
    play(game, '28x19');
    assert.equal(game.ply, 3);
    assert.equal(game.moves.length, 3);
    assert.equal(game.turn, 'black');
    assert.equal(game.drawState.quietPlies, 0);
    for (let i = 0; i < 3; i++) assert.ok(game.undo().ok);
    assert.equal(game.position.fen, start);
    assert.equal(game.ply, 0);
    const none = game.undo();
    assert.ok(!none.ok && none.error.code === 'nothingToUndo');
  });

  it('refuses an illegal move and a move after the end', () => {
    const game = Game.start(variantOrThrow('russian'));
    const bad = game.position.legalMoves()[0]!;
    play(game, 'c3-d4');
    const refused = game.play(bad); // White's move again, now Black is to move
    assert.ok(!refused.ok && refused.error.code === 'illegalMove');
    assert.ok(game.resign('white').ok);
    const late = game.play(game.position.legalMoves()[0]!);
    assert.ok(!late.ok && late.error.code === 'gameOver');
    assert.deepEqual(game.legalMoves(), []);
  });

  it('the English game starts with Black', () => {
    const game = Game.start(variantOrThrow('english'));
    assert.equal(game.turn, 'black');
    play(game, '11-15');
    assert.equal(game.turn, 'white');
  });
});

describe('Game: outcomes', () => {
  it('a side that cannot move loses', () => {
    const game = gameFrom('international', 'W:W46:B41,37');
    assert.equal(outcomeOf(game)?.winner, 'black');
    assert.deepEqual(outcomeOf(game)?.reason, { code: 'noMoves', color: 'white', noPieces: false });
    assert.equal(outcomeOf(game)?.text, 'Black wins: White cannot move');
  });

  it('a side left without pieces loses', () => {
    const game = gameFrom('international', 'W:W32:B28');
    play(game, '32x23');
    assert.equal(outcomeOf(game)?.winner, 'white');
    assert.deepEqual(outcomeOf(game)?.reason, { code: 'noMoves', color: 'black', noPieces: true });
    assert.equal(outcomeOf(game)?.text, 'White wins: Black has no pieces left');
  });

  it('antidraughts and giveaway: having no move wins', () => {
    const blocked = gameFrom('antidraughts', 'W:W46:B41,37');
    assert.equal(outcomeOf(blocked)?.winner, 'white');
    assert.equal(outcomeOf(blocked)?.giveaway, true);
    assert.match(outcomeOf(blocked)!.text, /^White wins: White cannot move/);
    const emptied = gameFrom('antidraughts', 'W:W32:B28');
    play(emptied, '32x23');
    assert.equal(outcomeOf(emptied)?.winner, 'black');
    // the giveaway option on another base, and the 8x8 give-away game
    const option = gameFrom('russian', 'W:Wa1:Bb2,c3', { giveaway: true });
    assert.equal(outcomeOf(option)?.winner, 'white');
    const checkers = gameFrom('giveaway', 'B:W22:B17');
    play(checkers, '17x26');
    assert.equal(outcomeOf(checkers)?.winner, 'white');
    assert.deepEqual(outcomeOf(checkers)?.reason, {
      code: 'noMoves',
      color: 'white',
      noPieces: true,
    });
  });

  it('resignation and agreed draws; undo takes them back', () => {
    const game = Game.start(variantOrThrow('czech'));
    assert.ok(game.resign('black').ok);
    assert.equal(outcomeOf(game)?.winner, 'white');
    assert.equal(outcomeOf(game)?.text, 'White wins: Black resigned');
    assert.ok(game.undo().ok);
    assert.equal(game.outcome, undefined);
    assert.ok(game.agreeDraw().ok);
    assert.equal(outcomeOf(game)?.winner, undefined);
    assert.deepEqual(outcomeOf(game)?.reason, { code: 'agreement' });
    assert.deepEqual(
      game.events.map((e) => e.kind),
      ['drawAgreement'],
    );
  });

  it('materialAdjudication: a draw goes to the side with more pieces; equal counts draw', () => {
    const more = gameFrom('brazilian', 'W:WKa1,c3:BKh8', { materialAdjudication: true });
    assert.ok(more.agreeDraw().ok);
    assert.equal(outcomeOf(more)?.winner, 'white');
    assert.deepEqual(outcomeOf(more)?.adjudication, { white: 2, black: 1 });
    assert.equal(
      outcomeOf(more)?.text,
      'White wins on material, 2 pieces to 1 (drawn: agreed by both players)',
    );
    const equal = gameFrom('brazilian', 'W:WKa1:BKh8', { materialAdjudication: true });
    assert.ok(equal.agreeDraw().ok);
    assert.equal(outcomeOf(equal)?.winner, undefined);
    // a draw by rule is adjudicated too: Turkish one piece each stays drawn (1 v 1)
    const rule = gameFrom('turkish', 'W:WKa1:Bh8', { materialAdjudication: true });
    assert.equal(outcomeOf(rule)?.winner, undefined);
    assert.deepEqual(outcomeOf(rule)?.adjudication, { white: 1, black: 1 });
    // and without the option nobody wins an agreed draw
    const plain = gameFrom('brazilian', 'W:WKa1,c3:BKh8');
    assert.ok(plain.agreeDraw().ok);
    assert.equal(outcomeOf(plain)?.winner, undefined);
  });

  it('materialAdjudication decides a repetition draw', () => {
    const game = gameFrom('international', 'W:WK47,K48,45:BK3', {
      materialAdjudication: true,
      noKingMoveLimit: true,
    });
    for (let i = 0; i < 2; i++) {
      play(game, '47-41');
      play(game, '3-9');
      play(game, '41-47');
      play(game, '9-3');
    }
    assert.equal(outcomeOf(game)?.reason.code, 'repetition');
    assert.equal(outcomeOf(game)?.winner, 'white');
  });
});

describe('Game: huff rules', () => {
  it('israeli burnedPieces: a skipped capture lets the opponent burn the piece that could take', () => {
    const game = gameFrom('israeli', 'W:Wc3,h2:Bd4,a7');
    const v = game.variant;
    play(game, 'h2-g3'); // c3xe5 was available
    const huff = game.huff;
    assert.ok(huff);
    assert.equal(huff.color, 'black');
    assert.deepEqual(huff.burnable, [v.squares.parse('c3')]);
    assert.equal(huff.canDemandReplay, false);
    const notBurnable = game.burn(v.squares.parse('g3'));
    assert.ok(!notBurnable.ok && notBurnable.error.code === 'notBurnable');
    assert.ok(game.burn(v.squares.parse('c3')).ok);
    assert.equal(game.turn, 'black', 'a burn is not a move');
    assert.equal(game.ply, 1);
    assert.equal(game.position.pieceAt(v.squares.parse('c3')), undefined);
    assert.deepEqual(
      game.events.map((e) => e.kind),
      ['move', 'burn'],
    );
    assert.equal(game.moves.length, 1);
    assert.equal(game.huff, undefined);
    // undo the burn: the offer is back
    assert.ok(game.undo().ok);
    assert.deepEqual(huffOf(game)?.burnable, [v.squares.parse('c3')]);
  });

  it('israeli: moving declines the burn; a capture played breaks nothing', () => {
    // b2 keeps Black's d4 from taking c3, so Black's reply breaks no rule itself
    const game = gameFrom('israeli', 'W:Wb2,c3,h2:Bd4,a7');
    play(game, 'h2-g3');
    assert.equal(huffOf(game)?.color, 'black');
    play(game, 'a7-b6'); // Black declines
    assert.equal(game.huff, undefined);
    const noHuff = game.burn(game.variant.squares.parse('c3'));
    assert.ok(!noHuff.ok && noHuff.error.code === 'noHuff');
    const other = gameFrom('israeli', 'W:Wc3,h2:Bd4,a7');
    play(other, 'c3xe5');
    assert.equal(other.huff, undefined);
  });

  it('israeli with burnedPieces=false: captures are compulsory again', () => {
    const game = gameFrom('israeli', 'W:Wc3,h2:Bd4,a7', { burnedPieces: false });
    assert.equal(game.legalMoves().length, 1);
  });

  it('dhamet souffle: the opponent may make the offender replay the longest capture', () => {
    const game = gameFrom('dhamet', 'W:Wa1,e3:Be4,e6,i9', { souffle: true });
    const v = game.variant;
    const before = game.position.fen;
    play(game, 'a1-a2'); // ignores e3xe5xe7
    const huff = game.huff;
    assert.ok(huff?.canDemandReplay);
    assert.ok(huff.burnable.includes(v.squares.parse('e3')));
    assert.ok(game.demandReplay().ok);
    assert.equal(game.position.fen, before);
    assert.equal(game.turn, 'white');
    assert.ok(game.mustReplay);
    const required = game.legalMoves();
    assert.equal(required.length, 1);
    assert.equal(required[0]!.captures.length, 2);
    const again = game.play(moveOf(game, 'a1-a2'));
    assert.ok(!again.ok && again.error.code === 'illegalMove');
    const explanation = game.explain({ from: v.squares.parse('a1'), to: v.squares.parse('a2') });
    assert.equal(explanation.code, 'mustReplayLongestCapture');
    play(game, 'e3xe7');
    assert.deepEqual(
      game.events.map((e) => e.kind),
      ['move', 'retraction', 'move'],
    );
    assert.equal(game.moves.length, 1, 'the retracted move is not in the line of play');
    assert.equal(game.ply, 1);
    assert.equal(game.mustReplay, false);
  });

  it('dhamet souffle: a capture cut short may be punished by burning', () => {
    const game = gameFrom('dhamet', 'W:Wa1,e3:Be4,e6,i9', { souffle: true });
    const v = game.variant;
    play(game, 'e3xe5'); // stops after one of two jumps
    const huff = game.huff;
    assert.ok(huff);
    assert.ok(huff.burnable.includes(v.squares.parse('e5')), 'the piece that stopped short');
    assert.ok(game.burn(v.squares.parse('e5')).ok);
    assert.equal(game.position.pieceAt(v.squares.parse('e5')), undefined);
    assert.equal(game.turn, 'black');
  });

  it('dhamet without souffle: maximum capture is simply compulsory', () => {
    const game = gameFrom('dhamet', 'W:Wa1,e3:Be4,e6,i9');
    assert.equal(game.legalMoves().length, 1);
    assert.equal(game.legalMoves()[0]!.captures.length, 2);
  });

  it('a burn that removes the last piece ends the game', () => {
    const game = gameFrom('israeli', 'W:Wc3:Bd4,a7');
    const skip = game.legalMoves().find((m) => m.kind === 'step');
    assert.ok(skip);
    assert.ok(game.play(skip).ok);
    assert.deepEqual(huffOf(game)?.burnable, [skip.to], 'the man that moved instead of capturing');
    assert.ok(game.burn(skip.to).ok);
    assert.equal(outcomeOf(game)?.winner, 'black');
    assert.deepEqual(outcomeOf(game)?.reason, { code: 'noMoves', color: 'white', noPieces: true });
  });
});

describe('Game: forced opening', () => {
  it('dhamet: the ten plies of la rencontre, then free play', () => {
    const game = Game.start(variantOrThrow('dhamet'));
    const opening = game.variant.rules.forcedOpening;
    for (const text of opening) {
      assert.equal(game.legalMoves().length, 1, `only ${text} is legal`);
      play(game, text);
    }
    assert.equal(game.legalMoves().length, 3);
    assert.equal(game.ply, 10);
  });
});
