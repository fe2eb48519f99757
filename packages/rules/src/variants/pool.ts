/**
 * American pool checkers (APCA): the English board and numbering with Black first, men that capture
 * backward, flying kings and a free choice of capture; a man is crowned only where his move ends.
 * Sources: APCA Tournament Rules of Play and Rules of Play (rules cited beside each field);
 * docs/rules.md §5.20; docs/decisions.md item 15.
 */
import type { Rules } from './rules.ts';
import { english } from './english.ts';
import { international } from './international.ts';

export const pool: Rules = {
  ...international,
  id: 'pool',
  name: 'Pool checkers',
  summary: '8x8, Black starts, flying kings, men capture backward, free choice of capture.',
  topology: 'diagonal-8x8', // rule 2: a dark square at each player's left corner
  firstPlayer: 'black', // rule 7
  startFen: english.startFen,
  notation: english.notation, // numbered as English draughts
  pdnGameType: '23',
  capture: { ...international.capture, precedence: [] }, // free choice, no majority
  // Rules of Play 5: a man passing the king row in a capture goes on as a man
  promotion: { ...international.promotion, midCapture: 'passThrough' },
  draws: [
    { kind: 'repetition', times: 3 },
    { kind: 'endgame', strongPieces: [3, 3], minStrongKings: 3, moves: 13 }, // 3 kings v 1 king
  ],
  sources: ['APCA Tournament Rules of Play', 'docs/rules.md §5.20', 'docs/decisions.md item 15'],
};
