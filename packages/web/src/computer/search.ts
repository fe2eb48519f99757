/**
 * A stand-in computer player: a 2-ply material search over `@damka/rules` positions. It looks at
 * every move and every reply, scores the result by material (men 1, queens 2, kings 3, a little for
 * advanced men), treats "no legal move" by the variant's own rule, and picks at random among the
 * best moves so games differ. Enough to play a legal, non-suicidal game until the engine arrives.
 */
import { Position, type Color, type Move, type Variant } from '@damka/rules';
import { entryOf, type Entry } from '../game/record.ts';

const WIN = 1e6;

function material(position: Position, me: Color): number {
  const v = position.variant;
  const t = v.topology;
  let score = 0;
  for (let sq = 0; sq < t.size; sq++) {
    const p = position.pieceAt(sq);
    if (!p) continue;
    let value = p.role === 'man' ? 1 : p.role === 'queen' ? 2 : 3;
    if (p.role === 'man') {
      const rank = t.rank[sq]!;
      const advance = p.color === 'white' ? rank : t.height - 1 - rank;
      value += (advance / t.height) * 0.2;
    }
    score += p.color === me ? value : -value;
  }
  return score;
}

/** Score of `position` for `me`: material, inverted under give-away rules. */
function evaluate(variant: Variant, position: Position, me: Color): number {
  const moves = position.legalMoves();
  if (moves.length === 0) {
    const moverWins = variant.rules.noMoveMeans === 'win';
    const moverIsMe = position.turn === me;
    return moverWins === moverIsMe ? WIN : -WIN;
  }
  const m = material(position, me);
  return variant.rules.noMoveMeans === 'win' ? -m : m;
}

/** The entry the computer plays in `position` (random among equally good ones). */
export function chooseEntry(position: Position, random: () => number = Math.random): Entry | null {
  const variant = position.variant;
  const me = position.turn;
  if (position.burnable.length > 0 && variant.rules.noMoveMeans !== 'win') {
    // burning a piece that could have captured is never worse for the burner in a normal game
    const kings = position.burnable.filter((sq) => position.pieceAt(sq)?.role !== 'man');
    return { type: 'burn', square: (kings[0] ?? position.burnable[0])! };
  }
  const moves = position.legalMoves();
  if (moves.length === 0) return null;
  let best = -Infinity;
  let chosen: Move[] = [];
  for (const move of moves) {
    const after = position.play(move);
    const replies = after.legalMoves();
    let worst: number;
    if (replies.length === 0) {
      worst = evaluate(variant, after, me);
    } else {
      worst = Infinity;
      for (const reply of replies) {
        const score = evaluate(variant, after.play(reply), me);
        if (score < worst) worst = score;
        if (worst <= best - 1e-9) break; // cannot beat the best move found
      }
    }
    if (worst > best + 1e-9) {
      best = worst;
      chosen = [move];
    } else if (Math.abs(worst - best) <= 1e-9) {
      chosen.push(move);
    }
  }
  const pick = chosen[Math.floor(random() * chosen.length)] ?? moves[0]!;
  return entryOf(pick);
}
