/**
 * Compiles a variant's `Rules` record into the flat tables the move generator reads.
 *
 * Everything that depends on the variant — which directions a piece of each code may step or jump
 * in, whether it flies, what it may capture, where it is promoted and what that does mid-capture,
 * how competing captures are ranked — is decided here, once. The generator only indexes tables by
 * piece code and square, so it never tests a variant id.
 */
import { BLACK_BIT, KING, MAN, QUEEN, roleIndex, type Color } from '../types.ts';
import { isDiagonal, topology, type Topology } from '../topology/topology.ts';
import type { ManDirections, PrecedenceStep, Rules } from './rules.ts';
import { mulberry32 } from '../random.ts';

export const OBLIGATION_MANDATORY = 0;
export const OBLIGATION_OPTIONAL = 1;
export const OBLIGATION_BURN = 2;
export const OBLIGATION_SOUFFLE = 3;

/** Precedence step codes with the width (bits) of their component in the ranking key. */
export const STEP_QUANTITY = 0;
export const STEP_QUALITY = 1;
export const STEP_WITH_KING = 2;
export const STEP_EARLIEST_KING = 3;
export const STEP_KING_PRIORITY = 4;
/** Frisian value: component (men + 2·kings)·128 − kings, so fewer kings wins a tie (Art. 11). */
export const STEP_VALUE = 5;
const STEP_CODE: Record<PrecedenceStep, number> = {
  quantity: STEP_QUANTITY,
  quality: STEP_QUALITY,
  withKing: STEP_WITH_KING,
  earliestKing: STEP_EARLIEST_KING,
  kingPriority: STEP_KING_PRIORITY,
  value: STEP_VALUE,
};
/** Multiplier of each step's component in the key (2^bits): keys stay below 2^53. */
export const STEP_SCALE = [128, 128, 2, 1 << 24, 2, 1 << 15];

/** `kingLanding` codes: where a flying king may land after a jump (`KingLanding`). */
export const LANDING_ANY = 0;
export const LANDING_BEHIND_KING = 1;
export const LANDING_BEHIND = 2;
/** Captures beyond this many contribute nothing more to the "earliest king" component. */
export const EARLIEST_KING_BITS = 24;

/** The mid-capture promotion table value meaning "crowned, and the move ends here". */
export const PROMOTE_AND_STOP = -1;

export interface CompiledRules {
  readonly rules: Rules;
  readonly topology: Topology;
  readonly size: number;
  readonly next: Int16Array;
  readonly reverse: Int8Array;
  /** Indexed by piece code (0–7): directions of a non-capturing step. */
  readonly stepDirs: readonly Int8Array[];
  /** Indexed by piece code: extra backward steps for a lone last man (house rule), else empty. */
  readonly lastManDirs: readonly Int8Array[];
  /** Indexed by piece code: directions of the first jump and of later jumps of a capture. */
  readonly firstJumpDirs: readonly Int8Array[];
  readonly nextJumpDirs: readonly Int8Array[];
  /**
   * Indexed by piece code: directions of later jumps when the first jump was not forward; differs
   * from `nextJumpDirs` only under `backwardCaptureOnlyAfterForward`.
   */
  readonly afterSidewaysJumpDirs: readonly Int8Array[];
  /** `forwardDir[code * directions + dir]` = 1 when `dir` is forward for the code's colour. */
  readonly forwardDir: Uint8Array;
  /** 1 where the piece code moves and captures at a distance. */
  readonly flying: Uint8Array;
  /** `capturable[attacker * 8 + victim]` = 1 when attacker may jump victim. */
  readonly capturable: Uint8Array;
  /** `promoteEnd[code * size + sq]`: the code of a piece ending its move on sq, 0 if unchanged. */
  readonly promoteEnd: Int8Array;
  /** `promoteMid[code * size + sq]` on landing mid-capture: new code, PROMOTE_AND_STOP, or 0. */
  readonly promoteMid: Int8Array;
  /** Precedence step codes in order; empty for free choice. */
  readonly precedence: Int8Array;
  readonly immediateRemoval: boolean;
  readonly allowReversal: boolean;
  readonly obligation: number;
  /** Every prefix of a legal capture is legal too. */
  readonly prefixes: boolean;
  readonly kingSplit: boolean;
  /** `splitTargets[color * size + sq]`: squares where a split king's second man may appear. */
  readonly splitTargets: readonly Int16Array[];
  /** Random 32-bit value per square, XORed into a captured-set hash for duplicate detection. */
  readonly squareHash: Int32Array;
  /** The same rules with captures compulsory and complete: what a huff is measured against. */
  readonly strict: CompiledRules;
  // Rule features of the later rule sets, each its own field so a backend that takes rules through
  // a whitelist of features can refuse the ones it does not implement.
  /** Pieces capture along lines they may not step along (Frisian: orthogonal captures). */
  readonly capturesOffStepLines: boolean;
  /** The precedence includes `STEP_VALUE` (Frisian capture value). */
  readonly captureValue: boolean;
  /** `LANDING_ANY`, `LANDING_BEHIND_KING` (Killer) or `LANDING_BEHIND` (Thai). */
  readonly kingLanding: number;
  /** A position with a king on the board is decided: no side has a move (Breakthrough). */
  readonly crowningWins: boolean;
  /** Consecutive non-capturing moves one king may make while its side has a man; 0: no limit. */
  readonly kingMoveLimit: number;
}

function dirsFor(t: Topology, color: Color, which: ManDirections, diagonalOnly = false): Int8Array {
  const sign = color === 'white' ? 1 : -1;
  const out: number[] = [];
  t.directions.forEach((d, i) => {
    const fwd = d.dy * sign;
    if (diagonalOnly && !isDiagonal(d)) return;
    if (
      which === 'all' ||
      (which === 'forward' && fwd > 0) ||
      (which === 'forwardAndSideways' && fwd >= 0)
    ) {
      out.push(i);
    }
  });
  return Int8Array.from(out);
}

function backwardDirs(t: Topology, color: Color, diagonalOnly: boolean): Int8Array {
  const sign = color === 'white' ? 1 : -1;
  return Int8Array.from(
    t.directions.flatMap((d, i) =>
      d.dy * sign < 0 && (!diagonalOnly || isDiagonal(d)) ? [i] : [],
    ),
  );
}

const cache = new WeakMap<Rules, CompiledRules>();

/** Compile (once per record object) the tables for a variant's rules. */
export function compileRules(rules: Rules): CompiledRules {
  const hit = cache.get(rules);
  if (hit) return hit;
  const compiled = build(rules, null);
  cache.set(rules, compiled);
  return compiled;
}

function build(rules: Rules, strictOf: CompiledRules | null): CompiledRules {
  const t = topology(rules.topology);
  const size = t.size;
  const all = Int8Array.from(t.directions.map((_, i) => i));
  const diagonalSteps = rules.stepLines === 'diagonal';
  const kingSteps = diagonalSteps ? dirsFor(t, 'white', 'all', true) : all;
  const none = new Int8Array(0);
  const stepDirs: Int8Array[] = [];
  const lastManDirs: Int8Array[] = [];
  const firstJumpDirs: Int8Array[] = [];
  const nextJumpDirs: Int8Array[] = [];
  const afterSidewaysJumpDirs: Int8Array[] = [];
  const ndirs = t.directions.length;
  const forwardDir = new Uint8Array(8 * ndirs);
  const flying = new Uint8Array(8);
  for (let code = 0; code < 8; code++) {
    const role = code & 3;
    const color: Color = code & BLACK_BIT ? 'black' : 'white';
    if (role === 0) {
      stepDirs.push(none);
      lastManDirs.push(none);
      firstJumpDirs.push(none);
      nextJumpDirs.push(none);
      afterSidewaysJumpDirs.push(none);
    } else if (role === MAN) {
      stepDirs.push(dirsFor(t, color, rules.man.moves, diagonalSteps));
      lastManDirs.push(
        rules.man.lastPieceMayMoveBackward ? backwardDirs(t, color, diagonalSteps) : none,
      );
      const capture = dirsFor(t, color, rules.man.captures);
      // backward jumps only after a forward first jump: the first jump and the jumps after a
      // sideways first jump (Dhamet) avoid backward directions
      const notBackward = rules.man.backwardCaptureOnlyAfterForward
        ? dirsFor(t, color, 'forwardAndSideways')
        : capture;
      firstJumpDirs.push(notBackward);
      nextJumpDirs.push(capture);
      afterSidewaysJumpDirs.push(notBackward);
    } else {
      stepDirs.push(kingSteps);
      lastManDirs.push(none);
      firstJumpDirs.push(all);
      nextJumpDirs.push(all);
      afterSidewaysJumpDirs.push(all);
      flying[code] = role === KING && rules.king.range === 'flying' ? 1 : 0;
    }
  }

  for (let code = 0; code < 8; code++) {
    const sign = code & BLACK_BIT ? -1 : 1;
    t.directions.forEach((d, i) => {
      forwardDir[code * ndirs + i] = d.dy * sign > 0 ? 1 : 0;
    });
  }

  const capturable = new Uint8Array(64);
  for (let a = 1; a < 8; a++) {
    for (let v = 1; v < 8; v++) {
      if ((a & 3) === 0 || (v & 3) === 0 || (a & BLACK_BIT) === (v & BLACK_BIT)) continue;
      if ((a & 3) === MAN && !rules.man.capturesKings && (v & 3) !== MAN) continue;
      capturable[a * 8 + v] = 1;
    }
  }

  const promoteEnd = new Int8Array(8 * size);
  const promoteMid = new Int8Array(8 * size);
  for (const stage of rules.promotion.stages) {
    for (const color of ['white', 'black'] as const) {
      const colorBit = color === 'white' ? 0 : BLACK_BIT;
      const from = colorBit | roleIndex(stage.from);
      const to = colorBit | roleIndex(stage.to);
      const farRank = color === 'white' ? t.height - 1 : 0;
      const rank = stage.zone === 'far' ? farRank : t.height - 1 - farRank;
      for (let sq = 0; sq < size; sq++) {
        if (t.rank[sq] !== rank) continue;
        promoteEnd[from * size + sq] = to;
        if (stage.from === 'man') {
          const mid = rules.promotion.midCapture;
          promoteMid[from * size + sq] =
            mid === 'continueAsKing' ? to : mid === 'stop' ? PROMOTE_AND_STOP : 0;
        }
      }
    }
  }

  const obligation =
    rules.capture.obligation === 'mandatory'
      ? OBLIGATION_MANDATORY
      : rules.capture.obligation === 'optional'
        ? OBLIGATION_OPTIONAL
        : rules.capture.obligation === 'burn'
          ? OBLIGATION_BURN
          : OBLIGATION_SOUFFLE;
  const souffle = obligation === OBLIGATION_SOUFFLE;

  const splitTargets: Int16Array[] = [];
  for (const color of ['white', 'black'] as const) {
    const back = color === 'white' ? -1 : 1;
    const crowningRank = color === 'white' ? t.height - 1 : 0;
    for (let sq = 0; sq < size; sq++) {
      const out: number[] = [];
      // a king on its crowning row cannot split: the man it becomes would stand uncrowned there
      if (t.rank[sq] === crowningRank) {
        splitTargets.push(Int16Array.from(out));
        continue;
      }
      for (const dx of [-1, 1]) {
        const f = t.file[sq]! + dx;
        const r = t.rank[sq]! + back;
        if (f < 0 || r < 0 || f >= t.width || r >= t.height) continue;
        const target = t.grid[r * t.width + f]!;
        if (target >= 0) out.push(target);
      }
      splitTargets.push(Int16Array.from(out));
    }
  }

  const rand = mulberry32(0x0da3a5);
  const squareHash = new Int32Array(size);
  for (let i = 0; i < size; i++) squareHash[i] = rand();

  const compiled: CompiledRules = {
    rules,
    topology: t,
    size,
    next: t.next,
    reverse: t.reverse,
    stepDirs,
    lastManDirs,
    firstJumpDirs,
    nextJumpDirs,
    afterSidewaysJumpDirs,
    forwardDir,
    flying,
    capturable,
    promoteEnd,
    promoteMid,
    // a huff variant lets any capture be played; precedence only decides who is punished
    precedence: souffle
      ? new Int8Array(0)
      : Int8Array.from(rules.capture.precedence.map((s) => STEP_CODE[s])),
    immediateRemoval: rules.capture.removal === 'immediate',
    allowReversal: rules.capture.allowReversal,
    obligation,
    prefixes: souffle || !rules.capture.mustComplete,
    kingSplit: rules.kingSplit,
    splitTargets,
    squareHash,
    strict: strictOf as CompiledRules,
    capturesOffStepLines: diagonalSteps && kingSteps.length < all.length,
    captureValue: rules.capture.precedence.includes('value'),
    kingLanding:
      rules.king.landing === 'rightBehind'
        ? LANDING_BEHIND
        : rules.king.landing === 'rightBehindKing'
          ? LANDING_BEHIND_KING
          : LANDING_ANY,
    crowningWins: rules.crowningWins === true,
    kingMoveLimit: rules.kingMoveLimit ?? 0,
  };
  const isStrict = obligation === OBLIGATION_MANDATORY && rules.capture.mustComplete;
  (compiled as { strict: CompiledRules }).strict =
    strictOf ??
    (isStrict
      ? compiled
      : build(
          { ...rules, capture: { ...rules.capture, obligation: 'mandatory', mustComplete: true } },
          null,
        ));
  return compiled;
}

export { MAN, QUEEN, KING };
