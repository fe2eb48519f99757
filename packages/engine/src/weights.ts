/**
 * Evaluation weights as data: one record of numbers per variant, built from family defaults plus a
 * short list of per-variant overrides, so tuning a variant is editing a table, not code.
 *
 * Scores are in hundredths of a man (a man is 100). King values follow the king's power: a short
 * king is worth about one and a half men, a flying king about three.
 */
import { err, ok, type Result, type Variant } from '@damka/rules';

export interface Weights {
  /** Material. */
  readonly man: number;
  /** Israeli 6x6's middle stage (a short king). */
  readonly queen: number;
  readonly king: number;
  /** Men: bonus per rank advanced (scaled by board height). */
  readonly advance: number;
  /**
   * Men: a bonus growing with the square of the ranks advanced (scaled by board height, so a man
   * one step from crowning gets 8 times the weight): a race to the crowning row, where the last
   * steps count most. 0 elsewhere; folded into the piece-square table, so it costs nothing.
   */
  readonly advanceCurve: number;
  /** Men still on their own back row while the opponent has men (guard against crowning). */
  readonly backRank: number;
  /** Men on central files. */
  readonly centre: number;
  /** Kings on central squares / long lines. */
  readonly kingCentre: number;
  /** Kings: per free neighbouring square (a cheap mobility measure). */
  readonly kingMobility: number;
  /** A man with a free path to the crowning row, at full value when one step away. */
  readonly runaway: number;
  /** How many ranks from the crowning row a runaway man is looked for; 0: half the board's height. */
  readonly runawayReach: number;
  /**
   * Crowning wins (Breakthrough): at a quiet position the side to move with a man one step from
   * the crowning row and a free square to step to crowns at once, which the leaf's capture-only
   * look cannot see; this much for it. 0 elsewhere.
   */
  readonly crownNow: number;
  /** Crowning wins: per man of the side not to move one step from crowning with a free square. */
  readonly crownThreat: number;
  /** Turkish: per friendly orthogonal neighbour of a man (men in pairs cannot be jumped). */
  readonly structure: number;
  /** Dhamet: pieces on the alquerque points that carry diagonals (eight lines instead of four). */
  readonly openPoint: number;
  /** A man that can be jumped at once by an enemy man (a loose piece), while it is not our turn. */
  readonly loose: number;
  /** Divide the score by this in flying-king endings that are usually drawn (few pieces vs a king). */
  readonly drawishDivisor: number;
  /**
   * Flying kings: divide the score by this when the side ahead has three pieces or fewer and the
   * other side has a king (three kings seldom catch one); 1 leaves it.
   */
  readonly fewPiecesDivisor: number;
  /** Flying kings: divide by this when both sides have as many kings and men within one. */
  readonly evenKingsDivisor: number;
  /** Bonus for the side to move (tempo). */
  readonly tempo: number;
  /**
   * Men's formation (Russian and Brazilian so far; 0 elsewhere). Per man off its back row whose
   * two back diagonal squares each hold a friendly piece or lie off the board (it cannot be hit
   * from behind and backs up the men in front of it).
   */
  readonly formation: number;
  /** Per man that cannot step (both forward squares taken or off the board): the stuck "tail". */
  readonly tail: number;
  /** Per free forward square of a man (men's mobility: room for quiet moves). */
  readonly manMobility: number;
  /** Per man of difference between a side's left wing (files a-e) and right wing (f-j), beyond one. */
  readonly wingBalance: number;
  /** Men on the six central squares (22-24 and 27-29 in International numbering, and mirrored). */
  readonly centreSquare: number;
  /**
   * Tempo gap: each side's tempo is the sum of its men's ranks advanced; per rank of difference
   * beyond `tempoMargin` (positive: being further advanced counts for the side that is).
   */
  readonly tempoGap: number;
  readonly tempoMargin: number;
  /**
   * Trading down when ahead: for each piece of lead (up to two), this much per piece gone from the
   * start position, so 4 against 3 is worth more than 12 against 11 and the side ahead is drawn to
   * exchanges, the side behind away from them. 0 switches it off.
   */
  readonly simplify: number;
  /**
   * Search, not evaluation: the margin per ply of remaining depth (hundredths of a man) by which a
   * search of 40% of the depth must beat beta for a non-PV node of depth 3 or more to be cut
   * there ("ProbCut"); 0 switches it off. Only where self-play measured a gain: International,
   * English, Arab Dama, Russian, Brazilian, Czech, Italian, Pool, Killer and Dhamet.
   */
  readonly probCut: number;
  /**
   * Search: late-move reductions, in plies, are 0.75 + ln(depth) · ln(move number) · `reduction` /
   * 100 (one less in PV nodes), for quiet moves from move `reduceFrom` on (counted from 0) at
   * depth 3 or more. Every rule set keeps 50 and 3: the self-play trials of other values
   * (docs/tuning.md, "Late-move reductions as weights") gained nothing that held at a
   * larger node budget.
   */
  readonly reduction: number;
  readonly reduceFrom: number;
}

/** The defaults: 8x8 / 10x10 diagonal games with flying kings. */
export const DEFAULT_WEIGHTS: Weights = {
  man: 100,
  queen: 150,
  king: 300,
  advance: 4,
  advanceCurve: 0,
  backRank: 6,
  centre: 4,
  kingCentre: 6,
  kingMobility: 2,
  runaway: 60,
  runawayReach: 0,
  crownNow: 0,
  crownThreat: 0,
  structure: 0,
  openPoint: 0,
  loose: 8,
  drawishDivisor: 8,
  fewPiecesDivisor: 1,
  evenKingsDivisor: 1,
  tempo: 4,
  formation: 0,
  tail: 0,
  manMobility: 0,
  wingBalance: 0,
  centreSquare: 0,
  tempoGap: 0,
  tempoMargin: 0,
  simplify: 0,
  probCut: 0,
  reduction: 50,
  reduceFrom: 3,
};

/** Short kings (one step): English, Arab Dama, Italian. */
const SHORT_KING: Partial<Weights> = {
  king: 150,
  kingCentre: 8,
  kingMobility: 3,
  drawishDivisor: 1,
};

/**
 * English / American checkers and Arab Dama (the same rules, so the same tables). Trading down
 * when ahead (`simplify` 12): +54 Elo in self-play at 20,000 nodes a move, +30 at 50,000 without
 * books over 400 games and +12 with them over 400 (docs/tuning.md).
 */
const ENGLISH: Partial<Weights> = {
  ...SHORT_KING,
  king: 139,
  advance: 0,
  backRank: 16,
  centre: 6,
  kingCentre: 4,
  kingMobility: 0,
  tempo: 1,
  runaway: 43,
  probCut: 5,
  simplify: 12,
};

/** Spanish and Portuguese (the same rules, so the same tables). */
const SPANISH: Partial<Weights> = {
  king: 261,
  advance: 4,
  backRank: 25,
  centre: 24,
  kingCentre: 2,
  kingMobility: 0,
  loose: 8,
  tempo: 4,
  runaway: 112,
};

/** Per-variant differences from the defaults. */
export const VARIANT_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {
  // wing balance: +47 Elo in self-play at 20,000 nodes a move (120 games); ProbCut with 5 per
  // ply: +58 Elo at 50,000 nodes (60 games; margins 3 and 10 were weaker); drawish endings (three
  // pieces against a king, one man more with even kings): +13 Elo at 20,000 nodes (300 games)
  international: {
    king: 320,
    advance: 3,
    wingBalance: 4,
    probCut: 5,
    fewPiecesDivisor: 8,
    evenKingsDivisor: 2,
  },
  // ProbCut with 5 a ply: Russian 58.4% and Brazilian 56.3% over 160 self-play games each at
  // 50,000 nodes; then the named weights fitted to self-play positions (tune fit): Russian 56.8%
  // and Brazilian 58.5% against the hand-set ones over 200 games each at 50,000 nodes
  // (docs/tuning.md)
  brazilian: {
    king: 261,
    advance: 3,
    backRank: 11,
    centre: 13,
    kingCentre: -25,
    kingMobility: 4,
    runaway: 56,
    formation: -1,
    tail: -3,
    manMobility: 3,
    probCut: 5,
  },
  russian: {
    king: 272,
    backRank: 8,
    centre: 13,
    kingCentre: -17,
    runaway: 76,
    formation: 1,
    tail: -4,
    manMobility: 3,
    probCut: 5,
  },
  // fitted to self-play positions (tune fit): 60.5% against the hand-set weights over 200
  // self-play games at 50,000 nodes; ProbCut with 5 a ply: 54.8% over 400 self-play games at
  // 50,000 nodes (docs/tuning.md)
  czech: {
    king: 268,
    advance: 5,
    backRank: 26,
    centre: 20,
    kingCentre: 9,
    kingMobility: 1,
    runaway: 83,
    probCut: 5,
  },
  // fitted to self-play positions (tune fit): 63.0% against the hand-set weights (a king 2.9 men,
  // nothing else) over 200 self-play games at 50,000 nodes (docs/tuning.md)
  spanish: SPANISH,
  portuguese: SPANISH,
  // no advancement bonus: in English a pushed man spends the waiting moves blocked positions are
  // decided by; 0 instead of 4 scored 60.0% over 120 self-play games at 50,000 nodes; ProbCut
  // with 5 a ply: 62.1% over 240 self-play games at 50,000 nodes; the named weights fitted to
  // self-play positions: 56.5% over 200 self-play games at 50,000 nodes (docs/tuning.md)
  english: ENGLISH,
  'arab-dama': ENGLISH,
  // men cannot take kings (FID 5.3): a king is safe from men and worth more; ProbCut with 5 a
  // ply: 57.0% over 200 self-play games at 50,000 nodes (four-ply openings; 55.0% over 80 from
  // three-ply ones; docs/tuning.md)
  italian: { ...SHORT_KING, king: 185, probCut: 5 },
  // fitted to self-play positions (tune fit; a king 2.55 men, a free runner 1.5 men): 88.5%
  // against the default weights over 200 self-play games at 20,000 nodes (docs/tuning.md)
  frisian: {
    king: 255,
    advance: 0,
    backRank: 10,
    centre: -15,
    kingCentre: 6,
    kingMobility: -1,
    loose: 8,
    tempo: 2,
    runaway: 153,
  },
  // fitted to self-play positions (tune fit): 55.6% against the default weights over 400
  // self-play games at 20,000 nodes (docs/tuning.md); Frisian's fitted weights scored 48.5% here
  frysk: {
    king: 302,
    advance: 5,
    backRank: 12,
    centre: -10,
    kingCentre: -22,
    kingMobility: -2,
    loose: 8,
    tempo: 4,
    runaway: 142,
  },
  // fitted to self-play positions (tune fit): 62.0% against the default weights over 200
  // self-play games at 20,000 nodes; ProbCut with 5 a ply: 56.8% over 400 self-play games at
  // 20,000 nodes (docs/tuning.md)
  killer: {
    king: 299,
    advance: 4,
    backRank: 8,
    centre: 9,
    kingCentre: 8,
    kingMobility: -2,
    loose: 8,
    tempo: 5,
    runaway: 114,
    probCut: 5,
  },
  // ProbCut with 5 a ply: 55.0% over 400 self-play games at 50,000 nodes (docs/tuning.md)
  pool: { probCut: 5 },
  // fitted to self-play positions (tune fit): 64.8% against the default weights over 200
  // self-play games at 50,000 nodes (docs/tuning.md)
  thai: {
    king: 276,
    advance: 6,
    backRank: 11,
    centre: 17,
    kingCentre: 10,
    kingMobility: -1,
    loose: 8,
    tempo: 3,
    runaway: 63,
  },
  // fitted to self-play positions (tune fit; a king 4.5 men, kings kept off the centre, a free
  // runner worth 2.7 men): 91.5% against the hand-set weights over 200 self-play games at 50,000
  // nodes (docs/tuning.md)
  turkish: {
    king: 451,
    advance: 6,
    backRank: 0,
    centre: -15,
    kingCentre: -168,
    kingMobility: 1,
    loose: 10,
    tempo: 13,
    runaway: 267,
    structure: 1,
  },
  // fitted to 23,704 self-play positions (tune fit; a free runner worth nearly eight men, kings
  // kept off the centre, men kept home): 78.3% against the hand-set weights over 60 self-play
  // games at 10,000 nodes a move; ProbCut with 5 a ply: 75.0% over 200 self-play games at
  // 10,000 nodes (docs/tuning.md)
  dhamet: {
    king: 464,
    openPoint: -1,
    advance: -6,
    backRank: 70,
    centre: -35,
    kingCentre: -154,
    kingMobility: 9,
    runaway: 780,
    probCut: 5,
  },
  'israeli-6x6': { queen: 150, king: 260, advance: 6 },
  israeli: { king: 290 },
  // the first crowning wins: the race terms, fitted to 9,680 self-play positions (tune fit; a
  // man one step from crowning decides the game, a free runner is worth ten men): 58.3% against
  // the plain weights over 180 self-play games, 65.0% of them at 10,000 nodes (docs/tuning.md)
  breakthrough: {
    crownNow: 3870,
    crownThreat: 4320,
    runaway: 1069,
    runawayReach: 3,
    advance: 3,
    advanceCurve: 2,
    backRank: 9,
    tempo: 5,
  },
};

/**
 * Give-away goals are inverted: fewer pieces is better, so material counts against its owner and
 * positional terms that protect pieces are switched off.
 */
export const GIVEAWAY_WEIGHTS: Partial<Weights> = {
  man: -100,
  queen: -120,
  king: -150,
  advance: 2,
  backRank: 0,
  centre: 0,
  kingCentre: 0,
  kingMobility: -2,
  runaway: 0,
  structure: 0,
  openPoint: 0,
  loose: -6,
  drawishDivisor: 1,
  tempo: 0,
};

/**
 * Per give-away variant, on top of `GIVEAWAY_WEIGHTS`. Give-away checkers (English rules): a man
 * counted against its owner made the engine hand men over as fast as it could (0 scored 90.6%
 * against −100 over 80 self-play games); then the named weights were fitted to self-play positions
 * with a fixed K (tune fit --k: the hand-set evaluation foresaw nothing): a man counts 70 for its
 * owner, a king about nothing but a king in the centre 136, men at home and a free runner
 * against, and they scored 64.8% against `man: 0` over 200 self-play games at 50,000 nodes
 * (docs/tuning.md). Antidraughts (International rules): its named weights fitted the same way to
 * games of the hand-set ones (a man −0.88, kings off the centre, men in it, a mobile king) scored
 * 95.5% against them over 200 self-play games at 20,000 nodes; fitted again to the games of that
 * engine and of the next one together (whose men leaned opposite ways), a man counts about
 * nothing, a king −4.21 for its owner (it is hard to give away) and each of its moves +1.60:
 * 80.0% against the second fit alone (which had scored 63.5% against the first) and 74.0% against
 * the first (docs/tuning.md).
 */
export const GIVEAWAY_VARIANT_WEIGHTS: Readonly<Record<string, Partial<Weights>>> = {
  giveaway: {
    man: 70,
    king: -5,
    advance: 11,
    backRank: -14,
    centre: -19,
    kingCentre: 136,
    kingMobility: 22,
    tempo: 19,
    runaway: -38,
  },
  antidraughts: {
    man: 4,
    king: -421,
    advance: -26,
    backRank: -19,
    centre: 116,
    kingCentre: -48,
    kingMobility: 160,
    tempo: 29,
    runaway: 138,
  },
};

/** The weights for a variant: defaults, then its overrides, then the caller's overrides. */
export function weightsFor(variant: Variant, overrides: Partial<Weights> = {}): Weights {
  const family = VARIANT_WEIGHTS[variant.id] ?? {};
  const kingShort = variant.rules.king.range === 'short';
  const base: Weights = { ...DEFAULT_WEIGHTS, ...(kingShort ? SHORT_KING : {}), ...family };
  const giveaway =
    variant.rules.noMoveMeans === 'win'
      ? { ...GIVEAWAY_WEIGHTS, ...GIVEAWAY_VARIANT_WEIGHTS[variant.id] }
      : {};
  return { ...base, ...giveaway, ...overrides };
}

/**
 * `name=value,name=value` as weight overrides (a trial set for tuning or a match); an unknown
 * name or a value that is not a number is an error.
 */
export function parseWeightOverrides(text: string): Result<Partial<Weights>, string> {
  const out: Record<string, number> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = eq > 0 ? part.slice(0, eq) : part;
    const value = Number(eq > 0 ? part.slice(eq + 1) : Number.NaN);
    if (!(name in DEFAULT_WEIGHTS)) return err(`unknown weight '${name}'`);
    if (eq <= 0 || !Number.isFinite(value)) return err(`weight ${name} needs a number: '${part}'`);
    out[name] = value;
  }
  return ok(out as Partial<Weights>);
}
