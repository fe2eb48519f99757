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

/**
 * An online game at its first position (the variant's start, or the game's own FEN), or null when
 * its rules or that position do not load: where both the live game and its review replay from.
 */
export function onlineStart(info: OnlineGameInfo): Game | null {
  const variant = getVariant(info.variant, info.options as Options);
  if (!variant.ok) return null;
  if (!info.fen) return Game.fromPosition(Position.start(variant.value));
  const p = Position.fromFen(variant.value, info.fen);
  return p.ok ? Game.fromPosition(p.value) : null;
}

/** The game `id` as a saved game, or null when its rules or first position do not load. */
export function onlineGameToSaved(
  id: string,
  info: OnlineGameInfo,
  actions: readonly Action[],
): SavedGame | null {
  const game = onlineStart(info);
  if (!game) return null;
  const squares = game.variant.squares;
  const entries: Entry[] = [];
  for (const action of actions) {
    if (action.kind === 'move') {
      const move = parseMove(game.position, action.text);
      if (!move.ok || !game.play(move.value).ok) break;
      entries.push(entryOf(move.value));
    } else if (action.kind === 'burn') {
      const square = squares.parse(action.text);
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
