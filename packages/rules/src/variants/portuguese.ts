/**
 * Portuguese draughts (FPD): Spanish moves and captures; its own federation and GameType.
 * Sources: FPD "Regras do Jogo de Damas Clássicas"; docs/rules.md §5.7; docs/decisions.md item 4.
 */
import type { Rules } from './rules.ts';
import { spanish } from './spanish.ts';

export const portuguese: Rules = {
  ...spanish,
  id: 'portuguese',
  name: 'Portuguese',
  summary: 'Spanish rules under the Portuguese federation: most pieces, then most kings.',
  pdnGameType: '28',
  sources: [
    'FPD Regras do Jogo de Damas Clássicas',
    'docs/rules.md §5.7',
    'docs/decisions.md item 4',
  ],
};
