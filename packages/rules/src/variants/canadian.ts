/**
 * Canadian draughts: International rules on a 12x12 board with 30 men each.
 * Sources: PDN GameType 27; windames "Canadian draughts"; checkershistory.com; docs/rules.md §5.22.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const canadian: Rules = {
  ...international,
  id: 'canadian',
  name: 'Canadian',
  summary: '12x12, 30 men each, International rules.',
  topology: 'diagonal-12x12', // a dark square at each player's near left
  startFen: 'W:W43-72:B1-30',
  pdnGameType: '27',
  // windames: 3 kings v 1 king, 16 moves; otherwise the FMJD rules (docs/decisions.md item 1)
  draws: international.draws,
  sources: [
    'windames Canadian draughts',
    'PDN GameType 27',
    'docs/rules.md §5.22',
    'docs/decisions.md item 1',
  ],
};
