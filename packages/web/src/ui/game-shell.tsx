/**
 * The one game screen every kind of game uses — on this screen, against the computer, online and
 * watching: a player bar (name, colour, clock) above and below the board, and a side panel. The
 * layout (styles/game.css, `.game-shell`) sizes the board so that the board and both bars fit the
 * window without scrolling from a 360x640 phone to a 1920x1080 desktop, in portrait and landscape.
 *
 * The bar and the move list are drawn here once, so local and online games cannot drift apart;
 * each screen only says what goes in them.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { Color } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import { formatClock } from '../online/api.ts';

/** Time left under which a running clock turns red. */
export const LOW_TIME_MS = 10_000;

export interface PlayerClock {
  /** Milliseconds left. */
  readonly ms: number;
  /** This side's time is running. */
  readonly running: boolean;
}

/** One player's bar: colour, name, the clock when the game has one, and any extra control. */
export function PlayerBar({
  t,
  color,
  name,
  clock,
  active,
  children,
}: {
  t: Translate;
  color: Color;
  name: string;
  clock: PlayerClock | null;
  /** This side is to move. */
  active: boolean;
  children?: ComponentChildren;
}) {
  const time = clock ? formatClock(clock.ms) : null;
  return (
    <div
      class={`player-bar${active ? ' active' : ''}`}
      data-testid={`player-${color}`}
      data-color={color}
    >
      <span class={`turn-dot ${color}`} aria-hidden="true" />
      <span class="player-name">{name}</span>
      {children}
      {clock && time !== null && (
        <span
          class={`clock-face${clock.running ? ' running' : ''}${clock.ms < LOW_TIME_MS ? ' low' : ''}`}
          data-testid={`clock-${color}`}
          data-ms={Math.round(clock.ms)}
        >
          <span
            class="clock-time"
            dir="ltr"
            role="timer"
            aria-label={t('clockLeft', { color: t(color), time })}
          >
            {time}
          </span>
        </span>
      )}
    </div>
  );
}

export interface MoveItem {
  /** Index in the game's entries. */
  readonly i: number;
  /** "12." before the first player's move, "12…" for a game that starts with the second. */
  readonly prefix: string;
  readonly text: string;
  readonly burn: boolean;
}

/** Numbered items from each entry's mover and text: burns and replays carry no number. */
export function moveItems(
  entries: ReadonlyArray<{ readonly mover: Color; readonly text: string; readonly move: boolean }>,
  first: Color,
): MoveItem[] {
  let moveNo = 1;
  return entries.map((e, i) => {
    let prefix = '';
    if (e.move) {
      if (e.mover === first) prefix = `${moveNo}.`;
      else {
        if (i === 0) prefix = `${moveNo}…`;
        moveNo++;
      }
    }
    return { i, prefix, text: e.text, burn: !e.move };
  });
}

/**
 * The move list. With `onPick`, each move is a button that shows the position after it, and the
 * entry `current - 1` is marked (the position shown).
 */
export function MoveList({
  t,
  items,
  current,
  onPick,
}: {
  t: Translate;
  items: readonly MoveItem[];
  /** Plies of the position shown (the item before it is highlighted). */
  current?: number;
  onPick?: (ply: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // keep the shown move in view by scrolling the list alone, never the page (on a phone the list
  // is below the board, and the board must stay where it is)
  useEffect(() => {
    const list = listRef.current;
    const el = list?.querySelector('.current') ?? list?.lastElementChild;
    if (!list || !el) return;
    const item = el.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    if (item.top < box.top) list.scrollTop += item.top - box.top;
    else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
  }, [current, items.length]);
  if (items.length === 0) return <p class="hint">{t('noMovesYet')}</p>;
  return (
    <ol class="move-list" ref={listRef} data-testid="moves" dir="ltr">
      {items.map((it) => {
        const here = current !== undefined && it.i + 1 === current;
        return (
          <li key={it.i} class={here ? 'current' : ''}>
            {it.prefix && <span class="move-no">{it.prefix}</span>}
            {onPick ? (
              <button
                type="button"
                class={`move${it.burn ? ' burn' : ''}`}
                onClick={() => onPick(it.i + 1)}
                aria-current={here ? 'step' : undefined}
              >
                <span dir="ltr">{it.text}</span>
              </button>
            ) : (
              <span class={`move${it.burn ? ' burn' : ''}`} dir="ltr">
                {it.text}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The status card at the head of the side panel: whose turn or the result (a dot in the side's
 * colour, or half and half for a draw), the variant line, and what each kind of game adds.
 */
export function StatusCard({
  dot,
  status,
  busy = false,
  variantLine,
  children,
}: {
  /** The side to move, the winner, or `draw`. */
  dot: Color | 'draw';
  status: string;
  /** Show the spinner (the computer is thinking). */
  busy?: boolean;
  variantLine: ComponentChildren;
  children?: ComponentChildren;
}) {
  return (
    <div class="status-card">
      <div class="turn">
        <span class={`turn-dot ${dot}`} aria-hidden="true" />
        <span class="status" data-testid="status" aria-live="polite">
          {status}
        </span>
        {busy && <span class="spinner" aria-hidden="true" />}
      </div>
      <p class="variant-line" data-testid="variant-line">
        {variantLine}
      </p>
      {children}
    </div>
  );
}

/** The screen: bars and board in one column, the side panel beside it (or below, on a phone). */
export function GameShell({
  top,
  bottom,
  board,
  boardKind,
  side,
  below,
  attributes,
  extraClass,
  children,
}: {
  top: ComponentChildren;
  bottom: ComponentChildren;
  board: ComponentChildren;
  /** The board's kind (frame colour). */
  boardKind: string;
  side: ComponentChildren;
  /** Under the bottom bar (e.g. the keyboard hint), outside the measured fit. */
  below?: ComponentChildren;
  /** `data-*` attributes and test id of the screen (the game's state, for tests and tools). */
  attributes: Record<string, string | number>;
  extraClass?: string;
  /** Dialogs. */
  children?: ComponentChildren;
}) {
  return (
    <div class={`play game-shell${extraClass ? ` ${extraClass}` : ''}`} {...attributes}>
      <div class="board-column">
        {top}
        <div class={`board-frame kind-${boardKind}`}>{board}</div>
        {bottom}
        {below}
      </div>
      <aside class="side">{side}</aside>
      {children}
    </div>
  );
}
