/**
 * The cross-check plan shared by the fast and the slow suites: which variants and option
 * combinations are compared against the reference generator, how positions are drawn for each, and
 * the comparisons themselves (move lists and perft). Kept in one place so the slow suite is the
 * fast one with bigger numbers, not a different test.
 */
import {
  Position,
  perft,
  topology,
  variantOrThrow,
  VARIANTS,
  type Options,
  type Variant,
} from '@damka/rules';
import { ReferenceLimitError, ReferenceRules, fromCodes, referencePerft } from './generator.ts';
import type { Coord } from './geometry.ts';
import {
  Random,
  compareWithReference,
  kingRunPositions,
  limitedKing,
  loneManPosition,
  playoutPositions,
  randomPosition,
  refMoveIdentity,
  type Disagreement,
} from './sampling.ts';

export interface CrossCheckCase {
  readonly id: string;
  readonly options: Options;
  /**
   * A disagreement already found, analysed and reported against Damka's fast generator: the
   * comparison it affects is reported as a to-do instead of failing the suite. `missing`: Damka
   * misses some moves (every Damka move must still be legal for the reference); `both`: the
   * move lists differ both ways.
   */
  readonly known?: { readonly fault: string; readonly affects: 'missing' | 'both' };
}

function withOptions(
  ids: readonly string[],
  options: Options,
  known?: CrossCheckCase['known'],
): CrossCheckCase[] {
  return ids.map((id) => (known ? { id, options, known } : { id, options }));
}

/** Every variant with its defaults, then the house-rule options on the bases they make sense for. */
export const CASES: readonly CrossCheckCase[] = [
  ...VARIANTS.map((r) => ({ id: r.id, options: {} })),
  { id: 'dhamet', options: { forcedOpening: false } },
  ...withOptions(
    [
      'international',
      'russian',
      'english',
      'italian',
      'czech',
      'spanish',
      'turkish',
      'dhamet',
      'israeli-6x6',
    ],
    { noForcedCapture: true },
  ),
  ...withOptions(['brazilian', 'international'], { burnedPieces: true }),
  ...withOptions(
    [
      'international',
      'brazilian',
      'russian',
      'english',
      'italian',
      'czech',
      'spanish',
      'turkish',
      'israeli',
      'israeli-6x6',
      'dhamet',
    ],
    { mayStopCaptureChain: true },
  ),
  ...withOptions(['international', 'russian'], {
    mayStopCaptureChain: true,
    noForcedCapture: true,
  }),
  { id: 'dhamet', options: { souffle: true } },
  ...withOptions(
    ['international', 'brazilian', 'russian', 'israeli', 'israeli-6x6', 'antidraughts'],
    { backwardCaptureOnlyAfterForward: true },
  ),
  { id: 'dhamet', options: { backwardCaptureOnlyAfterForward: true } },
  ...withOptions(
    [
      'international',
      'russian',
      'english',
      'italian',
      'turkish',
      'israeli',
      'israeli-6x6',
      'dhamet',
    ],
    { lastPieceMayMoveBackward: true },
  ),
  ...withOptions(
    [
      'international',
      'brazilian',
      'russian',
      'english',
      'italian',
      'israeli',
      'israeli-6x6',
      'turkish',
      'dhamet',
    ],
    { kingSplit: true },
  ),
  ...withOptions(['english', 'international'], { giveaway: true }),
];

/** One rule feature of a later rule set, and the same variant without it (for the reference). */
export interface RuleFeature {
  readonly name: string;
  readonly without: (v: Variant) => Variant;
}

const withRules = (v: Variant, rules: Variant['rules']): Variant => ({ ...v, rules });
const VALUE: RuleFeature = {
  name: 'capture value',
  without: (v) =>
    withRules(v, {
      ...v.rules,
      capture: { ...v.rules.capture, precedence: ['quantity', 'withKing'] },
    }),
};
const ORTHOGONAL: RuleFeature = {
  name: 'orthogonal captures',
  without: (v) => ({ ...v, topology: topology('diagonal-10x10') }),
};
const LANDING: RuleFeature = {
  name: 'king landing',
  without: (v) => withRules(v, { ...v.rules, king: { ...v.rules.king, landing: 'anyBeyond' } }),
};
const CROWNING: RuleFeature = {
  name: 'win on crowning',
  without: (v) => withRules(v, { ...v.rules, crowningWins: false }),
};

/**
 * The rule features of the later rule sets: a sweep counts the positions where each one changes
 * the reference's move list, so the tests can require that random positions exercise all of them.
 */
export const RULE_FEATURES: Readonly<Record<string, readonly RuleFeature[]>> = {
  frisian: [VALUE, ORTHOGONAL],
  frysk: [VALUE, ORTHOGONAL],
  killer: [LANDING],
  thai: [LANDING],
  breakthrough: [CROWNING],
};

/** Whether the case's rules limit a king's non-capturing moves in a row (Frisian Art. 17). */
export function hasKingMoveLimit(c: CrossCheckCase): boolean {
  return (variantOrThrow(c.id, c.options).rules.kingMoveLimit ?? 0) > 0;
}

export function caseName(c: CrossCheckCase): string {
  const opts = Object.entries(c.options)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  return opts ? `${c.id} (${opts})` : c.id;
}

export interface SweepResult {
  readonly positions: number;
  /** Positions where Damka has a move the reference does not, or a different promotion. */
  readonly wrong: Disagreement[];
  /** Positions where the reference has a move Damka does not. */
  readonly missing: Disagreement[];
  /** How many positions offered a capture, a split, and a man's backward step (coverage). */
  /**
   * Positions left out because the reference would need more than `JUMP_LIMIT` jumps (crowded
   * boards full of flying kings with immediate removal); the suites bound how many.
   */
  readonly tooLarge: number;
  readonly withCapture: number;
  readonly withSplit: number;
  readonly withBackwardStep: number;
  /**
   * Positions where a king has made the king-move limit's count of steps in a row while its side
   * has a man (Frisian Art. 17), so that the reference, told the game's moves, drops its steps.
   */
  readonly withKingLimit: number;
  /** Per name of `RULE_FEATURES[id]` (no options only): positions where the feature matters. */
  readonly featureHits: Readonly<Record<string, number>>;
}

/** Jumps the reference may try on one position of a sweep (about a second of work). */
export const JUMP_LIMIT = 200_000;

/**
 * Compare move lists on positions from `games` random playouts of `plies` plies and `setups` random
 * setups (densities spread from sparse endgames to crowded boards), all from one seed; under a
 * king-move limit also on short king-stepping games from `setups / 4` sparse setups.
 */
export function sweep(
  c: CrossCheckCase,
  seed: number,
  games: number,
  plies: number,
  setups: number,
): SweepResult {
  const variant = variantOrThrow(c.id, c.options);
  const ref = new ReferenceRules(variant, JUMP_LIMIT);
  const random = new Random(seed);
  const positions = playoutPositions(variant, random, games, plies);
  for (let i = 0; i < setups; i++) {
    positions.push(randomPosition(variant, random, 0.04 + 0.46 * random.next()));
  }
  if (c.options.lastPieceMayMoveBackward) {
    for (let i = 0; i < setups / 2; i++) {
      positions.push(loneManPosition(variant, random, 0.04 + 0.2 * random.next()));
    }
  }
  if ((variant.rules.kingMoveLimit ?? 0) > 0) {
    positions.push(...kingRunPositions(variant, random, Math.ceil(setups / 4), 12));
  }
  const features = Object.keys(c.options).length === 0 ? (RULE_FEATURES[c.id] ?? []) : [];
  const plain = features.map((f) => new ReferenceRules(f.without(variant), JUMP_LIMIT));
  const featureHits: Record<string, number> = {};
  for (const f of features) featureHits[f.name] = 0;
  const identities = (r: ReferenceRules, p: Position) =>
    r
      .legalMoves(fromCodes(variant.topology, p.board()), p.turn)
      .map((m) => refMoveIdentity(variant, m))
      .sort()
      .join(' ');
  const wrong: Disagreement[] = [];
  const missing: Disagreement[] = [];
  let withCapture = 0;
  let withSplit = 0;
  let withBackwardStep = 0;
  let withKingLimit = 0;
  let tooLarge = 0;
  for (const p of positions) {
    let d: Disagreement | undefined;
    try {
      d = compareWithReference(ref, p);
    } catch (e) {
      if (!(e instanceof ReferenceLimitError)) throw e;
      tooLarge++;
      continue;
    }
    if (d && (d.onlyDamka.length > 0 || d.pieceDiffers.length > 0)) wrong.push(d);
    if (features.length > 0) {
      try {
        const full = identities(ref, p);
        features.forEach((f, i) => {
          if (identities(plain[i]!, p) !== full) featureHits[f.name]!++;
        });
      } catch (e) {
        if (!(e instanceof ReferenceLimitError)) throw e;
      }
    }
    if (d && d.onlyReference.length > 0) missing.push(d);
    if (limitedKing(p) >= 0) withKingLimit++;
    const moves = p.legalMoves();
    if (moves.some((m) => m.kind === 'capture')) withCapture++;
    if (moves.some((m) => m.kind === 'split')) withSplit++;
    const back = p.turn === 'white' ? -1 : 1;
    const t = variant.topology;
    if (
      moves.some(
        (m) =>
          m.kind === 'step' && m.moved.role === 'man' && t.rank[m.to]! - t.rank[m.from]! === back,
      )
    ) {
      withBackwardStep++;
    }
  }
  return {
    positions: positions.length,
    wrong,
    missing,
    tooLarge,
    withCapture,
    withSplit,
    withBackwardStep,
    withKingLimit,
    featureHits,
  };
}

/** One line per disagreement, for assertion messages and reports. */
export function describe(ds: readonly Disagreement[], limit = 5): string {
  return ds
    .slice(0, limit)
    .map(
      (d) =>
        `${d.fen}\n  only reference: ${d.onlyReference.join('; ') || '-'}\n  only Damka: ${
          d.onlyDamka.join('; ') || '-'
        }\n  piece differs: ${d.pieceDiffers.join('; ') || '-'}`,
    )
    .join('\n');
}

/** The variants whose perft both generators must agree on (docs/rules.md has no deep public table). */
export const PERFT_CASES: ReadonlyArray<{ id: string; options: Options }> = [
  { id: 'turkish', options: {} },
  { id: 'dhamet', options: { forcedOpening: false } },
  { id: 'dhamet', options: {} },
  { id: 'israeli-6x6', options: {} },
];

/** The compulsory opening as reference coordinates. */
function scriptOf(variant: Variant): Array<{ from: Coord; to: Coord }> {
  const t = variant.topology;
  const coord = (name: string): Coord => {
    const sq = variant.squares.parse(name);
    return { file: t.file[sq]!, rank: t.rank[sq]! };
  };
  return variant.rules.forcedOpening.map((text) => {
    const parts = text.split(/[-x:]/);
    return { from: coord(parts[0]!), to: coord(parts[parts.length - 1]!) };
  });
}

/** Perft of the start position (duplicates dropped) by both generators. */
export function perftBoth(
  id: string,
  options: Options,
  depth: number,
): { reference: number; damka: number } {
  const variant = variantOrThrow(id, options);
  const start = Position.start(variant);
  const ref = new ReferenceRules(variant);
  const reference = referencePerft(
    ref,
    fromCodes(variant.topology, start.board()),
    start.turn,
    depth,
    start.openingPly >= 0 ? scriptOf(variant) : [],
  );
  const damka = perft(start, depth, { duplicates: 'drop' });
  return { reference, damka };
}
