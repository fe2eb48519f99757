/**
 * Give-away checkers: English rules with the goal inverted — the side that cannot move wins.
 * Sources: checkers.fandom "Suicide Checkers"; docs/rules.md §5.13. Draws: threefold repetition only.
 */
import type { Rules } from './rules.ts';
import { english } from './english.ts';

export const giveaway: Rules = {
  ...english,
  id: 'giveaway',
  name: 'Give-away checkers',
  summary: 'English rules, but lose all your pieces (or get blocked) to win.',
  noMoveMeans: 'win',
  draws: [{ kind: 'repetition', times: 3 }],
  sources: ['docs/rules.md §5.13'],
};
