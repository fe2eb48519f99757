/**
 * The players of a match (match.ts): what a player is asked and answers (`MatchPlayer`), and the
 * players Damka brings — the engine at a level and limit (`damkaPlayer`, on helper threads when
 * given them), an external Hub engine (`hubPlayer`) and the weakest sensible baseline
 * (`biggestCapturePlayer`). Kept apart from the runner, which judges every player by the same
 * code and knows none of them.
 */
import type { Move, Position, Variant } from '@damka/rules';
import { mulberry32 } from '@damka/rules';
import { Engine, type SearchResult } from './engine.ts';
import type { EgdbProber } from './egdb/probe.ts';
import type { PatternTable } from './patterns.ts';
import type { OpeningBook } from './book/book.ts';
import { tableVerdict } from './egdb/verdict.ts';
import { HubClient, type HubClientOptions } from './protocols/hub-client.ts';
import type { SearchLimits } from './search.ts';
import type { Weights } from './weights.ts';
import type { SearchHelpers } from './threads.ts';

/**
 * Thrown by a player whose own rules end the game in a draw where the variant's rules play on
 * (an engine with its own draw counters): the game is recorded as drawn with this message.
 */
export class DrawClaim extends Error {
  override readonly name = 'DrawClaim';
}

/** What a player sees when it is asked for a move. */
export interface PlayerTurn {
  readonly start: Position;
  /** Moves played from `start`. */
  readonly moves: readonly Move[];
  /** The position to move in, and the positions before it (oldest first). */
  readonly position: Position;
  readonly history: readonly Position[];
  /** The legal moves; the answer must be one of them. */
  readonly legal: readonly Move[];
}

export interface MatchPlayer {
  /** Shown in the PDN tags and the report. */
  readonly name: string;
  /** Called before each game. */
  newGame?(variant: Variant): void | Promise<void>;
  move(turn: PlayerTurn): Move | Promise<Move>;
  /** Called once after the match (ends engine processes). */
  close?(): void | Promise<void>;
}

/** Damka at `level` within `limits` (default 1 s per move); one engine (and table) per match. */
export function damkaPlayer(options: {
  readonly level?: number;
  readonly limits?: SearchLimits;
  readonly seed?: number;
  readonly ttBits?: number;
  readonly name?: string;
  /** Sees every search's result (score, depth) before its move is played. */
  readonly onSearch?: (result: SearchResult) => void;
  /**
   * Endgame databases: probed by the search, and on its turn in an ending they hold as drawn the
   * player claims the draw (`DrawClaim`) instead of playing on; never in a won or lost one.
   */
  readonly egdb?: EgdbProber | null;
  /** The men's structure table (patterns.ts): null for none; by default the variant's own. */
  readonly patterns?: PatternTable | null;
  /** Named after the rest in the player's name when `patterns` is not the variant's own table. */
  readonly patternsLabel?: string;
  /** The opening book played from at levels 6–8 (book/); none by default. */
  readonly book?: OpeningBook | null;
  /** Evaluation weights on top of the variant's own (weights.ts): a trial set against the committed one. */
  readonly weights?: Partial<Weights>;
  /**
   * Helper threads for the engine of a variant (threads.ts; on Node `startHelpers`): searches
   * bounded by time run on `threads` threads. Named in the player's name.
   */
  readonly helpers?: (variant: Variant) => SearchHelpers;
  readonly threads?: number;
}): MatchPlayer {
  const level = options.level ?? 8;
  const limits = options.limits ?? { moveTime: 1000 };
  let engine: Engine | undefined;
  let helpers: SearchHelpers | undefined;
  let games = 0;
  const engineFor = (variant: Variant, seed?: number): Engine => {
    if (options.helpers) {
      void helpers?.close();
      helpers = options.helpers(variant);
    }
    return new Engine(variant, {
      ...own,
      ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(helpers ? { helpers } : {}),
    });
  };
  const own = {
    ...(options.egdb ? { egdb: options.egdb } : {}),
    ...(options.patterns !== undefined ? { patterns: options.patterns } : {}),
    ...(options.book ? { book: options.book } : {}),
    ...(options.weights ? { weights: options.weights } : {}),
  };
  return {
    name:
      options.name ??
      `Damka level ${level}, ${describeLimits(limits)}${options.book?.played && level >= 6 ? ', opening book' : ''}` +
        (options.patternsLabel !== undefined ? `, ${options.patternsLabel}` : '') +
        (options.helpers && (options.threads ?? 1) > 1 ? `, ${options.threads} threads` : ''),
    newGame(variant) {
      if (!engine || engine.variant !== variant) {
        engine = engineFor(variant, options.seed !== undefined ? options.seed + games : undefined);
      }
      games++;
      engine.newGame();
    },
    move(turn) {
      if (tableVerdict(options.egdb, turn.position)?.winner === null) {
        throw new DrawClaim('the endgame databases hold this ending as drawn');
      }
      const e = engine ?? (engine = engineFor(turn.position.variant));
      const r = e.search(turn.position, { level, limits, history: turn.history });
      if (!r.move) throw new Error('Damka found no move');
      options.onSearch?.(r);
      return r.move;
    },
    async close() {
      await helpers?.close();
    },
  };
}

/** An external Hub engine run by `options.command`, thinking within `limits` each move. */
export function hubPlayer(
  options: HubClientOptions & { readonly limits: SearchLimits; readonly name?: string },
): MatchPlayer & { readonly client: () => HubClient | undefined } {
  let client: HubClient | undefined;
  let starting: Promise<HubClient> | undefined;
  let name = options.name ?? options.command;
  const ensure = async (variant: Variant): Promise<HubClient> => {
    if (client) return client;
    starting ??= (async () => {
      const c = await HubClient.start(options);
      // a Hub-2 engine announcing a variant parameter is told the variant, unless given already
      const announced = c.params.find((p) => p.name === 'variant');
      if (announced && options.params?.variant === undefined) {
        const values = announced.values ?? [];
        const value = values.includes(variant.id)
          ? variant.id
          : variant.id === 'international' && values.includes('normal')
            ? 'normal'
            : undefined;
        if (value !== undefined) {
          c.send(`set-param name=variant value=${value}`);
          c.send('init');
          await c.ping();
        }
      }
      const id = c.id;
      if (options.name === undefined && id.name) {
        name = `${id.name}${id.version && !id.name.includes(id.version) ? ` ${id.version}` : ''}`;
        name += `, ${describeLimits(options.limits)}`;
      }
      return c;
    })();
    client = await starting;
    return client;
  };
  return {
    get name() {
      return name;
    },
    client: () => client,
    async newGame(variant) {
      (await ensure(variant)).newGame();
    },
    async move(turn) {
      const c = await ensure(turn.position.variant);
      const r = await c.think(turn.start, turn.moves, options.limits);
      return r.move;
    },
    async close() {
      if (client) await client.close();
      else if (starting) await (await starting.catch(() => undefined))?.close();
    },
  };
}

/**
 * The weakest sensible player: always a capture taking the most pieces when it must capture, any
 * legal move at random otherwise (seeded, so a run can be repeated).
 */
export function biggestCapturePlayer(seed = 1): MatchPlayer {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T =>
    items[Math.floor(((random() >>> 0) / 2 ** 32) * items.length)]!;
  return {
    name: 'biggest capture, else random',
    move({ legal }) {
      const most = Math.max(...legal.map((m) => m.captures.length));
      return pick(most > 0 ? legal.filter((m) => m.captures.length === most) : legal);
    },
  };
}

/** "level 8, 1000 ms/move", "depth 6", "20000 nodes". */
export function describeLimits(limits: SearchLimits): string {
  const parts: string[] = [];
  if (limits.moveTime !== undefined) parts.push(`${limits.moveTime} ms/move`);
  if (limits.depth !== undefined) parts.push(`depth ${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`${limits.nodes} nodes`);
  if (limits.clock) parts.push(`clock ${limits.clock.time} ms + ${limits.clock.increment ?? 0}`);
  if (limits.infinite) parts.push('infinite');
  return parts.join(', ') || 'no limit';
}
