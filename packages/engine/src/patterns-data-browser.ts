/**
 * The stored pattern tables for the web app: each rule set's table is a module of its own,
 * imported only when a game of that rule set first needs it (`loadPatternText`, awaited by the
 * engine's worker before it makes an engine), so the bundler puts each table in a chunk of its
 * own and the worker carries none it does not play, as with the opening books. Programs outside
 * the browser read `patterns-data.ts`, which holds every table from the start (see there).
 */

/** Variant id → its table's text, once loaded (base64 of little-endian Int16; see patterns.ts). */
export const PATTERN_TEXTS: Record<string, string> = {};

/** Variant id → the import of its table's module. */
const MODULES: Readonly<Record<string, () => Promise<string>>> = {
  international: () =>
    import('./patterns-international.data.ts').then((m) => m.INTERNATIONAL_PATTERNS),
  english: () => import('./patterns-english.data.ts').then((m) => m.ENGLISH_PATTERNS),
  russian: () => import('./patterns-russian.data.ts').then((m) => m.RUSSIAN_PATTERNS),
  canadian: () => import('./patterns-canadian.data.ts').then((m) => m.CANADIAN_PATTERNS),
  frysk: () => import('./patterns-frysk.data.ts').then((m) => m.FRYSK_PATTERNS),
  frisian: () => import('./patterns-frisian.data.ts').then((m) => m.FRISIAN_PATTERNS),
  killer: () => import('./patterns-killer.data.ts').then((m) => m.KILLER_PATTERNS),
  thai: () => import('./patterns-thai.data.ts').then((m) => m.THAI_PATTERNS),
  pool: () => import('./patterns-pool.data.ts').then((m) => m.POOL_PATTERNS),
  brazilian: () => import('./patterns-brazilian.data.ts').then((m) => m.BRAZILIAN_PATTERNS),
  italian: () => import('./patterns-italian.data.ts').then((m) => m.ITALIAN_PATTERNS),
  spanish: () => import('./patterns-spanish.data.ts').then((m) => m.SPANISH_PATTERNS),
  czech: () => import('./patterns-czech.data.ts').then((m) => m.CZECH_PATTERNS),
  israeli: () => import('./patterns-israeli.data.ts').then((m) => m.ISRAELI_PATTERNS),
  'israeli-6x6': () => import('./patterns-israeli-6x6.data.ts').then((m) => m.ISRAELI_6X6_PATTERNS),
  turkish: () => import('./patterns-turkish.data.ts').then((m) => m.TURKISH_PATTERNS),
  giveaway: () => import('./patterns-giveaway.data.ts').then((m) => m.GIVEAWAY_PATTERNS),
  antidraughts: () =>
    import('./patterns-antidraughts.data.ts').then((m) => m.ANTIDRAUGHTS_PATTERNS),
  breakthrough: () =>
    import('./patterns-breakthrough.data.ts').then((m) => m.BREAKTHROUGH_PATTERNS),
  dhamet: () => import('./patterns-dhamet.data.ts').then((m) => m.DHAMET_PATTERNS),
};

const loading = new Map<string, Promise<boolean>>();

/**
 * Loads the table stored under `id` into `PATTERN_TEXTS` (once; later calls share the first
 * load). True when there is one; false for an id without a table. A failed import rejects and is
 * tried again at the next call.
 */
export function loadPatternText(id: string): Promise<boolean> {
  const module = MODULES[id];
  if (module === undefined) return Promise.resolve(false);
  let load = loading.get(id);
  if (load === undefined) {
    load = module().then(
      (text) => {
        PATTERN_TEXTS[id] = text;
        return true;
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, load);
  }
  return load;
}
