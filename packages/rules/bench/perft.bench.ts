/**
 * Perft benchmark: leaves per second of Damka's move generator from start positions, next to
 * rapid-draughts (a bitboard English checkers library) on the same English tree.
 *
 * Single thread, bulk counting (the last ply is counted, not played): Damka's last ply is
 * `countMoves` of the `BoardMoves` object the engine generates, makes and unmakes with (on the
 * mask backend, without a capture, a popcount per direction and no list written; the engine does
 * not call it today), rapid-draughts' the length of its move list, the only count its API has.
 * Every run checks its leaf count against the expected value before any figure is printed: a
 * wrong count exits non-zero, so a fast but broken generator can never post a result. Each case first runs once as a warm-up
 * (the JIT compiles the generator during it; its count is checked and its rate printed in a column
 * of its own, never in best or median), then N timed runs (N >= 3): figures are the best and the
 * median of those.
 *
 * Run: `npm run bench:perft` (options after `--`: `--runs N`, `--only <name substring>`,
 * `--no-rapid`, `--steady`, `--one-process`). Each case runs in a process of its own, as a game
 * does (one rule set per engine): code that the JIT compiled for one board and then had to throw
 * away for the next would otherwise slow every case after the first (International after English
 * ran at about half its own speed); `--one-process` runs them all in this process instead.
 * International's depth-8 case lasts about a third of a second, so its first run is mostly the
 * JIT warming up and its best run may still be short of steady state; `--steady` adds
 * International at depth 9 (about six times as many leaves), the steady-state figure. The script first bundles this file with esbuild and runs the bundle with plain
 * node: the same source, without the TypeScript loader's per-import indirection (see
 * BENCHMARKS.md for both figures). `node --import tsx` on this file works too.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import * as rapidEnglish from 'rapid-draughts/english';
import { Position, perft, variantOrThrow, type Options } from '../src/index.ts';

interface Case {
  readonly name: string;
  readonly variant: string;
  readonly options: Options;
  readonly duplicates: 'keep' | 'drop';
  readonly depth: number;
  readonly expected: number;
  /** Where the expected count comes from. */
  readonly source: string;
}

const CASES: Case[] = [
  {
    name: 'English start',
    variant: 'english',
    options: {},
    duplicates: 'keep',
    depth: 10,
    expected: 18_391_564,
    source: 'public.perft (dctl)',
  },
  {
    name: 'International start',
    variant: 'international',
    options: {},
    duplicates: 'drop',
    depth: 8,
    expected: 6_483_961,
    source: 'public.perft (dctl)',
  },
  {
    name: 'Russian start',
    variant: 'russian',
    options: {},
    duplicates: 'keep',
    depth: 9,
    expected: 4_570_667,
    source: 'public.perft (dctl)',
  },
  {
    name: 'Turkish start',
    variant: 'turkish',
    options: {},
    duplicates: 'drop',
    depth: 7,
    expected: 10_782_308,
    source: 'packages/rules/PERFT.md (Damka = independent reference generator to depth 7)',
  },
  {
    name: 'Dhamet start (forcedOpening=false)',
    variant: 'dhamet',
    options: { forcedOpening: false },
    duplicates: 'drop',
    depth: 13,
    expected: 2_795_898,
    source: 'packages/rules/PERFT.md (Damka = independent reference generator to depth 13)',
  },
];

/** The case `--steady` adds. */
const STEADY: Case = {
  name: 'International start, steady state',
  variant: 'international',
  options: {},
  duplicates: 'drop',
  depth: 9,
  expected: 41_022_423,
  source: 'public.perft (dctl)',
};

/**
 * The part of rapid-draughts' English API used here. Its bundled typings re-export through
 * extensionless paths that NodeNext resolution cannot follow, so the shape is declared locally.
 */
interface EnglishDraughtsEngine {
  readonly moves: readonly unknown[];
  clone(): EnglishDraughtsEngine;
  move(move: unknown): void;
}
const { EnglishDraughtsEngineFactory } = rapidEnglish as unknown as {
  EnglishDraughtsEngineFactory: { setup(): EnglishDraughtsEngine };
};

const RAPID = {
  name: 'rapid-draughts English start',
  depth: 10,
  expected: 18_391_564,
};

interface Args {
  runs: number;
  only: string | null;
  rapid: boolean;
  steady: boolean;
  onePass: boolean;
  /** Measure only the case of this exact name and print its row as JSON (a child's task). */
  child: string | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    runs: 5,
    only: null,
    rapid: true,
    steady: false,
    onePass: false,
    child: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--runs') args.runs = Number(argv[++i]);
    else if (a === '--only') args.only = argv[++i] ?? '';
    else if (a === '--no-rapid') args.rapid = false;
    else if (a === '--steady') args.steady = true;
    else if (a === '--one-process') args.onePass = true;
    else if (a === '--case') args.child = argv[++i] ?? '';
    else {
      console.error(`unknown argument ${a}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(args.runs) || args.runs < 3) {
    console.error('--runs must be an integer >= 3');
    process.exit(2);
  }
  return args;
}

interface Row {
  readonly name: string;
  readonly depth: number;
  readonly leaves: number;
  readonly best: number;
  readonly median: number;
  readonly bestSeconds: number;
  /** The warm-up run's leaves per second (not in best or median). */
  readonly warmup: number;
  /** Best leaves per CPU second of this process (less disturbed by other load on the machine). */
  readonly bestCpu: number;
}

/** Time `runs` runs of `count`, checking each result; exits the process on a wrong count. */
function measure(
  name: string,
  depth: number,
  expected: number,
  runs: number,
  count: () => number,
): Row {
  const rates: number[] = [];
  const times: number[] = [];
  let bestCpu = 0;
  let warmup = 0;
  // run -1 is the warm-up: checked like the others, reported on its own
  for (let r = -1; r < runs; r++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const n = count();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    bestCpu = Math.max(bestCpu, n / ((cpu.user + cpu.system) / 1e6));
    if (n !== expected) {
      console.error(
        `${name} depth ${depth}: counted ${n} leaves, expected ${expected} — no figure reported`,
      );
      process.exit(1);
    }
    if (r < 0) {
      warmup = n / seconds;
      bestCpu = 0;
      continue;
    }
    rates.push(n / seconds);
    times.push(seconds);
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    name,
    depth,
    leaves: expected,
    best: sorted[sorted.length - 1]!,
    median,
    bestSeconds: Math.min(...times),
    bestCpu,
    warmup,
  };
}

/** Perft with rapid-draughts' public API: `engine.moves`, `engine.clone()`, `engine.move(m)`. */
function rapidPerft(engine: EnglishDraughtsEngine, depth: number): number {
  const moves = engine.moves;
  if (depth === 1) return moves.length; // bulk counting, as Damka's perft does
  let total = 0;
  for (const move of moves) {
    const child = engine.clone();
    child.move(move);
    total += rapidPerft(child, depth - 1);
  }
  return total;
}

/**
 * The same, but each child's move check reuses the parent's move list instead of generating it
 * again (`move` validates against `moves`). This touches rapid-draughts' private cache field; it
 * shows its generator at its best rather than its API's cost.
 */
function rapidPerftSeeded(engine: EnglishDraughtsEngine, depth: number): number {
  const moves = engine.moves;
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) {
    const child = engine.clone();
    (child as unknown as { _moves: unknown })._moves = moves;
    child.move(move);
    total += rapidPerftSeeded(child, depth - 1);
  }
  return total;
}

function fmtLoad(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

function fmtRate(x: number): string {
  return (x / 1e6).toFixed(2);
}

interface Job {
  readonly name: string;
  readonly run: (runs: number) => Row;
}

/** Every case this script can measure: Damka's perft cases, then rapid-draughts' two forms. */
function allJobs(): Job[] {
  const jobs: Job[] = [...CASES, STEADY].map((c) => ({
    name: c.name,
    run: (runs: number) => {
      const position = Position.start(variantOrThrow(c.variant, c.options));
      const row = measure(c.name, c.depth, c.expected, runs, () =>
        perft(position, c.depth, { duplicates: c.duplicates }),
      );
      return { ...row, name: `Damka ${c.name} (${c.duplicates})` };
    },
  }));
  jobs.push({
    name: `${RAPID.name} (API)`,
    run: (runs) =>
      measure(`${RAPID.name} (API)`, RAPID.depth, RAPID.expected, runs, () =>
        rapidPerft(EnglishDraughtsEngineFactory.setup(), RAPID.depth),
      ),
  });
  jobs.push({
    name: `${RAPID.name} (seeded check)`,
    run: (runs) =>
      measure(`${RAPID.name} (seeded check)`, RAPID.depth, RAPID.expected, runs, () =>
        rapidPerftSeeded(EnglishDraughtsEngineFactory.setup(), RAPID.depth),
      ),
  });
  return jobs;
}

/** Runs one case in a fresh process of this script; a wrong count there ends this run too. */
function inChild(name: string, runs: number): Row {
  const script = process.argv[1]!;
  const child = spawnSync(process.execPath, [script, '--case', name, '--runs', String(runs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (child.status !== 0) process.exit(child.status ?? 1);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as Row;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.child !== null) {
    // a child's task: the one case named, its row printed as JSON on stdout
    const job = allJobs().find((j) => j.name === args.child);
    if (!job) {
      console.error(`no case named '${args.child}'`);
      process.exit(2);
    }
    process.stdout.write(`${JSON.stringify(job.run(args.runs))}\n`);
    return;
  }
  const cpu = cpus()[0]?.model ?? 'unknown';
  console.log(`# Perft benchmark`);
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpu}), a warm-up and ${args.runs} timed runs each, single thread, ${args.onePass ? 'all cases in one process' : 'each case in its own process'}`,
  );
  console.log(`load average at start: ${fmtLoad()}`);
  console.log('');
  const cases = args.steady ? [...CASES, STEADY] : CASES;
  const wanted = (name: string) =>
    args.only === null || name.toLowerCase().includes(args.only.toLowerCase());
  const names = [
    ...cases.map((c) => c.name),
    ...(args.rapid ? [`${RAPID.name} (API)`, `${RAPID.name} (seeded check)`] : []),
  ].filter(wanted);
  const jobs = allJobs();
  const rows: Row[] = [];
  for (const name of names) {
    const job = jobs.find((j) => j.name === name)!;
    rows.push(args.onePass ? job.run(args.runs) : inChild(name, args.runs));
    console.error(`  done: ${name}`);
  }
  console.log(
    '| Benchmark | Depth | Leaves (checked) | Best M leaves/s | Median M leaves/s | Best time s | Best M leaves/CPU-s | Warm-up M leaves/s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.depth} | ${r.leaves.toLocaleString('en-US')} | ${fmtRate(r.best)} | ${fmtRate(r.median)} | ${r.bestSeconds.toFixed(2)} | ${fmtRate(r.bestCpu)} | ${fmtRate(r.warmup)} |`,
    );
  }
  console.log('\nExpected counts:');
  for (const c of cases) console.log(`- ${c.name} depth ${c.depth}: ${c.source}`);
  console.log(`- rapid-draughts English depth ${RAPID.depth}: public.perft (dctl)`);
  console.log(`\nload average at end: ${fmtLoad()}`);
  const english = rows.find((r) => r.name.startsWith('Damka English'));
  const rapid = rows.filter((r) => r.name.startsWith('rapid-draughts'));
  if (english && rapid.length > 0) {
    const fastest = Math.max(...rapid.map((r) => r.best));
    console.log('');
    console.log(
      `English: Damka / fastest rapid-draughts (best runs) = ${(english.best / fastest).toFixed(1)}x`,
    );
    // per rapid-draughts row: wall-clock and CPU-time ratios (CPU time is less disturbed by load)
    for (const r of rapid) {
      console.log(
        `English: Damka / ${r.name}: ${(english.best / r.best).toFixed(1)}x (best leaves/s), ${(english.bestCpu / r.bestCpu).toFixed(1)}x (best leaves/CPU-s)`,
      );
    }
  }
}

main();
