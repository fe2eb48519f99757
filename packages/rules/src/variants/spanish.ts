/**
 * Spanish draughts: mirrored board (a1 unused), men move and capture forward only, flying kings,
 * most pieces then most kings must be captured.
 * Sources: seed 001 (docs/rules.md §9); Portuguese federation articles 2.1.x; docs/rules.md §5.6; docs/decisions.md item 4.
 */
import type { DrawRule, Rules } from './rules.ts';
import { international } from './international.ts';

export const iberianDraws: readonly DrawRule[] = [
  { kind: 'repetition', times: 3 },
  { kind: 'quietMoves', moves: 20 },
  { kind: 'endgame', strongPieces: [3, 3], minStrongKings: 3, moves: 12 },
];

export const spanish: Rules = {
  ...international,
  id: 'spanish',
  name: 'Spanish',
  summary: 'Mirrored 8x8, flying kings, men capture forward only; most pieces, then most kings.',
  topology: 'diagonal-8x8-mirrored',
  startFen: 'W:W1-12:B21-32',
  notation: { squares: 'numeric-spanish', acceptNumeric: true, captureSeparator: 'x' },
  pdnGameType: '24',
  man: { ...international.man, captures: 'forward' },
  capture: { ...international.capture, precedence: ['quantity', 'quality'] },
  promotion: { ...international.promotion, midCapture: 'stop' },
  draws: iberianDraws,
  sources: ['seed 001 (docs/rules.md §9)', 'docs/rules.md §5.6', 'docs/decisions.md item 4'],
};
