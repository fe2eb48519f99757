/**
 * Antidraughts: International moves and captures, inverted goal — the side that cannot move wins.
 * Sources: lidraughts Antidraughts; docs/rules.md §5.13. Draws: threefold repetition only.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const antidraughts: Rules = {
  ...international,
  id: 'antidraughts',
  name: 'Antidraughts',
  summary: 'International rules, but lose all your pieces (or get blocked) to win.',
  pdnGameType: '20',
  noMoveMeans: 'win',
  draws: [{ kind: 'repetition', times: 3 }],
  sources: ['docs/rules.md §5.13'],
};
