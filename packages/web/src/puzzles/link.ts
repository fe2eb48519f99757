/**
 * A link to one puzzle: `/?puzzle=<variant>/<id>` (e.g. `/?puzzle=english/eng-1fk1lt7`) opens the
 * trainer on that puzzle of that variant's set instead of a random pick, so a puzzle can be shared
 * or reopened. The trainer keeps the address on the puzzle it shows (`puzzleSearch`). Kept apart from the trainer (no imports) because the first page reads it.
 */

export interface PuzzleLink {
  readonly variant: string;
  readonly id: string;
}

/** The puzzle named by a page address's query string (`location.search`), or null. */
export function parsePuzzleLink(search: string): PuzzleLink | null {
  const value = new URLSearchParams(search).get('puzzle');
  const m = value ? /^([a-z0-9-]+)\/([A-Za-z0-9_-]+)$/.exec(value) : null;
  return m ? { variant: m[1]!, id: m[2]! } : null;
}

/** The query string that links to a puzzle (`?puzzle=<variant>/<id>`). */
export function puzzleSearch(variant: string, id: string): string {
  return `?puzzle=${variant}/${id}`;
}
