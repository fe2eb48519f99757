/**
 * `damka match`: N games between Damka and an opponent — an external Hub engine given by its
 * command (Scan and its kin, or `damka hub` itself), Damka at another level, or rapid-draughts on
 * English — over balanced openings with colours alternating, judged by the variant's draw rules.
 * Prints a progress line per game, then the score and an Elo difference with its 95% interval
 * and each side's mean wall-clock time a move, and writes the games as PDN. A game a side lost by
 * failing (an illegal move, a crash, silence) is a forfeit, scored apart from the games played out
 * and left out of the Elo; a side failing twice in a row stops the match, said plainly, and the
 * exit code is 1, as it is when no game was played out at all. Ctrl-C (or SIGTERM)
 * stops it after the move in hand, the game in progress abandoned: the games finished are scored
 * and written all the same, and the exit code says it was stopped (130, or 143 for SIGTERM). The
 * match itself lives in `@damka/engine/match`.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import {
  guard,
  listenForStop,
  UsageError,
  writableFile,
  writeResult,
  type Io,
} from '../command.ts';
import { integerFrom, parseCommandLine, variantFrom } from '../args.ts';
import type { PatternTable } from '@damka/engine';

export const usage = `Usage: damka match [--variant ID] [--games N] [--time MS] [--level L]
                   [--opponent-hub CMD | --opponent-level L | --opponent-depth D]
                   [--opponent-time MS] [--pdn FILE]

Plays N games between Damka and an opponent, colours alternating over balanced two-ply openings
(each opening once with each colour). Games end by the variant's rules (no move, repetition, the
variant's draw counters) or are drawn after --max-plies plies. Under huff rules (Israeli's burns,
Dhamet's souffle) a player who skips a capture is burned before the next move, a king first, as
the web app's computer does; each burn is written in the PDN as a comment ({burns d4}).
Ctrl-C stops the match once the move being searched is played (at once while an external
engine thinks): the game in progress is dropped, the finished games are scored and written
to --pdn, and the exit code is 130 (143 for SIGTERM); a second Ctrl-C quits at once.
A game a side loses by failing (an illegal or unreadable move, a crash, no answer) is a
forfeit: shown as such, scored apart from the games played out and left out of the Elo. A
side failing two games in a row stops the match; then, or when no game was played out, the
closing lines say why and the exit code is 1 (a single failure among normal games is only a
forfeit).

Opponent (one of):
      --opponent-hub CMD      an external Hub engine: its command line, e.g. "SCAN_DIR/scan hub"
                              (Hub-2 engines, and Scan 2.0's first Hub protocol on 10x10 boards);
                              it runs in its executable's directory unless --opponent-cwd is given
      --opponent-level L      Damka at level L
      --opponent-depth D      rapid-draughts' alpha-beta at depth D (English only; the default
                              opponent for English, depth 7 as in its README); with
                              --opponent-hub or --opponent-level, that opponent searches to
                              depth D instead of --opponent-time

  -v, --variant ID            variant id (default english)
  -o, --option NAME=VALUE     house-rule option, repeatable
      --games N               games to play (default 40)
      --time MS               Damka's milliseconds per move (default 200)
      --level L               Damka's level 1-8 (default 8)
      --opponent-time MS      the opponent's milliseconds per move (default: --time)
      --opponent-cwd DIR      working directory of the Hub engine
      --opponent-param N=V    a parameter for the Hub engine (set-param), repeatable
      --max-plies N           plies after which a game is drawn (default 400)
      --pdn FILE              write the games to FILE as PDN
      --opening-plies N       plies of each balanced opening (default 2; 3 or 4 for more openings)
      --nodes N               Damka's node budget per move instead of --time (also the opponent's,
                              with --opponent-level): self-play that load cannot sway
      --patterns FILE         Damka with the pattern table of FILE (a module written by
                              npm run tune -- patterns) instead of its variant's own
      --opponent-patterns none|FILE  with --opponent-level: the opponent without its variant's
                              learned pattern table, or with the table of FILE (a new table
                              against none, or against the one before it)
      --weights LIST          Damka's evaluation weights on top of the variant's own, as
                              name=value,name=value (weights.ts): a trial set
      --opponent-weights LIST with --opponent-level: the same for the opponent (e.g. the
                              weights before a change, against the committed ones)
      --egdb                  Damka uses the endgame tables of the cache folder (damka egdb build):
                              in the search, and it claims the draw in an ending they hold drawn
      --egdb-dir DIR          the same with the tables of DIR
      --no-book               Damka plays without its opening book (levels 6-8 use it by default)
      --opponent-no-book      with --opponent-level: the opponent without the opening book
      --threads N             Damka searches on N threads sharing one table (default 1); only
                              with --time: a --nodes search stays on one thread
      --opponent-threads N    with --opponent-level: the same for the opponent

Examples:
  damka match --games 40 --time 200 --pdn match.pdn          (English, rapid-draughts)
  damka match --variant international --opponent-hub "SCAN_DIR/scan hub" --games 20 \\
              --time 1000 --opponent-time 100 --pdn scan.pdn
  damka match --variant russian --level 4 --opponent-level 3 --games 20`;

/** Split a command line into words; double or single quotes group words. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('match', {
    args,
    options: {
      variant: { type: 'string', short: 'v', default: 'english' },
      option: { type: 'string', short: 'o', multiple: true },
      games: { type: 'string', default: '40' },
      time: { type: 'string', default: '200' },
      level: { type: 'string', default: '8' },
      'opponent-hub': { type: 'string' },
      'opponent-level': { type: 'string' },
      'opponent-depth': { type: 'string' },
      'opponent-time': { type: 'string' },
      'opponent-cwd': { type: 'string' },
      'opponent-param': { type: 'string', multiple: true },
      'max-plies': { type: 'string', default: '400' },
      pdn: { type: 'string' },
      nodes: { type: 'string' },
      'opening-plies': { type: 'string' },
      patterns: { type: 'string' },
      'opponent-patterns': { type: 'string' },
      weights: { type: 'string' },
      'opponent-weights': { type: 'string' },
      egdb: { type: 'boolean', default: false },
      'egdb-dir': { type: 'string' },
      'no-book': { type: 'boolean', default: false },
      'opponent-no-book': { type: 'boolean', default: false },
      threads: { type: 'string', default: '1' },
      'opponent-threads': { type: 'string' },
    },
  });
  const variant = variantFrom(values);
  if (values.pdn !== undefined) writableFile('--pdn', values.pdn);
  const games = integerFrom('games', values.games, 1, 10000);
  const moveTime = integerFrom('time', values.time, 1, 3_600_000);
  const level = integerFrom('level', values.level, 1, 8);
  const opponentTime =
    values['opponent-time'] === undefined
      ? moveTime
      : integerFrom('opponent-time', values['opponent-time'], 1, 3_600_000);
  const maxPlies = integerFrom('max-plies', values['max-plies'], 2, 100_000);
  const chosen = ['opponent-hub', 'opponent-level'].filter(
    (k) => values[k as 'opponent-hub'] !== undefined,
  );
  if (chosen.length > 1) {
    throw new UsageError(`choose one opponent, not ${chosen.map((k) => `--${k}`).join(' and ')}`);
  }
  const params: Record<string, string> = {};
  for (const pair of values['opponent-param'] ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--opponent-param needs NAME=VALUE, not '${pair}'`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }

  const m = await import('@damka/engine/match');
  let egdb;
  let egdbDir: string | undefined;
  if (values.egdb || values['egdb-dir'] !== undefined) {
    const { defaultEgdbDir, openEgdb } = await import('@damka/engine/egdb-node');
    const { unsupportedReason } = await import('@damka/engine');
    const reason = unsupportedReason(variant);
    if (reason) throw new UsageError(`${variant.id} has no endgame tables: ${reason}`);
    const dir = values['egdb-dir'] ?? defaultEgdbDir();
    egdbDir = dir;
    egdb = openEgdb(variant, dir);
    if (!egdb)
      throw new UsageError(`no ${variant.id} endgame tables in ${dir} (see damka egdb build)`);
    io.stderr.write(`endgame tables: ${variant.id} up to ${egdb.maxPieces} pieces from ${dir}\n`);
  }
  const nodes =
    values.nodes === undefined ? undefined : integerFrom('nodes', values.nodes, 1, 1_000_000_000);
  const limits = nodes !== undefined ? { nodes } : { moveTime };
  const { loadBook, patternsFromModule } = await import('@damka/engine');
  if (values['opponent-patterns'] !== undefined && values['opponent-level'] === undefined) {
    throw new UsageError('--opponent-patterns goes with --opponent-level (a Damka opponent)');
  }
  // a table given instead of the variant's own: the table (null for none) and its name's label
  const tableFrom = (key: 'patterns' | 'opponent-patterns') => {
    const file = values[key];
    if (file === undefined) return undefined;
    if (file === 'none' && key === 'opponent-patterns')
      return { patterns: null, label: 'no pattern table' };
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`--${key}: cannot read ${file}: ${(e as Error).message}`);
    }
    const table = patternsFromModule(variant, text);
    if (!table.ok) throw new UsageError(`--${key} ${file}: ${table.error}`);
    return { patterns: table.value, label: `pattern table ${basename(file)}` };
  };
  const playerTable = tableFrom('patterns');
  const opponentTable = tableFrom('opponent-patterns');
  const book = await loadBook(variant);
  const weightsOf = (key: 'weights' | 'opponent-weights') => {
    const text = values[key];
    if (text === undefined) return {};
    const parsed = m.parseWeightOverrides(text);
    if (!parsed.ok) throw new UsageError(`--${key}: ${parsed.error}`);
    return { weights: parsed.value };
  };
  const { startHelpers, MAX_THREADS } = await import('@damka/engine/threads-node');
  const threadsOf = (
    key: 'threads' | 'opponent-threads',
    tables?: { patterns: PatternTable | null },
  ) => {
    const text = values[key];
    if (text === undefined) return {};
    const threads = integerFrom(key, text, 1, MAX_THREADS);
    if (threads === 1) return {};
    return {
      threads,
      helpers: (v: typeof variant) =>
        startHelpers(v, {
          threads,
          ...(key === 'threads' ? weightsOf('weights') : weightsOf('opponent-weights')),
          ...(tables ? { patterns: tables.patterns } : {}),
          ...(egdbDir !== undefined && key === 'threads' ? { egdbDir } : {}),
        }),
    };
  };
  if (values['opponent-threads'] !== undefined && values['opponent-level'] === undefined) {
    throw new UsageError('--opponent-threads goes with --opponent-level (a Damka opponent)');
  }
  const player = m.damkaPlayer({
    level,
    limits,
    ...threadsOf('threads', playerTable),
    ...(egdb ? { egdb } : {}),
    ...(book && !values['no-book'] ? { book } : {}),
    ...weightsOf('weights'),
    ...(playerTable ? { patterns: playerTable.patterns, patternsLabel: playerTable.label } : {}),
  });
  let opponent;
  if (values['opponent-hub'] !== undefined) {
    const [command, ...commandArgs] = splitCommand(values['opponent-hub']);
    if (command === undefined) throw new UsageError('--opponent-hub needs a command');
    const cwd = values['opponent-cwd'] ?? (command.includes('/') ? dirname(command) : undefined);
    opponent = m.hubPlayer({
      command,
      args: commandArgs,
      ...(cwd !== undefined ? { cwd } : {}),
      params,
      timeout: 60_000,
      limits:
        values['opponent-depth'] !== undefined
          ? { depth: integerFrom('opponent-depth', values['opponent-depth'], 1, 99) }
          : { moveTime: opponentTime },
    });
  } else if (values['opponent-level'] !== undefined) {
    const opponentLevel = integerFrom('opponent-level', values['opponent-level'], 1, 8);
    const opponentLimits =
      values['opponent-depth'] !== undefined
        ? { depth: integerFrom('opponent-depth', values['opponent-depth'], 1, 99) }
        : nodes !== undefined
          ? { nodes }
          : { moveTime: opponentTime };
    opponent = m.damkaPlayer({
      level: opponentLevel,
      limits: opponentLimits,
      ...threadsOf('opponent-threads', opponentTable),
      ...(book && !values['opponent-no-book'] ? { book } : {}),
      ...weightsOf('opponent-weights'),
      ...(opponentTable
        ? { patterns: opponentTable.patterns, patternsLabel: opponentTable.label }
        : {}),
    });
  } else if (variant.id === 'english') {
    const depth = integerFrom('opponent-depth', values['opponent-depth'] ?? '7', 1, 20);
    opponent = m.rapidDraughtsPlayer(depth);
  } else {
    throw new UsageError(
      `choose an opponent for ${variant.id}: --opponent-hub CMD or --opponent-level L ` +
        `(rapid-draughts plays English only)`,
    );
  }

  io.stderr.write(`preparing ${Math.ceil(games / 2)} balanced openings for ${variant.id}…\n`);
  const openingPlies =
    values['opening-plies'] === undefined
      ? undefined
      : integerFrom('opening-plies', values['opening-plies'], 0, 8);
  // Ctrl-C: the match stops between two moves and what was played is kept (a second one quits)
  const controller = new AbortController();
  const stop = listenForStop(() => controller.abort());
  const report = await m
    .runMatch({
      variant,
      signal: controller.signal,
      games,
      ...(openingPlies !== undefined
        ? { openings: m.balancedOpenings(variant, Math.ceil(games / 2), { plies: openingPlies }) }
        : {}),
      player,
      opponent,
      maxPlies,
      onGame: (g, i, tally) =>
        io.stdout.write(
          `${m.progressBar(i + 1, games)} game ${i + 1}: Damka ${g.playerColor}, ` +
            `opening ${g.opening}: ${g.score} (${g.failed ? 'forfeit: ' : ''}${g.reason}, ` +
            `${g.plies} plies)  ` +
            `+${tally.wins} =${tally.draws} -${tally.losses}\n`,
        ),
    })
    .finally(() => stop.release());
  const stopped = report.stopped === true;
  const stoppedLine = () =>
    io.stdout.write(
      `stopped after ${report.games.length} of ${games} games` +
        ` (${stop.signal ?? 'a signal'}; the game in progress is not counted)\n`,
    );
  const stoppedCode = stop.signal === 'SIGTERM' ? 143 : 130;
  if (stopped && report.games.length === 0) {
    stoppedLine();
    return stoppedCode;
  }
  if (report.games.length === 0) {
    // nothing was played (a player could not start): no score to give
    io.stderr.write(`damka: match ${report.aborted ?? 'played no game'}\n`);
    return 1;
  }
  io.stdout.write(`${player.name} vs ${opponent.name}\n`);
  io.stdout.write(`Damka ${m.formatScore(report)}\n`);
  // each side's thinking time as the runner measured it: a peer engine may read its own clock
  // differently (CPU time, or stop early), and a fair match needs the two means close
  const think = (side: 'player' | 'opponent') => {
    const t = m.addThinkTimes(report.games.map((g) => g.think[side]));
    const mean = t.moves > 0 ? t.ms / t.moves : 0;
    return `${mean.toFixed(0)} ms (${t.moves} moves, longest ${t.longest.toFixed(0)} ms)`;
  };
  io.stdout.write(`mean time a move: Damka ${think('player')}, opponent ${think('opponent')}\n`);
  if (values.pdn !== undefined) writeResult(io, values.pdn, report.pdn);
  if (stopped) {
    stoppedLine();
    return stoppedCode;
  }
  if (report.aborted !== undefined) {
    io.stdout.write(`match ${report.aborted}\n`);
    io.stderr.write(`damka: match ${report.aborted}\n`);
    return 1;
  }
  const { won, lost } = report.forfeits;
  if (won + lost === report.games.length) {
    const line = `no game was played out: every game was a forfeit (a side failed)`;
    io.stdout.write(`${line}\n`);
    io.stderr.write(`damka: match ${line}\n`);
    return 1;
  }
  return 0;
});
