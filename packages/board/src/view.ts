/**
 * `BoardView`: the board widget in the DOM. It draws any geometry as one SVG (checkered squares,
 * a uniform grid, or alquerque points with their drawn lines), takes input by click-click, drag and
 * keyboard, animates moves and announces what happens through an aria-live region.
 *
 * For assistive technology the board is one focusable `application` whose squares are named
 * ("33, white man" in the caller's words and notation); the keyboard cursor is its
 * `aria-activedescendant`, so a screen reader says each square the cursor reaches and a magnifier
 * follows it. The live region carries events: a piece picked, a selection cancelled, a move played
 * on the board and a move that arrives from elsewhere (the opponent's, the computer's).
 *
 * The SVG is rebuilt from plain data on every change: at most 100 squares, so a full redraw costs
 * well under a millisecond and no diffing is needed. All input decisions go through the pure
 * `state.ts` machine; this file only translates DOM events into square presses and draws the result.
 */
import { cellIndex, moveCursor, squareAtCell, type Arrow } from './layout.ts';
import {
  IDLE,
  cancel,
  destinations,
  press,
  refresh,
  type InputContext,
  type InputEvent,
  type SelectionState,
} from './state.ts';
import { ensureStyles } from './styles.ts';
import { describeInEnglish } from './describe.ts';
import {
  UNIT,
  boardMarkup,
  centre,
  escapeXml,
  labelMarkup,
  markMarkup,
  pieceMarkup,
} from './draw.ts';
import type {
  Announcement,
  BoardColor,
  BoardGeometry,
  BoardMove,
  BoardPiece,
  LastMove,
  RefusedAttempt,
  Square,
} from './types.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Numbers the widgets of a page, so that square ids are unique when several boards are shown. */
let boards = 0;

export interface BoardConfig {
  readonly geometry: BoardGeometry;
  /** The piece on each square (`null`/`undefined` for empty). */
  readonly pieces: ReadonlyArray<BoardPiece | null | undefined>;
  /** Legal moves of the side the user plays now (empty while waiting or reviewing). */
  readonly moves: readonly BoardMove[];
  /** Whose pieces answer the user; picking one of them that cannot move is reported as refused. */
  readonly movable: BoardColor | 'both' | 'none';
  /** Squares that act on one press when nothing is selected (reported through `onTarget`). */
  readonly targets: readonly Square[];
  readonly lastMove: LastMove | null;
  /** A suggested move (a hint, the analysis's best move): its squares marked and its route drawn. */
  readonly hint: LastMove | null;
  /** Each square's name, for announcements and (with `coordinates`) drawn in its corner. */
  readonly labels: readonly string[];
  /** Draw file/rank names along the edges instead of per-square names. */
  readonly edgeLabels: {
    readonly files: readonly string[];
    readonly ranks: readonly string[];
  } | null;
  readonly coordinates: boolean;
  /** Show Black's home row at the bottom. */
  readonly flipped: boolean;
  /** Duration of a move animation in ms (0: none). */
  readonly animationMs: number;
  readonly ariaLabel: string;
  /** Turns an announcement into words (defaults to English). */
  readonly describe: (a: Announcement) => string;
  readonly onMove: (move: BoardMove) => void;
  readonly onRefuse: (attempt: RefusedAttempt) => void;
  readonly onTarget: (square: Square) => void;
  /**
   * Editing surface (a position editor): when set, every square pressed — by click, by Enter or
   * Space, or passed over while the pointer is held down — is reported here, empty or not, and
   * nothing is selected or moved. `null` (the default) is normal play.
   */
  readonly onSquare: ((square: Square) => void) | null;
}

export type BoardInit = Partial<BoardConfig> & Pick<BoardConfig, 'geometry' | 'pieces'>;

const DEFAULTS: Omit<BoardConfig, 'geometry' | 'pieces'> = {
  moves: [],
  movable: 'none',
  targets: [],
  lastMove: null,
  hint: null,
  labels: [],
  edgeLabels: null,
  coordinates: true,
  flipped: false,
  animationMs: 220,
  ariaLabel: 'Draughts board',
  describe: describeInEnglish,
  onMove: () => {},
  onRefuse: () => {},
  onTarget: () => {},
  onSquare: null,
};

interface Drag {
  readonly pointerId: number;
  readonly square: Square;
  readonly startX: number;
  readonly startY: number;
  /** The press on this square should cancel the selection if the pointer does not move. */
  readonly cancelOnClick: boolean;
  moving: boolean;
}

/** The board widget. Create it on an empty element; update it with `set`. */
export class BoardView {
  private config: BoardConfig;
  private state: SelectionState = IDLE;
  private cursor: Square = -1;
  private focused = false;
  /**
   * Whether the cursor ring is drawn: the focus came from the keyboard (the browser's
   * `:focus-visible`), or a key was pressed since. A tap or a click focuses the board too, and a
   * ring left on the square it touched would read as a hint or a selection.
   */
  private keyboard = false;
  private drag: Drag | null = null;
  /** The move the user last made here, until the caller shows it (then it is not said twice). */
  private played: BoardMove | null = null;
  /** Editing: the pointer held down and the last square it reported. */
  private paint: { pointerId: number; square: Square } | null = null;
  private index: Int16Array;
  private readonly root: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly live: HTMLElement;
  private readonly listeners: Array<() => void> = [];
  /** Prefix of the square ids (`aria-activedescendant` points at the cursor's square). */
  private readonly idPrefix = `damka-board-${++boards}-sq-`;

  constructor(root: HTMLElement, init: BoardInit) {
    this.root = root;
    this.config = { ...DEFAULTS, ...init };
    this.index = cellIndex(this.config.geometry, this.config.flipped);
    const doc = root.ownerDocument;
    ensureStyles(doc);
    root.classList.add('damka-board');
    root.setAttribute('dir', 'ltr');
    root.tabIndex = 0;
    root.setAttribute('role', 'application');
    root.setAttribute('aria-roledescription', 'board');
    this.svg = doc.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
    // not hidden: its squares carry names; pieces and coordinates are hidden one by one
    this.svg.setAttribute('role', 'none');
    this.live = doc.createElement('div');
    this.live.className = 'sr-only';
    this.live.setAttribute('aria-live', 'polite');
    this.live.setAttribute('aria-atomic', 'true');
    root.replaceChildren(this.svg, this.live);
    this.listen(root, 'pointerdown', (e) => this.onPointerDown(e as PointerEvent));
    this.listen(root, 'pointermove', (e) => this.onPointerMove(e as PointerEvent));
    this.listen(root, 'pointerup', (e) => this.onPointerUp(e as PointerEvent));
    this.listen(root, 'pointercancel', () => this.endDrag());
    this.listen(root, 'keydown', (e) => this.onKey(e as KeyboardEvent));
    this.listen(root, 'focus', () => {
      this.focused = true;
      this.keyboard = focusVisible(root);
      if (this.cursor < 0) this.cursor = this.firstCursor();
      this.render();
    });
    this.listen(root, 'blur', () => {
      this.focused = false;
      this.render();
    });
    this.render();
  }

  /**
   * Update any part of the configuration; `animate` plays that move from the previous pieces and
   * announces it, unless it is the move the user just made on this board (announced already).
   */
  set(update: Partial<BoardConfig>, animate?: BoardMove): void {
    const before = this.config;
    const keys = Object.keys(update) as Array<keyof BoardConfig>;
    // an update that changes nothing is common (a parent re-rendering): keep the DOM as it is
    if (!animate && keys.every((k) => update[k] === before[k])) return;
    this.config = { ...before, ...update };
    if (update.geometry || update.flipped !== undefined) {
      this.index = cellIndex(this.config.geometry, this.config.flipped);
      if (update.geometry && update.geometry !== before.geometry) {
        this.state = IDLE;
        this.cursor = -1;
      }
    }
    if (update.moves && update.moves !== before.moves)
      this.state = refresh(this.state, update.moves);
    if (update.movable === 'none') this.state = IDLE;
    // the turn passed to another side (same-screen games): the cursor leaves the other side's piece
    const side = this.config.movable;
    if (
      this.cursor >= 0 &&
      update.movable !== undefined &&
      update.movable !== before.movable &&
      (side === 'white' || side === 'black') &&
      this.config.pieces[this.cursor]?.color !== side
    ) {
      this.cursor = this.firstCursor();
    }
    this.render();
    if (animate) this.announceArrival(animate);
    if (animate && this.config.animationMs > 0) this.animate(animate, before.pieces);
  }

  /** The current selection (for tests and for apps that show it elsewhere). */
  get selection(): SelectionState {
    return this.state;
  }

  /** Press a square as a click would. */
  pressSquare(sq: Square): void {
    this.apply(press(this.state, this.context(), sq));
  }

  focus(): void {
    this.root.focus();
  }

  destroy(): void {
    for (const off of this.listeners) off();
    this.root.replaceChildren();
    this.root.classList.remove('damka-board');
  }

  private listen(target: EventTarget, type: string, fn: (e: Event) => void): void {
    target.addEventListener(type, fn);
    this.listeners.push(() => target.removeEventListener(type, fn));
  }

  private context(): InputContext {
    const c = this.config;
    return { moves: c.moves, pieces: c.pieces, movable: c.movable, targets: c.targets };
  }

  private apply(result: { state: SelectionState; event: InputEvent }): void {
    this.state = result.state;
    const e = result.event;
    const c = this.config;
    const label = (sq: Square) => c.labels[sq] ?? String(sq);
    switch (e.type) {
      case 'select':
        this.say({
          type: 'select',
          square: e.square,
          label: label(e.square),
          piece: c.pieces[e.square] ?? undefined,
          destinations: destinations(this.state).map(label),
        });
        break;
      case 'narrow':
        this.say({
          type: 'narrow',
          square: e.square,
          label: label(e.square),
          destinations: destinations(this.state).map(label),
        });
        break;
      case 'cancel':
        this.say({ type: 'cancel' });
        break;
      case 'move':
        this.played = e.move;
        this.say({
          type: 'move',
          from: label(e.move.from),
          to: label(e.move.to),
          captures: e.move.captures.length,
        });
        break;
      default:
        break;
    }
    this.render();
    if (e.type === 'move') c.onMove(e.move);
    else if (e.type === 'refuse') c.onRefuse({ from: e.from, to: e.to });
    else if (e.type === 'target') c.onTarget(e.square);
  }

  private say(a: Announcement): void {
    const text = this.config.describe(a);
    // the same text twice would not be re-announced: alternate a trailing invisible character
    this.live.textContent = this.live.textContent === text ? text + '\u200b' : text;
  }

  private announceArrival(m: BoardMove): void {
    const own = this.played;
    this.played = null;
    const same = (a: readonly Square[], b: readonly Square[]) =>
      a.length === b.length && a.every((sq, i) => sq === b[i]);
    if (own && own.from === m.from && own.to === m.to && same(own.path, m.path)) return;
    const c = this.config;
    this.say({
      type: 'played',
      from: c.labels[m.from] ?? String(m.from),
      to: c.labels[m.to] ?? String(m.to),
      captures: m.captures.length,
      piece: c.pieces[m.to] ?? undefined,
    });
  }

  /** A square's accessible name: its name and what stands on it, in the caller's words. */
  private squareName(sq: Square, targets: readonly Square[]): string {
    const c = this.config;
    return c.describe({
      type: 'cursor',
      square: sq,
      label: c.labels[sq] ?? String(sq),
      piece: c.pieces[sq] ?? undefined,
      destination: targets.includes(sq),
    });
  }

  private firstCursor(): Square {
    const c = this.config;
    const from = c.moves[0]?.from;
    if (from !== undefined) return from;
    return squareAtCell(c.geometry, this.index, 0, c.geometry.height - 1) >= 0
      ? squareAtCell(c.geometry, this.index, 0, c.geometry.height - 1)
      : 0;
  }

  // ----- input -----

  private squareAtPoint(clientX: number, clientY: number): Square {
    const g = this.config.geometry;
    const box = this.svg.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return -1;
    const col = Math.floor(((clientX - box.left) / box.width) * g.width);
    const row = Math.floor(((clientY - box.top) / box.height) * g.height);
    return squareAtCell(g, this.index, col, row);
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.keyboard = false;
    const sq = this.squareAtPoint(e.clientX, e.clientY);
    if (this.config.onSquare) {
      if (sq < 0) return;
      e.preventDefault();
      this.cursor = sq;
      this.paint = { pointerId: e.pointerId, square: sq };
      try {
        this.root.setPointerCapture(e.pointerId);
      } catch {
        // pointer capture is a nicety (synthetic events may not allow it)
      }
      this.config.onSquare(sq);
      return;
    }
    if (sq < 0) {
      if (this.state.selected >= 0) this.apply(cancel(this.state));
      return;
    }
    e.preventDefault();
    this.cursor = sq;
    const picking = this.state.selected === sq && this.state.via.length === 0;
    if (!picking) this.pressSquare(sq);
    if (this.state.selected === sq && this.state.via.length === 0) {
      this.drag = {
        pointerId: e.pointerId,
        square: sq,
        startX: e.clientX,
        startY: e.clientY,
        cancelOnClick: picking,
        moving: false,
      };
      try {
        this.root.setPointerCapture(e.pointerId);
      } catch {
        // pointer capture is a nicety (synthetic events may not allow it)
      }
    }
  }

  private onPointerMove(e: PointerEvent): void {
    const p = this.paint;
    if (p && p.pointerId === e.pointerId && this.config.onSquare) {
      const sq = this.squareAtPoint(e.clientX, e.clientY);
      if (sq >= 0 && sq !== p.square) {
        p.square = sq;
        this.config.onSquare(sq);
      }
      return;
    }
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    const box = this.svg.getBoundingClientRect();
    const g = this.config.geometry;
    const unitPx = box.width / g.width;
    if (!d.moving && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < unitPx * 0.12) return;
    d.moving = true;
    const piece = this.svg.querySelector<SVGGElement>(`.piece[data-square="${d.square}"]`);
    if (!piece) return;
    const x = ((e.clientX - box.left) / box.width) * g.width * UNIT;
    const y = ((e.clientY - box.top) / box.height) * g.height * UNIT;
    piece.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(1.08)`);
    piece.classList.add('dragging');
    this.svg.appendChild(piece); // draw above everything while dragged
  }

  private onPointerUp(e: PointerEvent): void {
    if (this.paint?.pointerId === e.pointerId) this.paint = null;
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    this.drag = null;
    if (d.moving) {
      const sq = this.squareAtPoint(e.clientX, e.clientY);
      if (sq >= 0 && sq !== d.square) this.pressSquare(sq);
      else this.render();
    } else if (d.cancelOnClick) {
      this.pressSquare(d.square);
    }
  }

  private endDrag(): void {
    this.paint = null;
    if (!this.drag) return;
    this.drag = null;
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    this.keyboard = true;
    const arrows: Record<string, Arrow> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowLeft: 'left',
      ArrowRight: 'right',
    };
    const arrow = arrows[e.key];
    const c = this.config;
    if (arrow) {
      e.preventDefault();
      this.cursor =
        this.cursor < 0
          ? this.firstCursor()
          : moveCursor(c.geometry, c.flipped, this.cursor, arrow);
      this.render();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.cursor < 0) this.cursor = this.firstCursor();
      if (c.onSquare) c.onSquare(this.cursor);
      else this.pressSquare(this.cursor);
    } else if (e.key === 'Escape') {
      if (this.state.selected >= 0) {
        e.preventDefault();
        this.apply(cancel(this.state));
      }
    }
  }

  // ----- drawing -----

  private centre(sq: Square): { x: number; y: number } {
    return centre(this.config.geometry, this.config.flipped, sq);
  }

  private mark(sq: Square, cls: string): string {
    return markMarkup(this.config.geometry, this.config.flipped, sq, cls);
  }

  private drawPiece(sq: Square, p: BoardPiece, extraClass = ''): string {
    return pieceMarkup(this.config.geometry, this.config.flipped, sq, p, extraClass);
  }

  private render(): void {
    const c = this.config;
    const g = c.geometry;
    const W = g.width * UNIT;
    const H = g.height * UNIT;
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    this.root.setAttribute('aria-label', c.ariaLabel);
    const out: string[] = [];
    const dests = destinations(this.state);
    const named = (sq: Square) =>
      ` id="${this.idPrefix}${sq}" role="img" aria-label="${escapeXml(this.squareName(sq, dests))}"`;
    out.push(boardMarkup(g, c.flipped, named));
    const hl: string[] = [];
    if (c.lastMove) {
      hl.push(this.mark(c.lastMove.from, 'last'));
      hl.push(this.mark(c.lastMove.to, 'last'));
    }
    if (c.hint) {
      hl.push(this.mark(c.hint.from, 'hint'));
      hl.push(this.mark(c.hint.to, 'hint'));
    }
    const s = this.state;
    if (s.selected >= 0) {
      hl.push(this.mark(s.selected, 'sel'));
      for (const sq of s.via) hl.push(this.mark(sq, 'via'));
    }
    out.push(hl.join(''));
    if (s.selected >= 0 && s.via.length > 0) {
      const pts = [s.selected, ...s.via].map((sq) => this.centre(sq)).map((p) => `${p.x},${p.y}`);
      out.push(`<polyline class="route" points="${pts.join(' ')}"/>`);
    }
    const pieces: string[] = [];
    for (let sq = 0; sq < g.size; sq++) {
      const p = c.pieces[sq];
      if (p) pieces.push(this.drawPiece(sq, p));
    }
    out.push(pieces.join(''));
    if (c.hint) {
      const route = [c.hint.from, ...(c.hint.path ?? [c.hint.to])];
      const pts = route.map((sq) => this.centre(sq)).map((p) => `${p.x},${p.y}`);
      out.push(`<polyline class="hint-route" points="${pts.join(' ')}"/>`);
    }
    if (c.coordinates) out.push(labelMarkup(c, this.index));
    const top: string[] = [];
    for (const sq of destinations(s)) {
      const { x, y } = this.centre(sq);
      top.push(
        c.pieces[sq]
          ? `<circle class="dest-ring" cx="${x}" cy="${y}" r="${UNIT * 0.44}"/>`
          : `<circle class="dest" cx="${x}" cy="${y}" r="${UNIT * 0.16}"/>`,
      );
    }
    if (s.selected < 0) {
      for (const sq of c.targets) {
        const { x, y } = this.centre(sq);
        top.push(`<circle class="target" cx="${x}" cy="${y}" r="${UNIT * 0.45}"/>`);
      }
    }
    if (this.focused && this.keyboard && this.cursor >= 0 && this.cursor < g.size) {
      const { x, y } = this.centre(this.cursor);
      top.push(
        g.kind === 'alquerque'
          ? `<circle class="cursor" cx="${x}" cy="${y}" r="${UNIT * 0.47}"/>`
          : `<rect class="cursor" x="${x - UNIT / 2 + 3}" y="${y - UNIT / 2 + 3}" width="${UNIT - 6}" height="${UNIT - 6}" rx="6"/>`,
      );
    }
    out.push(top.join(''));
    this.svg.innerHTML = out.join('');
    if (this.focused && this.cursor >= 0 && this.cursor < g.size) {
      this.root.setAttribute('aria-activedescendant', `${this.idPrefix}${this.cursor}`);
    } else {
      this.root.removeAttribute('aria-activedescendant');
    }
  }

  private animate(move: BoardMove, before: ReadonlyArray<BoardPiece | null | undefined>): void {
    const ms = this.config.animationMs;
    const reduce = this.root.ownerDocument.defaultView?.matchMedia?.(
      '(prefers-reduced-motion: reduce)',
    ).matches;
    if (reduce) return;
    const piece = this.svg.querySelector<SVGGElement>(`.piece[data-square="${move.to}"] .inner`);
    if (!piece || typeof piece.animate !== 'function') return;
    const end = this.centre(move.to);
    const stops = [move.from, ...move.path].map((sq) => this.centre(sq));
    const frames = stops.map((p) => ({
      transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)`,
    }));
    const duration = ms * Math.max(1, move.path.length);
    piece.animate(frames, { duration, easing: 'ease-in-out' });
    // the jumped pieces fade out where they stood
    const ghosts: string[] = [];
    for (const sq of move.captures) {
      const p = before[sq];
      if (p) ghosts.push(this.drawPiece(sq, p, ' ghost'));
    }
    if (ghosts.length === 0) return;
    const layer = this.root.ownerDocument.createElementNS(SVG_NS, 'g');
    layer.setAttribute('pointer-events', 'none');
    layer.innerHTML = ghosts.join('');
    const moving = this.svg.querySelector(`.piece[data-square="${move.to}"]`);
    this.svg.insertBefore(layer, moving);
    layer.animate([{ opacity: 1 }, { opacity: 1, offset: 0.3 }, { opacity: 0 }], {
      duration,
      easing: 'ease-in',
    }).onfinish = () => layer.remove();
  }
}

/** `:focus-visible` of an element; true where the browser cannot tell (the ring then shows). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}
