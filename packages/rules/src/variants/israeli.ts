/**
 * Israeli street draughts: Brazilian rules with the "burned pieces" huff — a capture may be
 * skipped, but the opponent may then burn a piece that could have captured. The other Israeli house
 * rules are options, off by default.
 * Sources: seed 000 (Hebrew Wikipedia "דמקה", docs/rules.md §9); docs/rules.md §5.15; docs/decisions.md house-rule options.
 */
import type { Rules } from './rules.ts';
import { brazilian } from './brazilian.ts';

export const israeli: Rules = {
  ...brazilian,
  id: 'israeli',
  name: 'Israeli street draughts',
  summary:
    'Brazilian rules; a skipped capture lets the opponent burn a piece that could have taken.',
  capture: { ...brazilian.capture, obligation: 'burn' },
  sources: ['seed 000 (docs/rules.md §9)', 'docs/rules.md §5.15'],
};
