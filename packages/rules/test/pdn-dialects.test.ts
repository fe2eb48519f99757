/**
 * The dialects of real PDN files, each on a small text: what PDN 3.0's reading grammar allows
 * (blanks around separators, `?` for the side to move, `[!?]+` and `(!?)` strengths, algebraic
 * moves without a separator, tags split by any white space) and what real programs write (x for a
 * plain step, flying-king routes naming any square of the line, PlayOK's N1 GameType, Russian short
 * notation and `1/2:1/2` results, English results with Black's score first, Latin-1 bytes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  convertGame,
  decodePdn,
  encodingWarning,
  parsePdn,
  replayGame,
  resultMarker,
  resultWinner,
  writePdn,
  type PdnGame,
  type ReplayedGame,
} from '../src/index.ts';

function one(text: string): PdnGame {
  const [game, ...rest] = parsePdn(text).games;
  assert.equal(rest.length, 0);
  assert.ok(game?.ok, JSON.stringify(game));
  return game.value;
}

function replays(text: string): ReplayedGame {
  const replay = replayGame(one(text));
  assert.ok(replay.ok, JSON.stringify(!replay.ok && { ...replay.error, position: undefined }));
  return replay.value;
}

test('blanks around - and x, as PDN 3.0 readers must accept', () => {
  const game = one('[GameType "20"]\n1. 32 -28 19- 23 2. 28 x 19 14x 23 *');
  assert.deepEqual(
    game.moves.moves.map((m) => m.text),
    ['32 -28', '19- 23', '28 x 19', '14x 23'],
  );
  assert.equal(replays('[GameType "20"]\n1. 32 -28 19- 23 2. 28 x 19 14x 23 *').moves.length, 4);
  // written without the blanks, read back the same
  assert.match(writePdn([game]), /1\. 32-28 19-23 2\. 28x19 14x23 \*/);
  // a lone separator is no move
  const [bad] = parsePdn('1. 32-28 - *').games;
  assert.ok(bad && !bad.ok);
});

test('x for a plain step, - for a capture: the one legal move joining the squares', () => {
  // English (tinsley.pdn): 4. 10x14 is the step 10-14
  const r = replays('[GameType "21"]\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 *');
  assert.equal(r.moves[6]!.kind, 'step');
  assert.equal(r.moves[7]!.kind, 'capture');
  assert.equal(
    replays('[GameType "20"]\n1. 32-28 19-23 2. 28-19 14-23 *').moves[2]!.kind,
    'capture',
  );
});

test('a flying king route may name any landing square of its line', () => {
  const fen = '[GameType "29"]\n[FEN "W:WKa1,h2:Bc3,f6,a7"]\n1. ';
  for (const move of ['a1xd4xh8', 'a1xe5xh8', 'a1:e5:h8', 'a1xh8']) {
    const r = replays(`${fen}${move} *`);
    assert.equal(r.moves[0]!.captures.length, 2, move);
  }
  for (const move of ['46x37x19', '46x32x19', '46x19']) {
    const r = replays(`[FEN "W:WK46:B41,28,5"]\n1. ${move} *`);
    assert.equal(r.moves[0]!.captures.length, 2, move);
  }
});

test("PDN 3.0 samples: '?' to move, move strengths, algebraic without separator", () => {
  const q = replays('[FEN "?:W29,13,11:B22,4,2"]\n*');
  assert.match(q.warnings.join(), /'\?' for the side to move; white moves first/);
  // '?' and a first move only Black can make: Black moves first
  const b = replays('[FEN "?:W29,13,11:B22,4,2"]\n1... 22-27 *');
  assert.equal(b.start.turn, 'black');
  const s = one('1.32-28!? 19-23(!?!!!) 2.28x19 (?) 14x23 $3 *');
  assert.deepEqual(
    s.moves.moves.map((m) => m.nags),
    [['!?'], ['(!?!!!)'], ['(?)'], ['$3']],
  );
  assert.equal(s.moves.moves[1]!.variations.length, 0);
  const again = one(writePdn([s]));
  assert.deepEqual(
    again.moves.moves.map((m) => [m.text, m.nags]),
    s.moves.moves.map((m) => [m.text, m.nags]),
  );
  assert.equal(replays('[GameType "25"]\n1.a3b4 f6g5 *').moves.length, 2);
});

test('tags split by any white space; a value missing its closing quote before ]', () => {
  const g = one('[\nEvent\n  "split"\n]\n[Round "11.1]\n[Site "x"]\n1. 32-28 *');
  assert.deepEqual(
    [...g.tags],
    [
      ['Event', 'split'],
      ['Round', '11.1'],
      ['Site', 'x'],
    ],
  );
  const [bad] = parsePdn('[Event "open\n1. 32-28 *').games;
  assert.ok(bad && !bad.ok && /never closed/.test(bad.error.message));
});

test('ambiguous short captures: decided by the next moves, else every reading named', () => {
  // a man on 7 takes seven pieces ending on 38, over 11 and 21 or over 12 and 22
  const fen = '[FEN "W:W7:B11,12,21,22,32,33,34,43,44"]\n';
  const ended = replayGame(one(`${fen}1. 7x38 *`));
  assert.ok(!ended.ok);
  assert.match(ended.error.message, /fits 2 legal moves: 7x1[68]x27x38x.* or 7x1[68]x27x38x/);
  // Black's next move 22-28 needs the man on 22: only the reading over 11 and 21 leaves it
  const decided = replays(`${fen}1. 7x38 22-28 *`);
  assert.deepEqual([...decided.moves[0]!.captures].sort((x, y) => x - y).length, 7);
  assert.match(decided.warnings.join(), /1\. 7x38 fits 2 moves; read as 7x16x27x38/);
});

test('a GameType whose numbering the moves do not fit: the standard one, with a warning', () => {
  const r = replays('[GameType "20,W,10,10,N1,0"]\n1. 32-28 19-23 2. 28x19 14x23 *');
  assert.equal(r.naming.corner, 2);
  assert.match(r.warnings[0]!, /do not fit the squares of GameType '20,W,10,10,N1,0'/);
  // moves that fit the declared numbering: no warning
  const n1 = replays('[GameType "20,W,10,10,N1,0"]\n1. 19-23 *');
  assert.deepEqual(n1.warnings, []);
});

test('Russian short notation and results: read, replayed, written back', () => {
  const text =
    '[GameType "25"]\n[Result "1/2:1/2"]\n1. ed4 dc5 2. fe3 cd6 3. cb4 ba5 4. db6 ac7 1/2:1/2\n';
  const game = one(text);
  assert.equal(game.result, '1/2-1/2');
  const r = replays(text);
  assert.equal(r.moves.length, 8);
  assert.equal(r.moves[7]!.kind, 'capture');
  assert.equal(one('[GameType "25"]\n1. cd4 0:1').result, '0-1');
  assert.equal(one('[Result "1:0"]\n*').result, '*');
  assert.equal(one('[Result "1:0"]\n1. 32-28').result, '1-0');
  // written in short notation and back, from full notation
  const full = one(
    '[GameType "25"]\n1. e3-d4 d6-c5 2. f2-e3 c7-d6 3. c3-b4 b6-a5 4. d4-b6 a7:c5 *',
  );
  const short = convertGame(full, 'short');
  assert.ok(short.ok);
  const texts = short.value.moves.moves.map((m) => m.text);
  assert.deepEqual(texts, ['ed4', 'dc5', 'fe3', 'cd6', 'cb4', 'ba5', 'db6', 'ac5']);
  const back = replayGame(one(writePdn([short.value])));
  assert.ok(back.ok);
  const original = replayGame(full);
  assert.ok(original.ok);
  assert.deepEqual(back.value.moves, original.value.moves);
  // two men of one file reaching one square: the full form
  const two = one('[GameType "25"]\n[FEN "W:WKc1,Kc3:Bh8"]\n1. c1-d2 *');
  const written = convertGame(two, 'short');
  assert.ok(written.ok);
  assert.equal(written.value.moves.moves[0]!.text, 'c1-d2');
  assert.ok(!convertGame(one('1. 32-28 *'), 'short').ok);
});

test("English results: the first figure is Black's (CheckerBoard, OCA); both read", () => {
  assert.equal(resultWinner('1-0', 'black'), 'black');
  assert.equal(resultWinner('1-0'), 'white');
  assert.equal(resultMarker('black', 'black'), '1-0');
  assert.equal(resultMarker('white', 'black'), '0-1');
  assert.equal(resultMarker('white', 'white'), '1-0');
  assert.equal(resultMarker(undefined, 'white'), '*');
  // OCA 2.0: Black (Anderson) wins, written 1-0
  const oca = replays('[GameType "21"]\n[Result "1-0"]\n1. 11-15 1-0');
  assert.equal(oca.resultFirst, 'black');
  assert.equal(oca.winner, 'black');
  // a file written with White's score first: the final position proves it (White has won)
  const fen = '[GameType "21"]\n[FEN "W:W18:B14"]\n';
  const whiteFirst = replays(`${fen}1... 18x9 1-0`);
  assert.equal(whiteFirst.resultFirst, 'white');
  assert.equal(whiteFirst.winner, 'white');
  assert.match(whiteFirst.warnings.join(), /written with white's score first/);
  const blackFirst = replays(`${fen}1... 18x9 0-1`);
  assert.equal(blackFirst.resultFirst, 'black');
  assert.equal(blackFirst.winner, 'white');
  assert.deepEqual(blackFirst.warnings, []);
  // International keeps White's score first
  assert.equal(replays('1. 32-28 1-0').winner, 'white');
});

test('encodings: UTF-8 with or without BOM, UTF-16, Latin-1 and Windows-1252, never U+FFFD', () => {
  const text = '[White "Kérmaŕ €"]\n1. 32-28 *';
  const utf8 = new TextEncoder().encode(text);
  assert.deepEqual(decodePdn(utf8), { text, encoding: 'utf-8' });
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
  assert.deepEqual(decodePdn(bom), { text, encoding: 'utf-8-bom' });
  const le = new Uint8Array([
    0xff,
    0xfe,
    ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
  ]);
  assert.equal(decodePdn(le).text, text);
  // Latin-1: é is one byte 0xE9; Windows-1252: € is 0x80, ’ 0x92
  const latin = new Uint8Array(
    [...'[White "Ren'].map((c) => c.charCodeAt(0)).concat([0xe9, 0x20, 0x80, 0x92, 0x22, 0x5d]),
  );
  const decoded = decodePdn(latin);
  assert.equal(decoded.encoding, 'windows-1252');
  assert.equal(decoded.text, '[White "René €’"]');
  for (let b = 0; b < 256; b++) {
    assert.ok(!decodePdn(new Uint8Array([0x41, b, 0xff])).text.includes('\ufffd'), `byte ${b}`);
  }
});

test('encodings: UTF-16 without a byte-order mark is recognised by its NULs, and said to be a guess', () => {
  const text = '[Event "Kérmaŕ €"]\n[GameType "20"]\n\n1. 32-28 19-23 *\n';
  const units = [...text].map((c) => c.charCodeAt(0));
  const le = new Uint8Array(units.flatMap((u) => [u & 0xff, u >> 8]));
  const be = new Uint8Array(units.flatMap((u) => [u >> 8, u & 0xff]));
  assert.deepEqual(decodePdn(le), { text, encoding: 'utf-16le-no-bom' });
  assert.deepEqual(decodePdn(be), { text, encoding: 'utf-16be-no-bom' });
  assert.equal(
    encodingWarning('utf-16le-no-bom'),
    'this looks like UTF-16 (little-endian) without a byte-order mark; read as such',
  );
  assert.match(encodingWarning('utf-16be-no-bom')!, /UTF-16 \(big-endian\)/);
  for (const encoding of ['utf-8', 'utf-8-bom', 'utf-16le', 'windows-1252'] as const)
    assert.equal(encodingWarning(encoding), undefined);
  // with its mark it is plain UTF-16, as before
  assert.equal(decodePdn(new Uint8Array([0xff, 0xfe, ...le])).encoding, 'utf-16le');
  // NULs on both sides of the pairs (a binary file), or a few NULs in UTF-8, are not UTF-16
  assert.equal(decodePdn(new Uint8Array([0, 0, 0x41, 0, 0, 0x42, 0, 0])).encoding, 'utf-8');
  const sparse = new TextEncoder().encode('[Event "x"]\u0000 1. 32-28 *');
  assert.equal(decodePdn(sparse).encoding, 'utf-8');
  // an odd length cannot be UTF-16
  assert.equal(decodePdn(le.subarray(1)).encoding, 'windows-1252');
});
