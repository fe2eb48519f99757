/**
 * `damka play` driven by a list of typed lines: moves, explanations of illegal moves, undo, draw
 * offers, resignation, huff decisions, the result with its reason, and the end of input (exit
 * code 1 unless the game ended or 'quit' was typed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bufferIo } from '../src/command.ts';
import { drawBoard, gameFrom, playGame } from '../src/commands/play.ts';
import { damka } from './helpers.ts';

async function* linesOf(lines: readonly string[]): AsyncGenerator<string> {
  for (const line of lines) yield line;
}

/** Run a session of `damka play ARGS` with `input` typed, one line at a time. */
async function session(
  args: string[],
  input: readonly string[],
): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIo();
  const code = await playGame(gameFrom(args), io, linesOf(input));
  return { code, out: io.out(), err: io.err() };
}

test('play: moves, an explained illegal move, undo and resignation', async () => {
  const r = await session(
    ['--variant', 'international'],
    ['32-28', '19-23', '28-22', '28x19', 'undo', 'resign'],
  );
  assert.equal(r.code, 0);
  assert.match(r.out, /White played 32-28\./);
  assert.match(r.out, /Black played 19-23\./);
  assert.match(r.out, /Illegal: Capture is compulsory: play 28x19\./);
  assert.match(r.out, /White played 28x19\./);
  assert.match(r.out, /Took back the last move\./);
  assert.match(r.out, /Result: 0-1 \(Black wins: White resigned\)$/m);
});

test('play: a game played to its end shows the result and its reason', async () => {
  const r = await session(['--variant', 'international', '--fen', 'W:W32:B28'], ['32x23']);
  assert.equal(r.code, 0);
  assert.match(r.out, /Result: 1-0 \(White wins: Black has no pieces left\)/);
});

test("play: English results give Black's score first, as CheckerBoard writes them", async () => {
  const r = await session(['--variant', 'english', '--fen', 'B:W14:B9'], ['9x18']);
  assert.equal(r.code, 0);
  assert.match(r.out, /Result: 1-0 \(Black wins: White has no pieces left\)/);
});

test('play: a draw offer, declined then accepted', async () => {
  const r = await session(['--variant', 'russian'], ['draw', 'n', 'c3-d4', 'draw', 'yes']);
  assert.match(r.out, /White offers a draw\. Black, do you accept\? \[y\/n\] Draw declined\./);
  assert.match(r.out, /Result: 1\/2-1\/2 \(Draw: agreed by both players\)/);
});

test('play: explanations name the rule', async () => {
  const r = await session(
    ['--variant', 'italian', '--fen', 'W:W21,31:BK18'],
    ['21x14', '21-26', 'x', 'quit'],
  );
  assert.match(r.out, /Illegal: A man cannot capture a king\./);
  assert.match(r.out, /Illegal: A man cannot move backward here\./);
  assert.match(r.out, /type 'help' for commands/);
  assert.match(r.out, /Game stopped\./);
});

test('play: Israeli burned pieces — the burn is offered and recorded', async () => {
  const r = await session(
    ['--variant', 'israeli', '--fen', 'W:Wc3,h2:Bd4,a7'],
    ['h2-g3', 'burn g3', 'burn c3', 'moves'],
  );
  assert.match(r.out, /Black may burn c3 \('burn SQUARE'\) or move to decline\./);
  assert.match(r.out, /that piece cannot be burned/);
  assert.match(r.out, /Black burned c3\./);
});

test('play: input that ends in the middle of the game exits 1 with one line; quit exits 0', async () => {
  const eof = await session(['--variant', 'russian'], ['c3-d4']);
  assert.equal(eof.code, 1);
  assert.equal(
    eof.err,
    "damka: end of input before the game ended (type 'quit' to stop without a result)\n",
  );
  // the same when the input ends while a draw offer waits for its answer
  const offer = await session(['--variant', 'russian'], ['draw']);
  assert.equal(offer.code, 1);
  assert.match(offer.err, /^damka: end of input before the game ended/);
  const quit = await session(['--variant', 'russian'], ['c3-d4', 'quit']);
  assert.equal(quit.code, 0);
  assert.equal(quit.err, '');
  assert.match(quit.out, /Game stopped\.\n$/);
});

test('play: Dhamet souffle — the offender replays the longest capture', async () => {
  const r = await session(
    ['--variant', 'dhamet', '--option', 'souffle=true', '--fen', 'W:Wa1,e3:Be4,e6,i9'],
    ['a1-a2', 'replay', 'a1-a2', 'e3xe7'],
  );
  assert.match(r.out, /'replay' to make White replay the longest capture/);
  assert.match(r.out, /The offending move is taken back\./);
  assert.match(
    r.out,
    /Illegal: The offending move was taken back: play a capture taking the most pieces \(e3xe7\)\./,
  );
  assert.match(r.out, /White played e3xe7\./);
});

test('play: draw counts are shown and a draw by rule ends the game', async () => {
  const moves = [];
  for (let i = 0; i < 3; i++) moves.push('47-41', '3-9', '41-47', '9-3');
  const r = await session(['--variant', 'international', '--fen', 'W:WK47,K48:BK3,K4'], moves);
  assert.match(r.out, /Draw counts \(moves each\): king moves 1 of 25\./);
  assert.match(
    r.out,
    /Result: 1\/2-1\/2 \(Draw: the same position 3 times with the same side to move\)/,
  );
});

test('play: the board shows coordinates and square numbers', () => {
  const game = gameFrom(['--variant', 'english']);
  const board = drawBoard(game.position).split('\n');
  assert.equal(board.length, 9);
  assert.equal(board[0], ' 8      b     b     b     b');
  assert.equal(board[3], ' 5  13    14    15    16');
  assert.equal(board[8], '     a  b  c  d  e  f  g  h');
  const alg = drawBoard(gameFrom(['--variant', 'turkish']).position).split('\n');
  assert.equal(alg[5], ' 3   w  w  w  w  w  w  w  w');
  assert.equal(alg[7], ' 1   .  .  .  .  .  .  .  .');
});

test('play: help, and usage errors through the dispatcher', async () => {
  const r = await session(['--variant', 'czech'], ['help']);
  assert.match(r.out, /undo +take back the last move/);
  const bad = await damka('play', '--variant', 'nosuch');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown variant 'nosuch'/);
  const help = await damka('help');
  assert.match(help.stdout, /play +Play a game for two people at the terminal/);
});
