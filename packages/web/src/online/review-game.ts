/**
 * An online game as a saved game, for the review screen: the server's actions (move texts in the
 * variant's notation, burned squares) turned into the entries `game/record.ts` replays. The review
 * works on the saved-game form whatever the kind of game, so an online game only needs this
 * translation. A souffle replay is not an entry of a saved game: the game handed over stops before
 * it (as a review stops at a burn). Pure, so it is tested in Node.
 */
import { Game, getVariant, parseMove, Position, type Options } from '@damka/rules';
import type { Action } from '@damka/protocol';
import { entryOf, type Entry, type SavedGame } from '../game/record.ts';

export interface OnlineGameInfo {
  readonly variant: string;
  readonly options: Record<string, boolean>;
  readonly fen: string | null;
}

/** The game `id` as a saved game, or null when its rules or first position do not load. */
export function onlineGameToSaved(
  id: string,
  info: OnlineGameInfo,
  actions: readonly Action[],
): SavedGame | null {
  const variant = getVariant(info.variant, info.options as Options);
  if (!variant.ok) return null;
  let start = Position.start(variant.value);
  if (info.fen) {
    const p = Position.fromFen(variant.value, info.fen);
    if (!p.ok) return null;
    start = p.value;
  }
  const game = Game.fromPosition(start);
  const entries: Entry[] = [];
  for (const action of actions) {
    if (action.kind === 'move') {
      const move = parseMove(game.position, action.text);
      if (!move.ok || !game.play(move.value).ok) break;
      entries.push(entryOf(move.value));
    } else if (action.kind === 'burn') {
      const square = variant.value.squares.parse(action.text);
      if (square < 0 || !game.burn(square).ok) break;
      entries.push({ type: 'burn', square });
    } else break;
  }
  return {
    id: `online-${id}`,
    setup: {
      variant: info.variant,
      options: info.options as Options,
      ...(info.fen ? { fen: info.fen } : {}),
    },
    entries,
    mode: 'friend',
    computer: null,
    resigned: null,
  };
}
