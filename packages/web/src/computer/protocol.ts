/**
 * Messages between the page and the computer's Web Worker. The page sends the game as the web app
 * records it (setup and entries, burns included), so the worker replays exactly the same game —
 * compulsory openings, huff state and repetitions — and hands the position and its history to the
 * engine of `@damka/engine`. Answers carry the request's id, so a late answer to an abandoned
 * question is recognised and dropped.
 */
import type { ReviewResult } from '@damka/engine';
import type { Entry, GameSetup } from '../game/record.ts';

/** What the page asks: a move to play, a hint, a quick evaluation, or a running analysis. */
export type QuestionKind = 'think' | 'hint' | 'evaluate' | 'analyse';

export interface Question {
  readonly type: QuestionKind;
  /** Echoed in every answer to this question. */
  readonly id: number;
  readonly setup: GameSetup;
  readonly entries: readonly Entry[];
  /** Playing level 1–8 (`think` only; the others search at full strength). */
  readonly level?: number;
  /** Time the search may take, in milliseconds. */
  readonly moveTime: number;
}

/** Sent once after the worker starts, when the page can share a stop flag. */
export interface InitMessage {
  readonly type: 'init';
  /** Four bytes; a non-zero int32 stops the running search (needs cross-origin isolation). */
  readonly stopBuffer: SharedArrayBuffer;
  /** Threads a full-strength search may run on (helper workers sharing its table); default 1. */
  readonly threads?: number;
}

/** Game review (see `../review/`): every position of the game searched, one after another. */
export interface ReviewRequest {
  readonly type: 'review';
  readonly id: number;
  readonly setup: GameSetup;
  readonly entries: readonly Entry[];
  /** Search depth; absent: the engine's default review depth for the variant. */
  readonly depth?: number;
}

/** Stop the review `id`; its last progress stands as the (partial) result. */
export interface ReviewStop {
  readonly type: 'review-stop';
  readonly id: number;
}

export type ToWorker = Question | InitMessage;

/** The review's messages, sent to a worker of its own (the computer's worker code answers both). */
export type ToReviewWorker = ReviewRequest | ReviewStop;

/** The engine's view of a position, ready to show. */
export interface Analysis {
  /** Completed search depth (plies). */
  readonly depth: number;
  /** Hundredths of a man, for the side to move. */
  readonly score: number;
  /** Hundredths of a man, from White's point of view. */
  readonly whiteScore: number;
  /** Moves to a forced win (positive) or loss (negative) for the side to move, when one is seen. */
  readonly mate?: number;
  readonly nodes: number;
  /** Milliseconds searched. */
  readonly time: number;
  /** The best line in the variant's notation (moves only; a burn is never part of a line). */
  readonly line: readonly string[];
  /** The first thing to play: a move, or a burn under huff rules; null when nothing is legal. */
  readonly best: Entry | null;
  /** Analysis of a position of the opening book: its book moves, best first. */
  readonly book?: readonly BookLine[];
  /** The final answer of a search on several threads: how many searched (`nodes` counts all). */
  readonly threads?: number;
}

/** A book move as the analysis panel shows it. */
export interface BookLine {
  /** In the variant's notation. */
  readonly move: string;
  /** Share of the games the computer plays it in, in percent. */
  readonly share: number;
  /** The book's score, hundredths of a man from White's point of view. */
  readonly whiteScore: number;
}

export type FromWorker =
  /** Progress of an `analyse` question, after each completed iteration. */
  | { readonly type: 'info'; readonly id: number; readonly analysis: Analysis }
  /** The final answer to any question; `analysis` is null when there was nothing to search. */
  | { readonly type: 'done'; readonly id: number; readonly analysis: Analysis | null }
  | { readonly type: 'error'; readonly id: number; readonly message: string }
  /** A review's progress after each position, with everything known so far. */
  | {
      readonly type: 'review-progress' | 'review-done';
      readonly id: number;
      readonly done: number;
      readonly total: number;
      readonly result: ReviewResult;
    };
