/**
 * The real-file corpus (`../shared/pdn-real`, outside the repository): its manifest and exclusion
 * list, and one pass over every file the way `damka pdn check` reads it — bytes decoded, games
 * read, the manifest's GameType given to games whose tags name none, each game replayed and, when
 * it replays, written and read back. Shared by the corpus test and the corpus benchmark so both
 * judge the same thing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodePdn,
  parsePdn,
  replayGame,
  withGameType,
  writePdn,
  type Move,
} from '../src/index.ts';

/** `../shared/pdn-real` from the repository root. */
export const PDN_REAL = fileURLToPath(new URL('../../../../shared/pdn-real/', import.meta.url));

export interface ManifestEntry {
  readonly file: string;
  readonly gameType: string;
  readonly kind: 'games' | 'problems' | 'positions' | 'syntax' | 'excluded';
  readonly games: number;
}

/** A game left out by exclusions.tsv: file, game number (from 1, or '*') and class. */
export interface Exclusion {
  readonly file: string;
  readonly game: number | '*';
  readonly reason: string;
}

function tsv(name: string): string[][] {
  return readFileSync(join(PDN_REAL, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

export function corpusPresent(): boolean {
  return existsSync(join(PDN_REAL, 'manifest.tsv'));
}

export function readManifest(): ManifestEntry[] {
  return tsv('manifest.tsv').map(([file, gameType, kind, games]) => ({
    file: file!,
    gameType: gameType!,
    kind: kind as ManifestEntry['kind'],
    games: Number(games),
  }));
}

export function readExclusions(): Exclusion[] {
  return tsv('exclusions.tsv').map(([file, game, reason]) => ({
    file: file!,
    game: game === '*' ? '*' : Number(game),
    reason: reason!,
  }));
}

/** What happened to one game of the corpus. */
export interface GameOutcome {
  readonly file: string;
  /** 1-based, as `damka pdn check` numbers games. */
  readonly game: number;
  readonly variant: string;
  /** Undefined when the game replays and reads back with the same moves; otherwise why not. */
  readonly problem?: string;
  readonly plies: number;
  readonly warnings: readonly string[];
}

const identity = (m: Move) => `${m.kind}:${m.from}:${m.to}:${[...m.captures].sort().join(',')}`;

/** Read, replay and write back every game of one corpus file. */
export function checkFile(entry: ManifestEntry): GameOutcome[] {
  const { text } = decodePdn(readFileSync(join(PDN_REAL, entry.file)));
  return parsePdn(text).games.map((parsed, i): GameOutcome => {
    const base = { file: entry.file, game: i + 1, variant: entry.gameType, plies: 0 };
    if (!parsed.ok) {
      const e = parsed.error;
      return { ...base, warnings: [], problem: `line ${e.line}:${e.column}: ${e.message}` };
    }
    const game = withGameType(parsed.value, entry.gameType); // as `--game-type` does
    const replay = replayGame(game);
    if (!replay.ok) {
      const e = replay.error;
      const where = e.line !== undefined ? `line ${e.line}:${e.column} ` : '';
      return { ...base, warnings: [], problem: `${where}${e.text ?? ''}: ${e.message}` };
    }
    const { moves, warnings } = replay.value;
    const again = parsePdn(writePdn([game])).games;
    const reread = again.length === 1 && again[0]!.ok ? replayGame(again[0]!.value) : undefined;
    const same =
      reread?.ok === true &&
      reread.value.moves.map(identity).join(' ') === moves.map(identity).join(' ');
    return {
      ...base,
      plies: moves.length,
      warnings,
      ...(same ? {} : { problem: 'written and read back, it does not give the same moves' }),
    };
  });
}

/** The exclusion that covers a game, if any. */
export function exclusionOf(
  exclusions: readonly Exclusion[],
  file: string,
  game: number,
): Exclusion | undefined {
  return exclusions.find((x) => x.file === file && (x.game === '*' || x.game === game));
}
