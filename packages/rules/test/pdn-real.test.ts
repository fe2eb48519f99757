/**
 * The real-file corpus (`../shared/pdn-real`: 5,400 games from public collections, see its
 * README): every game that exclusions.tsv does not show to be the record's fault must replay and
 * must survive writing and reading back with the same moves. The Russian short-notation files are
 * listed there as "non-pdn-notation" but Damka reads that notation, so they count too. Excluded
 * games are still read (nothing may throw), and the exclusions a reader can settle by a general
 * rule — look-ahead for an ambiguous capture, the standard numbering for a wrong GameType — are
 * checked to be settled, with a warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePdn, parsePdn, replayGames } from '../src/index.ts';
import {
  checkFile,
  corpusPresent,
  exclusionOf,
  readExclusions,
  readManifest,
  PDN_REAL,
  type GameOutcome,
} from './pdn-real.ts';

/** Exclusion classes Damka now reads: these games count like any other. */
const COUNTED_EXCLUSIONS = new Set(['non-pdn-notation']);

/**
 * Counted games known not to replay, as `file#game` → reason. Empty: every counted game replays.
 * A game that starts failing must be fixed or listed here with its reason, never hidden.
 */
const KNOWN_FAILURES: ReadonlyMap<string, string> = new Map();

const NAMES: Record<string, string> = {
  '20': 'International',
  '21': 'English',
  '22': 'Italian',
  '25': 'Russian',
  '29': 'Czech',
  syntax: 'PDN samples',
};

test('the real-file corpus is present at ../shared/pdn-real', () => {
  assert.ok(corpusPresent(), `no manifest.tsv in ${PDN_REAL}`);
});

test('real files: every valid game replays and reads back with the same moves', (t) => {
  if (!corpusPresent()) assert.fail(`no corpus at ${PDN_REAL}`);
  const exclusions = readExclusions();
  const counted = new Map<string, { games: number; replay: number }>();
  const failures: string[] = [];
  const excluded: GameOutcome[] = [];
  for (const entry of readManifest()) {
    for (const outcome of checkFile(entry)) {
      const exclusion = exclusionOf(exclusions, entry.file, outcome.game);
      if (exclusion ? !COUNTED_EXCLUSIONS.has(exclusion.reason) : entry.kind === 'excluded') {
        excluded.push(outcome);
        continue;
      }
      const key = entry.kind === 'syntax' ? 'syntax' : entry.gameType;
      const tally = counted.get(key) ?? { games: 0, replay: 0 };
      tally.games++;
      const id = `${entry.file}#${outcome.game}`;
      if (outcome.problem === undefined) tally.replay++;
      else if (!KNOWN_FAILURES.has(id)) failures.push(`${id}: ${outcome.problem}`);
      counted.set(key, tally);
    }
  }
  let games = 0;
  let replay = 0;
  for (const [key, tally] of counted) {
    games += tally.games;
    replay += tally.replay;
    t.diagnostic(`${NAMES[key] ?? key}: ${tally.replay}/${tally.games}`);
  }
  t.diagnostic(
    `pdn-real: ${replay}/${games} games replay (${((100 * replay) / games).toFixed(1)}%); ` +
      `${excluded.length} left out as invalid`,
  );
  assert.deepEqual(failures, [], `${failures.length} valid games do not replay`);
  assert.equal(replay, games - KNOWN_FAILURES.size);
  // the Russian short-notation files are in: 466 games
  assert.equal(counted.get('25')!.games, 817);
  assert.ok(games >= 5380, `only ${games} games counted`);
});

test('real files: exclusions a general rule settles are settled, with a warning', () => {
  if (!corpusPresent()) assert.fail(`no corpus at ${PDN_REAL}`);
  const exclusions = readExclusions();
  const outcomes = new Map<string, GameOutcome>();
  for (const entry of readManifest()) {
    if (!exclusions.some((x) => x.file === entry.file)) continue;
    for (const o of checkFile(entry)) outcomes.set(`${o.file}#${o.game}`, o);
  }
  const of = (file: string, game: number) => outcomes.get(`${file}#${game}`)!;
  // PlayOK: GameType says N1, the moves are in the standard numbering
  for (const game of [1, 2, 3, 4]) {
    const o = of('fmjd-pdn/succeed/kurnik.pdn', game);
    assert.equal(o.problem, undefined);
    assert.match(o.warnings.join(), /standard numbering of international/);
  }
  // ambiguous short captures the next moves decide
  for (const [file, game, route] of [
    ['fmjd-pdn/succeed/Tricks traps and shots.pdn', 57, '10x17x26'],
    ['fmjd-pdn/succeed/Tricks traps and shots.pdn', 90, '32x23x14x7'],
    ['fmjd-pdn/succeed/schildpad.pdn', 3, '36x13x2x16'],
    ['fmjd-pdn/succeed/schildpad.pdn', 7, '4x31x42x24'],
  ] as const) {
    const o = of(file, game);
    assert.equal(o.problem, undefined, `${file}#${game}`);
    assert.match(o.warnings.join(), new RegExp(`read as ${route}, the only one`));
  }
  // the last move of the game: nothing decides, and the error names both readings
  const last = of('fmjd-pdn/succeed/Campionato Assoluto 2005.pdn', 46);
  assert.match(
    last.problem ?? '',
    /ambiguous: '3x26' fits 2 legal moves: 3x10x(19|17)x26 or 3x10x(17|19)x26/,
  );
  // records that are wrong stay refused
  assert.match(of('raven-checkers/tinsley.pdn', 541).problem ?? '', /32-28/);
  assert.match(of('brunogui/BrunoVsScan31.pdn', 11).problem ?? '', /17-11/);
});

test('real files without GameType tags: each read as the game most of its games replay in', () => {
  if (!corpusPresent()) assert.fail(`no corpus at ${PDN_REAL}`);
  const expected: Record<string, string> = {
    'fmjd-pdn/succeed/mrcd2006.pdn': 'czech',
    'fmjd-pdn/succeed/mrcd2007.pdn': 'czech',
    'games-checkers/czech/MR_Ceska_Dama_Druzstev_2008.pdn': 'czech',
    'fmjd-pdn/succeed/ussr1947.pdn': 'russian',
    'raven-checkers/tinsley.pdn': 'english',
    'games-checkers/italian/partite.pdn': 'italian',
    'brunogui/Sijbrands_vs_Andreiko.pdn': 'international',
  };
  for (const [file, variant] of Object.entries(expected)) {
    const { text } = decodePdn(readFileSync(join(PDN_REAL, file)));
    const games = parsePdn(text).games.flatMap((g) => (g.ok ? [g.value] : []));
    const replays = replayGames(games);
    const read = replays.flatMap((r) => (r.ok ? [r.value.variant.id] : []));
    assert.ok(read.length >= games.length - 3, file);
    assert.deepEqual(new Set(read), new Set([variant]), file);
  }
});

/** Gould's first problem, alone. */
function games1() {
  const { text } = decodePdn(readFileSync(join(PDN_REAL, 'fmjd-pdn/succeed/goulds.pdn')));
  return parsePdn(text).games.flatMap((g) => (g.ok ? [g.value] : []))[0]!;
}

test('English problem books (set-up positions, no GameType tag) are read as English', () => {
  if (!corpusPresent()) assert.fail(`no corpus at ${PDN_REAL}`);
  const books = ['goulds', 'bridges', 'gem', 'beginner', 'lpc', 'borderclassics'];
  const exclusions = readExclusions();
  for (const book of books) {
    const file = `fmjd-pdn/succeed/${book}.pdn`;
    const { text } = decodePdn(readFileSync(join(PDN_REAL, file)));
    const games = parsePdn(text).games.flatMap((g) => (g.ok ? [g.value] : []));
    const read = replayGames(games).flatMap((r) => (r.ok ? [r.value] : []));
    const english = read.filter((r) => r.variant.id === 'english');
    // positions impossible in English (a man on its crowning row) are the record's fault
    const impossible = exclusions.filter((x) => x.file === file).length;
    assert.ok(
      english.length >= games.length - impossible,
      `${file}: ${english.length} of ${games.length}`,
    );
    assert.ok(english.length > 50, file);
    assert.match(english[0]!.warnings[0] ?? '', /names a square above 32/, file);
  }
  // one such position alone keeps PDN's default; International's own FEN samples reach 50
  const alone = replayGames([games1()]);
  assert.equal(alone[0]!.ok && alone[0]!.value.variant.id, 'international');
  const { text } = decodePdn(readFileSync(join(PDN_REAL, 'fmjd-pdn/succeed/fen.pdn')));
  const samples = parsePdn(text).games.flatMap((g) => (g.ok ? [g.value] : []));
  const ids = replayGames(samples).flatMap((r) => (r.ok ? [r.value.variant.id] : []));
  assert.ok(ids.length > 0 && ids.every((id) => id === 'international'), ids.join());
});
