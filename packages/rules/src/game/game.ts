/**
 * `Game`: a start position plus everything played from it — moves, burns under huff rules,
 * retractions demanded under Dhamet's souffle, resignation and agreed draws — with undo and the
 * outcome under the variant's rules.
 *
 * The game is a stack of nodes, one per event, each holding the position reached, the draw-rule
 * counters (`draws.ts`) and the outcome if the game ended there. Undo pops a node, so it restores
 * every counter exactly. Positions stay immutable `Position`s; the game only adds what a position
 * cannot know: history (repetition, move counts), pending huff decisions and the end of the game.
 *
 * Huff rules (docs/decisions.md, `burnedPieces` and Dhamet `souffle`): after a move that ignored or cut
 * short a capture the base rules require, `Position.burnable` lists the offender's pieces liable to
 * be burned. Before his own move the opponent may `burn` one of them — recorded as an event, not a
 * move; his turn continues — or simply move, which declines. Under `souffle` he may instead
 * `demandReplay`: the offending move is taken back (the record keeps both the move and the
 * retraction) and the offender must now play a capture taking the most pieces (docs/rules.md §5.17, S3).
 *
 * Choices where the rulebooks are silent, as a serious site would make them:
 * - While a huff decision is pending, "cannot move" is not judged yet: a burn may free a blocked
 *   side. Draw rules are judged as usual.
 * - A side left without pieces by a burn loses at once.
 * - Material adjudication (house rule) applies to every drawn result, agreed draws included.
 */
import { err, ok, opposite, type Color, type Piece, type Result, type Square } from '../types.ts';
import type { Variant } from '../variant.ts';
import { Position, movesFromList, type Move } from '../position.ts';
import { formatMove, sameMove } from '../notation/moves.ts';
import { MoveList } from '../movegen/move-list.ts';
import { MoveGenerator } from '../movegen/generator.ts';
import { OBLIGATION_SOUFFLE } from '../variants/compile.ts';
import {
  advanceDraws,
  drawProgress,
  drawReason,
  initialDraws,
  positionKey,
  type DrawProgress,
  type DrawState,
} from './draws.ts';
import { isDrawReason, makeOutcome, type Outcome, type OutcomeReason } from './outcome.ts';
import {
  explainMove,
  fitsRoute,
  type ExplainOptions,
  type Explanation,
  type MoveAttempt,
} from '../explain.ts';

/** One entry of the game record. */
export type GameEvent =
  | { readonly kind: 'move'; readonly color: Color; readonly move: Move }
  /** `color` burned the opponent's piece on `square` (huff rules); not a move */
  | { readonly kind: 'burn'; readonly color: Color; readonly square: Square; readonly piece: Piece }
  /** `color` made the opponent take back `move` and replay a longest capture (Dhamet souffle) */
  | { readonly kind: 'retraction'; readonly color: Color; readonly move: Move }
  | { readonly kind: 'resignation'; readonly color: Color }
  | { readonly kind: 'drawAgreement' };

/** A huff decision open to the side to move after the opponent's offending move. */
export interface HuffOffer {
  /** The side that may punish (the side to move). */
  readonly color: Color;
  /** The offending move. */
  readonly move: Move;
  /** Pieces of the offender that may be burned. */
  readonly burnable: readonly Square[];
  /** Souffle: the offender may instead be made to replay a longest capture. */
  readonly canDemandReplay: boolean;
}

export type GameErrorCode =
  'gameOver' | 'illegalMove' | 'noHuff' | 'notBurnable' | 'noReplay' | 'nothingToUndo';

export interface GameError {
  readonly code: GameErrorCode;
  readonly message: string;
}

interface Node {
  readonly event: GameEvent | undefined;
  /** The move that led to this position in the line of play (a retraction node stands in for the node it restores). */
  readonly lineMove: Move | undefined;
  readonly position: Position;
  readonly draws: DrawState;
  /** Index of the node before this one in the line of play (retracted moves are left out). */
  readonly parent: number;
  readonly key: string;
  /** Occurrences of this position (same side to move) in the line of play, this one included. */
  readonly repetitions: number;
  readonly huff: HuffOffer | undefined;
  /** After a retraction: the side to move must play a capture taking the most pieces. */
  readonly mustReplay: boolean;
  readonly outcome: Outcome | undefined;
}

export class Game {
  readonly variant: Variant;
  /** The position the game started from. */
  readonly initial: Position;
  private readonly nodes: Node[];

  private constructor(initial: Position) {
    this.variant = initial.variant;
    this.initial = initial;
    const draws = initialDraws(this.variant.rules, initial);
    const key = positionKey(initial);
    this.nodes = [];
    this.nodes.push(
      this.makeNode(undefined, undefined, initial, draws, -1, key, 1, undefined, false),
    );
  }

  /** A new game from the variant's start position. */
  static start(variant: Variant): Game {
    return new Game(Position.start(variant));
  }

  /** A new game from any position (its draw counters start at zero). */
  static fromPosition(position: Position): Game {
    return new Game(position);
  }

  private get node(): Node {
    return this.nodes[this.nodes.length - 1]!;
  }

  /** The current position. */
  get position(): Position {
    return this.node.position;
  }

  get turn(): Color {
    return this.node.position.turn;
  }

  /** The game record: every event in order, including burns and retracted moves. */
  get events(): readonly GameEvent[] {
    return this.nodes.slice(1).map((n) => n.event!);
  }

  /** The moves of the line of play, in order (retracted moves left out). */
  get moves(): readonly Move[] {
    const out: Move[] = [];
    for (let i = this.nodes.length - 1; i > 0; i = this.nodes[i]!.parent) {
      const move = this.nodes[i]!.lineMove;
      if (move) out.push(move);
    }
    return out.reverse();
  }

  /** Moves played in the line of play. */
  get ply(): number {
    return this.node.draws.ply;
  }

  /** How the game ended, or `undefined` while it goes on. */
  get outcome(): Outcome | undefined {
    return this.node.outcome;
  }

  /** The huff decision open to the side to move, if any. */
  get huff(): HuffOffer | undefined {
    return this.node.outcome ? undefined : this.node.huff;
  }

  /** After a retraction: the side to move must play a capture taking the most pieces. */
  get mustReplay(): boolean {
    return this.node.mustReplay;
  }

  /** Draw counters of the current position. */
  get drawState(): DrawState {
    return this.node.draws;
  }

  /** How many times the current position has occurred (same side to move). */
  get repetitions(): number {
    return this.node.repetitions;
  }

  /** The running move-count draw rules and how far they have got. */
  drawProgress(): DrawProgress[] {
    return drawProgress(this.variant.rules, this.node.draws, this.node.position);
  }

  /** The moves the side to move may play now: none once the game is over. */
  legalMoves(): readonly Move[] {
    const node = this.node;
    if (node.outcome) return [];
    return node.mustReplay ? longestCaptures(node.position) : node.position.legalMoves();
  }

  /** Play a move (one of `legalMoves()`, or an equal one). Declines any pending huff. */
  play(move: Move): Result<Move, GameError> {
    const node = this.node;
    if (node.outcome)
      return err({ code: 'gameOver', message: `the game is over: ${node.outcome.text}` });
    const legal = this.legalMoves().find((m) => sameMove(m, move));
    if (!legal) return err({ code: 'illegalMove', message: 'that move is not legal here' });
    const position = node.position.play(legal);
    const draws = advanceDraws(
      this.variant.rules,
      node.draws,
      { kind: 'move', move: legal },
      position,
    );
    const event: GameEvent = { kind: 'move', color: node.position.turn, move: legal };
    this.push(event, position, draws, this.nodes.length - 1, offerAfter(position, legal), false);
    return ok(legal);
  }

  /** Huff rules: burn the offender's piece on `square` (not a move; the same side then moves). */
  burn(square: Square): Result<void, GameError> {
    const node = this.node;
    const huff = this.huff;
    if (node.outcome)
      return err({ code: 'gameOver', message: `the game is over: ${node.outcome.text}` });
    if (!huff)
      return err({
        code: 'noHuff',
        message: 'there is nothing to burn: the last move broke no capture rule',
      });
    const burned = node.position.burn(square);
    const piece = node.position.pieceAt(square);
    if (!burned.ok || !piece) {
      const names = huff.burnable.map((sq) => this.variant.squares.names[sq]).join(', ');
      return err({
        code: 'notBurnable',
        message: `that piece cannot be burned (burnable: ${names})`,
      });
    }
    const draws = advanceDraws(this.variant.rules, node.draws, { kind: 'burn' }, burned.value);
    const event: GameEvent = { kind: 'burn', color: node.position.turn, square, piece };
    this.push(event, burned.value, draws, this.nodes.length - 1, undefined, false);
    return ok(undefined);
  }

  /**
   * Dhamet souffle: take back the opponent's offending move; he must replay a capture taking the
   * most pieces.
   */
  demandReplay(): Result<void, GameError> {
    const node = this.node;
    const huff = this.huff;
    if (node.outcome)
      return err({ code: 'gameOver', message: `the game is over: ${node.outcome.text}` });
    if (!huff || !huff.canDemandReplay) {
      return err({
        code: 'noReplay',
        message: 'no replay can be demanded: the last move broke no souffle rule',
      });
    }
    const before = this.nodes[node.parent]!;
    const position =
      before.position.burnable.length > 0 ? withoutOffer(before.position) : before.position;
    const event: GameEvent = { kind: 'retraction', color: node.position.turn, move: huff.move };
    this.nodes.push(
      this.makeNode(
        event,
        before.lineMove,
        position,
        before.draws,
        before.parent,
        before.key,
        before.repetitions,
        undefined,
        true,
      ),
    );
    return ok(undefined);
  }

  /**
   * Why `attempt` is or is not legal now: `explainMove` on the current position, plus what only the
   * game knows (the game is over; a souffle retraction obliges a longest capture).
   */
  explain(attempt: MoveAttempt, options: ExplainOptions = {}): Explanation {
    const node = this.node;
    if (node.outcome) {
      return {
        legal: false,
        code: 'gameOver',
        params: { result: node.outcome.text },
        moves: [],
        text: `The game is over: ${node.outcome.text}.`,
      };
    }
    const explanation = explainMove(node.position, attempt, options);
    if (!node.mustReplay || !explanation.legal) return explanation;
    const route = 'path' in attempt ? attempt.path : [attempt.from, attempt.to];
    const required = longestCaptures(node.position);
    if (required.some((m) => fitsRoute(m, route))) return explanation;
    const names = required.map((m) => formatMove(node.position, m)).join(', ');
    return {
      legal: false,
      code: 'mustReplayLongestCapture',
      params: { ...explanation.params, required: names },
      moves: required,
      text: `The offending move was taken back: play a capture taking the most pieces (${names}).`,
    };
  }

  /** `color` resigns. */
  resign(color: Color): Result<void, GameError> {
    return this.end({ kind: 'resignation', color }, { code: 'resignation', color });
  }

  /** Both players agree to a draw. */
  agreeDraw(): Result<void, GameError> {
    return this.end({ kind: 'drawAgreement' }, { code: 'agreement' });
  }

  /** Take back the last event (a move, burn, retraction, resignation or agreement). */
  undo(): Result<GameEvent, GameError> {
    if (this.nodes.length <= 1) return err({ code: 'nothingToUndo', message: 'nothing to undo' });
    return ok(this.nodes.pop()!.event!);
  }

  private end(event: GameEvent, reason: OutcomeReason): Result<void, GameError> {
    const node = this.node;
    if (node.outcome)
      return err({ code: 'gameOver', message: `the game is over: ${node.outcome.text}` });
    const outcome = this.outcomeFor(reason, node.position);
    this.nodes.push({
      ...node,
      event,
      lineMove: undefined,
      parent: this.nodes.length - 1,
      huff: undefined,
      mustReplay: false,
      outcome,
    });
    return ok(undefined);
  }

  private push(
    event: GameEvent,
    position: Position,
    draws: DrawState,
    parent: number,
    huff: HuffOffer | undefined,
    mustReplay: boolean,
  ): void {
    const key = positionKey(position);
    let repetitions = 1;
    for (let i = parent; i >= 0; i = this.nodes[i]!.parent) {
      if (this.nodes[i]!.key === key) repetitions++;
    }
    const lineMove = event.kind === 'move' ? event.move : undefined;
    this.nodes.push(
      this.makeNode(event, lineMove, position, draws, parent, key, repetitions, huff, mustReplay),
    );
  }

  private makeNode(
    event: GameEvent | undefined,
    lineMove: Move | undefined,
    position: Position,
    draws: DrawState,
    parent: number,
    key: string,
    repetitions: number,
    huff: HuffOffer | undefined,
    mustReplay: boolean,
  ): Node {
    const outcome = this.judge(position, draws, repetitions, huff, mustReplay);
    return {
      event,
      lineMove,
      position,
      draws,
      parent,
      key,
      repetitions,
      huff,
      mustReplay,
      outcome,
    };
  }

  /** The automatic outcome at a position reached in play, if any. */
  private judge(
    position: Position,
    draws: DrawState,
    repetitions: number,
    huff: HuffOffer | undefined,
    mustReplay: boolean,
  ): Outcome | undefined {
    const m = position.material();
    const other = opposite(position.turn);
    if ((other === 'white' ? m.white : m.black) === 0) {
      return this.outcomeFor({ code: 'noMoves', color: other, noPieces: true }, position);
    }
    const moves = mustReplay ? longestCaptures(position) : position.legalMoves();
    if (moves.length === 0 && !huff) {
      const own = position.turn === 'white' ? m.white : m.black;
      return this.outcomeFor(
        { code: 'noMoves', color: position.turn, noPieces: own === 0 },
        position,
      );
    }
    const draw = drawReason(this.variant.rules, draws, position, repetitions);
    return draw ? this.outcomeFor(draw, position) : undefined;
  }

  private outcomeFor(reason: OutcomeReason, position: Position): Outcome {
    const rules = this.variant.rules;
    if (isDrawReason(reason) && rules.materialAdjudication) {
      const m = position.material();
      return makeOutcome(reason, { material: { white: m.white, black: m.black } });
    }
    return makeOutcome(reason, { noMoveMeans: rules.noMoveMeans });
  }
}

/** The huff offer open to the side to move of `position` after `move`. */
function offerAfter(position: Position, move: Move): HuffOffer | undefined {
  if (position.burnable.length === 0) return undefined;
  return {
    color: position.turn,
    move,
    burnable: position.burnable,
    canDemandReplay: position.variant.compiled.obligation === OBLIGATION_SOUFFLE,
  };
}

/** The same position without a pending burn offer (it was declined by the move now taken back). */
function withoutOffer(position: Position): Position {
  const rebuilt = Position.fromSetup(position.variant, position.setup());
  return rebuilt.ok ? rebuilt.value : position;
}

const strictGenerators = new WeakMap<Variant, MoveGenerator>();

/** The moves the strict rules allow (compulsory capture of the most pieces): a huff's yardstick. */
export function longestCaptures(position: Position): Move[] {
  const variant = position.variant;
  let generator = strictGenerators.get(variant);
  if (!generator) {
    generator = new MoveGenerator(variant.compiled.strict);
    strictGenerators.set(variant, generator);
  }
  const list = new MoveList();
  generator.generate(position.board(), position.turn === 'white' ? 0 : 1, list, true);
  return movesFromList(list);
}
