/**
 * International draughts (FMJD), the 10x10 game, and the base every flying-king variant derives from.
 * Sources: FMJD "Annex 1 – Official FMJD rules for international draughts" (Nov 2015), articles
 * cited beside each field; docs/rules.md §5.1; docs/decisions.md item 1 (draws).
 */
import type { Rules } from './rules.ts';

export const international: Rules = {
  id: 'international',
  name: 'International',
  summary: '10x10, flying kings, men capture backward, the longest capture is compulsory.',
  topology: 'diagonal-10x10', // art. 2.4: long diagonal at each player's left
  firstPlayer: 'white', // art. 3.3
  startFen: 'W:W31-50:B1-20', // art. 2.8
  notation: { squares: 'numeric-fmjd', acceptNumeric: true, captureSeparator: 'x' }, // art. 2.6
  pdnGameType: '20',
  man: {
    moves: 'forward', // art. 3.4
    captures: 'all', // art. 4.1–4.2: forward and backward
    capturesKings: true,
    backwardCaptureOnlyAfterForward: false,
    lastPieceMayMoveBackward: false,
  },
  king: { range: 'flying' }, // art. 3.9, 4.3
  capture: {
    obligation: 'mandatory', // art. 4.1
    precedence: ['quantity'], // art. 4.13–4.14: most pieces, king counts one, ties free
    removal: 'endOfMove', // art. 4.11: lifted after the whole sequence
    allowReversal: true, // art. 4.8: empty squares may be crossed again
    mustComplete: true, // art. 4.5
  },
  promotion: {
    stages: [{ from: 'man', to: 'king', zone: 'far' }], // art. 3.5
    midCapture: 'passThrough', // art. 4.15
  },
  noMoveMeans: 'loss', // art. 7.2
  draws: [
    { kind: 'repetition', times: 3 }, // art. 6.1
    { kind: 'quietMoves', moves: 25 }, // art. 6.2
    { kind: 'endgame', strongPieces: [3, 3], minStrongKings: 1, moves: 16 }, // art. 6.3
    { kind: 'endgame', strongPieces: [1, 2], minStrongKings: 1, moves: 5 }, // art. 6.4
  ],
  kingSplit: false,
  forcedOpening: [],
  materialAdjudication: false,
  sources: ['FMJD Annex 1 (2015)', 'docs/rules.md §5.1', 'docs/decisions.md item 1'],
};
