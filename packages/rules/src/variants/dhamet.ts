/**
 * Dhamet (Saharan draughts on the 81 points of a 9x9 alquerque board): men step forward along the
 * drawn lines and capture along any line, sultans fly, pieces vanish as they are jumped, the
 * longest capture is compulsory and the ten-ply opening "la rencontre" is played first.
 * Sources: S1 "Strand ou Dhamet — règle complète", S2 fr.wikipedia "Dhamet" (seed 003, docs/rules.md §9),
 * S3 mauritaniandhamet; docs/rules.md §5.17; docs/decisions.md item 12.
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

const white = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
  .flatMap((f) => [1, 2, 3, 4].map((r) => `${f}${r}`))
  .concat(['f5', 'g5', 'h5', 'i5']);
const black = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
  .flatMap((f) => [6, 7, 8, 9].map((r) => `${f}${r}`))
  .concat(['a5', 'b5', 'c5', 'd5']);

export const dhamet: Rules = {
  ...international,
  id: 'dhamet',
  name: 'Dhamet',
  summary: 'Saharan draughts on 81 points: pieces vanish as taken, a fixed ten-move opening.',
  topology: 'alquerque-9x9',
  startFen: `W:W${white.join(',')}:B${black.join(',')}`,
  notation: { squares: 'algebraic', acceptNumeric: false, captureSeparator: 'x' },
  pdnGameType: '20,W,9,9,A0,0',
  man: { ...international.man, moves: 'forward', captures: 'all' },
  capture: { ...international.capture, removal: 'immediate', allowReversal: true },
  draws: [{ kind: 'repetition', times: 3 }, { kind: 'oneKingEach' }],
  // docs/rules.md §5.17 "la rencontre", White first
  forcedOpening: [
    'd4-e5',
    'f6xd4',
    'c3xe5',
    'a5xc3',
    'b2xd4',
    'c5xc3',
    'e5xa5',
    'c3xe5',
    'f5xd5',
    'd6xd4',
  ],
  sources: [
    'S1 Strand ou Dhamet',
    'S2 fr.wikipedia Dhamet / seed 003 (docs/rules.md §9)',
    'S3',
    'docs/rules.md §5.17',
    'docs/decisions.md item 12',
  ],
};
