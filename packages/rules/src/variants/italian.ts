/**
 * Italian draughts (FID): mirrored board, short kings, men capture forward only and never a king,
 * and the four-step precedence of articles 6.6–6.9.
 * Sources: FID Regolamento Capo I art. 2–6; docs/rules.md §5.8; docs/decisions.md item 5.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const italian: Rules = {
  ...international,
  id: 'italian',
  name: 'Italian',
  summary: 'Mirrored 8x8, kings move one square, men cannot take kings; strict capture order.',
  topology: 'diagonal-8x8-mirrored', // art. 2.3: dark corner at each player's right
  startFen: 'W:W21-32:B1-12',
  notation: { squares: 'numeric-fmjd', acceptNumeric: true, captureSeparator: 'x' }, // art. 2.4
  pdnGameType: '22',
  man: { ...international.man, captures: 'forward', capturesKings: false }, // art. 5.3
  king: { range: 'short' },
  capture: {
    ...international.capture,
    precedence: ['quantity', 'withKing', 'quality', 'earliestKing'], // art. 6.6–6.9
  },
  promotion: { ...international.promotion, midCapture: 'stop' },
  draws: [
    { kind: 'repetition', times: 3 },
    { kind: 'quietMoves', moves: 40 },
  ],
  sources: ['FID Regolamento Capo I', 'docs/rules.md §5.8', 'docs/decisions.md item 5'],
};
