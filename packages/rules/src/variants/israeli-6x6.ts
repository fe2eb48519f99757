/**
 * Israeli 6x6: men become queens (one step, any direction) on the far row and queens become flying
 * kings when they later end a move on their own home row.
 * Sources: seed 000 (docs/rules.md §9); docs/rules.md §5.16; docs/decisions.md item 11 (board, setup, capture and draw rules).
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const israeli6x6: Rules = {
  ...international,
  id: 'israeli-6x6',
  name: 'Israeli 6x6',
  summary:
    '6x6; a man becomes a queen on the far row, and a queen back home becomes a flying king.',
  topology: 'diagonal-6x6',
  startFen: 'W:W13-18:B1-6',
  pdnGameType: '20,W,6,6,N2,0',
  promotion: {
    stages: [
      { from: 'man', to: 'queen', zone: 'far' },
      { from: 'queen', to: 'king', zone: 'home' },
    ],
    midCapture: 'passThrough',
  },
  draws: [
    { kind: 'repetition', times: 3 },
    { kind: 'quietMoves', moves: 25 },
  ],
  sources: ['seed 000 (docs/rules.md §9)', 'docs/rules.md §5.16', 'docs/decisions.md item 11'],
};
