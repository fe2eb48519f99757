/**
 * Why a FEN does not load, in words a player can act on: the rules package's reason
 * (`Position.fromFen`: a bad side to move, an unknown square, a man on its crowning row, too many
 * pieces…) plus where it is — the character and the text around it, or the square — so the setup
 * screen can point at the mistake instead of only refusing. Pure; the rules decide, this explains.
 */
import { Position, type Variant } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';

export interface FenProblem {
  readonly message: string;
  /** 0-based character of the trimmed text where the problem starts, when the reader knows. */
  readonly at?: number;
  /** The text around `at`, the problem marked with ‸. */
  readonly excerpt?: string;
}

/** The problem with `fen` in `variant`, or null when it loads (blank text loads the start). */
export function fenProblem(variant: Variant, fen: string): FenProblem | null {
  const text = fen.trim();
  if (text === '') return null;
  const p = Position.fromFen(variant, text);
  if (p.ok) return null;
  const e = p.error;
  if (!('at' in e) || e.part === 'fen') return { message: e.message };
  const at = Math.max(0, Math.min(e.at, text.length));
  const from = Math.max(0, at - 12);
  const to = Math.min(text.length, at + 12);
  const excerpt = `${from > 0 ? '…' : ''}${text.slice(from, at)}‸${text.slice(at, to)}${to < text.length ? '…' : ''}`;
  return { message: e.message, at, excerpt };
}

/** The reason for `invalidFen`, with its place when known. */
export function explainFen(t: Translate, variant: Variant, fen: string): string | null {
  const problem = fenProblem(variant, fen);
  if (!problem) return null;
  if (problem.at === undefined) return problem.message;
  return t('fenErrorAt', {
    reason: problem.message,
    n: problem.at + 1,
    text: problem.excerpt ?? '',
  });
}
