/**
 * `damka match`: Damka against rapid-draughts' alpha-beta computer on English draughts — N games
 * over balanced openings with colours alternating; prints the score and an Elo difference with its
 * 95% interval, and writes the games as PDN.
 */
import { writeFileSync } from 'node:fs';
import { guard, type Io } from '../command.ts';
import { integerFrom, parseCommandLine } from '../args.ts';

export const summary = 'Play Damka against rapid-draughts on English draughts: score and Elo';

export const usage = `Usage: damka match [--games N] [--time MS] [--level L] [--opponent-depth D] [--pdn FILE]

Plays N games (default 40) between Damka and rapid-draughts' alpha-beta computer (depth 7, the
setting of its README) on English draughts, colours alternating over balanced two-ply openings.
Draws: threefold repetition, or 40 moves each without a capture or a man move.

      --games N           games to play (default 40)
      --time MS           Damka's milliseconds per move (default 200)
      --level L           Damka's level 1-8 (default 8)
      --opponent-depth D  rapid-draughts' search depth (default 7)
      --pdn FILE          write the games to FILE as PDN

Example: damka match --games 40 --time 200 --pdn match.pdn`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('match', {
    args,
    options: {
      games: { type: 'string', default: '40' },
      time: { type: 'string', default: '200' },
      level: { type: 'string', default: '8' },
      'opponent-depth': { type: 'string', default: '7' },
      pdn: { type: 'string' },
    },
  });
  const games = integerFrom('games', values.games, 1, 10000);
  const moveTime = integerFrom('time', values.time, 1, 3_600_000);
  const level = integerFrom('level', values.level, 1, 8);
  const opponentDepth = integerFrom('opponent-depth', values['opponent-depth'], 1, 20);
  const { runMatch } = await import('@damka/engine/match');
  const report = await runMatch({
    games,
    moveTime,
    level,
    opponentDepth,
    onGame: (g, i) =>
      io.stdout.write(
        `game ${i + 1}: Damka ${g.damkaColor}, opening ${g.opening}: ${g.score} (${g.reason})\n`,
      ),
  });
  io.stdout.write(
    `Damka +${report.wins} =${report.draws} -${report.losses}: ${(report.score * 100).toFixed(1)}%\n`,
  );
  io.stdout.write(
    `Elo ${report.elo.elo.toFixed(0)} (95%: ${report.elo.low.toFixed(0)} to ${report.elo.high.toFixed(0)})\n`,
  );
  if (values.pdn !== undefined) writeFileSync(values.pdn, report.pdn);
  return 0;
});
