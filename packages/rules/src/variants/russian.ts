/**
 * Russian draughts (shashki): flying kings, free choice between captures, and a man crowned in the
 * middle of a capture finishes it as a king.
 * Sources: FMJD-64 rules 7.2.3–7.2.8 (as quoted by lidraughts), docs/rules.md §5.3, docs/decisions.md item 3.
 */
import type { DrawRule, Rules } from './rules.ts';
import { international } from './international.ts';

export const russianStartFen =
  'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';

/** FMJD-64 draw rules (7.2.3–7.2.8), counts in moves per player. */
export const fmjd64Draws: readonly DrawRule[] = [
  { kind: 'repetition', times: 3 }, // 7.2.3
  { kind: 'endgame', strongPieces: [3, 12], minStrongKings: 3, moves: 15 }, // 7.2.4
  { kind: 'quietMoves', moves: 15 }, // 7.2.5
  {
    kind: 'kingsBothSides',
    byPieces: [
      [4, 5, 30],
      [6, 7, 60],
    ],
  }, // 7.2.6
  { kind: 'endgame', strongPieces: [3, 3], minStrongKings: 1, moves: 5, longDiagonal: 'weak' }, // 7.2.7
  { kind: 'endgame', strongPieces: [1, 2], minStrongKings: 1, moves: 5 }, // 7.2.8
];

export const russian: Rules = {
  ...international,
  id: 'russian',
  name: 'Russian',
  summary: 'Flying kings, free choice of capture; a man crowned mid-capture goes on as a king.',
  topology: 'diagonal-8x8',
  startFen: russianStartFen,
  notation: { squares: 'algebraic', acceptNumeric: true, captureSeparator: ':' },
  pdnGameType: '25',
  capture: { ...international.capture, precedence: [] }, // free choice
  promotion: { ...international.promotion, midCapture: 'continueAsKing' },
  draws: fmjd64Draws,
  sources: ['FMJD-64 rules 7.2', 'docs/rules.md §5.3', 'docs/decisions.md item 3'],
};
