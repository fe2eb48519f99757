/**
 * Arab Dama (ضامة): the Arab game described by seed 002 (docs/rules.md §9) plays exactly by English rules
 * (docs/rules.md §5.5). It is a named preset, not Turkish Dama, which is a different game.
 */
import type { Rules } from './rules.ts';
import { english } from './english.ts';

export const arabDama: Rules = {
  ...english,
  id: 'arab-dama',
  name: 'Arab Dama',
  summary: 'The Arab game with English rules (not Turkish Dama): kings move one square.',
  sources: ['seed 002 (Arabic Wikipedia "ضامة", docs/rules.md §9)', 'docs/rules.md §5.5'],
};
