/**
 * DXP games: the initiator (sends `R`, plays a number of games) and the follower (answers `R`
 * with `A`, plays what it is asked), over any byte channel — `dxp-net.ts` supplies TCP sockets.
 *
 * Each side keeps the game with the rules package's `Game`, so every incoming `M` is checked
 * against the legal moves (from, to and the set of captured squares) and the end of the game —
 * no move, repetition, the 25/16/5-move rules — is judged by the same rules on both sides. The side
 * to move when the game is over sends `E`; the other confirms with an `E`. A peer's `E` is scored
 * as claimed only when the rules agree (or it resigns, or Damka accepts its draw): a win the rules
 * do not give, or a draw Damka does not accept, is answered with Damka's own view and the game
 * recorded as aborted, abandoned by the peer, never as Damka's loss. An illegal or malformed
 * move is answered with a `C` saying why, then an `E`, and the game ends cleanly; other malformed
 * records are answered with a `C` and ignored. Nothing a peer sends can throw, and every wait for
 * the peer has a time limit, so a silent or vanished peer ends the session instead of hanging it.
 */
import { Game, Position, opposite, type Color, type Move } from '@damka/rules';
import { Engine } from '../engine.ts';
import type { SearchLimits } from '../search.ts';
import type { SearchHelpers } from '../threads.ts';
import {
  DXP_ACCEPT,
  DXP_BAD_VERSION,
  DXP_END_DRAW,
  DXP_END_RESIGN,
  DXP_END_UNKNOWN,
  DXP_END_WIN,
  DXP_NOT_THIS_GAME,
  DXP_NO_GAMES,
  DXP_VERSION,
  dxpPosition,
  dxpSetup,
  dxpVariant,
} from './dxp.ts';
import { formatHubMove, hubNumbering } from './hub.ts';
import type { DxpChannel, DxpIncoming } from './dxp-channel.ts';

/** Chooses our moves; `engineDxpPlayer` is Damka's engine. */
export interface DxpPlayer {
  readonly name: string;
  /** A new game starts (forget the last one). */
  newGame?(): void;
  /**
   * Our move in `position` (the game's earlier positions in `history`), or undefined to resign.
   * `clock`: our remaining time when the game request set one.
   */
  choose(
    position: Position,
    history: readonly Position[],
    clock?: { readonly time: number; readonly movesToGo?: number },
  ): Promise<Move | undefined> | Move | undefined;
  /**
   * The peer claims a draw in `position` (the peer to move) that the rules do not give yet:
   * true to agree. Without it every such claim is declined.
   */
  acceptDraw?(position: Position, history: readonly Position[]): Promise<boolean> | boolean;
}

/**
 * Damka agrees to a draw its peer claims early when a search of the position gives Damka no more
 * than this (hundredths of a man): it is not ahead.
 */
export const DXP_DRAW_ACCEPT_MARGIN = 10;

/** Damka's engine as a DXP player: `limits` per move, or the game's clock when none is given. */
export function engineDxpPlayer(
  options: {
    readonly name?: string;
    readonly level?: number;
    readonly limits?: SearchLimits;
    readonly seed?: number;
    readonly ttBits?: number;
    /** Helper threads for searches bounded by time (threads.ts). */
    readonly helpers?: SearchHelpers;
  } = {},
): DxpPlayer {
  const engine = new Engine(dxpVariant(), {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
    ...(options.helpers ? { helpers: options.helpers } : {}),
  });
  return {
    name: options.name ?? 'Damka',
    newGame: () => engine.newGame(),
    choose(position, history, clock) {
      const limits = options.limits ?? (clock ? { clock } : undefined);
      return engine.search(position, {
        history,
        ...(options.level !== undefined ? { level: options.level } : {}),
        ...(limits ? { limits } : {}),
      }).move;
    },
    acceptDraw(position, history) {
      // the peer is to move: its score, negated, is ours
      const r = engine.search(position, {
        history,
        ...(options.level !== undefined ? { level: options.level } : {}),
        limits: options.limits ?? { moveTime: 1000 },
      });
      return -r.score <= DXP_DRAW_ACCEPT_MARGIN;
    },
  };
}

/** How one game ended, from our side. */
export interface DxpGameReport {
  readonly index: number;
  readonly ourColor: Color;
  readonly opponent: string;
  /**
   * `aborted`: ended by an illegal or malformed move, an end claimed against the rules (a win they
   * do not give, a draw not agreed), a timeout or a lost connection; not scored.
   */
  readonly result: 'win' | 'loss' | 'draw' | 'aborted';
  readonly reason: string;
  /** Set when the peer sent nothing for the whole move wait (`moveTimeout`). */
  readonly peerSilent?: boolean;
  /** The moves played, in Hub/DXP numbers (`32-28`, `28x19x23`). */
  readonly moves: readonly string[];
}

export interface DxpSessionOptions {
  readonly player: DxpPlayer;
  /**
   * Milliseconds to wait for the peer's move, and for a follower the next game request (default
   * 10 minutes, `DXP_PEER_TIMEOUT`).
   */
  readonly moveTimeout?: number;
  /** Milliseconds to wait for `A` and for a confirming `E` (default 10 s). */
  readonly replyTimeout?: number;
  /** Progress lines for a person (games starting and ending, a peer's chat). */
  readonly onEvent?: (text: string) => void;
  /**
   * Failures for a person: no game (the follower declined or did not answer), a malformed
   * message refused. Without it they go to `onEvent`, as progress lines.
   */
  readonly onProblem?: (text: string) => void;
}

export interface DxpInitiatorOptions extends DxpSessionOptions {
  readonly games: number;
  /** Our colour in the first game (default white); colours alternate from game to game. */
  readonly color?: Color;
  /** Minutes per player and moves to the time control sent in `R` (default 0, 0). */
  readonly minutes?: number;
  readonly moves?: number;
  /** A start position other than the standard one (sent as start `B`). */
  readonly start?: Position;
}

export interface DxpFollowerOptions extends DxpSessionOptions {
  /** Games to accept before answering `A` code 3 (default: no limit). */
  readonly maxGames?: number;
}

/** How long the peer may stay silent by default: 10 minutes, in milliseconds. */
export const DXP_PEER_TIMEOUT = 600_000;
const DEFAULT_MOVE_TIMEOUT = DXP_PEER_TIMEOUT;
const DEFAULT_REPLY_TIMEOUT = 10_000;

/** Play as initiator: request `games` games in turn; resolves when the connection is closed. */
export async function runDxpInitiator(
  channel: DxpChannel,
  options: DxpInitiatorOptions,
): Promise<DxpGameReport[]> {
  const reports: DxpGameReport[] = [];
  const replyTimeout = options.replyTimeout ?? DEFAULT_REPLY_TIMEOUT;
  if (options.start && options.start.variant.id !== 'international') {
    channel.close();
    throw new Error(`DXP plays International draughts, not ${options.start.variant.id}`);
  }
  try {
    for (let index = 0; index < options.games; index++) {
      const first = options.color ?? 'white';
      const ourColor = index % 2 === 0 ? first : opposite(first);
      channel.send({
        type: 'R',
        version: DXP_VERSION,
        name: options.player.name,
        followerColor: opposite(ourColor),
        minutes: options.minutes ?? 0,
        moves: options.moves ?? 0,
        ...(options.start ? { setup: dxpSetup(options.start) } : {}),
      });
      let answer: DxpIncoming;
      do answer = await channel.next(replyTimeout);
      while (answer.kind === 'message' && answer.message.type === 'C');
      if (answer.kind !== 'message' || answer.message.type !== 'A') {
        problem(options, `no game: the follower answered ${describe(answer)}`);
        break;
      }
      if (answer.message.code !== DXP_ACCEPT) {
        problem(options, `no game: the follower declined (code ${answer.message.code})`);
        break;
      }
      const position = options.start ?? Position.start(dxpVariant());
      const report = await playGame(channel, options, {
        index,
        ourColor,
        opponent: answer.message.name,
        start: position,
        minutes: options.minutes ?? 0,
        moves: options.moves ?? 0,
        last: index === options.games - 1,
      });
      reports.push(report);
      if (report.result === 'aborted') break;
    }
  } finally {
    channel.close();
  }
  return reports;
}

/**
 * Play as follower: answer game requests until the initiator closes the connection, sends none
 * within `moveTimeout`, or stays silent through a game (that game is aborted and the session ends).
 */
export async function runDxpFollower(
  channel: DxpChannel,
  options: DxpFollowerOptions,
): Promise<DxpGameReport[]> {
  const reports: DxpGameReport[] = [];
  try {
    while (true) {
      const incoming = await channel.next(options.moveTimeout ?? DEFAULT_MOVE_TIMEOUT);
      if (incoming.kind === 'closed' || incoming.kind === 'timeout') break;
      if (incoming.kind === 'malformed') {
        refuse(channel, options, incoming.error);
        continue;
      }
      const message = incoming.message;
      if (message.type === 'C') continue;
      if (message.type !== 'R') {
        channel.send({ type: 'C', text: `expected a game request (R), not ${message.type}` });
        continue;
      }
      const name = options.player.name;
      if (message.version !== DXP_VERSION) {
        channel.send({ type: 'A', name, code: DXP_BAD_VERSION });
        continue;
      }
      if (options.maxGames !== undefined && reports.length >= options.maxGames) {
        channel.send({ type: 'A', name, code: DXP_NO_GAMES });
        continue;
      }
      const start = dxpPosition(message.setup);
      if (!start.ok) {
        channel.send({ type: 'C', text: `cannot play this position: ${start.error}` });
        channel.send({ type: 'A', name, code: DXP_NOT_THIS_GAME });
        continue;
      }
      channel.send({ type: 'A', name, code: DXP_ACCEPT });
      const report = await playGame(channel, options, {
        index: reports.length,
        ourColor: message.followerColor,
        opponent: message.name,
        start: start.value,
        minutes: message.minutes,
        moves: message.moves,
        last: false,
      });
      reports.push(report);
      if (channel.isClosed || report.peerSilent) break;
    }
  } finally {
    channel.close();
  }
  return reports;
}

interface GameSetup {
  readonly index: number;
  readonly ourColor: Color;
  readonly opponent: string;
  readonly start: Position;
  readonly minutes: number;
  readonly moves: number;
  /** Our `E` says no further game follows. */
  readonly last: boolean;
}

/** One game, from `A` to the confirming `E`. */
async function playGame(
  channel: DxpChannel,
  options: DxpSessionOptions,
  setup: GameSetup,
): Promise<DxpGameReport> {
  const { ourColor } = setup;
  const replyTimeout = options.replyTimeout ?? DEFAULT_REPLY_TIMEOUT;
  const moveTimeout = options.moveTimeout ?? DEFAULT_MOVE_TIMEOUT;
  const game = Game.fromPosition(setup.start);
  const history: Position[] = [];
  const written: string[] = [];
  const variant = setup.start.variant;
  const { numbers, squares } = hubNumbering(variant);
  let clock = setup.minutes > 0 ? setup.minutes * 60_000 : undefined;
  options.player.newGame?.();
  options.onEvent?.(
    `game ${setup.index + 1}: ${options.player.name} (${ourColor}) against ${setup.opponent}`,
  );
  const report = (
    result: DxpGameReport['result'],
    reason: string,
    silent = false,
  ): DxpGameReport => {
    options.onEvent?.(
      `game ${setup.index + 1}: ${result} (${reason}) after ${written.length} plies`,
    );
    return {
      index: setup.index,
      ourColor,
      opponent: setup.opponent,
      result,
      reason,
      moves: written,
      ...(silent ? { peerSilent: true } : {}),
    };
  };
  const play = (move: Move) => {
    written.push(formatHubMove(variant, move));
    history.push(game.position);
    game.play(move);
  };
  /** End the game ourselves: `E`, then wait for the peer's confirming `E`. */
  const endGame = async (
    reason: number,
    result: DxpGameReport['result'],
    why: string,
    silent = false,
  ) => {
    channel.send({ type: 'E', reason, stop: setup.last ? 1 : 0 });
    while (true) {
      const answer = await channel.next(replyTimeout);
      if (answer.kind !== 'message' || answer.message.type === 'E') break;
    }
    return report(result, why, silent);
  };
  /**
   * The peer ended the game with `E`. A claim the rules agree with (or a resignation, or a draw we
   * accept) is confirmed with the mirrored reason; any other is answered with our own view.
   */
  const confirmEnd = async (message: { reason: number; stop: number }) => {
    const answer = (reason: number) =>
      channel.send({ type: 'E', reason, stop: setup.last ? 1 : message.stop });
    const claimed = CLAIMED[message.reason];
    const outcome = game.outcome;
    if (outcome) {
      const result: DxpGameReport['result'] =
        outcome.winner === undefined ? 'draw' : outcome.winner === ourColor ? 'win' : 'loss';
      if (claimed === undefined || claimed.result === result) {
        answer(MIRRORED[message.reason] ?? DXP_END_UNKNOWN);
        return report(result, outcome.text);
      }
      answer(OUR_END[result]);
      problem(
        options,
        `game ${setup.index + 1}: the opponent claimed ${claimed.text}, but by the rules ` +
          `${outcome.text}: scored by the rules`,
      );
      return report(result, `${outcome.text}; the opponent claimed ${claimed.text}`);
    }
    if (message.reason === DXP_END_RESIGN) {
      answer(DXP_END_WIN);
      return report('win', 'the opponent resigned');
    }
    if (message.reason === DXP_END_DRAW) {
      const agreed = await options.player.acceptDraw?.(game.position, history);
      if (agreed === true && !channel.isClosed) {
        answer(DXP_END_DRAW);
        return report('draw', 'drawn by agreement: the opponent claimed a draw, accepted');
      }
    }
    if (claimed === undefined) {
      answer(DXP_END_UNKNOWN);
      return report('aborted', 'the opponent ended the game');
    }
    // a win the rules do not give, or a draw we do not accept: not scored as claimed
    const refusal =
      claimed.result === 'draw'
        ? 'draw claim declined: the game is not over by the rules'
        : 'win claim refused: the game is not over by the rules';
    channel.send({ type: 'C', text: refusal });
    answer(DXP_END_UNKNOWN);
    const why = `the opponent claimed ${claimed.text} before the game was over; abandoned by the opponent`;
    problem(options, `game ${setup.index + 1}: ${refusal}; not scored`);
    return report('aborted', why);
  };

  while (true) {
    const outcome = game.outcome;
    if (outcome) {
      const result =
        outcome.winner === undefined ? 'draw' : outcome.winner === ourColor ? 'win' : 'loss';
      const reason =
        result === 'draw' ? DXP_END_DRAW : result === 'win' ? DXP_END_WIN : DXP_END_RESIGN;
      if (game.turn === ourColor) return endGame(reason, result, outcome.text);
      // the peer is to move and ends the game; if it stays silent, we do
      const answer = await channel.next(replyTimeout);
      if (answer.kind === 'message' && answer.message.type === 'E')
        return confirmEnd(answer.message);
      if (answer.kind === 'closed') return report(result, `${outcome.text}; connection closed`);
      return endGame(reason, result, outcome.text);
    }
    if (game.turn === ourColor) {
      const started = performance.now();
      const move = await options.player.choose(
        game.position,
        history,
        clock !== undefined
          ? {
              time: clock,
              ...(setup.moves > 0
                ? { movesToGo: Math.max(1, setup.moves - Math.floor(history.length / 2)) }
                : {}),
            }
          : undefined,
      );
      const used = performance.now() - started;
      if (clock !== undefined) clock = Math.max(0, clock - used);
      if (!move || channel.isClosed) {
        if (channel.isClosed) return report('aborted', 'connection closed');
        return endGame(DXP_END_RESIGN, 'loss', 'we resigned');
      }
      channel.send({
        type: 'M',
        seconds: Math.round(used / 1000),
        from: numbers[move.from]!,
        to: numbers[move.to]!,
        captures: move.captures.map((sq) => numbers[sq]!),
      });
      play(move);
      continue;
    }
    const incoming = await channel.next(moveTimeout);
    if (incoming.kind === 'closed') return report('aborted', 'connection closed by the opponent');
    if (incoming.kind === 'timeout') {
      channel.send({ type: 'C', text: 'no move received in time' });
      return endGame(
        DXP_END_UNKNOWN,
        'aborted',
        `the opponent did not move within ${moveTimeout / 1000} s`,
        true,
      );
    }
    if (incoming.kind === 'malformed') {
      if (incoming.text?.startsWith('M') || incoming.error.startsWith('M')) {
        channel.send({ type: 'C', text: `malformed move: ${incoming.error}` });
        return endGame(
          DXP_END_UNKNOWN,
          'aborted',
          `malformed move from the opponent: ${incoming.error}`,
        );
      }
      refuse(channel, options, incoming.error);
      continue;
    }
    const message = incoming.message;
    switch (message.type) {
      case 'M': {
        const from = squares[message.from - 1];
        const to = squares[message.to - 1];
        const captured = message.captures.map((n) => squares[n - 1]);
        const set = new Set(captured);
        const move =
          from === undefined ||
          to === undefined ||
          captured.some((sq) => sq === undefined) ||
          set.size !== captured.length
            ? undefined
            : game
                .legalMoves()
                .find(
                  (m) =>
                    m.from === from &&
                    m.to === to &&
                    m.captures.length === set.size &&
                    m.captures.every((sq) => set.has(sq)),
                );
        if (!move) {
          const text = `illegal move ${describeMove(message)}`;
          channel.send({ type: 'C', text });
          return endGame(DXP_END_UNKNOWN, 'aborted', `${text} from the opponent`);
        }
        play(move);
        continue;
      }
      case 'E':
        return confirmEnd(message);
      case 'C':
        options.onEvent?.(`${setup.opponent} says: ${message.text}`);
        continue;
      case 'B':
        channel.send({ type: 'K', code: 1 }); // take-backs are declined
        continue;
      default:
        channel.send({ type: 'C', text: `unexpected ${message.type} during a game, ignored` });
        continue;
    }
  }
}

/** What a peer's `E` reason claims, from our side; resignation needs no agreement. */
const CLAIMED: Readonly<Record<number, { result: DxpGameReport['result']; text: string }>> = {
  [DXP_END_WIN]: { result: 'loss', text: 'a win' },
  [DXP_END_DRAW]: { result: 'draw', text: 'a draw' },
  [DXP_END_RESIGN]: { result: 'win', text: 'to resign' },
};
/** The reason that confirms a peer's `E`. */
const MIRRORED: Readonly<Record<number, number>> = {
  [DXP_END_RESIGN]: DXP_END_WIN,
  [DXP_END_WIN]: DXP_END_RESIGN,
  [DXP_END_DRAW]: DXP_END_DRAW,
};
/** Our own `E` reason for a result from our side. */
const OUR_END: Readonly<Record<DxpGameReport['result'], number>> = {
  win: DXP_END_WIN,
  loss: DXP_END_RESIGN,
  draw: DXP_END_DRAW,
  aborted: DXP_END_UNKNOWN,
};

/** Tell the person of a failure: `onProblem`, else `onEvent`. */
function problem(options: DxpSessionOptions, text: string): void {
  (options.onProblem ?? options.onEvent)?.(text);
}

function refuse(channel: DxpChannel, options: DxpSessionOptions, error: string): void {
  problem(options, `refused a malformed message: ${error}`);
  channel.send({ type: 'C', text: `malformed message ignored: ${error}` });
}

function describeMove(m: { from: number; to: number; captures: readonly number[] }): string {
  return m.captures.length === 0 ? `${m.from}-${m.to}` : [m.from, m.to, ...m.captures].join('x');
}

function describe(incoming: DxpIncoming): string {
  if (incoming.kind === 'message') return `'${incoming.text}'`;
  if (incoming.kind === 'malformed') return `a malformed message (${incoming.error})`;
  return incoming.kind === 'closed' ? 'by closing the connection' : 'nothing in time';
}
