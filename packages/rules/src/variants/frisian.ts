/**
 * Frisian draughts (KNDB): the International board and setup, but men and kings also capture along
 * the orthogonal lines of dark squares, the capture of highest value is compulsory, and one king
 * may not make more than three non-capturing moves in a row while its side still has a man.
 * Sources: "Official Rules for Frisian Draughts" (KNDB, 2011), articles cited beside each field;
 * docs/rules.md §5.12; docs/decisions.md item 10.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const frisian: Rules = {
  ...international,
  id: 'frisian',
  name: 'Frisian',
  summary:
    '10x10, captures along the lines as well as the diagonals; the most valuable capture wins.',
  // Art. 9: captures run along the diagonals and along the orthogonal lines of dark squares
  topology: 'diagonal-orthogonal-10x10',
  stepLines: 'diagonal', // Art. 7: men and kings move diagonally only
  pdnGameType: '40',
  capture: {
    ...international.capture,
    // Art. 11: the highest value (a king worth more than one man, less than two);
    // Art. 12: at equal value, a capture with a king
    precedence: ['value', 'withKing'],
  },
  kingMoveLimit: 3, // Art. 17
  draws: [
    { kind: 'endgame', strongPieces: [2, 2], minStrongKings: 2, moves: 7 }, // Art. 18
    // Art. 21.1, read as docs/decisions.md item 10: one king each draws after two more moves
    { kind: 'endgame', strongPieces: [1, 1], minStrongKings: 1, moves: 2 },
  ],
  sources: [
    'KNDB Official Rules for Frisian Draughts (2011)',
    'docs/rules.md §5.12',
    'docs/decisions.md item 10',
  ],
};
