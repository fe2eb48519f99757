/**
 * Game review: the engine over every position of a game, each move marked by how much it lost
 * (see `classify.ts`), with the better move and its line, and each side's accuracy.
 *
 * Each position is searched once, to a fixed depth, with the game before it as history: the
 * score of position i is the best the mover could get, and minus the score of position i+1 is
 * what the move played got, so a game of n plies costs n+1 searches. `Reviewer` does one
 * position per `step()`, so the web worker can report progress and answer "stop" between steps
 * while the CLI simply loops; `annotatePdn` writes the result into a PDN game as NAGs, comments
 * and a variation with the better line.
 */
import {
  formatMove,
  renameMove,
  type Move,
  type PdnGame,
  type PdnLine,
  type PdnMove,
  type Position,
  type SquareNaming,
} from '@damka/rules';
import { Engine } from '../engine.ts';
import { MATE } from '../search.ts';
import {
  NAGS,
  classifyMove,
  moveLoss,
  summarize,
  type MoveClass,
  type SideSummary,
} from './classify.ts';

/**
 * The review's default depth: a 60-move game in under 30 s on a slow shared machine (see
 * BENCHMARKS.md): 10 plies on boards of 32 squares or fewer, 8 on larger ones, and less where the
 * bench game took longer (Dhamet 112 s at depth 8, Turkish 30 s at 8, Israeli 40 s at 10).
 */
const REVIEW_DEPTHS: Readonly<Record<string, number>> = { dhamet: 6, turkish: 7, israeli: 9 };

export function defaultReviewDepth(boardSize: number, variantId?: string): number {
  const own = variantId === undefined ? undefined : REVIEW_DEPTHS[variantId];
  return own ?? (boardSize > 32 ? 8 : 10);
}

/** Moves of the better line kept for display. */
const LINE_LENGTH = 6;

export interface ReviewedPly {
  /** 0-based ply: the move played from `positions[ply]`. */
  readonly ply: number;
  readonly side: 0 | 1;
  /** The move played, in the variant's notation. */
  readonly played: string;
  /** The mover's score with the best move, and with the move played (hundredths of a man). */
  readonly bestScore: number;
  readonly playedScore: number;
  readonly loss: number;
  readonly mark: MoveClass;
  /** The engine's move and line from this position (texts), when the move played was not it. */
  readonly better?: string;
  readonly line?: readonly string[];
  /** Score of the position after the move, from white's side (the graph). */
  readonly whiteScore: number;
}

export interface ReviewResult {
  readonly depth: number;
  readonly plies: readonly ReviewedPly[];
  /** White (0) and black (1). */
  readonly sides: readonly [SideSummary, SideSummary];
  /** True when stopped before the last position. */
  readonly partial: boolean;
  /** Nodes searched over all positions (the same for the same game, depth and engine). */
  readonly nodes: number;
}

/** One search per `step()`; `result()` at any time gives what is known so far. */
export class Reviewer {
  private readonly scores: number[] = [];
  private readonly bestMoves: Array<Move | undefined> = [];
  private readonly lines: Array<readonly Move[]> = [];
  private searched = 0;

  constructor(
    private readonly engine: Engine,
    /** `positions[i]` before `moves[i]`; one more position than moves. */
    private readonly positions: readonly Position[],
    private readonly moves: readonly Move[],
    readonly depth: number,
    private readonly nodes = 5_000_000,
  ) {
    if (positions.length !== moves.length + 1) {
      throw new Error(
        `a review needs one position more than moves (${positions.length}, ${moves.length})`,
      );
    }
    engine.newGame();
  }

  /** Positions searched so far, out of `total`. */
  get done(): number {
    return this.scores.length;
  }

  get total(): number {
    return this.positions.length;
  }

  /** Search the next position; false when every position is done. */
  step(): boolean {
    const i = this.scores.length;
    if (i >= this.positions.length) return false;
    const p = this.positions[i]!;
    if (p.legalMoves().length === 0) {
      this.scores.push(p.variant.rules.noMoveMeans === 'loss' ? -MATE : MATE);
      this.bestMoves.push(undefined);
      this.lines.push([]);
    } else {
      const r = this.engine.analyse(p, {
        limits: { depth: this.depth, nodes: this.nodes },
        history: this.positions.slice(Math.max(0, i - 100), i),
      });
      this.searched += r.nodes;
      this.scores.push(r.score);
      this.bestMoves.push(r.move);
      this.lines.push(r.pv.length > 0 ? r.pv : r.move ? [r.move] : []);
    }
    return this.scores.length < this.positions.length;
  }

  result(): ReviewResult {
    const plies: ReviewedPly[] = [];
    for (let i = 0; i + 1 < this.scores.length; i++) {
      const p = this.positions[i]!;
      const move = this.moves[i]!;
      const side: 0 | 1 = p.turn === 'white' ? 0 : 1;
      const playedScore = -this.scores[i + 1]!;
      const best = this.bestMoves[i];
      const wasBest = best !== undefined && sameMove(best, move);
      const bestScore = Math.max(this.scores[i]!, playedScore);
      const loss = wasBest ? 0 : moveLoss(bestScore, playedScore);
      const mark = classifyMove(loss, wasBest);
      const after = this.scores[i + 1]!;
      const entry: ReviewedPly = {
        ply: i,
        side,
        played: formatMove(p, move),
        bestScore,
        playedScore,
        loss,
        mark,
        whiteScore: this.positions[i + 1]!.turn === 'white' ? after : -after,
        ...(best && !wasBest
          ? { better: formatMove(p, best), line: lineTexts(p, this.lines[i]!) }
          : {}),
      };
      plies.push(entry);
    }
    const sides = summarize(
      plies.map((x) => ({ side: x.side, best: x.bestScore, played: x.playedScore, mark: x.mark })),
    );
    return {
      depth: this.depth,
      plies,
      sides,
      partial: this.scores.length < this.positions.length,
      nodes: this.searched,
    };
  }
}

function sameMove(a: Move, b: Move): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.kind === b.kind &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq, i) => sq === b.captures[i])
  );
}

/** The texts of a line from `p`, at most `LINE_LENGTH` moves. */
function lineTexts(p: Position, line: readonly Move[]): string[] {
  const out: string[] = [];
  let q = p;
  for (const m of line.slice(0, LINE_LENGTH)) {
    out.push(formatMove(q, m));
    q = q.play(m);
  }
  return out;
}

/** Review a whole game at once (the CLI); `onProgress` after each position. */
export function reviewGame(
  engine: Engine,
  positions: readonly Position[],
  moves: readonly Move[],
  depth: number,
  onProgress?: (done: number, total: number) => void,
): ReviewResult {
  const reviewer = new Reviewer(engine, positions, moves, depth);
  while (reviewer.step()) onProgress?.(reviewer.done, reviewer.total);
  onProgress?.(reviewer.done, reviewer.total);
  return reviewer.result();
}

/** A score in men with two decimals and a sign, from white's side. */
export function formatScore(score: number): string {
  if (score >= MATE - 1000) return '+win';
  if (score <= -(MATE - 1000)) return '-win';
  return `${score >= 0 ? '+' : ''}${(score / 100).toFixed(2)}`;
}

/**
 * The game with the review written in: every marked move gets its NAG ($6 ?!, $2 ?, $4 ??), a
 * comment with the evaluation and the loss, and a variation with the better line; a comment
 * before the first move gives the depth and both sides' accuracy. Existing NAGs, comments and
 * variations are kept. Moves are written in the game's own square naming.
 */
export function annotatePdn(
  game: PdnGame,
  review: ReviewResult,
  positions: readonly Position[],
  naming: SquareNaming,
): PdnGame {
  const [w, b] = review.sides;
  const pct = (s: SideSummary) => (s.accuracy === undefined ? '-' : `${s.accuracy}%`);
  const header =
    `Damka review, depth ${review.depth}${review.partial ? ' (stopped early)' : ''}: ` +
    `White accuracy ${pct(w)} (${w.inaccuracies} inaccuracies, ${w.mistakes} mistakes, ${w.blunders} blunders), ` +
    `Black accuracy ${pct(b)} (${b.inaccuracies} inaccuracies, ${b.mistakes} mistakes, ${b.blunders} blunders)`;
  const rename = (p: Position, text: string): string => {
    if (naming.native) return text;
    const m = p.legalMoves().find((x) => formatMove(p, x) === text);
    return m ? renameMove(m, text, naming.names) : text;
  };
  const moves: PdnMove[] = game.moves.moves.map((move, i) => {
    const r = review.plies[i];
    if (!r) return move;
    const nag = NAGS[r.mark];
    const comment =
      nag === undefined
        ? `${formatScore(r.whiteScore)}`
        : `${formatScore(r.whiteScore)} ${r.mark}, loses ${(r.loss / 100).toFixed(2)}` +
          (r.better ? `; better ${rename(positions[i]!, r.better)}` : '');
    const variations: PdnLine[] = [...move.variations];
    if (nag !== undefined && r.line && r.line.length > 0) {
      const texts: PdnMove[] = [];
      let p = positions[i]!;
      for (const t of r.line) {
        const m = p.legalMoves().find((x) => formatMove(p, x) === t);
        if (!m) break;
        texts.push({ text: rename(p, t), nags: [], comments: [], variations: [] });
        p = p.play(m);
      }
      if (texts.length > 0) variations.push({ comments: [], moves: texts });
    }
    return {
      ...move,
      nags:
        nag === undefined
          ? move.nags
          : [...move.nags.filter((n) => !['$2', '$4', '$6'].includes(n)), nag],
      comments: [...move.comments, comment],
      variations,
    };
  });
  return {
    ...game,
    moves: { comments: [...game.moves.comments, header], moves },
  };
}
