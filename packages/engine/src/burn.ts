/**
 * Huff rules in the search: what a move that gives the opponent a burn right costs the side that
 * played it. The opponent burns a piece of the offender's — a king when a king was among the pieces
 * that could have made the biggest capture (he burns a king first, as the web app's computer and
 * the match runner do), else a man — and the game when that piece was the offender's last one (a
 * lone king cannot decline a capture). Kept apart from the search loop (search.ts), which calls it
 * only at the rare plies whose rule state records an offence.
 */
import { BLACK_BIT, KIND_CAPTURE, MAN, type MoveList } from '@damka/rules';
import { MATE } from './score.ts';

/** What a burn takes, in the evaluation's units; `inverted`: a give-away goal (a man, always). */
export interface BurnPrices {
  readonly man: number;
  readonly king: number;
  readonly inverted: boolean;
}

/**
 * The score of the move that led to `ply`, played by `side` on `board` (the position after it),
 * less what the burn right it gave costs; `offered` is the list that move was chosen from.
 */
export function burnedScore(
  score: number,
  ply: number,
  side: number,
  board: Int8Array,
  offered: MoveList,
  prices: BurnPrices,
): number {
  if (prices.inverted) return score - prices.man;
  let own = 0;
  for (let sq = 0; sq < board.length; sq++) {
    const code = board[sq]!;
    if (code !== 0 && (code & BLACK_BIT) === (side === 0 ? 0 : BLACK_BIT)) own++;
  }
  if (own <= 1) return -MATE + ply + 1; // burned, no piece left: lost on his next turn
  let most = 0;
  for (let j = 0; j < offered.count && offered.kind[j] === KIND_CAPTURE; j++)
    if (offered.ncap[j]! > most) most = offered.ncap[j]!;
  for (let j = 0; j < offered.count && offered.kind[j] === KIND_CAPTURE; j++)
    if (offered.ncap[j] === most && (offered.moved[j]! & 3) !== MAN) return score - prices.king;
  return score - prices.man;
}
