/**
 * Fitting evaluation weights to game results (the "Texel" method): over many quiet positions, each
 * labelled with its game's final result (1, 0.5, 0 for White), minimise the mean squared error
 * between the result and `sigmoid(K * eval)`, where eval is the static evaluation from White's
 * point of view. K (the scale that turns hundredths of a man into an expected score) is fitted
 * first with the current weights and then held fixed; the chosen weights are then moved one at a
 * time by integer steps, keeping every step that lowers the error (coordinate descent).
 *
 * The evaluation is the engine's own `Evaluator` built with the trial weights as overrides, so
 * what is fitted is exactly what the search uses. Only quiet positions are fitted (no capture for
 * either side): there the static score is a fair guess at the result, while a pending capture
 * swings it by a man. No search is run here; a position costs one evaluation per trial.
 */
import { type Variant } from '@damka/rules';
import { Evaluator } from '../src/evaluate/index.ts';
import { weightsFor, type Weights } from '../src/weights.ts';

/** One training position: a board, the side to move (0 White, 1 Black), White's result. */
export interface Sample {
  readonly board: Int8Array;
  readonly side: number;
  /** 1 White won, 0.5 draw, 0 Black won (any value in between is accepted). */
  readonly result: number;
}

export type WeightName = keyof Weights;

/** The expected score for White of a White-view score `s` at scale `k`. */
export function sigmoid(k: number, s: number): number {
  return 1 / (1 + Math.exp(-k * s));
}

/** White-view static scores of every sample under `overrides` (on top of the variant's weights). */
export function scoresOf(
  variant: Variant,
  samples: readonly Sample[],
  overrides: Partial<Weights>,
): Float64Array {
  const evaluator = new Evaluator(variant, overrides);
  const out = new Float64Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    const e = evaluator.evaluate(s.board, s.side);
    out[i] = s.side === 0 ? e : -e;
  }
  return out;
}

/** Mean squared error between the results and `sigmoid(k * score)`. */
export function meanError(samples: readonly Sample[], scores: Float64Array, k: number): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const d = samples[i]!.result - sigmoid(k, scores[i]!);
    sum += d * d;
  }
  return samples.length === 0 ? 0 : sum / samples.length;
}

/**
 * The K that minimises the error for fixed scores: a scan over a log scale, then a golden-section
 * search around the best point (the error is smooth and single-dipped in K in practice).
 */
export function fitK(samples: readonly Sample[], scores: Float64Array): number {
  let best = 1e-3;
  let bestError = Infinity;
  for (let e = -5; e <= -0.5; e += 0.125) {
    const k = 10 ** e;
    const err = meanError(samples, scores, k);
    if (err < bestError) {
      bestError = err;
      best = k;
    }
  }
  let lo = best / 10 ** 0.125;
  let hi = best * 10 ** 0.125;
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (meanError(samples, scores, a) < meanError(samples, scores, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

export interface TuneOptions {
  /** The weights to move. */
  readonly names: readonly WeightName[];
  /** Starting overrides (default: none, the variant's committed weights). */
  readonly start?: Partial<Weights>;
  /** Fixed K (default: fitted to the starting weights). */
  readonly k?: number;
  /** Passes over all names at most (default 20). */
  readonly maxPasses?: number;
  /** Called after every accepted change. */
  readonly onStep?: (name: WeightName, value: number, error: number) => void;
  /** Called after every pass. */
  readonly onPass?: (pass: number, error: number, weights: Partial<Weights>) => void;
}

export interface TuneResult {
  readonly k: number;
  readonly errorBefore: number;
  readonly errorAfter: number;
  /** The tuned values of the named weights (and the starting overrides). */
  readonly overrides: Partial<Weights>;
  /** All weights of the variant after tuning. */
  readonly weights: Weights;
  readonly trials: number;
}

/**
 * Coordinate descent on integer weights: for each name, a step up or down (starting at about a
 * tenth of the weight, at least 1; if neither helps, twice and four times that) is kept while it
 * lowers the error and repeated in the same direction; when nothing helps the step is halved,
 * down to 1. Passes repeat until a
 * whole pass at step 1 changes nothing.
 */
export function tune(
  variant: Variant,
  samples: readonly Sample[],
  options: TuneOptions,
): TuneResult {
  const current: Record<string, number> = { ...(options.start ?? {}) } as Record<string, number>;
  const base = weightsFor(variant, options.start ?? {});
  for (const name of options.names) current[name] = base[name];
  const overrides = () => ({ ...current }) as Partial<Weights>;
  let trials = 1;
  const startScores = scoresOf(variant, samples, overrides());
  const k = options.k ?? fitK(samples, startScores);
  const errorBefore = meanError(samples, startScores, k);
  let error = errorBefore;
  const errorWith = (name: WeightName, value: number): number => {
    trials++;
    return meanError(samples, scoresOf(variant, samples, { ...overrides(), [name]: value }), k);
  };
  const steps = new Map<WeightName, number>();
  for (const name of options.names)
    steps.set(name, Math.max(1, Math.round(Math.abs(base[name]) / 10)));
  const maxPasses = options.maxPasses ?? 20;
  for (let pass = 1; pass <= maxPasses; pass++) {
    let changed = false;
    let allAtOne = true;
    for (const name of options.names) {
      const step = steps.get(name)!;
      if (step > 1) allAtOne = false;
      let moved = false;
      // a weight scaled and rounded into a table can leave the score unchanged for a step of 1
      // (a plateau), so a step that does not help is also tried doubled and quadrupled
      for (const size of [step, 2 * step, 4 * step]) {
        for (const dir of [1, -1]) {
          if (moved) break;
          let value = current[name]! + dir * size;
          let e = errorWith(name, value);
          while (e < error) {
            current[name] = value;
            error = e;
            moved = true;
            options.onStep?.(name, value, error);
            value += dir * step;
            e = errorWith(name, value);
          }
        }
        if (moved) break;
      }
      if (moved) changed = true;
      else if (step > 1) steps.set(name, Math.max(1, Math.floor(step / 2)));
    }
    options.onPass?.(pass, error, overrides());
    if (!changed && allAtOne) break;
  }
  return {
    k,
    errorBefore,
    errorAfter: error,
    overrides: overrides(),
    weights: weightsFor(variant, overrides()),
    trials,
  };
}
