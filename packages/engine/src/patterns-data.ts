/**
 * The stored pattern tables, every one imported up front: the form every program but the web app
 * reads (the command line, the servers, the tests, the tuning tool), where a table is at hand the
 * moment an engine is made. The web app's build reads `patterns-data-browser.ts` instead (the
 * `browser` condition of `#pattern-data` in this package's package.json), which loads a rule set's
 * table only when a game of it first needs one. Both export the same two names.
 */
import { INTERNATIONAL_PATTERNS } from './patterns-international.data.ts';
import { ENGLISH_PATTERNS } from './patterns-english.data.ts';
import { RUSSIAN_PATTERNS } from './patterns-russian.data.ts';
import { CANADIAN_PATTERNS } from './patterns-canadian.data.ts';
import { FRYSK_PATTERNS } from './patterns-frysk.data.ts';
import { FRISIAN_PATTERNS } from './patterns-frisian.data.ts';
import { KILLER_PATTERNS } from './patterns-killer.data.ts';
import { THAI_PATTERNS } from './patterns-thai.data.ts';
import { POOL_PATTERNS } from './patterns-pool.data.ts';
import { BRAZILIAN_PATTERNS } from './patterns-brazilian.data.ts';
import { ITALIAN_PATTERNS } from './patterns-italian.data.ts';
import { SPANISH_PATTERNS } from './patterns-spanish.data.ts';
import { CZECH_PATTERNS } from './patterns-czech.data.ts';
import { ISRAELI_PATTERNS } from './patterns-israeli.data.ts';
import { ISRAELI_6X6_PATTERNS } from './patterns-israeli-6x6.data.ts';
import { TURKISH_PATTERNS } from './patterns-turkish.data.ts';
import { GIVEAWAY_PATTERNS } from './patterns-giveaway.data.ts';
import { ANTIDRAUGHTS_PATTERNS } from './patterns-antidraughts.data.ts';
import { BREAKTHROUGH_PATTERNS } from './patterns-breakthrough.data.ts';
import { DHAMET_PATTERNS } from './patterns-dhamet.data.ts';

/** Variant id → its table's text (base64 of little-endian Int16; see patterns.ts). */
export const PATTERN_TEXTS: Record<string, string> = {
  international: INTERNATIONAL_PATTERNS,
  english: ENGLISH_PATTERNS,
  russian: RUSSIAN_PATTERNS,
  canadian: CANADIAN_PATTERNS,
  frysk: FRYSK_PATTERNS,
  frisian: FRISIAN_PATTERNS,
  killer: KILLER_PATTERNS,
  thai: THAI_PATTERNS,
  pool: POOL_PATTERNS,
  brazilian: BRAZILIAN_PATTERNS,
  italian: ITALIAN_PATTERNS,
  spanish: SPANISH_PATTERNS,
  czech: CZECH_PATTERNS,
  israeli: ISRAELI_PATTERNS,
  'israeli-6x6': ISRAELI_6X6_PATTERNS,
  turkish: TURKISH_PATTERNS,
  giveaway: GIVEAWAY_PATTERNS,
  antidraughts: ANTIDRAUGHTS_PATTERNS,
  breakthrough: BREAKTHROUGH_PATTERNS,
  dhamet: DHAMET_PATTERNS,
};

/** Every table is here already: nothing to load. */
export function loadPatternText(id: string): Promise<boolean> {
  return Promise.resolve(Object.hasOwn(PATTERN_TEXTS, id));
}
