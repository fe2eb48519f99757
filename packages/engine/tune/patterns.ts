/**
 * Fitting the pattern table (src/patterns.ts) to game results: `npm run tune -- patterns`.
 *
 * Each training position (a quiet position from self-play with its game's result, the same file
 * `tune positions` writes) gives the hand-set evaluation without patterns (White's side, fixed)
 * and its 16 window states; the model is `sigmoid(K * (eval + sum of the 16 entries))`, fitted by
 * full-batch Adam on the cross-entropy with an L2 pull towards 0 (most states are rare: without it
 * a state seen in three games would take their result as its value). Every position is also used
 * turned half round with the colours swapped (the same position for the other side), so the table
 * comes out colour-symmetric. Positions of every tenth block of 100 lines (about one game) are
 * held out; the table kept is the one with the lowest held-out error, written as a
 * `patterns-*.data.ts` module. K is fitted first on the evaluation without patterns.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BLACK_BIT, Position, colorIndex, type Variant } from '@damka/rules';
import { Evaluator, NOT_QUIET } from '../src/evaluate/index.ts';
import {
  FULL_PHASE,
  PatternTable,
  STATES,
  WINDOWS,
  encodeWeights,
  patternGeometry,
} from '../src/patterns.ts';
import { fitK, type Sample } from './texel.ts';

export interface PatternSet {
  readonly count: number;
  /** The evaluation without patterns, White's side. */
  readonly base: Float64Array;
  /** White's result: 1, 0.5 or 0. */
  readonly result: Float64Array;
  /** The search score stored with the position (White's side), NaN when none. */
  readonly score: Float64Array;
  /** What the fit aims at, White's expected score: set by `setTargets` (the result until then). */
  readonly target: Float64Array;
  /** Share of the opening phase: the men on the board over `FULL_PHASE`, at most 1. */
  readonly phase: Float64Array;
  /** Windows per position (16 on 10x10, 9 or 15 on 8x8). */
  readonly windows: number;
  /** `states[i * windows + w]`. */
  readonly states: Int32Array;
}

/**
 * One line of a positions file: "FEN result" or "FEN score result" (`tune positions` writes the
 * score of the move's search, White's side, since the pattern fit can learn from it).
 */
export function parseLine(
  variant: Variant,
  line: string,
): { position: Position; result: number; score: number | undefined } {
  const parts = line.trim().split(/\s+/);
  const result = Number(parts.pop());
  const last = parts[parts.length - 1];
  const score = parts.length > 1 && /^-?\d+$/.test(last ?? '') ? Number(parts.pop()) : undefined;
  const parsed = Position.fromFen(variant, parts.join(' '));
  if (!parsed.ok || !Number.isFinite(result)) throw new Error(`bad line: ${line}`);
  return { position: parsed.value, result, score };
}

/** Reads "FEN [score] result" lines into pattern samples, each also turned half round. */
export function readPatternSet(
  variant: Variant,
  text: string,
  windows?: number,
): { train: PatternSet; test: PatternSet } {
  const geometry = patternGeometry(variant, windows === undefined ? undefined : windows * STATES);
  if (!geometry) throw new Error(`${variant.id}: no pattern windows for this board`);
  if (windows !== undefined && geometry.windows !== windows)
    throw new Error(`${variant.id}: no layout of ${windows} windows`);
  const evaluator = new Evaluator(variant, {}, null);
  const table = new PatternTable(new Int16Array(geometry.windows * STATES), geometry);
  const size = variant.topology.size;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const sets = [0, 1].map(() => ({
    base: [] as number[],
    result: [] as number[],
    score: [] as number[],
    phase: [] as number[],
    // a typed array grown by doubling: millions of samples' states pass a plain array's limit
    states: new Int32Array(1 << 20),
    filled: 0,
  }));
  const states = new Int32Array(geometry.windows);
  const turned = new Int8Array(size);
  lines.forEach((line, i) => {
    const { position, result, score } = parseLine(variant, line);
    const set = sets[Math.floor(i / 100) % 10 === 0 ? 1 : 0]!;
    const board = position.board();
    const side = colorIndex(position.turn);
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      turned[size - 1 - sq] = code === 0 ? 0 : code ^ BLACK_BIT;
    }
    const white = score ?? NaN;
    for (const [b, s, r, v] of [
      [board, side, result, white],
      [turned, 1 - side, 1 - result, -white],
    ] as const) {
      const own = evaluator.evaluateQuiet(b, s);
      if (own === NOT_QUIET) return;
      set.base.push(s === 0 ? own : -own);
      set.result.push(r);
      set.score.push(v);
      table.states(b, states);
      set.phase.push(Math.min(table.menOf(b), FULL_PHASE) / FULL_PHASE);
      if (set.filled + geometry.windows > set.states.length) {
        const grown = new Int32Array(2 * set.states.length);
        grown.set(set.states);
        set.states = grown;
      }
      set.states.set(states, set.filled);
      set.filled += geometry.windows;
    }
  });
  const pack = (s: (typeof sets)[number]): PatternSet => ({
    count: s.base.length,
    windows: geometry.windows,
    base: Float64Array.from(s.base),
    result: Float64Array.from(s.result),
    score: Float64Array.from(s.score),
    target: Float64Array.from(s.result),
    phase: Float64Array.from(s.phase),
    states: s.states.slice(0, s.filled),
  });
  return { train: pack(sets[0]!), test: pack(sets[1]!) };
}

/**
 * The fit's aim for each sample: `lambda` times the game's result plus the rest times the search
 * score's expected result, `sigmoid(k * score)` (the result alone where no score was stored).
 */
export function setTargets(set: PatternSet, k: number, lambda: number): void {
  for (let i = 0; i < set.count; i++) {
    const score = set.score[i]!;
    const r = set.result[i]!;
    set.target[i] = Number.isNaN(score)
      ? r
      : lambda * r + (1 - lambda) / (1 + Math.exp(-k * score));
  }
}

/**
 * Mean squared error against the game results and cross-entropy against the targets, of the set
 * under `weights` (no rounding).
 */
export function patternError(
  set: PatternSet,
  weights: Float64Array,
  k: number,
): { mse: number; entropy: number } {
  let mse = 0;
  let entropy = 0;
  for (let i = 0; i < set.count; i++) {
    let z = set.base[i]!;
    z += patternSum(set, i, weights, identity(set.windows));
    const p = 1 / (1 + Math.exp(-k * z));
    const r = set.result[i]!;
    const y = set.target[i]!;
    mse += (r - p) * (r - p);
    entropy -= y * Math.log(Math.max(p, 1e-12)) + (1 - y) * Math.log(Math.max(1 - p, 1e-12));
  }
  return { mse: mse / set.count, entropy: entropy / set.count };
}

export interface FitOptions {
  readonly iterations: number;
  /** Adam's step, hundredths of a man. */
  readonly rate: number;
  /** L2 weight (per entry, on the mean loss). */
  readonly l2: number;
  /**
   * Windows that share one table while fitting (`slot[w]`): by default each its own; `tieColumns`
   * gives the two middle windows of each band of ranks one table (they are the same shape two
   * files apart), fewer entries to fit from the same positions.
   */
  readonly slot?: Int32Array;
  /** 1: one table; 2: an opening and an ending table mixed by the men on the board. */
  readonly phases?: 1 | 2;
  readonly onReport?: (iteration: number, train: number, test: number) => void;
}

/** K from the evaluation without patterns (least squares, as in the weights' fit). */
export function fitScale(set: PatternSet): number {
  const samples: Sample[] = [];
  for (let i = 0; i < set.count; i++) {
    samples.push({ board: new Int8Array(0), side: 0, result: set.result[i]! });
  }
  return fitK(samples, set.base);
}

/** Window slots for `FitOptions.slot`: the middle two windows of a band of ranks tied (10x10). */
export function tieColumns(): Int32Array {
  const column = [0, 1, 1, 2];
  return Int32Array.from({ length: WINDOWS }, (_, w) => (w >> 2) * 3 + column[w & 3]!);
}

/** Full-batch Adam; returns the weights with the lowest held-out cross-entropy. */
export function fitPatterns(
  train: PatternSet,
  test: PatternSet,
  k: number,
  options: FitOptions,
): { weights: Float64Array; best: number; iteration: number } {
  const phases = options.phases ?? 1;
  const windows = train.windows;
  const ENDING = windows * STATES;
  const n = phases * windows * STATES;
  const slot = options.slot ?? Int32Array.from({ length: windows }, (_, w) => w);
  const offset = Int32Array.from(slot, (x) => x * STATES);
  const weights = new Float64Array(n);
  const grad = new Float64Array(n);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  let best = patternError(test, weights, k).entropy;
  let bestWeights: Float64Array = weights.slice();
  let bestIteration = 0;
  const b1 = 0.9;
  const b2 = 0.999;
  for (let it = 1; it <= options.iterations; it++) {
    grad.fill(0);
    for (let i = 0; i < train.count; i++) {
      let z = train.base[i]!;
      const at = i * windows;
      z += patternSum(train, i, weights, offset);
      const g = (1 / (1 + Math.exp(-k * z)) - train.target[i]!) * k;
      if (phases === 1) {
        for (let w = 0; w < windows; w++) grad[offset[w]! + train.states[at + w]!]! += g;
      } else {
        const opening = g * train.phase[i]!;
        const ending = g - opening;
        for (let w = 0; w < windows; w++) {
          const j = offset[w]! + train.states[at + w]!;
          grad[j]! += opening;
          grad[ENDING + j]! += ending;
        }
      }
    }
    const scale = 1 / train.count;
    const c1 = 1 - b1 ** it;
    const c2 = 1 - b2 ** it;
    for (let j = 0; j < n; j++) {
      const g = grad[j]! * scale + options.l2 * weights[j]!;
      m[j] = b1 * m[j]! + (1 - b1) * g;
      v[j] = b2 * v[j]! + (1 - b2) * g * g;
      weights[j] = weights[j]! - (options.rate * (m[j]! / c1)) / (Math.sqrt(v[j]! / c2) + 1e-12);
    }
    if (it % 10 === 0 || it === options.iterations) {
      const full = expand(weights, slot);
      const held = patternError(test, full, k).entropy;
      if (held < best) {
        best = held;
        bestWeights = full;
        bestIteration = it;
      }
      options.onReport?.(it, patternError(train, full, k).entropy, held);
    }
  }
  return { weights: bestWeights, best, iteration: bestIteration };
}

/** Per-window tables from per-slot ones. */
function expand(weights: Float64Array, slot: Int32Array): Float64Array {
  const out = new Float64Array(weights.length);
  for (let block = 0; block < weights.length; block += slot.length * STATES) {
    for (let w = 0; w < slot.length; w++) {
      const from = block + slot[w]! * STATES;
      out.set(weights.subarray(from, from + STATES), block + w * STATES);
    }
  }
  return out;
}

/** Each window its own table: where window w's entries start, by window count. */
const identities = new Map<number, Int32Array>();
function identity(windows: number): Int32Array {
  let id = identities.get(windows);
  if (!id) {
    id = Int32Array.from({ length: windows }, (_, w) => w * STATES);
    identities.set(windows, id);
  }
  return id;
}

/** The table's part of sample i's score (`offset[w]`: where window w's entries start). */
function patternSum(set: PatternSet, i: number, weights: Float64Array, offset: Int32Array): number {
  const windows = set.windows;
  const ENDING = windows * STATES;
  const at = i * windows;
  let z = 0;
  if (weights.length === ENDING) {
    for (let w = 0; w < windows; w++) z += weights[offset[w]! + set.states[at + w]!]!;
    return z;
  }
  let ending = 0;
  for (let w = 0; w < windows; w++) {
    const j = offset[w]! + set.states[at + w]!;
    z += weights[j]!;
    ending += weights[ENDING + j]!;
  }
  const phase = set.phase[i]!;
  return phase * z + (1 - phase) * ending;
}

/** Rounds fitted weights to the stored Int16 table. */
export function roundWeights(weights: Float64Array): Int16Array {
  return Int16Array.from(weights, (x) => Math.max(-4000, Math.min(4000, Math.round(x))));
}

/** The generated module that stores a table. */
export function patternModule(variant: Variant, table: Int16Array, note: string): string {
  const text = encodeWeights(table);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 96) chunks.push(`  '${text.slice(i, i + 96)}',`);
  const name = `${variant.id.toUpperCase().replace(/-/g, '_')}_PATTERNS`;
  return [
    `/**`,
    ` * ${variant.id} pattern table (see patterns.ts), generated by \`npm run tune -- patterns\``,
    ` * (packages/engine/docs/tuning.md); do not edit by hand. ${note}`,
    ` */`,
    `export const ${name} = [`,
    ...chunks,
    `].join('');`,
    ``,
  ].join('\n');
}

/** `tune patterns`: reads the positions, fits, writes the module. */
export function patternsCommand(
  variant: Variant,
  options: {
    input: string;
    out: string;
    iterations: number;
    rate: number;
    l2: number;
    tie: boolean;
    lambda: number;
    phases: 1 | 2;
    /**
     * The layout by its windows (8x8: 9, 15 with a band from every rank, 22 with two whole ranks
     * too; 10x10: 16 or 28).
     */
    windows?: number;
    /**
     * K given instead of fitted to the evaluation without the table: where that evaluation does
     * not foresee the results at all (K comes out near 0), no table could move the prediction.
     */
    k?: number;
  },
): void {
  const began = Date.now();
  const { train, test } = readPatternSet(
    variant,
    readFileSync(options.input, 'utf8'),
    options.windows,
  );
  console.log(`${train.count} samples to fit, ${test.count} held out (both turned half round)`);
  const fitted = fitScale(train);
  const k = options.k ?? fitted;
  if (options.k !== undefined) console.log(`K fitted ${fitted.toPrecision(4)}, given ${k}`);
  setTargets(train, k, options.lambda);
  setTargets(test, k, options.lambda);
  if (options.tie && train.windows !== WINDOWS) throw new Error('--tie is for the 10x10 board');
  const zero = new Float64Array(options.phases * train.windows * STATES);
  const before = patternError(test, zero, k);
  console.log(
    `K ${k.toPrecision(4)}; held out without patterns: mse ${before.mse.toFixed(6)} entropy ${before.entropy.toFixed(6)}`,
  );
  const fit = fitPatterns(train, test, k, {
    iterations: options.iterations,
    rate: options.rate,
    l2: options.l2,
    ...(options.tie ? { slot: tieColumns() } : {}),
    phases: options.phases,
    onReport: (it, tr, te) =>
      console.log(`iteration ${it}: entropy ${tr.toFixed(6)} held out ${te.toFixed(6)}`),
  });
  const table = roundWeights(fit.weights);
  const after = patternError(test, Float64Array.from(table), k);
  console.log(
    `best at iteration ${fit.iteration}; held out with the rounded table: mse ${after.mse.toFixed(6)} entropy ${after.entropy.toFixed(6)}`,
  );
  let used = 0;
  let largest = 0;
  for (const x of table) {
    if (x !== 0) used++;
    largest = Math.max(largest, Math.abs(x));
  }
  console.log(`${used} non-zero entries of ${table.length}, largest ${largest}`);
  const note = `${train.count + test.count} samples, K ${k.toPrecision(4)}, L2 ${options.l2}.`;
  writeFileSync(options.out, patternModule(variant, table, note));
  console.log(`written to ${options.out} in ${Math.round((Date.now() - began) / 1000)} s`);
}
