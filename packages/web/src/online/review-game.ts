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

/**
 * Plays one server action on `game`: the saved-game entry it makes (null for a replay demand,
 * which changes the game but is no entry), or 'refused' when the action does not apply there.
 * The live screen and the review both replay the server's actions through this.
 */
export function applyAction(game: Game, action: Action): Entry | null | 'refused' {
  if (action.kind === 'move') {
    const move = parseMove(game.position, action.text);
    return move.ok && game.play(move.value).ok ? entryOf(move.value) : 'refused';
  }
  if (action.kind === 'burn') {
    const square = game.variant.squares.parse(action.text);
    return square >= 0 && game.burn(square).ok ? { type: 'burn', square } : 'refused';
  }
  return game.demandReplay().ok ? null : 'refused';
}

/** The game `id` as a saved game, or null when its rules or first position do not load. */
export function onlineGameToSaved(
  id: string,
  info: OnlineGameInfo,
  actions: readonly Action[],
): SavedGame | null {
  const game = onlineStart(info);
  if (!game) return null;
  const entries: Entry[] = [];
  for (const action of actions) {
    if (action.kind !== 'move' && action.kind !== 'burn') break; // a saved game stops at a replay
    const entry = applyAction(game, action);
    if (entry === 'refused' || entry === null) break;
    entries.push(entry);
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
