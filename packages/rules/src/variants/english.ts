/**
 * English draughts / American checkers (WCDF rules): short kings, men capture forward only, free
 * choice between captures, Black moves first, numbering from Black's side.
 * Sources: WCDF "Rules of Draughts" 1.1–1.32; docs/rules.md §5.4; docs/decisions.md item 7.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const english: Rules = {
  ...international,
  id: 'english',
  name: 'English draughts / American checkers',
  summary:
    '8x8, Black starts, kings move one square, men capture forward only, free capture choice.',
  topology: 'diagonal-8x8',
  firstPlayer: 'black',
  startFen: 'B:W21-32:B1-12',
  notation: { squares: 'numeric-fmjd', acceptNumeric: true, captureSeparator: 'x' },
  pdnGameType: '21',
  man: { ...international.man, captures: 'forward' },
  king: { range: 'short' },
  capture: { ...international.capture, precedence: [] },
  promotion: { ...international.promotion, midCapture: 'stop' },
  draws: [
    { kind: 'repetition', times: 3 },
    { kind: 'quietMoves', moves: 40 },
  ],
  sources: ['WCDF Rules of Draughts', 'docs/rules.md §5.4', 'docs/decisions.md item 7'],
};
