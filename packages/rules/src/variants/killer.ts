/**
 * Killer draughts (Christian Freeling): International rules, except that a king whose capture ends
 * on a king stops right behind it — so two kings can catch a lone king.
 * Sources: mindsports.nl "Killer draughts rules"; docs/rules.md §5.18.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const killer: Rules = {
  ...international,
  id: 'killer',
  name: 'Killer',
  summary: 'International rules, but a king that takes a king last stops right behind it.',
  king: { range: 'flying', landing: 'rightBehindKing' },
  pdnGameType: '20', // no GameType of its own: written with the Variant tag
  // draws: International's (docs/decisions.md item 1)
  sources: [
    'mindsports.nl Killer draughts rules',
    'docs/rules.md §5.18',
    'docs/decisions.md item 1',
  ],
};
