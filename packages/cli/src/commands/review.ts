/**
 * `damka review`: the engine's review of the games of a PDN file, written back as PDN — NAGs for
 * inaccuracies ($6), mistakes ($2) and blunders ($4), a comment with the evaluation after every
 * move, the better line as a variation, and each side's accuracy before the first move. The
 * review itself is `@damka/engine`'s `Reviewer`, the same the web app runs in its worker. The
 * file is decoded as `damka pdn` decodes it (UTF-8, UTF-16, else Windows-1252).
 */
import { readFileSync, statSync } from 'node:fs';
import {
  decodePdn,
  encodingWarning,
  MAX_PDN_LENGTH,
  parsePdn,
  replayGame,
  writeGame,
  type PdnGame,
} from '@damka/rules';
import { annotatePdn, defaultReviewDepth, Engine, reviewGame } from '@damka/engine';
import { progressBar } from '@damka/engine/match';
import {
  complain,
  guard,
  pathError,
  UsageError,
  writableFile,
  writeResult,
  type Io,
} from '../command.ts';
import { integerFrom, parseCommandLine } from '../args.ts';

export const usage = `Usage: damka review FILE [--depth D] [--game N] [--out FILE] [--quiet]

Searches every position of each game of FILE and writes the games again with the review: a NAG
on each inaccuracy ($6, ?!), mistake ($2, ?) and blunder ($4, ??) by the evaluation it lost,
a comment with the evaluation after every move (in men, from White's side) and the loss, the
better move's line as a variation, and both sides' accuracy in a comment before the first move.
Games that do not replay are reported on stderr and written unchanged (exit code 1).

      --depth D     search depth (default 10 on 8x8 and smaller boards, 8 on larger ones)
      --game N      review only the N-th game of the file (1-based)
      --out FILE    write the reviewed PDN to FILE (default: stdout)
      --quiet       no progress on stderr

FILE is read as damka pdn reads it: UTF-8 (with or without a byte-order mark), UTF-16 (with a
warning when it has no byte-order mark), or Latin-1 / Windows-1252, at most ${MAX_PDN_LENGTH}
bytes.

Example: damka review mygame.pdn --out mygame-reviewed.pdn`;

/**
 * A PDN file's text, decoded as `damka pdn` decodes it (a guessed encoding is said on stderr); too
 * large a file is refused.
 */
function readPdnText(file: string, io: Io): string {
  let bytes: Buffer;
  try {
    if (statSync(file).size > MAX_PDN_LENGTH)
      throw new UsageError(`${file} is larger than ${MAX_PDN_LENGTH} bytes`);
    bytes = readFileSync(file);
  } catch (error) {
    throw error instanceof UsageError ? error : pathError('read', file, error);
  }
  const { text, encoding } = decodePdn(bytes);
  const warning = encodingWarning(encoding);
  if (warning !== undefined) complain(io, `${file}: ${warning}`);
  return text;
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values, positionals } = parseCommandLine('review', {
    args,
    allowPositionals: true,
    options: {
      depth: { type: 'string' },
      game: { type: 'string' },
      out: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0];
  if (file === undefined) throw new UsageError('review wants a PDN file (see damka help review)');
  if (positionals.length > 1)
    throw new UsageError(`review takes one file, not ${positionals.length}`);
  if (values.out !== undefined) writableFile('--out', values.out);
  const parsed = parsePdn(readPdnText(file, io));
  if (parsed.games.length === 0) throw new UsageError(`'${file}' holds no game`);
  const only =
    values.game === undefined
      ? undefined
      : integerFrom('game', values.game, 1, parsed.games.length);
  const depthGiven =
    values.depth === undefined ? undefined : integerFrom('depth', values.depth, 1, 30);
  const out: string[] = [];
  let failed = 0;
  for (let g = 0; g < parsed.games.length; g++) {
    if (only !== undefined && g + 1 !== only) continue;
    const result = parsed.games[g]!;
    if (!result.ok) {
      io.stderr.write(`game ${g + 1}: line ${result.error.line}: ${result.error.message}\n`);
      failed++;
      continue;
    }
    const game: PdnGame = result.value;
    const replayed = replayGame(game);
    if (!replayed.ok) {
      io.stderr.write(`game ${g + 1}: ${replayed.error.message}\n`);
      out.push(writeGame(game));
      failed++;
      continue;
    }
    const { variant, positions, moves, naming } = replayed.value;
    const depth = depthGiven ?? defaultReviewDepth(variant.topology.size, variant.id);
    const engine = new Engine(variant, { ttBits: 20, seed: 1 });
    const started = Date.now();
    const review = reviewGame(engine, positions, moves, depth, (done, total) => {
      if (!values.quiet) io.stderr.write(`\rgame ${g + 1}: ${progressBar(done, total)} positions`);
    });
    if (!values.quiet) {
      io.stderr.write(
        `\rgame ${g + 1}: ${moves.length} plies at depth ${depth} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
          `; accuracy white ${review.sides[0].accuracy ?? '-'}%, black ${review.sides[1].accuracy ?? '-'}%\n`,
      );
    }
    out.push(writeGame(annotatePdn(game, review, positions, naming)));
  }
  const pdn = out.join('\n');
  if (values.out !== undefined) writeResult(io, values.out, pdn);
  else io.stdout.write(pdn);
  return failed > 0 ? 1 : 0;
});
