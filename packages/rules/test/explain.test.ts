/**
 * Move explanations: one case (at least) per explanation code, mostly on the worked positions of
 * docs/rules.md §7, checking the code, its parameters and the moves the rule asks for.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Game,
  Position,
  explainMove,
  formatMove,
  variantOrThrow,
  type ExplanationCode,
  type MoveAttempt,
  type Options,
} from '@damka/rules';

function positionOf(id: string, fen: string | undefined, options: Options = {}): Position {
  const variant = variantOrThrow(id, options);
  if (fen === undefined) return Position.start(variant);
  const position = Position.fromFen(variant, fen);
  assert.ok(position.ok, `bad FEN ${fen}`);
  return position.value;
}

/** An attempt written as squares joined by '-', 'x' or ':' (two squares: from/to, more: a route). */
function attemptOf(position: Position, text: string): MoveAttempt {
  const squares = text.split(/[-x:]/).map((s) => position.variant.squares.parse(s));
  assert.ok(
    squares.every((sq) => sq >= 0),
    `bad squares in ${text}`,
  );
  return squares.length === 2 ? { from: squares[0]!, to: squares[1]! } : { path: squares };
}

interface Case {
  readonly name: string;
  readonly id: string;
  readonly fen?: string;
  readonly options?: Options;
  readonly attempt: string;
  readonly code: ExplanationCode;
  /** The moves the explanation refers to, in notation (sorted). */
  readonly moves?: readonly string[];
  readonly text?: RegExp;
}

const cases: readonly Case[] = [
  {
    name: 'legal (INT-1)',
    id: 'international',
    fen: 'W:W32:B19,27,28',
    attempt: '32-14',
    code: 'legal',
    moves: ['32x14'],
  },
  {
    name: 'ambiguous: two captures share start and end',
    id: 'international',
    fen: 'W:WK48:B14,18,24,34',
    attempt: '48-22',
    code: 'ambiguous',
    moves: ['48x25x9x22', '48x30x13x22'],
  },
  {
    name: 'empty square',
    id: 'international',
    attempt: '28-23',
    code: 'emptySquare',
    text: /no piece on 28/,
  },
  {
    name: 'not your piece',
    id: 'international',
    attempt: '19-23',
    code: 'notYourPiece',
    text: /19 is Black's; White is to move/,
  },
  {
    name: 'destination occupied',
    id: 'international',
    attempt: '37-32',
    code: 'destinationOccupied',
  },
  {
    name: 'capture is compulsory, and which capture',
    id: 'international',
    fen: 'W:W32,45:B28',
    attempt: '45-40',
    code: 'captureCompulsory',
    moves: ['32x23'],
    text: /^Capture is compulsory: play 32x23\.$/,
  },
  {
    name: 'quantity: a longer capture exists (INT-1)',
    id: 'international',
    fen: 'W:W32:B19,27,28',
    attempt: '32-21',
    code: 'longerCapture',
    moves: ['32x14'],
    text: /takes 2, this takes 1/,
  },
  {
    name: 'quantity beats capturing with a king (INT-2)',
    id: 'international',
    fen: 'W:WK47,32:B33,27,17',
    attempt: '47-29',
    code: 'longerCapture',
    moves: ['32x12'],
  },
  {
    name: 'quality: more kings among equal captures (SP-1)',
    id: 'spanish',
    fen: 'W:W11,9:B15,23,K13,22',
    attempt: '11-27',
    code: 'moreKingsCapture',
    moves: ['9x27'],
  },
  {
    name: 'Italian 6.7: the king must capture (IT-3)',
    id: 'italian',
    fen: 'W:WK22,23:B18,19,10',
    attempt: '23-5',
    code: 'captureWithKing',
    moves: ['22x6'],
  },
  {
    name: 'Italian 6.9: the king met first (IT-5)',
    id: 'italian',
    fen: 'W:WK22:B18,K10,K19,12',
    attempt: '22x13x6',
    code: 'earlierKingCapture',
    moves: ['22x8'],
  },
  {
    name: 'Czech: a king capture comes first (CZ-1)',
    id: 'czech',
    fen: 'W:WKc1,d4:Bf4,c5,c7',
    attempt: 'd4xb6xd8',
    code: 'kingCaptureFirst',
    moves: ['c1xg5', 'c1xh6'],
  },
  {
    name: 'a man cannot move backward',
    id: 'international',
    fen: 'W:W32:B5',
    attempt: '32-37',
    code: 'manCannotMoveBackward',
  },
  {
    name: 'Dhamet: a man moves only forward (not sideways)',
    id: 'dhamet',
    fen: 'W:We3:Bi9',
    attempt: 'e3-d3',
    code: 'manCannotMoveSideways',
  },
  {
    name: 'English men capture forward only',
    id: 'english',
    fen: 'W:W18:B22',
    attempt: '18-25',
    code: 'manCannotCaptureBackward',
  },
  {
    name: 'Spanish men capture forward only (SP-3)',
    id: 'spanish',
    fen: 'W:W19:B15,14',
    attempt: '19-12',
    code: 'manCannotCaptureBackward',
  },
  {
    name: 'backwardCaptureOnlyAfterForward: the first jump must go forward',
    id: 'brazilian',
    fen: 'W:Wd4:Bc3',
    options: { backwardCaptureOnlyAfterForward: true },
    attempt: 'd4-b2',
    code: 'manCannotCaptureBackward',
    text: /only after a forward jump/,
  },
  {
    name: 'Italian: a man cannot capture a king (IT-1)',
    id: 'italian',
    fen: 'W:W21,31:BK18',
    attempt: '21-14',
    code: 'manCannotCaptureKing',
  },
  {
    name: 'the capture must continue (INT-1)',
    id: 'international',
    fen: 'W:W32:B19,27,28',
    attempt: '32-23',
    code: 'captureMustContinue',
    moves: ['32x14'],
  },
  {
    name: 'a flying king must land where it can go on (RU-3)',
    id: 'russian',
    fen: 'W:WKa1:Bc3,f4',
    attempt: 'a1-d4',
    code: 'captureMustContinue',
    moves: ['a1:g3', 'a1:h2'],
  },
  {
    name: 'crowning ends an English capture (EN-2)',
    id: 'english',
    fen: 'W:W9:B6,7',
    attempt: '9x2x11',
    code: 'crowningEndsMove',
    text: /ends on 2/,
  },
  {
    name: 'Turkish: no 180° turn (TR-2)',
    id: 'turkish',
    fen: 'W:WKe4:Bg4,b4',
    attempt: 'e4xh4xa4',
    code: 'noReversal',
  },
  {
    name: 'Dhamet forced opening',
    id: 'dhamet',
    attempt: 'e4-e5',
    code: 'forcedOpening',
    moves: ['d4-e5'],
  },
  {
    name: 'not a move shape',
    id: 'international',
    fen: 'W:W32:B5',
    attempt: '32-22',
    code: 'illegalShape',
  },
  {
    name: 'a man cannot fly',
    id: 'russian',
    fen: 'W:Wc3:Bh8',
    attempt: 'c3-e5',
    code: 'illegalShape',
  },
];

describe('explainMove', () => {
  for (const c of cases) {
    it(`${c.code}: ${c.name}`, () => {
      const position = positionOf(c.id, c.fen, c.options);
      const explanation = explainMove(position, attemptOf(position, c.attempt));
      assert.equal(explanation.code, c.code, explanation.text);
      assert.equal(explanation.legal, c.code === 'legal' || c.code === 'ambiguous');
      if (c.moves) {
        const shown = explanation.moves.map((m) => formatMove(position, m, { full: false })).sort();
        assert.deepEqual(shown, [...c.moves].sort());
      }
      if (c.text) assert.match(explanation.text, c.text);
      assert.ok(explanation.text.length > 0);
      assert.equal(explanation.params.turn, position.turn);
    });
  }

  it('not your turn: the player is not the side to move', () => {
    const position = positionOf('international', undefined);
    const explanation = explainMove(position, attemptOf(position, '19-23'), { player: 'black' });
    assert.equal(explanation.code, 'notYourTurn');
    assert.equal(explanation.text, "It is White's turn, not Black's.");
  });

  it('every legal move of a start position explains as legal', () => {
    for (const id of ['international', 'russian', 'english', 'turkish', 'italian']) {
      const position = positionOf(id, undefined);
      for (const move of position.legalMoves()) {
        const e = explainMove(position, { path: [move.from, ...move.path] });
        assert.equal(e.code, 'legal', `${id} ${formatMove(position, move)}`);
      }
    }
  });

  it('parameters carry square names and counts for translation', () => {
    const position = positionOf('international', 'W:W32:B19,27,28');
    const e = explainMove(position, attemptOf(position, '32-21'));
    assert.deepEqual(e.params, {
      attempt: '32-21',
      turn: 'white',
      required: '32x14',
      count: 1,
      best: 2,
    });
  });
});

describe('Game.explain', () => {
  it('says the game is over', () => {
    const position = positionOf('international', 'W:W46:B41,37');
    const game = Game.fromPosition(position);
    const e = game.explain(attemptOf(position, '46-41'));
    assert.equal(e.code, 'gameOver');
    assert.match(e.text, /Black wins: White cannot move/);
  });
});
