/**
 * The tuning tool: `positions` makes training positions from Damka self-play, `fit` fits
 * evaluation weights to them (texel.ts). See packages/engine/docs/tuning.md.
 *
 *   node --import tsx packages/engine/tune/tune.ts positions --variant international \
 *     --games 2000 --out /tmp/damka-tune-international.txt
 *   node --import tsx packages/engine/tune/tune.ts fit --variant international \
 *     --in /tmp/damka-tune-international.txt --weights advance,backRank,centre
 *
 * Positions come from games at a small node budget (cheap, so many games; the budget is drawn per
 * game between --nodes bounds) after a few random opening plies (variety: with a fixed budget and
 * seed the engine would replay the same game). Games run in child processes under `nice -n 10`
 * (default 2, the machine's cores are shared), each writing finished games' positions to its
 * stdout as "FEN result" lines, which this process appends to the output file as they come: a run
 * stopped early keeps every finished game. Kept positions are quiet for both sides (the
 * evaluator's own quiet test) and at least ten plies into the game; the result is White's (1, 0.5,
 * 0). Data files are not committed: the tool regenerates them.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Position, colorIndex, variantOrThrow, type Move, type Variant } from '@damka/rules';
import { Evaluator, NOT_QUIET } from '../src/evaluate/index.ts';
import type { SearchResult } from '../src/engine.ts';
import { damkaPlayer, playMatchGame, type MatchPlayer } from '../src/match.ts';
import { parseWeightOverrides, type Weights } from '../src/weights.ts';
import { mulberry32 } from '@damka/rules';
import { parseLine, patternsCommand } from './patterns.ts';
import { tune, type Sample, type WeightName } from './texel.ts';

const SELF = fileURLToPath(import.meta.url);

/** Search scores kept with a position are clamped to this (a won position, not a mate count). */
const SCORE_CAP = 3000;

function option(args: readonly string[], name: string, fallback?: string): string {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? args[i + 1] : fallback;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
}

function range(text: string): [number, number] {
  const [a, b] = text.split('-').map(Number);
  if (!Number.isFinite(a) || (b !== undefined && !Number.isFinite(b))) {
    throw new Error(`bad range ${text}`);
  }
  return [a!, b ?? a!];
}

/** `name=value,name=value` as a weights record (an unknown name or a bad value stops the run). */
function parseOverrides(text: string): Partial<Weights> {
  const parsed = parseWeightOverrides(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** One worker: plays `games` games and writes each one's quiet positions to stdout. */
async function play(args: readonly string[]): Promise<void> {
  const variant = variantOrThrow(option(args, 'variant'));
  const games = Number(option(args, 'games'));
  const seed = Number(option(args, 'seed', '1'));
  const [lo, hi] = range(option(args, 'nodes', '2000-5000'));
  const [pliesLo, pliesHi] = range(option(args, 'random-plies', '2-6'));
  const rand = mulberry32(seed);
  const evaluator = new Evaluator(variant);
  // a worker outlives no `positions` run: once its parent is gone (killed, say), it stops at the
  // next game instead of playing on for nobody, and a write to the closed pipe ends it too
  const parent = Number(option(args, 'parent', String(process.ppid)));
  process.stdout.on('error', () => process.exit(0));
  for (let g = 0; g < games; g++) {
    if (process.ppid !== parent) return;
    const randomPlies = pliesLo + ((rand() >>> 0) % (pliesHi - pliesLo + 1));
    const opening = randomOpening(variant, randomPlies, rand);
    const kept: string[] = [];
    let pending = '';
    const recorder = (inner: MatchPlayer): MatchPlayer => ({
      name: inner.name,
      newGame: (v) => inner.newGame?.(v),
      move(turn) {
        const board = turn.position.board();
        const side = colorIndex(turn.position.turn);
        pending =
          turn.history.length >= 10 &&
          evaluator.evaluateQuiet(board, side) !== NOT_QUIET &&
          evaluator.evaluateQuiet(board, 1 - side) !== NOT_QUIET
            ? turn.position.fen
            : '';
        return inner.move(turn);
      },
    });
    // the searching side's score, turned to White's side, goes with the position
    const record = (side: number) => (r: SearchResult) => {
      if (pending === '') return;
      const score = Math.max(-SCORE_CAP, Math.min(SCORE_CAP, r.score));
      kept.push(`${pending} ${side === 0 ? score : -score}`);
    };
    const budget = () => lo + ((rand() >>> 0) % (hi - lo + 1));
    const white = recorder(
      damkaPlayer({
        limits: { nodes: budget() },
        seed: seed * 7919 + 2 * g,
        ttBits: 18,
        onSearch: record(0),
      }),
    );
    const black = recorder(
      damkaPlayer({
        limits: { nodes: budget() },
        seed: seed * 7919 + 2 * g + 1,
        ttBits: 18,
        onSearch: record(1),
      }),
    );
    const game = await playMatchGame(variant, opening, 'white', white, black, { maxPlies: 300 });
    if (kept.length > 0) {
      process.stdout.write(kept.map((line) => `${line} ${game.score}\n`).join(''));
    }
  }
}

function randomOpening(variant: Variant, plies: number, rand: () => number): Move[] {
  for (;;) {
    let p = Position.start(variant);
    const line: Move[] = [];
    for (let i = 0; i < plies; i++) {
      const moves = p.legalMoves();
      if (moves.length === 0) break;
      const m = moves[(rand() >>> 0) % moves.length]!;
      line.push(m);
      p = p.play(m);
    }
    if (line.length === plies && p.legalMoves().length > 0) return line;
  }
}

/** Runs `--procs` workers (nice -n 10) and appends their lines to `--out`. */
async function positions(args: readonly string[]): Promise<void> {
  const variant = option(args, 'variant');
  const games = Number(option(args, 'games', '1000'));
  const procs = Number(option(args, 'procs', '2'));
  const out = option(args, 'out', `/tmp/damka-tune-${variant}.txt`);
  const seed = Number(option(args, 'seed', '1'));
  const nodes = option(args, 'nodes', '2000-5000');
  const randomPlies = option(args, 'random-plies', '2-6');
  writeFileSync(out, '');
  let lines = 0;
  const started = Date.now();
  const children = Array.from({ length: procs }, (_, i) => {
    const share = Math.floor(games / procs) + (i < games % procs ? 1 : 0);
    const child = spawn(
      'nice',
      [
        '-n',
        '10',
        process.execPath,
        '--import',
        'tsx',
        SELF,
        'play',
        '--variant',
        variant,
        '--games',
        String(share),
        '--seed',
        String(seed * 1000 + i),
        '--nodes',
        nodes,
        '--random-plies',
        randomPlies,
        '--parent',
        String(process.pid),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      const complete = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      appendFileSync(out, complete);
      lines += complete.split('\n').length - 1;
    });
    return new Promise<void>((resolve, reject) =>
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`worker ${i} exited with ${code}`)),
      ),
    );
  });
  const timer = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    console.error(`${lines} positions after ${s} s`);
  }, 30_000);
  try {
    await Promise.all(children);
  } finally {
    clearInterval(timer);
  }
  console.log(
    `${lines} positions written to ${out} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/** Reads "FEN [score] result" lines into samples (a line that does not parse is an error). */
export function readSamples(variant: Variant, text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const { position: p, result } = parseLine(variant, line);
    out.push({ board: p.board(), side: colorIndex(p.turn), result });
  }
  return out;
}

function fit(args: readonly string[]): void {
  const variant = variantOrThrow(option(args, 'variant'));
  const file = option(args, 'in', `/tmp/damka-tune-${variant.id}.txt`);
  const names = option(args, 'weights').split(',').filter(Boolean) as WeightName[];
  const start = parseOverrides(option(args, 'start', ''));
  const holdout = Number(option(args, 'holdout', '0.1'));
  const all = readSamples(variant, readFileSync(file, 'utf8'));
  // every tenth position (by default) is held out to show whether the fit generalises
  const every = holdout > 0 ? Math.round(1 / holdout) : 0;
  const train = all.filter((_, i) => every === 0 || i % every !== 0);
  const test = every === 0 ? [] : all.filter((_, i) => i % every === 0);
  console.log(`${all.length} positions: ${train.length} to fit, ${test.length} held out`);
  const began = Date.now();
  // a fixed K (`--k`) where the starting evaluation foresees nothing (the losing variants): a
  // fitted K near 0 would send each weight thousands of single steps from its start
  const k = args.includes('--k') ? Number(option(args, 'k')) : undefined;
  if (k !== undefined && !(k > 0)) throw new Error(`--k needs a positive number`);
  const result = tune(variant, train, {
    names,
    start,
    ...(k !== undefined ? { k } : {}),
    onPass: (pass, error, w) =>
      console.log(`pass ${pass}: error ${error.toFixed(6)} ${JSON.stringify(w)}`),
  });
  console.log(`K ${result.k.toPrecision(4)} (${result.trials} evaluations of the set)`);
  console.log(
    `error before ${result.errorBefore.toFixed(6)} after ${result.errorAfter.toFixed(6)}`,
  );
  if (test.length > 0) {
    const before = tune(variant, test, { names: [], start, k: result.k });
    const after = tune(variant, test, { names: [], start: result.overrides, k: result.k });
    console.log(
      `held out: before ${before.errorBefore.toFixed(6)} after ${after.errorBefore.toFixed(6)}`,
    );
  }
  console.log(`tuned overrides: ${JSON.stringify(result.overrides)}`);
  console.log(`all weights: ${JSON.stringify(result.weights)}`);
  console.log(`${Math.round((Date.now() - began) / 1000)} s`);
}

/** `patterns`: fits a variant's pattern table (patterns.ts) to a positions file. */
function patterns(args: readonly string[]): void {
  const variant = variantOrThrow(option(args, 'variant'));
  patternsCommand(variant, {
    input: option(args, 'in', `/tmp/damka-tune-${variant.id}.txt`),
    out: option(args, 'out', `/tmp/damka-patterns-${variant.id}.data.ts`),
    iterations: Number(option(args, 'iterations', '300')),
    rate: Number(option(args, 'rate', '1')),
    l2: Number(option(args, 'l2', '1e-7')),
    tie: args.includes('--tie'),
    lambda: Number(option(args, 'lambda', '0')),
    phases: option(args, 'phases', '1') === '2' ? 2 : 1,
    ...(args.includes('--windows') ? { windows: Number(option(args, 'windows', '0')) } : {}),
    ...(args.includes('--k') ? { k: Number(option(args, 'k')) } : {}),
  });
}

if (process.argv[1] === SELF) {
  const [command, ...args] = process.argv.slice(2);
  const run =
    command === 'positions'
      ? positions(args)
      : command === 'play'
        ? play(args)
        : command === 'fit'
          ? Promise.resolve(fit(args))
          : command === 'patterns'
            ? Promise.resolve(patterns(args))
            : Promise.reject(
                new Error(
                  'usage: tune.ts positions|fit|patterns --variant ID ... (docs/tuning.md)',
                ),
              );
  run.catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
