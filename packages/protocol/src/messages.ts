/**
 * The online-play protocol: every message the browser (or any client) and the server exchange,
 * as valibot schemas, so both sides accept exactly the same shapes. Types are inferred from the
 * schemas, never written twice. docs/protocol.md describes the conversation in prose.
 *
 * Everything received is untrusted: `parseClientMessage` and `parseServerMessage` take raw text,
 * refuse anything longer than `MAX_MESSAGE_BYTES`, anything that is not JSON, and any object that
 * does not match a schema exactly (strict objects: unknown keys are refused too), and return a
 * value — they never throw.
 */
import * as v from 'valibot';

/** Bumped on any incompatible change; a client speaking another version is refused. */
export const PROTOCOL_VERSION = 1;

/** Largest WebSocket message either side accepts, in bytes. */
export const MAX_MESSAGE_BYTES = 4096;

/** Longest move text accepted (the rules package reads at most 200 characters). */
export const MAX_MOVE_TEXT = 200;

/** A seat secret: 128 random bits as base64url without padding (22 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A game id: 12 base64url characters (72 random bits; ids are public, secrets are not). */
export const GAME_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

/**
 * How long a player must have had no connection to a running game before the opponent may claim
 * the win or a draw (servers may be configured otherwise; the server decides).
 */
export const CLAIM_AFTER_MS = 60_000;

/** A game may be aborted (ended without a result) while it has fewer actions than this. */
export const ABORT_BEFORE_PLY = 2;

/** Longest game the server keeps (actions); a game reaching it ends drawn. */
export const MAX_PLIES = 2000;

const Color = v.picklist(['white', 'black']);
export type Color = v.InferOutput<typeof Color>;

/** Who a connection is: one of the two players, or someone watching. */
export const Seat = v.picklist(['white', 'black', 'spectator']);
export type Seat = v.InferOutput<typeof Seat>;

const Ply = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PLIES));
const GameId = v.pipe(v.string(), v.regex(GAME_ID_PATTERN));
const Token = v.pipe(v.string(), v.regex(TOKEN_PATTERN));

/** A clock: initial time and increment per move, in seconds. */
export const ClockSetting = v.strictObject({
  initial: v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(3 * 3600)),
  increment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600)),
});
export type ClockSetting = v.InferOutput<typeof ClockSetting>;

/** Names a record quietly drops (they could reach an object's prototype): refused instead. */
const UNSAFE_NAMES = ['constructor', 'prototype', '__proto__'];

/**
 * House rules by name. A plain object only (not an array), and no name is dropped on the way: a
 * name the schema would skip is refused here, so the server's unknown-name check sees every name.
 */
const OptionsSchema = v.pipe(
  v.custom<Record<string, boolean>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    'options are an object of house-rule names and true or false',
  ),
  v.check(
    (input) => !Object.keys(input).some((name) => UNSAFE_NAMES.includes(name)),
    (issue) =>
      `unknown option '${Object.keys(issue.input as object).find((n) => UNSAFE_NAMES.includes(n))}'`,
  ),
  v.record(v.pipe(v.string(), v.regex(/^[A-Za-z]{1,40}$/)), v.boolean()),
);

// ---------------------------------------------------------------------------------------------
// HTTP

/** `POST /api/games`: what to play. */
export const CreateGameRequest = v.strictObject({
  variant: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,30}$/)),
  options: v.optional(OptionsSchema),
  fen: v.optional(v.pipe(v.string(), v.maxLength(400))),
  clock: v.optional(v.nullable(ClockSetting)),
});
export type CreateGameRequest = v.InferOutput<typeof CreateGameRequest>;

/** The answer to `POST /api/games`: one private link per seat, one public link to watch. */
export interface CreateGameResponse {
  readonly gameId: string;
  readonly white: { readonly token: string; readonly url: string };
  readonly black: { readonly token: string; readonly url: string };
  readonly spectator: { readonly url: string };
}

// ---------------------------------------------------------------------------------------------
// Shared records

/** The rules and clock of a game, fixed at its creation. */
export const GameInfo = v.strictObject({
  id: GameId,
  variant: v.string(),
  options: OptionsSchema,
  fen: v.nullable(v.string()),
  clock: v.nullable(ClockSetting),
  /** The game this one is a rematch of, if any. */
  rematchOf: v.nullable(v.string()),
});
export type GameInfo = v.InferOutput<typeof GameInfo>;

/**
 * One recorded action: a move, a burned piece (huff rules) or a demanded replay (Dhamet
 * souffle). `ply` is its index in the game's action list; `text` is the move in the variant's
 * notation, the burned square's name, or empty for a replay.
 */
export const Action = v.strictObject({
  ply: Ply,
  kind: v.picklist(['move', 'burn', 'replay']),
  text: v.pipe(v.string(), v.maxLength(MAX_MOVE_TEXT)),
  color: Color,
  /** Server time (ms since the epoch) when the action was recorded. */
  at: v.number(),
});
export type Action = v.InferOutput<typeof Action>;

/** Milliseconds left on each clock when the message was sent, and whose clock runs. */
export const ClockState = v.strictObject({
  white: v.number(),
  black: v.number(),
  running: v.nullable(Color),
});
export type ClockState = v.InferOutput<typeof ClockState>;

/**
 * How a game ended: `reason` is a rules-package outcome code or `timeout`, `maxLength`,
 * `aborted` (no result; `side` aborted it) or `abandoned` (`side` left, the opponent claimed).
 */
export const OutcomeInfo = v.strictObject({
  winner: v.nullable(Color),
  reason: v.string(),
  /** The side the reason is about (who resigned, ran out of time or had no move). */
  side: v.nullable(Color),
  text: v.string(),
});
export type OutcomeInfo = v.InferOutput<typeof OutcomeInfo>;

/** Everything about a game that changes besides its actions. */
export const LiveState = v.strictObject({
  /** Number of actions recorded: the ply the next action must carry. */
  ply: Ply,
  clock: v.nullable(ClockState),
  outcome: v.nullable(OutcomeInfo),
  /** A standing draw offer and who made it. */
  drawOffer: v.nullable(Color),
  /** Rematch requests after the end, and the new game once both asked. */
  rematch: v.strictObject({ white: v.boolean(), black: v.boolean(), game: v.nullable(GameId) }),
  /** Whether each seat's link has been opened at least once. */
  joined: v.strictObject({ white: v.boolean(), black: v.boolean() }),
  /**
   * Server time (ms since the epoch) since which each player has had no connection to the game,
   * or null while connected (or when the server does not know): the opponent of a player absent
   * for `CLAIM_AFTER_MS` may claim.
   */
  absent: v.strictObject({ white: v.nullable(v.number()), black: v.nullable(v.number()) }),
});
export type LiveState = v.InferOutput<typeof LiveState>;

// ---------------------------------------------------------------------------------------------
// Client → server

export const ClientMessage = v.variant('type', [
  /** Join (or rejoin) a game; `since` = actions the client already holds. Also asks for a resync. */
  v.strictObject({
    type: v.literal('hello'),
    v: v.literal(PROTOCOL_VERSION),
    game: GameId,
    token: v.optional(Token),
    since: Ply,
  }),
  v.strictObject({
    type: v.literal('move'),
    ply: Ply,
    move: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_MOVE_TEXT)),
  }),
  v.strictObject({
    type: v.literal('burn'),
    ply: Ply,
    square: v.pipe(v.string(), v.minLength(1), v.maxLength(8)),
  }),
  v.strictObject({ type: v.literal('replay'), ply: Ply }),
  v.strictObject({ type: v.literal('resign') }),
  v.strictObject({ type: v.literal('draw'), action: v.picklist(['offer', 'accept', 'decline']) }),
  v.strictObject({ type: v.literal('rematch') }),
  /** End the game without a result; only before `ABORT_BEFORE_PLY` actions. */
  v.strictObject({ type: v.literal('abort') }),
  /** Claim the win or a draw because the opponent has left (see `CLAIM_AFTER_MS`). */
  v.strictObject({ type: v.literal('claim'), result: v.picklist(['win', 'draw']) }),
  v.strictObject({
    type: v.literal('ping'),
    n: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31)),
  }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

// ---------------------------------------------------------------------------------------------
// Server → client

/** Error codes; each comes with an English message. */
export const ERROR_CODES = [
  'badMessage',
  'tooLarge',
  'rateLimited',
  'badVersion',
  'notFound',
  'unauthorized',
  'notJoined',
  'spectator',
  'notYourTurn',
  'stalePly',
  'futurePly',
  'illegalMove',
  'gameOver',
  'noDrawOffer',
  'notOver',
  'cannotAbort',
  'cannotClaim',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ServerMessage = v.variant('type', [
  /** Answer to `hello`: the game, the caller's seat, the actions from `from` on, and the state. */
  v.strictObject({
    type: v.literal('welcome'),
    v: v.literal(PROTOCOL_VERSION),
    game: GameInfo,
    seat: Seat,
    from: Ply,
    actions: v.array(Action),
    state: LiveState,
  }),
  /** The caller's action is stored (or was already: `duplicate`). */
  v.strictObject({
    type: v.literal('ack'),
    action: Action,
    duplicate: v.boolean(),
  }),
  /** An action was recorded (sent to every connection of the game, the mover's included). */
  v.strictObject({ type: v.literal('played'), action: Action, state: LiveState }),
  /** The state changed without an action: draw offer, end, rematch request, a seat joined. */
  v.strictObject({ type: v.literal('update'), state: LiveState }),
  /** Both players asked for a rematch: the new game, with the receiver's new secret if a player. */
  v.strictObject({
    type: v.literal('rematch'),
    game: GameId,
    seat: Seat,
    token: v.optional(Token),
  }),
  v.strictObject({
    type: v.literal('error'),
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    /** For ply errors: the ply the server expected. */
    expected: v.optional(Ply),
  }),
  v.strictObject({ type: v.literal('pong'), n: v.number(), at: v.number() }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: 'badMessage' | 'tooLarge'; readonly message: string };

function parseWith<T>(
  schema: v.GenericSchema<unknown, T>,
  text: string,
  what: string,
): ParseResult<T> {
  if (typeof text !== 'string') return { ok: false, code: 'badMessage', message: 'not text' };
  if (text.length > MAX_MESSAGE_BYTES) {
    return {
      ok: false,
      code: 'tooLarge',
      message: `message longer than ${MAX_MESSAGE_BYTES} bytes`,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: 'badMessage', message: 'not JSON' };
  }
  const result = v.safeParse(schema, data);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return {
    ok: false,
    code: 'badMessage',
    message: `not a ${what}${path ? ` (at ${path})` : ''}: ${issue.message}`,
  };
}

/** Read a message sent by a client. */
export function parseClientMessage(text: string): ParseResult<ClientMessage> {
  return parseWith(ClientMessage, text, 'client message');
}

/** Read a message sent by the server. */
export function parseServerMessage(text: string): ParseResult<ServerMessage> {
  return parseWith(ServerMessage, text, 'server message');
}

/** Read a create-game request body (already parsed from JSON). */
export function parseCreateGame(
  body: unknown,
): { ok: true; value: CreateGameRequest } | { ok: false; message: string } {
  const result = v.safeParse(CreateGameRequest, body);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: `${path ? `${path}: ` : ''}${issue.message}` };
}
