/**
 * `damka play`: a game for two people at one terminal. The board is drawn in text with its
 * coordinates (square numbers on empty squares for numbered variants, files and ranks for algebraic
 * ones), moves are typed in the variant's notation, and a move the rules forbid is answered with
 * the rule that forbids it. Commands: undo, resign, draw (offer; the other player answers), moves,
 * board, burn/replay under huff rules, help, quit.
 *
 * The session reads lines from any async iterable, so tests drive it with a list of lines; only
 * `run` connects it to the process's standard input. The game itself is `Game` from the rules
 * package — this file only reads, prints and dispatches.
 */
import { createInterface } from 'node:readline';
import {
  Game,
  formatMove,
  parseMove,
  resultMarker,
  type Color,
  type MoveAttempt,
  type Position,
  type Square,
} from '@damka/rules';
import { complain, guard, type Io } from '../command.ts';
import { POSITION_OPTIONS, POSITION_USAGE, parseCommandLine, positionFrom } from '../args.ts';

export const usage = `Usage: damka play --variant ID [--option NAME=VALUE]... [--fen FEN]

Two people play at one terminal, taking turns to type moves in the variant's notation
(32-28, 28x19, c3:e5, or a whole capture route 27x18x29). A move the rules forbid is
explained. Type 'help' during the game for the other commands.
Exit code 0 when the game ends or 'quit' is typed; 1 when the input ends first
(moves piped in that stop in the middle of the game).

${POSITION_USAGE}

Example: damka play --variant russian`;

const HELP = `Commands:
  MOVE          a move in the variant's notation: 32-28, 28x19, c3:e5, 27x18x29
  moves         list the legal moves
  board         draw the board again
  undo          take back the last move (or burn)
  draw          offer a draw; the other player answers y or n
  resign        resign the game
  burn SQUARE   huff rules: burn the opponent's piece that failed to capture
  replay        Dhamet souffle: make the opponent replay his longest capture
  help          this list
  quit          stop without a result
Pieces: w/b men, W/B kings, w*/b* queens (Israeli 6x6). Empty numbered squares show their number.`;

/** The game's result as PDN writes it (Black's score first in English draughts). */
function resultText(winner: Color | undefined, firstPlayer: Color): string {
  return resultMarker(winner ?? 'draw', firstPlayer);
}

function colorName(color: Color): string {
  return color === 'white' ? 'White' : 'Black';
}

/** The board as text, White's home row at the bottom, with coordinates. */
export function drawBoard(position: Position): string {
  const variant = position.variant;
  const t = variant.topology;
  const numbered = variant.rules.notation.squares !== 'algebraic';
  const cell = (sq: Square): string => {
    const piece = position.pieceAt(sq);
    if (!piece) return numbered ? (variant.squares.names[sq] ?? '.') : '.';
    const letter = piece.color === 'white' ? 'w' : 'b';
    if (piece.role === 'man') return letter;
    if (piece.role === 'queen') return `${letter}*`;
    return letter.toUpperCase();
  };
  const lines: string[] = [];
  for (let rank = t.height - 1; rank >= 0; rank--) {
    let line = `${String(rank + 1).padStart(2)} `;
    for (let file = 0; file < t.width; file++) {
      const sq = t.grid[rank * t.width + file]!;
      line += sq < 0 ? '   ' : cell(sq).padStart(3);
    }
    lines.push(line.trimEnd());
  }
  let files = '   ';
  for (let file = 0; file < t.width; file++) files += String.fromCharCode(97 + file).padStart(3);
  lines.push(files);
  return lines.join('\n');
}

/** The status under the board: whose move, running draw counts, a pending huff decision. */
function status(game: Game): string {
  const lines: string[] = [];
  const names = game.variant.squares.names;
  lines.push(`${colorName(game.turn)} to move.`);
  const counts = game
    .drawProgress()
    .filter((p) => p.moves > 0)
    .map(
      (p) =>
        `${p.rule.kind === 'quietMoves' ? 'king moves' : p.rule.kind === 'endgame' ? 'endgame' : 'unchanged material'} ${p.moves} of ${p.limit}`,
    );
  if (counts.length > 0) lines.push(`Draw counts (moves each): ${counts.join('; ')}.`);
  const huff = game.huff;
  if (huff) {
    const squares = huff.burnable.map((sq) => names[sq]).join(', ');
    const replay = huff.canDemandReplay
      ? `, 'replay' to make ${colorName(huff.move.moved.color)} replay the longest capture,`
      : '';
    lines.push(
      `${colorName(huff.color)} may burn ${huff.burnable.length > 1 ? 'one of ' : ''}${squares} ('burn SQUARE')${replay} or move to decline.`,
    );
  }
  if (game.mustReplay)
    lines.push(`${colorName(game.turn)} must replay a capture taking the most pieces.`);
  return lines.join('\n');
}

/** The squares named in a move text, if every one of them is a square of the variant. */
function attemptOf(position: Position, text: string): MoveAttempt | undefined {
  const parts = text.trim().split(/\s*[-x:]\s*/i);
  if (parts.length < 2) return undefined;
  const squares = parts.map((p) => position.variant.squares.parse(p));
  if (squares.some((sq) => sq < 0)) return undefined;
  return squares.length === 2 ? { from: squares[0]!, to: squares[1]! } : { path: squares };
}

/** The game named by the command line (variant, options, FEN); a mistake is a `UsageError`. */
export function gameFrom(args: string[]): Game {
  const { values } = parseCommandLine('play', { args, options: POSITION_OPTIONS });
  return Game.fromPosition(positionFrom(values));
}

/** Exit code of a game left unfinished because the input ended (not typed 'quit'). */
export const EXIT_UNFINISHED = 1;

/**
 * Play `game` to its end, reading commands from `input`. Resolves to the exit code: 0 when the
 * game ended or the players typed 'quit'; `EXIT_UNFINISHED`, with one line on stderr, when the
 * input ended in the middle of the game (a script's moves ran out, a pipe closed).
 */
export async function playGame(game: Game, io: Io, input: AsyncIterable<string>): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const lines = input[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | undefined> => {
    io.stdout.write(prompt);
    const next = await lines.next();
    if (next.done) {
      io.stdout.write('\n');
      return undefined;
    }
    return String(next.value).trim();
  };
  const show = () => out(`\n${drawBoard(game.position)}\n${status(game)}`);
  const endOfInput = () => {
    complain(io, `end of input before the game ended (type 'quit' to stop without a result)`);
    return EXIT_UNFINISHED;
  };

  out(`${game.variant.rules.name}. Type 'help' for commands.`);
  show();
  while (!game.outcome) {
    const line = await ask(`${colorName(game.turn)}> `);
    if (line === undefined) return endOfInput();
    if (line === '') continue;
    const [word = '', ...rest] = line.split(/\s+/);
    const command = word.toLowerCase();
    if (command === 'help' || command === '?') {
      out(HELP);
    } else if (command === 'quit' || command === 'exit') {
      out('Game stopped.');
      return 0;
    } else if (command === 'board') {
      show();
    } else if (command === 'moves') {
      const position = game.position;
      out(
        game
          .legalMoves()
          .map((m) => formatMove(position, m))
          .join(' '),
      );
    } else if (command === 'undo') {
      const undone = game.undo();
      out(
        undone.ok
          ? `Took back the last ${undone.value.kind === 'move' ? 'move' : undone.value.kind}.`
          : 'Nothing to undo.',
      );
      if (undone.ok) show();
    } else if (command === 'resign') {
      game.resign(game.turn);
    } else if (command === 'draw') {
      const other = colorName(game.turn === 'white' ? 'black' : 'white');
      const answer = await ask(
        `${colorName(game.turn)} offers a draw. ${other}, do you accept? [y/n] `,
      );
      if (answer === undefined) return endOfInput();
      if (/^y(es)?$/i.test(answer)) game.agreeDraw();
      else out('Draw declined.');
    } else if (command === 'burn') {
      const sq = game.variant.squares.parse(rest[0] ?? '');
      const burned = sq < 0 ? undefined : game.burn(sq);
      if (!burned) out(`burn: give the square of the piece to burn`);
      else if (!burned.ok) out(burned.error.message);
      else {
        out(`${colorName(game.turn)} burned ${game.variant.squares.names[sq]}.`);
        show();
      }
    } else if (command === 'replay') {
      const replayed = game.demandReplay();
      if (!replayed.ok) out(replayed.error.message);
      else {
        out('The offending move is taken back.');
        show();
      }
    } else {
      const position = game.position;
      const parsed = parseMove(position, line);
      const played = parsed.ok ? game.play(parsed.value) : undefined;
      if (parsed.ok && played?.ok) {
        out(`${colorName(position.turn)} played ${formatMove(position, played.value)}.`);
        if (!game.outcome) show();
        continue;
      }
      const attempt = attemptOf(position, line);
      if (attempt) out(`Illegal: ${game.explain(attempt).text}`);
      else if (!parsed.ok) out(`${parsed.error.message} (type 'help' for commands)`);
      else out(`Illegal: ${played?.ok === false ? played.error.message : 'not a legal move'}`);
    }
  }
  const outcome = game.outcome;
  out(`\n${drawBoard(game.position)}`);
  out(
    `Result: ${resultText(outcome.winner, game.position.variant.rules.firstPlayer)} (${outcome.text})`,
  );
  return 0;
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const game = gameFrom(args);
  // the terminal's standard input: the one place the command reaches outside its Io
  const input = createInterface({ input: process.stdin, terminal: false });
  try {
    return await playGame(game, io, input);
  } finally {
    input.close();
  }
});
