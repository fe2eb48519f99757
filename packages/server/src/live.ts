/**
 * `LiveGame`: one online game in memory — its rules `Game` (from `@damka/rules`, which judges
 * legality, outcomes and every draw rule), its recorded actions, and its stored status (clocks,
 * draw offer, rematch, seats joined). Pure: no I/O.
 *
 * It holds exactly what was committed to the database and nothing else: `check` judges a request
 * and says what would be recorded, leaving the game as it was, and only `advance` — called with
 * committed actions and statuses — changes it.
 */
import {
  Game,
  Position,
  formatMove,
  getVariant,
  isOptionName,
  OPTION_NAMES,
  parseMove,
  sameMove,
  type Color,
  type Options,
  type Outcome,
  type Variant,
} from '@damka/rules';
import {
  MAX_PLIES,
  type Action,
  type ClockState,
  type GameInfo,
  type LiveState,
  type OutcomeInfo,
} from '@damka/protocol';
import type { GameRecord, GameSetup, GameStatus } from './records.ts';

/** An action as a client asks for it. */
export type Request =
  | { readonly kind: 'move'; readonly ply: number; readonly text: string }
  | { readonly kind: 'burn'; readonly ply: number; readonly text: string }
  | { readonly kind: 'replay'; readonly ply: number; readonly text: string };

/** Why an action is refused (codes of the protocol). */
export interface Refusal {
  readonly code: 'notYourTurn' | 'stalePly' | 'futurePly' | 'illegalMove' | 'gameOver';
  readonly message: string;
}

/** The answer to a request: a new action to record, a repeat of a recorded one, or a refusal. */
export type Checked =
  /** `outcome`: how the game ends with this action, if it does. */
  | { readonly kind: 'new'; readonly action: Action; readonly outcome: Outcome | undefined }
  | { readonly kind: 'duplicate'; readonly action: Action }
  | { readonly kind: 'refused'; readonly refusal: Refusal };

/** The start position of a game's setup, or why there is none. */
export function startOf(
  variantId: string,
  options: Options,
  fen: string | null,
): { ok: true; position: Position } | { ok: false; error: string } {
  // a name no rule set knows would be stored with the game and cached as a variant of its own
  const unknown = Object.keys(options).find((name) => !isOptionName(name));
  if (unknown !== undefined) {
    return { ok: false, error: `unknown option '${unknown}' (known: ${OPTION_NAMES.join(', ')})` };
  }
  const variant = getVariant(variantId, options);
  if (!variant.ok) return { ok: false, error: variant.error };
  if (fen === null || fen.trim() === '')
    return { ok: true, position: Position.start(variant.value) };
  const position = Position.fromFen(variant.value, fen.trim());
  if (!position.ok) return { ok: false, error: `bad FEN: ${position.error.message}` };
  return { ok: true, position: position.value };
}

/** An outcome of the rules package in the protocol's form. */
export function outcomeInfo(outcome: Outcome): OutcomeInfo {
  const reason = outcome.reason;
  return {
    winner: outcome.winner ?? null,
    reason: reason.code,
    side: 'color' in reason ? reason.color : null,
    text: outcome.text,
  };
}

const NOBODY_ABSENT: LiveState['absent'] = { white: null, black: null };

export const capitalized = (c: Color) => (c === 'white' ? 'White' : 'Black');

export class LiveGame {
  readonly info: GameInfo;
  readonly variant: Variant;
  readonly game: Game;
  /** Position before each action (index = ply), for recognising repeated actions. */
  private readonly before: Position[] = [];
  readonly actions: Action[] = [];
  readonly setup: GameSetup;
  /** The stored status this copy is at. */
  status: GameStatus;

  /** The game as stored: its record and every action it has (`actions.length` = status ply). */
  constructor(record: GameRecord, actions: readonly Action[]) {
    const setup = record.setup;
    const start = startOf(setup.variant, setup.options as Options, setup.fen);
    if (!start.ok) throw new Error(`game ${setup.id}: ${start.error}`);
    this.variant = start.position.variant;
    this.game = Game.fromPosition(start.position);
    this.setup = setup;
    this.status = record.status;
    this.info = {
      id: setup.id,
      variant: setup.variant,
      options: { ...setup.options },
      fen: setup.fen,
      clock: setup.clock,
      rematchOf: setup.rematchOf,
    };
    for (const action of actions) this.replay(action);
    if (this.ply !== record.status.ply) {
      throw new Error(`game ${setup.id}: ${this.ply} actions stored for ply ${record.status.ply}`);
    }
  }

  get id(): string {
    return this.setup.id;
  }

  get ply(): number {
    return this.actions.length;
  }

  get version(): number {
    return this.status.version;
  }

  get outcome(): OutcomeInfo | null {
    return this.status.outcome;
  }

  /**
   * Apply a committed change: the action recorded with it (if any, at this game's ply) and the
   * status written with it. Throws, changing nothing, if the action does not replay here.
   */
  advance(action: Action | null, status: GameStatus): void {
    if (action) this.replay(action);
    this.status = status;
  }

  /** Apply a stored action (loading, or catching up with the database). */
  private replay(action: Action): void {
    if (action.ply !== this.actions.length) {
      throw new Error(`game ${this.id}: action ${action.ply} out of order`);
    }
    const position = this.game.position;
    const result = this.perform(action.kind, action.text);
    if (!result.ok)
      throw new Error(`game ${this.id}: stored action ${action.ply}: ${result.error}`);
    this.before.push(position);
    this.actions.push(action);
  }

  /** Play an action on the rules game; the text must be canonical or readable. */
  private perform(
    kind: Action['kind'],
    text: string,
  ): { ok: true; text: string } | { ok: false; error: string } {
    const game = this.game;
    if (kind === 'move') {
      const parsed = parseMove(game.position, text);
      if (!parsed.ok) return { ok: false, error: parsed.error.message };
      const canonical = formatMove(game.position, parsed.value);
      const played = game.play(parsed.value);
      if (!played.ok) return { ok: false, error: played.error.message };
      return { ok: true, text: canonical };
    }
    if (kind === 'burn') {
      const square = this.variant.squares.parse(text.trim());
      if (square < 0)
        return { ok: false, error: `no square ${text} in ${this.variant.rules.name}` };
      const burned = game.burn(square);
      if (!burned.ok) return { ok: false, error: burned.error.message };
      return { ok: true, text: this.variant.squares.names[square]! };
    }
    const replay = game.demandReplay();
    if (!replay.ok) return { ok: false, error: replay.error.message };
    return { ok: true, text: '' };
  }

  /** The side whose turn it is, or null once the game is over. */
  get turn(): Color | null {
    return this.status.outcome ? null : this.game.turn;
  }

  /**
   * Check a request by `color` at time `now` against the current state. Nothing changes: a new
   * action is tried on the rules game and taken back at once; it is applied by `advance` once
   * the database has it.
   */
  check(color: Color, request: Request, now: number): Checked {
    const ply = request.ply;
    if (ply < this.ply) {
      const recorded = this.actions[ply]!;
      if (recorded.color === color && recorded.kind === request.kind) {
        if (this.sameAsRecorded(ply, request)) return { kind: 'duplicate', action: recorded };
      }
      return refuse('stalePly', `ply ${ply} is already played; the game is at ply ${this.ply}`);
    }
    if (ply > this.ply) {
      return refuse('futurePly', `ply ${ply} is ahead of the game, which is at ply ${this.ply}`);
    }
    if (this.status.outcome) return refuse('gameOver', 'the game is over');
    if (this.flagFallen(now)) return refuse('gameOver', 'the game is over: time ran out');
    if (this.game.turn !== color) return refuse('notYourTurn', 'it is not your turn');
    const result = this.perform(request.kind, request.text);
    if (!result.ok) return refuse('illegalMove', result.error);
    const outcome = this.game.outcome;
    this.game.undo();
    return {
      kind: 'new',
      action: { ply, kind: request.kind, text: result.text, color, at: now },
      outcome,
    };
  }

  /** Is `request` the action recorded at `ply` (the same move however it is written)? */
  private sameAsRecorded(ply: number, request: Request): boolean {
    const recorded = this.actions[ply]!;
    if (request.kind === 'replay') return true;
    const position = this.before[ply]!;
    if (request.kind === 'burn') {
      return (
        this.variant.squares.parse(request.text.trim()) ===
        this.variant.squares.parse(recorded.text)
      );
    }
    const parsed = parseMove(position, request.text);
    if (!parsed.ok) return false;
    const recordedMove = parseMove(position, recorded.text);
    return recordedMove.ok && sameMove(parsed.value, recordedMove.value);
  }

  /**
   * The status after recording `action` (checked by `check`, which also said whether it ends the
   * game): ply, version, clocks, draw offer and outcome. Changes nothing in memory.
   */
  statusAfter(action: Action, outcome: Outcome | undefined): GameStatus {
    const status = this.status;
    const clock = this.info.clock;
    let { whiteMs, blackMs, drawOffer } = status;
    if (clock && status.ply > 0) {
      const spent = action.at - status.lastAt;
      const gained = action.kind === 'move' ? clock.increment * 1000 : 0;
      if (action.color === 'white') whiteMs = Math.max(0, whiteMs - spent) + gained;
      else blackMs = Math.max(0, blackMs - spent) + gained;
    }
    if (drawOffer !== null && drawOffer !== action.color) drawOffer = null;
    const next: GameStatus = {
      ...status,
      ply: status.ply + 1,
      version: status.version + 1,
      lastAt: action.at,
      whiteMs,
      blackMs,
      drawOffer,
    };
    if (outcome) {
      return { ...next, outcome: outcomeInfo(outcome), endedAt: action.at, drawOffer: null };
    }
    if (next.ply >= MAX_PLIES) {
      const outcome: OutcomeInfo = {
        winner: null,
        reason: 'maxLength',
        side: null,
        text: `Draw: the game reached ${MAX_PLIES} actions`,
      };
      return { ...next, outcome, endedAt: action.at };
    }
    return next;
  }

  /** Milliseconds left on `color`'s clock at `now`. */
  timeLeft(color: Color, now: number): number {
    const status = this.status;
    const base = color === 'white' ? status.whiteMs : status.blackMs;
    if (this.clockRunning() !== color) return base;
    return base - (now - status.lastAt);
  }

  /** Whose clock runs: the side to move once the first move is made, while the game goes on. */
  clockRunning(): Color | null {
    if (!this.info.clock || this.status.outcome || this.status.ply === 0) return null;
    return this.game.turn;
  }

  /** Has the side to move run out of time at `now`? */
  flagFallen(now: number): boolean {
    const running = this.clockRunning();
    return running !== null && this.timeLeft(running, now) <= 0;
  }

  /** The outcome when the side to move's flag has fallen. */
  timeoutOutcome(): OutcomeInfo {
    const loser = this.game.turn;
    const winner: Color = loser === 'white' ? 'black' : 'white';
    return {
      winner,
      reason: 'timeout',
      side: loser,
      text: `${capitalized(winner)} wins: ${capitalized(loser)} ran out of time`,
    };
  }

  /** The outcome of a resignation or an agreed draw, judged by the rules game. */
  endOutcome(event: { kind: 'resign'; color: Color } | { kind: 'agreement' }): OutcomeInfo {
    const result = event.kind === 'resign' ? this.game.resign(event.color) : this.game.agreeDraw();
    if (!result.ok) throw new Error(result.error.message);
    const outcome = this.game.outcome!;
    this.game.undo();
    return outcomeInfo(outcome);
  }

  /** The clocks at `now`. */
  clockState(now: number): ClockState | null {
    if (!this.info.clock) return null;
    return {
      white: Math.max(0, Math.round(this.timeLeft('white', now))),
      black: Math.max(0, Math.round(this.timeLeft('black', now))),
      running: this.clockRunning(),
    };
  }

  /** Everything but the actions, as sent to clients; `absent` comes from the connections. */
  state(now: number, absent: LiveState['absent'] = NOBODY_ABSENT): LiveState {
    const status = this.status;
    return {
      ply: this.ply,
      clock: this.clockState(now),
      outcome: status.outcome,
      drawOffer: status.drawOffer,
      rematch: {
        white: status.rematchWhite,
        black: status.rematchBlack,
        game: status.rematchGame,
      },
      joined: { white: status.joinedWhite, black: status.joinedBlack },
      absent,
    };
  }
}

function refuse(code: Refusal['code'], message: string): Checked {
  return { kind: 'refused', refusal: { code, message } };
}
