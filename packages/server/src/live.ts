/**
 * `LiveGame`: one online game in memory — its rules `Game` (from `@damka/rules`, which judges
 * legality, outcomes and every draw rule), its recorded actions, its clocks and the small state a
 * table row holds (draw offer, rematch, seats joined). Pure: no I/O. The service loads it from the
 * database, checks an action here, writes it, and only then applies it here.
 *
 * Checking and applying are separate (`check` returns what would be recorded; `apply` records it)
 * so that nothing changes in memory unless the database write succeeded.
 */
import {
  Game,
  Position,
  formatMove,
  getVariant,
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
  type ClockSetting,
  type ClockState,
  type GameInfo,
  type LiveState,
  type OutcomeInfo,
} from '@damka/protocol';
import type { GamesTable } from './db.ts';

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
  /** The position before an action checked but not yet committed or rolled back. */
  private tentative: Position | null = null;
  readonly actions: Action[] = [];
  row: GamesTable;

  constructor(row: GamesTable, actions: readonly Action[]) {
    const options = JSON.parse(row.options) as Options;
    const start = startOf(row.variant, options, row.fen);
    if (!start.ok) throw new Error(`game ${row.id}: ${start.error}`);
    this.variant = start.position.variant;
    this.game = Game.fromPosition(start.position);
    this.row = row;
    this.info = {
      id: row.id,
      variant: row.variant,
      options: options as Record<string, boolean>,
      fen: row.fen,
      clock: clockOf(row),
      rematchOf: row.rematch_of,
    };
    for (const action of actions) this.replayAction(action);
  }

  get id(): string {
    return this.row.id;
  }

  get ply(): number {
    return this.actions.length;
  }

  get version(): number {
    return this.row.version;
  }

  get outcome(): OutcomeInfo | null {
    return this.row.outcome ? (JSON.parse(this.row.outcome) as OutcomeInfo) : null;
  }

  /** Apply a stored action (loading, or an action another node recorded). */
  replayAction(action: Action): void {
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
    return this.row.outcome ? null : this.game.turn;
  }

  /**
   * Check a request by `color` at time `now` against the current state. A new action is left
   * played on the rules game, tentatively: `commit` keeps it once it is written, `rollback` takes
   * it back if the write failed. Nothing else changes.
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
    if (this.row.outcome) return refuse('gameOver', 'the game is over');
    if (this.flagFallen(now)) return refuse('gameOver', 'the game is over: time ran out');
    if (this.game.turn !== color) return refuse('notYourTurn', 'it is not your turn');
    const before = this.game.position;
    const result = this.perform(request.kind, request.text);
    if (!result.ok) return refuse('illegalMove', result.error);
    const outcome = this.game.outcome;
    // left played on the rules game until `commit` (written) or `rollback` (not written)
    this.tentative = before;
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
   * The row after recording `action` (checked by `check`, which also said whether it ends the
   * game): ply, version, clocks, draw offer and outcome. Changes nothing in memory.
   */
  rowAfter(action: Action, outcome: Outcome | undefined): GamesTable {
    const row = this.row;
    const clock = this.info.clock;
    const next: GamesTable = {
      ...row,
      ply: row.ply + 1,
      version: row.version + 1,
      last_at: action.at,
    };
    if (clock && row.ply > 0) {
      const spent = action.at - row.last_at;
      const key = action.color === 'white' ? 'white_ms' : 'black_ms';
      next[key] = Math.max(0, row[key] - spent);
      if (action.kind === 'move') next[key] += clock.increment * 1000;
    }
    if (row.draw_offer !== null && row.draw_offer !== action.color) next.draw_offer = null;
    if (outcome) {
      next.outcome = JSON.stringify(outcomeInfo(outcome));
      next.ended_at = action.at;
      next.draw_offer = null;
    } else if (next.ply >= MAX_PLIES) {
      next.outcome = JSON.stringify({
        winner: null,
        reason: 'maxLength',
        side: null,
        text: `Draw: the game reached ${MAX_PLIES} actions`,
      } satisfies OutcomeInfo);
      next.ended_at = action.at;
    }
    return next;
  }

  /** Record an action already written to the database, with the row written with it. */
  commit(action: Action, row: GamesTable): void {
    if (this.tentative) {
      this.before.push(this.tentative);
      this.actions.push(action);
      this.tentative = null;
    } else {
      this.replayAction(action);
    }
    this.row = row;
  }

  /** Take back the action `check` left played (its write failed). */
  rollback(): void {
    if (!this.tentative) return;
    this.game.undo();
    this.tentative = null;
  }

  /** Milliseconds left on `color`'s clock at `now`. */
  timeLeft(color: Color, now: number): number {
    const row = this.row;
    const base = color === 'white' ? row.white_ms : row.black_ms;
    if (this.clockRunning() !== color) return base;
    return base - (now - row.last_at);
  }

  /** Whose clock runs: the side to move once the first move is made, while the game goes on. */
  clockRunning(): Color | null {
    if (!this.info.clock || this.row.outcome || this.row.ply === 0) return null;
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
    const row = this.row;
    return {
      ply: this.ply,
      clock: this.clockState(now),
      outcome: this.outcome,
      drawOffer: (row.draw_offer as Color | null) ?? null,
      rematch: {
        white: row.rematch_white === 1,
        black: row.rematch_black === 1,
        game: row.rematch_game,
      },
      joined: { white: row.joined_white === 1, black: row.joined_black === 1 },
      absent,
    };
  }
}

function refuse(code: Refusal['code'], message: string): Checked {
  return { kind: 'refused', refusal: { code, message } };
}

/** The clock setting stored in a row. */
export function clockOf(row: GamesTable): ClockSetting | null {
  return row.clock_initial === null
    ? null
    : { initial: row.clock_initial, increment: row.clock_increment ?? 0 };
}
