/**
 * Breakthrough draughts: International rules, and the first side to crown a king wins at once.
 * Sources: lidraughts' Breakthrough variant; Scan 3.1 (variant `bt`); docs/rules.md §5.19;
 * docs/decisions.md item 16 (a position with a king is decided).
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const breakthrough: Rules = {
  ...international,
  id: 'breakthrough',
  name: 'Breakthrough',
  summary: 'International rules; the first to crown a king wins.',
  pdnGameType: '20', // no GameType of its own: written with the Variant tag
  crowningWins: true,
  draws: [], // none by rule: agreement only
  sources: ['lidraughts Breakthrough', 'docs/rules.md §5.19', 'docs/decisions.md item 16'],
};
