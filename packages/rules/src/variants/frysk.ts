/**
 * Frysk!: Frisian draughts started with five men each on the back rows.
 * Sources: lidraughts' Frysk! variant (its rules delegate to Frisian); docs/rules.md §5.21.
 */
import type { Rules } from './rules.ts';
import { frisian } from './frisian.ts';

export const frysk: Rules = {
  ...frisian,
  id: 'frysk',
  name: 'Frysk!',
  summary: 'Frisian rules with five men each, on the back rows.',
  startFen: 'W:W46-50:B1-5',
  pdnGameType: '40', // no GameType of its own: written with the Variant tag
  sources: ['lidraughts Frysk!', 'docs/rules.md §5.21', 'docs/rules.md §5.12'],
};
