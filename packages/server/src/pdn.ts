/**
 * A stored game as PDN, with the rules package's writer: the variant's tags (GameType, and
 * Variant/VariantOptions when needed), the FEN when the game did not start from the usual
 * position, the moves of the line of play in the variant's notation, and the result. Burns and
 * souffle retractions have no PDN syntax: they are kept as comments after the move they follow.
 */
import { resultMarker, variantTags, writeGame, type PdnMove, type PdnResult } from '@damka/rules';
import type { LiveGame } from './live.ts';

interface Line {
  text: string;
  comments: string[];
}

/** PDN text of a game, finished or not (`*` while it goes on, and for an aborted game). */
export function gamePdn(live: LiveGame, site: string): string {
  const outcome = live.outcome;
  // English-family markers give Black's score first (docs in packages/rules/docs/pdn.md).
  const result: PdnResult =
    !outcome || outcome.reason === 'aborted'
      ? '*'
      : resultMarker(outcome.winner ?? 'draw', live.variant.rules.firstPlayer);
  const date = new Date(live.setup.createdAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const tags = new Map<string, string>([
    ['Event', 'Damka online game'],
    ['Site', site],
    ['Date', `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`],
    ['Round', '-'],
    ['White', 'White'],
    ['Black', 'Black'],
    ['Result', result],
    ...variantTags(live.variant),
  ]);
  if (live.info.fen) tags.set('FEN', live.info.fen);
  const clock = live.info.clock;
  if (clock) tags.set('TimeControl', `${clock.initial}+${clock.increment}`);
  if (outcome) tags.set('Termination', outcome.text);

  const lines: Line[] = [];
  const before: string[] = [];
  for (const action of live.actions) {
    const last = lines[lines.length - 1];
    if (action.kind === 'move') lines.push({ text: action.text, comments: [] });
    else if (action.kind === 'burn') {
      const note = `${action.color} burns ${action.text}`;
      if (last) last.comments.push(note);
      else before.push(note);
    } else {
      const taken = lines.pop();
      const note = `${taken?.text ?? 'the last move'} taken back (souffle)`;
      const previous = lines[lines.length - 1];
      if (previous) previous.comments.push(note);
      else before.push(note);
    }
  }
  const moves: PdnMove[] = lines.map((l) => ({
    text: l.text,
    nags: [],
    comments: l.comments,
    variations: [],
  }));
  return writeGame({ tags, moves: { comments: before, moves }, result, startNumber: 1 });
}
