/**
 * Thai draughts (Mak-hos): eight men each on two rows, men capturing forward only, flying kings
 * that land right behind each piece they take, pieces removed as they are taken, free choice.
 * Sources: mindsports.nl "Thai", checkers.fandom "Mak-hot", jocly's Thai rules; docs/rules.md §5.11;
 * docs/decisions.md item 9 (White first, algebraic squares).
 */
import type { Rules } from './rules.ts';
import { international } from './international.ts';

export const thai: Rules = {
  ...international,
  id: 'thai',
  name: 'Thai (Mak-hos)',
  summary: '8x8, eight men each; kings fly but land right behind what they take.',
  topology: 'diagonal-8x8',
  firstPlayer: 'white', // docs/decisions.md item 9
  startFen: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8',
  maxPieces: 12, // the three-row start of the published Thai perft table (docs/rules.md §7.6)
  notation: { squares: 'algebraic', acceptNumeric: true, captureSeparator: 'x' }, // docs/decisions.md item 9
  pdnGameType: '31',
  man: { ...international.man, captures: 'forward' },
  king: { range: 'flying', landing: 'rightBehind' },
  capture: {
    ...international.capture,
    precedence: [], // free choice
    removal: 'immediate',
    allowReversal: true,
  },
  promotion: { ...international.promotion, midCapture: 'stop' },
  // no source gives Thai draw rules: repetition only (docs/decisions.md item 9)
  draws: [{ kind: 'repetition', times: 3 }],
  sources: [
    'mindsports.nl Thai',
    'checkers.fandom Mak-hot',
    'docs/rules.md §5.11',
    'docs/decisions.md item 9',
  ],
};
