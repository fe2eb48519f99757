/**
 * A king's step or a king split onto the same square (house rule `kingSplit`): the board widget
 * cannot tell the two apart, so the game screens look up which legal moves a board move stands
 * for, and when it names both they show the two in the variant's notation under the house rule's
 * name and play the one picked. Another move on the board drops the choice.
 */
import { useState } from 'preact/hooks';
import { formatMove, type Move, type Position } from '@damka/rules';
import type { BoardMove } from '@damka/board';
import type { Translate } from '../i18n/index.ts';

/** The legal moves a board move stands for: none, one, or a step and a split. */
export function movesOfBoardMove(legal: readonly Move[], m: BoardMove): Move[] {
  return legal.filter(
    (x) =>
      x.from === m.from &&
      x.to === m.to &&
      x.captures.length === m.captures.length &&
      x.captures.every((sq) => m.captures.includes(sq)),
  );
}

/**
 * A game screen's handling of a move made on the board: `take` plays it when it stands for one
 * legal move, refuses it when for none, and keeps the two for the player to pick from when it
 * stands for a step and a split; `shown` is that choice while it still applies.
 */
export function useSplitChoice() {
  const [choice, setChoice] = useState<{ ply: number; moves: Move[] } | null>(null);
  return {
    /** The moves to pick from at `ply`, while the player may act; else null. */
    shown: (ply: number, active: boolean): Move[] | null =>
      choice && choice.ply === ply && active ? choice.moves : null,
    take(
      m: BoardMove,
      ply: number,
      legal: readonly Move[],
      play: (move: Move) => void,
      refuse: () => void,
    ): void {
      setChoice(null);
      const found = movesOfBoardMove(legal, m);
      if (found.length === 0) refuse();
      else if (found.length > 1) setChoice({ ply, moves: found });
      else play(found[0]!);
    },
    /** The player picked `move` from the choice. */
    pick(move: Move, play: (move: Move) => void): void {
      setChoice(null);
      play(move);
    },
  };
}

export interface SplitChoiceProps {
  readonly t: Translate;
  readonly position: Position;
  readonly moves: readonly Move[];
  readonly onPick: (move: Move) => void;
}

export function SplitChoice({ t, position, moves, onPick }: SplitChoiceProps) {
  return (
    <div class="draw-offer split-choice" role="group" data-testid="split-choice">
      <p>{t('option_kingSplit')}</p>
      <div class="draw-offer-actions" dir="ltr">
        {moves.map((m) => (
          <button
            key={m.kind}
            type="button"
            data-testid={m.kind === 'split' ? 'split-king' : 'split-step'}
            onClick={() => onPick(m)}
          >
            {formatMove(position, m)}
          </button>
        ))}
      </div>
    </div>
  );
}
