/**
 * Brazilian draughts: International rules on the 8x8 board.
 * Sources: FMJD Brazil section rules; CBD summaries; docs/rules.md §5.2. Draws follow the FMJD-64 set
 * (docs/decisions.md item 2, the same as Russian).
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';
import { fmjd64Draws, russianStartFen } from './russian.ts';

export const brazilian: Rules = {
  ...international,
  id: 'brazilian',
  name: 'Brazilian',
  summary: 'International rules on 8x8: flying kings, longest capture compulsory.',
  topology: 'diagonal-8x8',
  startFen: russianStartFen,
  notation: { squares: 'algebraic', acceptNumeric: true, captureSeparator: 'x' },
  pdnGameType: '26',
  draws: fmjd64Draws,
  sources: ['FMJD Brazil section rules', 'docs/rules.md §5.2', 'docs/decisions.md item 2'],
};
