/**
 * The board's sentences for screen readers in English, used when the app passes no `describe` of
 * its own: a square's name with what stands on it, a piece picked, a move made or arriving.
 */
import type { Announcement, BoardPiece } from './types.ts';

/** English announcements, used when the app passes no `describe`. */
export function describeInEnglish(a: Announcement): string {
  const piece = (p: BoardPiece | undefined) => (p ? `${p.color} ${p.role}` : 'empty');
  switch (a.type) {
    case 'cursor':
      return `${a.label}, ${piece(a.piece)}${a.destination ? ', legal destination' : ''}`;
    case 'select':
      return `${piece(a.piece)} on ${a.label} selected; destinations ${a.destinations.join(', ')}`;
    case 'narrow':
      return `via ${a.label}; next ${a.destinations.join(', ')}`;
    case 'cancel':
      return 'selection cancelled';
    case 'move':
      return `moved ${a.from} to ${a.to}${a.captures ? `, ${a.captures} captured` : ''}`;
    case 'played':
      return `${piece(a.piece)}: moved ${a.from} to ${a.to}${a.captures ? `, ${a.captures} captured` : ''}`;
  }
}
