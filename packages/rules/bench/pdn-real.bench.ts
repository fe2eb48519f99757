/**
 * Speed of reading real files: every file of the real-file corpus (`../shared/pdn-real`) decoded,
 * read and every game replayed, as `damka pdn check` does, with each file's GameType from the
 * manifest for games whose tags name none. Prints wall-clock and CPU time per pass and the counts
 * per variant, so BENCHMARKS.md can quote both; the machine is shared, so CPU time is the steadier
 * figure. Not a test: nothing fails on a slow run; but the times are printed only when the games
 * read and the plies replayed are the reference counts (`EXPECTED`), so a figure always measures
 * the same work (a change to the reader or the corpus that changes them updates them and says why).
 *
 * Run: `npm run bench:pdn` (or `-- --repeat 3`)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePdn, parsePdn, replayGame, withGameType } from '../src/index.ts';
import { PDN_REAL, readManifest } from '../test/pdn-real.ts';

/** Games read and plies replayed over the whole corpus, as of its manifest of 78 files. */
const EXPECTED = { games: 5_435, plies: 275_867 };

const repeat = Number(/--repeat[= ](\d+)/.exec(process.argv.slice(2).join(' '))?.[1] ?? 1);
const manifest = readManifest();
const files = manifest.map((entry) => ({ entry, bytes: readFileSync(join(PDN_REAL, entry.file)) }));
const bytes = files.reduce((n, f) => n + f.bytes.length, 0);

for (let pass = 1; pass <= repeat; pass++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const tally = new Map<string, { games: number; replay: number }>();
  let games = 0;
  let plies = 0;
  for (const { entry, bytes: raw } of files) {
    const { text } = decodePdn(raw);
    for (const parsed of parsePdn(text).games) {
      games++;
      const t = tally.get(entry.gameType) ?? { games: 0, replay: 0 };
      t.games++;
      tally.set(entry.gameType, t);
      if (!parsed.ok) continue;
      const replay = replayGame(withGameType(parsed.value, entry.gameType));
      if (!replay.ok) continue;
      t.replay++;
      plies += replay.value.moves.length;
    }
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  if (games !== EXPECTED.games || plies !== EXPECTED.plies) {
    console.error(
      `${games} games and ${plies} plies, not the reference ${EXPECTED.games} and ${EXPECTED.plies}: ` +
        'the work differs from what the recorded times measured, so no time is reported',
    );
    process.exit(1);
  }
  console.log(
    `pass ${pass}: ${files.length} files (${(bytes / 1e6).toFixed(1)} MB), ${games} games, ` +
      `${plies} plies replayed: ${(wall / 1000).toFixed(2)} s wall-clock, ${(cpuMs / 1000).toFixed(2)} s CPU`,
  );
  if (pass === 1) {
    for (const [gameType, t] of [...tally].sort()) {
      console.log(
        `  GameType ${gameType}: ${t.replay}/${t.games} games replay (every game read, exclusions too)`,
      );
    }
  }
}
