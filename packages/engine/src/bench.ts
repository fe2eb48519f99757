/**
 * The engine bench: a fixed set of positions from several variants searched to fixed depths. Its
 * total node count is the engine's fingerprint — identical on every run and machine, because the
 * search is deterministic here (fixed table size, cleared before each position, no time limit,
 * no randomness) — and nodes per second measure speed. Quote the count with every engine change.
 */
import type { EgdbProber } from './egdb/probe.ts';
import { Position, getVariant, type Options, type Variant } from '@damka/rules';
import { Engine } from './engine.ts';

export interface BenchPosition {
  readonly variant: string;
  readonly options?: Options;
  /** Default: the variant's start position. */
  readonly fen?: string;
  readonly depth: number;
}

/** The bench set: start positions and middlegames of the main rule families. */
export const BENCH_POSITIONS: readonly BenchPosition[] = [
  { variant: 'international', depth: 10 },
  { variant: 'international', fen: 'W:W24,37,39-49:B1,4-10,15,18,26-28', depth: 9 },
  { variant: 'international', fen: 'W:W27,31,33-35,37,39-50:B1-11,14-16,18,19,23,24', depth: 9 },
  { variant: 'english', depth: 12 },
  { variant: 'english', fen: 'W:W22,27-29,31,32:B4,5,11,13,19,20', depth: 14 },
  { variant: 'english', fen: 'W:W21,23,25,27-32:B1-5,8,12,15,16', depth: 12 },
  { variant: 'russian', depth: 12 },
  { variant: 'brazilian', depth: 12 },
  { variant: 'italian', depth: 11 },
  { variant: 'spanish', depth: 11 },
  { variant: 'czech', depth: 11 },
  { variant: 'turkish', depth: 9 },
  { variant: 'antidraughts', depth: 8 },
  { variant: 'giveaway', depth: 12 },
  { variant: 'israeli-6x6', depth: 12 },
  { variant: 'dhamet', options: { forcedOpening: false }, depth: 8 },
];

/** Table size used by the bench (log2 entries); fixed so node counts never depend on the machine. */
export const BENCH_TT_BITS = 18;

/**
 * The bench's total node count (the positions above at their depths, no endgame databases): a
 * speed figure is only comparable with another of the same count. A change to the search or the
 * evaluation that changes it sets the new count here and says why in its commit.
 */
export const BENCH_NODES = 1_844_646;

export interface BenchLine {
  readonly variant: string;
  readonly fen: string;
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
  readonly move: string;
  readonly score: number;
}

export interface BenchReport {
  readonly lines: readonly BenchLine[];
  readonly nodes: number;
  readonly ms: number;
  readonly nps: number;
}

/**
 * Run the bench; `onLine` sees each position's result as it finishes. `egdbFor` gives a variant's
 * endgame databases to probe (none by default: the reference node count is without).
 */
export function runBench(
  positions: readonly BenchPosition[] = BENCH_POSITIONS,
  onLine?: (line: BenchLine) => void,
  depthDelta = 0,
  egdbFor?: (variant: Variant) => EgdbProber | undefined,
): BenchReport {
  const lines: BenchLine[] = [];
  const engines = new Map<string, Engine>();
  const engineFor = (b: BenchPosition): { variant: Variant; engine: Engine } => {
    const variant = getVariant(b.variant, b.options ?? {});
    if (!variant.ok) throw new Error(variant.error);
    const key = `${b.variant}|${JSON.stringify(b.options ?? {})}`;
    let engine = engines.get(key);
    if (!engine) {
      engine = new Engine(variant.value, {
        ttBits: BENCH_TT_BITS,
        seed: 1,
        egdb: egdbFor?.(variant.value) ?? null,
      });
      engines.set(key, engine);
    }
    return { variant: variant.value, engine };
  };
  // Every engine is made before the first search. Making one changes the shape V8 has seen of
  // its classes' fields (one variant's engine, then two), and that throws away the compiled
  // search code built on the first shape: made between searches, each new variant's engine cost
  // the next search its compiled code (a pass was about 5% slower).
  for (const b of positions) engineFor(b);
  for (const b of positions) {
    const { variant, engine } = engineFor(b);
    engine.newGame();
    let position = Position.start(variant);
    if (b.fen !== undefined) {
      const p = Position.fromFen(variant, b.fen);
      if (!p.ok) throw new Error(`bench FEN ${b.fen}: ${p.error.message}`);
      position = p.value;
    }
    const depth = Math.max(1, b.depth + depthDelta);
    const t0 = performance.now();
    const r = engine.search(position, { level: 8, limits: { depth }, analysis: true });
    const ms = performance.now() - t0;
    const m = r.move;
    const move = m
      ? `${variant.squares.names[m.from]}${m.kind === 'capture' ? 'x' : '-'}${variant.squares.names[m.to]}`
      : '-';
    const line = {
      variant: b.variant,
      fen: position.fen,
      depth,
      nodes: r.nodes,
      ms,
      move,
      score: r.score,
    };
    lines.push(line);
    onLine?.(line);
  }
  const nodes = lines.reduce((s, l) => s + l.nodes, 0);
  const ms = lines.reduce((s, l) => s + l.ms, 0);
  return { lines, nodes, ms, nps: ms > 0 ? Math.round((nodes * 1000) / ms) : 0 };
}
