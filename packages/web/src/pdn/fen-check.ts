/**
 * Why a FEN or a set-up position does not load, in words a player can act on and in the page's
 * language: the rules package's reason (`Position.fromFen`, `Position.fromSetup`: a bad side to
 * move, an unknown square, a man on its crowning row, too many pieces…) named by the part that
 * failed, each part with its own message in every catalogue (`PROBLEM_KEYS`), plus where it is —
 * the character and the text around it, or the square — so the setup screen and the editor can
 * point at the mistake instead of only refusing. Pure; the rules decide, this explains.
 */
import {
  EMPTY,
  MAN,
  QUEEN,
  colorOf,
  parseFen,
  Position,
  type FenError,
  type PositionError,
  type Variant,
} from '@damka/rules';
import type { MessageKey, Translate } from '../i18n/index.ts';

export interface FenProblem {
  /** The rules' own (English) sentence. */
  readonly message: string;
  /** 0-based character of the trimmed text where the problem starts, when the reader knows. */
  readonly at?: number;
  /** The text around `at`, the problem marked with ‸. */
  readonly excerpt?: string;
  /** The problem in the page's language. */
  readonly reason: (t: Translate) => string;
}

/** The message of each part of a FEN (as read) or of a position (as judged) that can fail. */
export const PROBLEM_KEYS = {
  fen: {
    fen: 'fen_text',
    turn: 'fen_turn',
    white: 'fen_listedTwice',
    black: 'fen_listedTwice',
    square: 'fen_square',
  },
  position: { turn: 'fen_turn', square: 'pos_square', pieces: 'pos_pieces' },
} as const satisfies {
  fen: Record<FenError['part'], MessageKey>;
  position: Record<PositionError['part'], MessageKey>;
};

/** A FEN that does not read, in the page's language. */
function fenReason(t: Translate, e: FenError): string {
  if (e.part === 'white' || e.part === 'black') return t('fen_listedTwice', { color: t(e.part) });
  return t(PROBLEM_KEYS.fen[e.part]);
}

/** A position the rules refuse, in the page's language: the square or the side at fault named. */
export function positionReason(
  t: Translate,
  variant: Variant,
  e: PositionError,
  board: Int8Array,
): string {
  if (e.part === 'square' && e.square !== undefined) {
    const square = variant.squares.names[e.square] ?? String(e.square);
    const role = board[e.square]! & 3;
    if (role === MAN) return t('pos_crowningRow', { square });
    // the one other piece the rules refuse on its square: an Israeli 6x6 queen on its home row
    if (role === QUEEN) return t('pos_queenHomeRow', { square });
  }
  if (e.part === 'pieces' && board.length === variant.topology.size) {
    const start = Position.start(variant).board();
    const count = (b: Int8Array, color: 'white' | 'black') =>
      b.filter((c) => c !== EMPTY && colorOf(c) === color).length;
    for (const color of ['white', 'black'] as const) {
      const n = count(board, color);
      const limit = count(start, color);
      if (n > limit) return t('pos_tooMany', { color: t(color), n, limit });
    }
  }
  return t(PROBLEM_KEYS.position[e.part]);
}

/** The problem with `fen` in `variant`, or null when it loads (blank text loads the start). */
export function fenProblem(variant: Variant, fen: string): FenProblem | null {
  const text = fen.trim();
  if (text === '') return null;
  const p = Position.fromFen(variant, text);
  if (p.ok) return null;
  const e = p.error;
  if (!('at' in e)) {
    const setup = parseFen(variant, text);
    const board = setup.ok ? setup.value.board : new Int8Array(0);
    return { message: e.message, reason: (t) => positionReason(t, variant, e, board) };
  }
  const reason = (t: Translate) => fenReason(t, e);
  if (e.part === 'fen') return { message: e.message, reason };
  const at = Math.max(0, Math.min(e.at, text.length));
  const from = Math.max(0, at - 12);
  const to = Math.min(text.length, at + 12);
  const excerpt = `${from > 0 ? '…' : ''}${text.slice(from, at)}‸${text.slice(at, to)}${to < text.length ? '…' : ''}`;
  return { message: e.message, at, excerpt, reason };
}

/** The reason for `invalidFen`, in the page's language, with its place when known. */
export function explainFen(t: Translate, variant: Variant, fen: string): string | null {
  const problem = fenProblem(variant, fen);
  if (!problem) return null;
  if (problem.at === undefined) return problem.reason(t);
  return t('fenErrorAt', {
    reason: problem.reason(t),
    n: problem.at + 1,
    text: problem.excerpt ?? '',
  });
}
