/**
 * `damka dxp`: International draughts against another engine over DXP (DamExchange). As
 * follower it listens for an initiator's game requests; as initiator it connects, requests games
 * (colours alternating) and prints the score. Every incoming move is checked by the rules
 * package; an illegal one ends the game cleanly. The protocol lives in `@damka/engine`.
 *
 * Games and their results go to stdout; failures (no game, a refused message, an aborted game)
 * to stderr, and either side exits 1 when a game was aborted. The game request (`R`) is the
 * initiator's alone — colours, time control, start position — so those options are refused with
 * --listen rather than ignored; --games is honoured there as the most games a follower accepts.
 * --peer-timeout bounds every wait for the peer (its move, the next game request); a follower whose
 * peer went silent in a game exits instead of waiting for another request.
 */
import {
  DXP_PEER_TIMEOUT,
  DXP_PORT,
  MAX_THREADS,
  dxpConnect,
  dxpListen,
  dxpVariant,
  engineDxpPlayer,
  runDxpFollower,
  runDxpInitiator,
  type DxpChannel,
  type DxpGameReport,
} from '@damka/engine';
import { Position, variantOrThrow } from '@damka/rules';
import { complain, guard, UsageError, type Io } from '../command.ts';
import { integerFrom, parseCommandLine } from '../args.ts';

export const usage = `Usage: damka dxp --listen HOST:PORT [--games N] [--forever] [--peer-timeout S]
                 [engine options]
       damka dxp --connect HOST:PORT [--games N] [--color white|black] [--minutes M]
                 [--moves N] [--fen FEN] [--peer-timeout S] [engine options]

DXP (DamExchange) links two International draughts engines over TCP (port ${DXP_PORT} by
convention). The follower (--listen) waits for game requests; the initiator (--connect)
requests --games games, its colour alternating from --color, and prints the score.
A follower serves one initiator, then exits (--forever: keep accepting). PORT 0 picks a
free port; the follower prints the address it listens on. Colours, time control and start
position are the initiator's to choose (its request carries them), so --color, --minutes,
--moves and --fen are refused with --listen, and --forever with --connect.
A peer's end of game (E) counts as it claims when the rules agree, or it resigns: a win
the rules do not give, or a draw claimed early that Damka does not accept, is answered with
Damka's own view and the game is aborted (abandoned by the peer), never scored as a loss.
A peer silent for --peer-timeout seconds ends the game (aborted) and the session.
Failures go to stderr; exit code 1 when a game was aborted (an illegal or malformed move,
a false end claim, a silent peer, a lost connection) or, for the initiator, when fewer
games were played than requested.

  -l, --listen HOST:PORT  follow: listen for an initiator
  -c, --connect HOST:PORT initiate: connect to a follower
  -g, --games N           initiator: games to request (default 1); follower: games to
                          accept from each initiator before declining (default no limit)
      --color COLOR       initiator: Damka's colour in the first game, white (default)
                          or black
      --minutes M         initiator: minutes per player sent in the request (default 0:
                          none)
      --moves N           initiator: moves to the time control sent in the request
                          (default 0)
      --fen FEN           initiator: start position (International FEN); default the
                          standard one
      --forever           follower: keep accepting initiators until interrupted
      --peer-timeout S    seconds to wait for the peer's move, and for a follower the next
                          game request (default ${DXP_PEER_TIMEOUT / 1000}); a peer silent that
                          long ends the game, aborted, and the session
Engine options:
      --level L           Damka's level 1-8 (default 8)
      --time MS           milliseconds per move (default: the request's clock, else 1000)
      --depth N           search depth per move instead of a time
      --threads N         search on N threads sharing one table (default 1; not with --depth)
      --name NAME         the name sent to the peer (default Damka)
      --seed N            fix the randomness of the lower levels
  -V, --verbose           print every DXP message sent (>) and received (<)

Example: damka dxp --listen 127.0.0.1:27531
         damka dxp --connect 127.0.0.1:27531 --games 2 --time 500`;

/** `HOST:PORT` (IPv6 hosts in brackets: `[::1]:27531`). */
export function parseAddress(option: string, text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[3]) : NaN;
  if (!match || !(port >= 0 && port <= 65535)) {
    throw new UsageError(
      `--${option} must be HOST:PORT, e.g. 127.0.0.1:${DXP_PORT}, not '${text}'`,
    );
  }
  return { host: (match[1] ?? match[2])!, port };
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('dxp', {
    args,
    options: {
      listen: { type: 'string', short: 'l' },
      connect: { type: 'string', short: 'c' },
      games: { type: 'string', short: 'g' },
      color: { type: 'string' },
      minutes: { type: 'string' },
      moves: { type: 'string' },
      fen: { type: 'string' },
      forever: { type: 'boolean', default: false },
      'peer-timeout': { type: 'string', default: String(DXP_PEER_TIMEOUT / 1000) },
      level: { type: 'string', default: '8' },
      time: { type: 'string' },
      depth: { type: 'string' },
      name: { type: 'string', default: 'Damka' },
      seed: { type: 'string' },
      threads: { type: 'string', default: '1' },
      verbose: { type: 'boolean', short: 'V', default: false },
    },
  });
  if ((values.listen === undefined) === (values.connect === undefined)) {
    throw new UsageError('give exactly one of --listen HOST:PORT and --connect HOST:PORT');
  }
  // what the initiator's game request carries has no meaning for a follower: refused, not ignored
  if (values.listen !== undefined) {
    const given = (['color', 'minutes', 'moves', 'fen'] as const).filter(
      (k) => values[k] !== undefined,
    );
    if (given.length > 0) {
      const options = given.map((k) => `--${k}`).join(', ');
      throw new UsageError(
        `${options} ${given.length > 1 ? 'are' : 'is'} for the initiator (--connect): ` +
          `a follower plays the colours, time control and start position the initiator's ` +
          `game request sets`,
      );
    }
  } else if (values.forever) {
    throw new UsageError('--forever is for the follower (--listen): an initiator plays its games');
  }
  const level = integerFrom('level', values.level, 1, 8);
  if (values.time !== undefined && values.depth !== undefined) {
    throw new UsageError('give --time or --depth, not both');
  }
  const limits =
    values.time !== undefined
      ? { moveTime: integerFrom('time', values.time, 1, 3_600_000) }
      : values.depth !== undefined
        ? { depth: integerFrom('depth', values.depth, 1, 60) }
        : undefined;
  const seed =
    values.seed === undefined ? undefined : integerFrom('seed', values.seed, 0, 2 ** 31 - 1);
  const name = values.name.replace(/[^\x20-\x7e]/g, '').slice(0, 32) || 'Damka';
  const threads = integerFrom('threads', values.threads, 1, MAX_THREADS);
  if (threads > 1 && values.depth !== undefined) {
    throw new UsageError('--threads goes with a time: a search to a fixed depth uses one thread');
  }
  const helpers =
    threads > 1
      ? (await import('@damka/engine/threads-node')).startHelpers(dxpVariant(), { threads })
      : undefined;
  const player = engineDxpPlayer({
    name,
    level,
    ...(limits ? { limits } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(helpers ? { helpers } : {}),
  });
  const moveTimeout = integerFrom('peer-timeout', values['peer-timeout'], 1, 86_400) * 1000;
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const problem = (text: string) => complain(io, text);
  /** Each aborted game said on stderr; true when there was one. */
  const anyAborted = (reports: readonly DxpGameReport[]) => {
    const aborted = reports.filter((r) => r.result === 'aborted');
    for (const r of aborted) problem(`game ${r.index + 1} aborted: ${r.reason}`);
    return aborted.length > 0;
  };
  const watch = (channel: DxpChannel) => {
    if (values.verbose) channel.onRecord = (direction, text) => say(`${direction} ${text}`);
    return channel;
  };

  if (values.listen !== undefined) {
    const { host, port } = parseAddress('listen', values.listen);
    const maxGames =
      values.games === undefined ? undefined : integerFrom('games', values.games, 1, 10_000);
    let aborted = false;
    let server;
    try {
      server = await dxpListen(
        host,
        port,
        (channel, peer) => {
          say(`initiator connected from ${peer}`);
          return runDxpFollower(watch(channel), {
            player,
            moveTimeout,
            onEvent: say,
            onProblem: problem,
            ...(maxGames !== undefined ? { maxGames } : {}),
          }).then((reports) => {
            if (anyAborted(reports)) aborted = true;
          });
        },
        values.forever ? {} : { connections: 1 },
      );
    } catch (e) {
      complain(io, `cannot listen on ${values.listen}: ${e instanceof Error ? e.message : e}`);
      return 1;
    }
    say(`listening on ${host}:${server.port}`);
    if (values.forever) await new Promise<never>(() => {});
    await server.done;
    await server.close();
    return aborted ? 1 : 0;
  }

  const games = integerFrom('games', values.games ?? '1', 1, 10_000);
  const color = values.color ?? 'white';
  if (color !== 'white' && color !== 'black') {
    throw new UsageError(`--color must be white or black, not '${color}'`);
  }
  const minutes = integerFrom('minutes', values.minutes ?? '0', 0, 999);
  const moves = integerFrom('moves', values.moves ?? '0', 0, 999);
  let start: Position | undefined;
  if (values.fen !== undefined) {
    const parsed = Position.fromFen(variantOrThrow('international'), values.fen);
    if (!parsed.ok) throw new UsageError(`FEN: ${parsed.error.message}`);
    start = parsed.value;
  }
  const { host, port } = parseAddress('connect', values.connect!);
  let channel: DxpChannel;
  try {
    channel = await dxpConnect(host, port);
  } catch (e) {
    complain(io, e instanceof Error ? e.message : String(e));
    return 1;
  }
  const reports = await runDxpInitiator(watch(channel), {
    player,
    moveTimeout,
    games,
    color,
    minutes,
    moves,
    ...(start ? { start } : {}),
    onEvent: say,
    onProblem: problem,
  });
  say(scoreLine(name, reports));
  const aborted = anyAborted(reports);
  if (!aborted && reports.length < games) problem(`${reports.length} of ${games} games played`);
  return reports.length === games && !aborted ? 0 : 1;
});

/** `Damka +1 =0 -1 (2 games)`, plus the aborted ones. */
export function scoreLine(name: string, reports: readonly DxpGameReport[]): string {
  const count = (result: DxpGameReport['result']) =>
    reports.filter((r) => r.result === result).length;
  const aborted = count('aborted');
  return (
    `${name} +${count('win')} =${count('draw')} -${count('loss')} (${reports.length} games` +
    (aborted > 0 ? `, ${aborted} aborted)` : ')')
  );
}
