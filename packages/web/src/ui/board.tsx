/**
 * The Preact wrapper around the framework-free `BoardView`: it creates the widget once and passes
 * each render's plain data to `set`, animating a move when the shown position is the one right
 * after the previous one.
 */
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import {
  BoardView,
  type Announcement,
  type BoardColor,
  type BoardGeometry,
  type BoardMove,
  type BoardPiece,
  type LastMove,
  type RefusedAttempt,
} from '@damka/board';
import type { Position, Variant } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';

export interface BoardProps {
  readonly geometry: BoardGeometry;
  readonly pieces: ReadonlyArray<BoardPiece | undefined>;
  readonly moves: readonly BoardMove[];
  readonly movable: BoardColor | 'both' | 'none';
  readonly targets: readonly number[];
  readonly lastMove: LastMove | null;
  /** Milliseconds per step of a move animation (0: none); the widget's default when absent. */
  readonly animationMs?: number;
  /** A suggested move to show (hint, analysis). */
  readonly hint?: LastMove | null;
  readonly labels: readonly string[];
  readonly edgeLabels: EdgeLabels | null;
  readonly coordinates: boolean;
  readonly flipped: boolean;
  readonly ariaLabel: string;
  /** Index of the shown position in the game, to tell a new move from a jump in review. */
  readonly ply: number;
  /** The move leading to the shown position (animated when `ply` advanced by one). */
  readonly arriving: BoardMove | null;
  readonly t: Translate;
  readonly onMove: (m: BoardMove) => void;
  readonly onRefuse: (a: RefusedAttempt) => void;
  readonly onTarget: (sq: number) => void;
}

export type EdgeLabels = { files: readonly string[]; ranks: readonly string[] };

/** The letters and numbers along the board's edges of a variant with algebraic squares, else null. */
export function edgeLabelsOf(variant: Variant): EdgeLabels | null {
  if (variant.rules.notation.squares !== 'algebraic') return null;
  const { width, height } = variant.topology;
  return {
    files: Array.from({ length: width }, (_, i) => String.fromCharCode(97 + i)),
    ranks: Array.from({ length: height }, (_, i) => String(i + 1)),
  };
}

/** `edgeLabelsOf`, computed again only when the variant's board or notation changes. */
export function useEdgeLabels(variant: Variant): EdgeLabels | null {
  const algebraic = variant.rules.notation.squares === 'algebraic';
  return useMemo(() => edgeLabelsOf(variant), [algebraic, variant.topology]);
}

/** The piece on each square of `position`, as the board draws them. */
export function piecesOf(position: Position): Array<BoardPiece | undefined> {
  const out: Array<BoardPiece | undefined> = [];
  for (let sq = 0; sq < position.variant.topology.size; sq++) out.push(position.pieceAt(sq));
  return out;
}

/** Screen-reader sentences in the page's language: square names and the live announcements. */
export function describer(t: Translate): (a: Announcement) => string {
  const piece = (p: BoardPiece | undefined) =>
    p
      ? t('srPiece', {
          color: t(p.color === 'white' ? 'srWhite' : 'srBlack'),
          role: t(p.role === 'man' ? 'srMan' : p.role === 'queen' ? 'srQueen' : 'srKing'),
        })
      : t('srEmpty');
  return (a) => {
    switch (a.type) {
      case 'cursor': {
        const text = t('srCursor', { square: a.label, piece: piece(a.piece) });
        return a.destination ? `${text}, ${t('srDestination')}` : text;
      }
      case 'select':
        return t('srSelected', {
          piece: piece(a.piece),
          square: a.label,
          list: a.destinations.join(', '),
        });
      case 'narrow':
        return t('srNarrow', { square: a.label, list: a.destinations.join(', ') });
      case 'cancel':
        return t('srCancel');
      case 'move': {
        const text = t('srMoved', { from: a.from, to: a.to });
        return a.captures ? `${text}, ${t('srCaptured', { n: a.captures })}` : text;
      }
      case 'played': {
        const text = `${piece(a.piece)}: ${t('srMoved', { from: a.from, to: a.to })}`;
        return a.captures ? `${text}, ${t('srCaptured', { n: a.captures })}` : text;
      }
    }
  };
}

export function Board(props: BoardProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<BoardView | null>(null);
  const shownPly = useRef(props.ply);
  const handlers = useRef(props);
  handlers.current = props;

  useLayoutEffect(() => {
    if (!host.current) return;
    const v = new BoardView(host.current, {
      geometry: props.geometry,
      pieces: props.pieces,
      onMove: (m) => handlers.current.onMove(m),
      onRefuse: (a) => handlers.current.onRefuse(a),
      onTarget: (sq) => handlers.current.onTarget(sq),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  const describe = useMemo(() => describer(props.t), [props.t]);

  // layout effects: the board is drawn in the same frame as the rest of the page
  useLayoutEffect(() => {
    const v = view.current;
    if (!v) return;
    const animate =
      props.ply === shownPly.current + 1 && props.arriving ? props.arriving : undefined;
    shownPly.current = props.ply;
    v.set(
      {
        geometry: props.geometry,
        pieces: props.pieces,
        moves: props.moves,
        movable: props.movable,
        targets: props.targets,
        lastMove: props.lastMove,
        hint: props.hint ?? null,
        labels: props.labels,
        edgeLabels: props.edgeLabels,
        coordinates: props.coordinates,
        flipped: props.flipped,
        ariaLabel: props.ariaLabel,
        describe,
        ...(props.animationMs === undefined ? {} : { animationMs: props.animationMs }),
      },
      animate,
    );
  });

  return <div ref={host} class="board-host" data-testid="board" />;
}
