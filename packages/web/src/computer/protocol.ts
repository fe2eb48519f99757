/**
 * Messages between the page and the computer player's Web Worker. The page sends the game (setup
 * and entries, so that compulsory openings and huff state replay exactly) and receives one entry to
 * play. Any engine that answers these messages can replace the stand-in search.
 */
import type { Entry, GameSetup } from '../game/record.ts';

export interface ThinkRequest {
  readonly type: 'think';
  /** Echoed in the answer, so a late answer to an abandoned question is ignored. */
  readonly id: number;
  readonly setup: GameSetup;
  readonly entries: readonly Entry[];
}

export type WorkerAnswer =
  | { readonly type: 'entry'; readonly id: number; readonly entry: Entry }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
