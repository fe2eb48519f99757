/**
 * Czech draughts: flying kings, men move and capture forward only, a king capture must be chosen
 * when one exists, otherwise free choice.
 * Sources: FMJD brief rules of Czech draughts; docs/rules.md §5.9; docs/decisions.md item 6.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';
import { russianStartFen } from './russian.ts';

export const czech: Rules = {
  ...international,
  id: 'czech',
  name: 'Czech',
  summary: 'Flying kings, men capture forward only; a king capture comes first, else free choice.',
  topology: 'diagonal-8x8',
  startFen: russianStartFen,
  notation: { squares: 'algebraic', acceptNumeric: true, captureSeparator: 'x' },
  pdnGameType: '29',
  man: { ...international.man, captures: 'forward' },
  capture: { ...international.capture, precedence: ['kingPriority'] },
  promotion: { ...international.promotion, midCapture: 'stop' },
  draws: [
    { kind: 'repetition', times: 3 },
    { kind: 'quietMoves', moves: 15 },
  ],
  sources: ['FMJD brief rules (Czech)', 'docs/rules.md §5.9', 'docs/decisions.md item 6'],
};
