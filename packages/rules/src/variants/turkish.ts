/**
 * Turkish draughts (Dama): all 64 squares, orthogonal moves, men step forward or sideways, flying
 * kings, pieces removed as they are jumped, no 180° turn, most pieces compulsory.
 * Sources: Dama Akademisi rules; en.wikipedia "Turkish draughts"; docs/rules.md §5.10; docs/decisions.md item 8.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const turkish: Rules = {
  ...international,
  id: 'turkish',
  name: 'Turkish',
  summary: 'All 64 squares, orthogonal moves; pieces vanish as they are taken; no turning back.',
  topology: 'orthogonal-8x8',
  startFen:
    'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  notation: { squares: 'algebraic', acceptNumeric: false, captureSeparator: 'x' },
  pdnGameType: '30',
  man: { ...international.man, moves: 'forwardAndSideways', captures: 'forwardAndSideways' },
  capture: {
    ...international.capture,
    precedence: ['quantity'],
    removal: 'immediate',
    allowReversal: false,
  },
  promotion: { ...international.promotion, midCapture: 'passThrough' }, // docs/decisions.md item 8
  draws: [{ kind: 'repetition', times: 3 }, { kind: 'onePieceEach' }],
  sources: ['Dama Akademisi rules', 'docs/rules.md §5.10', 'docs/decisions.md item 8'],
};
