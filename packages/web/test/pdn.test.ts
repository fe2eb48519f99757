/**
 * The web app's PDN mapping in Node: a saved game written as PDN reads back to the same moves for
 * every variant (from the start and from a FEN), the header names the players and the variant as
 * PDN expects, burned pieces survive as a comment, and a file with several games lists each one —
 * a broken game with its line and column, the others still opening. Also the FEN check's
 * explanations and the board editor's pure parts (palette, placing, the rules' verdict).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, VARIANTS, getTag, parsePdn, variantOrThrow } from '@damka/rules';
import {
  entryOf,
  newGame,
  parseSaved,
  replay,
  withEntry,
  type SavedGame,
} from '../src/game/record.ts';
import {
  pdnDate,
  pdnFileName,
  pdnGameToSaved,
  playerNames,
  readPdnBytes,
  answerPdnRead,
  readPdnGames,
  savedGameToPdn,
  savedGameToPdnText,
} from '../src/pdn/game-pdn.ts';
import { explainFen, fenProblem } from '../src/pdn/fen-check.ts';
import { applyTool, checkSetup, initialSetup, paletteFor } from '../src/ui/editor.tsx';
import { translator } from '../src/i18n/index.ts';
import { DEFAULT_LEVEL } from '../src/computer/client.ts';

const DATE = new Date(2026, 10, 30, 12, 0, 0);

/** A small deterministic generator, so every run plays the same varied games. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Play up to `plies` legal moves chosen by `random` (no burns), stopping at a result. */
function playRandom(game: SavedGame, plies: number, random: () => number): SavedGame {
  let g = game;
  for (let i = 0; i < plies; i++) {
    const r = replay(g);
    if (r.result) break;
    const p = r.positions[r.positions.length - 1]!;
    const moves = p.legalMoves();
    if (moves.length === 0) break;
    const m = moves[Math.floor(random() * moves.length)]!;
    g = { ...g, entries: [...g.entries, entryOf(m)] };
  }
  return g;
}

function roundTrip(game: SavedGame): SavedGame {
  const text = savedGameToPdnText(game, { date: DATE, site: 'test' });
  const listed = readPdnGames(text);
  assert.equal(listed.length, 1, text);
  const back = listed[0]!.game;
  assert.ok(back.ok, `${game.setup.variant}: ${back.ok ? '' : back.error}\n${text}`);
  return back.value;
}

for (const rules of VARIANTS) {
  test(`round trip through PDN: ${rules.id}`, () => {
    const random = lcg(rules.id.length * 7919 + 17);
    const game = playRandom(
      newGame({ variant: rules.id, options: {} }, 'friend', null),
      40,
      random,
    );
    assert.ok(game.entries.length > 0, 'some moves were played');
    const back = roundTrip(game);
    assert.equal(back.setup.variant, rules.id);
    assert.deepEqual(back.setup.options, {});
    assert.equal(back.setup.fen, undefined);
    assert.deepEqual(replay(back).notation, replay(game).notation);
    assert.equal(replay(back).positions.at(-1)!.fen, replay(game).positions.at(-1)!.fen);
  });
}

test('round trip from a set-up position keeps the FEN and the moves', () => {
  const v = variantOrThrow('russian');
  const game = playRandom(
    newGame({ variant: 'russian', options: {}, fen: 'B:Wc1,e1,g3,Kh2:Bb6,d6,f8' }, 'friend', null),
    6,
    lcg(5),
  );
  const pdn = savedGameToPdn(game, { date: DATE });
  assert.equal(getTag(pdn.tags, 'FEN'), replay(game).positions[0]!.fen);
  const back = roundTrip(game);
  assert.ok(back.setup.fen);
  assert.equal(back.setup.fen, replay(game).positions[0]!.fen);
  assert.equal(replay(back).positions[0]!.variant.id, v.id);
  assert.deepEqual(replay(back).notation, replay(game).notation);
});

test('house rules travel in the Variant and VariantOptions tags', () => {
  const game = playRandom(
    newGame({ variant: 'english', options: { noForcedCapture: true } }, 'friend', null),
    10,
    lcg(9),
  );
  const pdn = savedGameToPdn(game, { date: DATE });
  assert.equal(getTag(pdn.tags, 'VariantOptions'), 'noForcedCapture=true');
  assert.match(getTag(pdn.tags, 'GameType') ?? '', /^21,/);
  const back = roundTrip(game);
  assert.deepEqual(back.setup.options, { noForcedCapture: true });
  assert.deepEqual(replay(back).notation, replay(game).notation);
});

test('the header: Event, Site, Date, players, result and the GameType or Variant tags', () => {
  const vsComputer: SavedGame = {
    ...newGame({ variant: 'international', options: {} }, 'computer', 'black'),
    level: 4,
  };
  const pdn = savedGameToPdn(vsComputer, { date: DATE, site: 'localhost:8080' });
  assert.deepEqual([...pdn.tags].slice(0, 7), [
    ['Event', 'Damka'],
    ['Site', 'localhost:8080'],
    ['Date', '2026.11.30'],
    ['White', 'Player'],
    ['Black', 'Damka level 4'],
    ['Result', '*'],
    ['GameType', '20,W,10,10,N2,0'],
  ]);
  assert.equal(getTag(pdn.tags, 'Variant'), undefined);
  const defaultLevel = savedGameToPdn(
    newGame({ variant: 'international', options: {} }, 'computer', 'white'),
    { date: DATE },
  );
  assert.equal(getTag(defaultLevel.tags, 'White'), `Damka level ${DEFAULT_LEVEL}`);
  assert.equal(getTag(defaultLevel.tags, 'Black'), 'Player');
  assert.equal(getTag(pdn.tags, 'FEN'), undefined);
  assert.deepEqual(playerNames(newGame({ variant: 'russian', options: {} }, 'friend', null)), {
    white: 'White',
    black: 'Black',
  });
  const israeli = savedGameToPdn(newGame({ variant: 'israeli', options: {} }, 'friend', null), {
    date: DATE,
  });
  assert.equal(getTag(israeli.tags, 'Variant'), 'israeli');
  assert.equal(pdnDate(DATE), '2026.11.30');
  assert.equal(pdnFileName('russian', DATE), 'damka-russian-2026-11-30.pdn');
});

test('a result is written as the marker and the Result tag', () => {
  // international: White takes Black's last man, Black has no move
  const game = newGame({ variant: 'international', options: {}, fen: 'W:W6:B11' }, 'friend', null);
  const p = replay(game).positions[0]!;
  const won = { ...game, entries: [entryOf(p.legalMoves()[0]!)] };
  const text = savedGameToPdnText(won, { date: DATE });
  assert.match(text, /\[Result "1-0"\]/);
  assert.match(text, /6x17 1-0\s*$/);
  const resigned = savedGameToPdnText({ ...game, resigned: 'white' }, { date: DATE });
  assert.match(resigned, /\[Result "0-1"\]/);
});

test("English results are written and listed with Black's score first, as CheckerBoard reads them", () => {
  // English: Black takes White's last man; Black has won, written 1-0
  const game = newGame({ variant: 'english', options: {}, fen: 'B:W14:B9' }, 'friend', null);
  const p = replay(game).positions[0]!;
  const won = { ...game, entries: [entryOf(p.legalMoves()[0]!)] };
  const text = savedGameToPdnText(won, { date: DATE });
  assert.match(text, /\[Result "1-0"\]/);
  const [listed] = readPdnGames(text);
  assert.equal(listed!.winner, 'black');
  // a CheckerBoard file: Black (Anderson) won, written 1-0
  const oca = readPdnGames(
    '[Black "Anderson"]\n[White "Wyllie"]\n[Result "1-0"]\n1. 11-15 24-19 2. 15x24 28x19 1-0',
  );
  assert.equal(oca[0]!.winner, 'black');
  assert.ok(oca[0]!.game.ok, 'an untagged English game opens as English');
  // International keeps White's score first
  assert.equal(readPdnGames('1. 32-28 1-0')[0]!.winner, 'white');
});

test('a file is read by its bytes: Latin-1 names, a UTF-8 byte-order mark', () => {
  const latin = Uint8Array.from(
    [...'[White "Ber\u00e7ot"]\n[Black "Kouam\u00e9"]\n[GameType "20"]\n1. 32-28 *'].map((c) =>
      c.charCodeAt(0),
    ),
  );
  const read = readPdnBytes(latin);
  assert.equal(read.games[0]!.white, 'Berçot');
  assert.equal(read.games[0]!.black, 'Kouamé');
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('[White "Zoë"]\n*')]);
  assert.equal(readPdnBytes(bom).games[0]!.white, 'Zoë');
  assert.equal(read.guessed, false, 'Latin-1 is read without a word');
  assert.equal(readPdnBytes(bom).guessed, false);
});

test('UTF-16 without a byte-order mark is read, and the guess is said; with its mark it is not', () => {
  const text = '[White "Ber\u00e7ot"]\n[Black "Kouam\u00e9"]\n[GameType "20"]\n1. 32-28 *';
  const le = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) le[2 * i] = text.charCodeAt(i);
  const be = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) be[2 * i + 1] = text.charCodeAt(i);
  for (const bytes of [le, be]) {
    const read = readPdnBytes(bytes);
    assert.equal(read.guessed, true);
    assert.equal(read.games.length, 1);
    assert.equal(read.games[0]!.white, 'Berçot');
    assert.ok(read.games[0]!.game.ok);
  }
  // the answer the worker (or the page) gives the dialog carries the guess; pasted text has none
  const answer = answerPdnRead({ idPrefix: 'p', bytes: le });
  assert.ok(answer.ok && answer.guessed && answer.games.length === 1);
  const pasted = answerPdnRead({ idPrefix: 'p', text });
  assert.ok(pasted.ok && !pasted.guessed && pasted.games[0]!.white === 'Berçot');
  const marked = readPdnBytes(new Uint8Array([0xff, 0xfe, ...le]));
  assert.equal(marked.guessed, false);
  assert.equal(marked.games[0]!.black, 'Kouamé');
});

test('a burned piece (huff) is kept in a comment and the file still reads', () => {
  // huff: White skips the capture 32x21; Black may burn the man on 32
  const setup = {
    variant: 'international',
    options: { burnedPieces: true },
    fen: 'W:W32,46:B27,1',
  };
  const game = newGame(setup, 'friend', null);
  const r0 = replay(game);
  const quiet = r0.positions[0]!.legalMoves().find((m) => m.captures.length === 0);
  assert.ok(quiet, 'a quiet move is allowed under huff');
  const afterQuiet = { ...game, entries: [entryOf(quiet)] };
  const burnable = replay(afterQuiet).positions[1]!.burnable;
  assert.ok(burnable.length > 0, 'a piece may be burned');
  const burned: SavedGame = {
    ...afterQuiet,
    entries: [...afterQuiet.entries, { type: 'burn', square: burnable[0]! }],
  };
  assert.equal(replay(burned).entries.length, 2);
  const text = savedGameToPdnText(burned, { date: DATE });
  assert.match(text, /burned/);
  const back = roundTrip(burned);
  assert.equal(back.entries.length, 1, 'the moves before the burn replay');
});

test('a file with several games lists each; a broken one reports its line and column', () => {
  const a = playRandom(newGame({ variant: 'russian', options: {} }, 'friend', null), 8, lcg(1));
  const b = playRandom(newGame({ variant: 'english', options: {} }, 'friend', null), 8, lcg(2));
  const good = (g: SavedGame) => savedGameToPdnText(g, { date: DATE });
  const broken = '[Event "Broken"]\n[White "A"]\n[Black "B"]\n\n1. 32-28 {never closed 19-23 (\n\n';
  const illegal = '[Event "Illegal"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28-22 *\n\n';
  const unknown = '[Event "PlayStrategy"]\n[GameType "32"]\n\n1. 11-15 *\n\n';
  const text = good(a) + '\n' + broken + illegal + unknown + good(b);
  const list = readPdnGames(text);
  assert.ok(list.length >= 5, `games found: ${list.length}`);
  const opened = list.filter((x) => x.game.ok);
  assert.equal(opened.length, 2, 'the two good games open');
  assert.deepEqual(
    replay((opened[0]!.game as { value: SavedGame }).value).notation,
    replay(a).notation,
  );
  assert.deepEqual(
    replay((opened[1]!.game as { value: SavedGame }).value).notation,
    replay(b).notation,
  );
  const errors = list.filter((x) => !x.game.ok).map((x) => (x.game.ok ? '' : x.game.error));
  assert.ok(
    errors.some((e) => /^line \d+, column \d+: /.test(e)),
    `a syntax error with its place: ${errors.join(' | ')}`,
  );
  assert.ok(
    errors.some((e) => /28-22/.test(e) && /line \d+, column \d+/.test(e)),
    `an illegal move with its place: ${errors.join(' | ')}`,
  );
  assert.ok(
    errors.some((e) => /GameType 32/.test(e)),
    `a game Damka does not play: ${errors.join(' | ')}`,
  );
});

test('a game from another program: moves in the other common notation, Event and players kept', () => {
  const text =
    '[Event "Club"]\n[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n[GameType "25"]\n\n' +
    '1. 22-18 11-15 2. 18x11 8x15 1-0\n';
  const [only] = readPdnGames(text);
  assert.ok(only);
  assert.equal(only.white, 'Ann');
  assert.equal(only.black, 'Bo');
  assert.equal(only.event, 'Club');
  assert.equal(only.result, '1-0');
  assert.ok(only.game.ok, only.game.ok ? '' : only.game.error);
  assert.equal(only.game.plies, 4);
  assert.equal(only.game.value.setup.variant, 'russian');
  assert.equal(only.game.value.mode, 'friend');
  // the moves are the variant's own again (algebraic for Russian)
  assert.deepEqual(replay(only.game.value).notation, ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5']);
});

test("an imported game keeps its file's players, event, date and result in its download until played on", () => {
  const text =
    '[Event "Ohio State Ty"]\n[Date "1946.??.??"]\n[Round "3"]\n[White "M Rex"]\n' +
    '[Black "MF Tinsley"]\n[Result "1/2-1/2"]\n[GameType "21"]\n\n1. 11-15 23-18 2. 8-11 1/2-1/2\n';
  const [only] = readPdnGames(text);
  assert.ok(only?.game.ok);
  // kept through the browser's storage
  const game = parseSaved(JSON.stringify(only.game.value));
  assert.ok(game);
  const pdn = savedGameToPdn(game, { date: DATE, site: 'damka.test' });
  assert.equal(getTag(pdn.tags, 'Event'), 'Ohio State Ty');
  assert.equal(getTag(pdn.tags, 'Site'), 'damka.test');
  assert.equal(getTag(pdn.tags, 'Date'), '1946.??.??');
  assert.equal(getTag(pdn.tags, 'Round'), '3');
  assert.equal(getTag(pdn.tags, 'White'), 'M Rex');
  assert.equal(getTag(pdn.tags, 'Black'), 'MF Tinsley');
  assert.equal(getTag(pdn.tags, 'Result'), '1/2-1/2');
  assert.match(savedGameToPdnText(game, { date: DATE }), /2\. 8-11 1\/2-1\/2\n$/);
  // a move played on makes it a new game of this screen: the file's header no longer describes it
  const r = replay(game);
  const on = withEntry(game, r, entryOf(r.positions[3]!.legalMoves()[0]!), 0);
  const after = savedGameToPdn(on, { date: DATE });
  assert.equal(getTag(after.tags, 'Event'), 'Damka');
  assert.equal(getTag(after.tags, 'Date'), pdnDate(DATE));
  assert.equal(getTag(after.tags, 'White'), 'White');
  assert.equal(getTag(after.tags, 'Round'), undefined);
  assert.equal(getTag(after.tags, 'Result'), '*');
});

test('an imported game counts the variations it left out, nested ones too, through storage', () => {
  const text = '[GameType "21"]\n\n1. 11-15 (1. 9-13 22-18 (22-17)) 23-18 (24-20) 2. 8-11 *\n';
  const [only] = readPdnGames(text);
  assert.ok(only?.game.ok);
  assert.equal(only.game.value.entries.length, 3, 'the main line');
  const game = parseSaved(JSON.stringify(only.game.value));
  assert.equal(game?.imported?.variations, 3);
  const [plain] = readPdnGames('[GameType "21"]\n\n1. 11-15 23-18 *\n');
  assert.ok(plain?.game.ok);
  assert.equal(plain.game.value.imported?.variations, undefined);
});

test('garbage never throws', () => {
  for (const text of ['', '[', '[Event "x"', '1. 2. 3.', '{', ')))', 'x'.repeat(500)]) {
    const list = readPdnGames(text);
    for (const item of list) assert.ok(item.game.ok || item.game.error.length > 0);
  }
  const parsed = parsePdn('[GameType "20"]\n\n1. 32-28 *');
  const g = parsed.games[0]!;
  assert.ok(g.ok);
  assert.ok(pdnGameToSaved(g.value, 'x').ok);
});

test('the FEN check names the rules reason and where it is', () => {
  const international = variantOrThrow('international');
  assert.equal(fenProblem(international, ''), null);
  assert.equal(fenProblem(international, ' W:W31-50:B1-20 '), null);
  const unknown = fenProblem(international, 'W:W31-50:B1-20,77');
  assert.ok(unknown);
  assert.match(unknown.message, /77/);
  assert.equal(unknown.at, 'W:W31-50:B1-20,'.length);
  assert.match(unknown.excerpt ?? '', /‸77/);
  const crowned = fenProblem(international, 'W:W3:B40');
  assert.match(crowned?.message ?? '', /crowning row/);
  const side = explainFen(translator('en'), international, 'X:W3:B40');
  assert.match(side ?? '', /side to move.*character 1/);
  // an Israeli 6x6 queen on its own home row is explained, in every way the editor shows it
  const six = variantOrThrow('israeli-6x6');
  const board = new Int8Array(six.topology.size);
  board[six.squares.parse('13')] = 1; // a white man
  board[six.squares.parse('6')] = 5; // a black man
  board[six.squares.parse('16')] = 2; // a white queen
  const home = checkSetup(six, { turn: 'white', board });
  assert.ok(!home.ok);
  assert.equal(home.square, six.squares.parse('16'));
  const problem = fenProblem(six, 'W:W13,Q16:B6');
  assert.ok(problem);
  assert.equal(
    problem.reason(translator('en')),
    'A queen cannot stand on 16, its own home row: a queen that ends a move there becomes a king.',
  );
});

test('the editor: palette per variant, placing and erasing, the rules judging the result', () => {
  const international = variantOrThrow('international');
  const keys = (v: typeof international) =>
    paletteFor(v).map((x) => (x === 'erase' ? 'erase' : `${x.color}-${x.role}`));
  assert.deepEqual(keys(international), [
    'white-man',
    'white-king',
    'black-man',
    'black-king',
    'erase',
  ]);
  assert.ok(keys(variantOrThrow('israeli-6x6')).includes('black-queen'));
  const empty = new Int8Array(international.topology.size);
  const sq = (n: string) => international.squares.parse(n);
  let board = applyTool(empty, sq('33'), { color: 'white', role: 'man' });
  board = applyTool(board, sq('19'), { color: 'black', role: 'king' });
  assert.equal(empty[sq('33')], 0, 'the old board is left alone');
  const ok = checkSetup(international, { turn: 'white', board });
  assert.ok(ok.ok);
  assert.equal(ok.position.fen, 'W:W33:BK19');
  const crowned = checkSetup(international, {
    turn: 'white',
    board: applyTool(board, sq('3'), { color: 'white', role: 'man' }),
  });
  assert.ok(!crowned.ok);
  assert.equal(crowned.square, sq('3'));
  assert.match(crowned.message, /crowning row/);
  let crowd = board;
  for (let s = 0; s < 21; s++)
    crowd = applyTool(crowd, sq(String(30 + s)), { color: 'white', role: 'king' });
  const tooMany = checkSetup(international, { turn: 'white', board: crowd });
  assert.ok(!tooMany.ok);
  assert.match(tooMany.message, /white has 21 pieces/);
  assert.deepEqual(
    checkSetup(international, { turn: 'white', board: applyTool(board, sq('33'), 'erase') }).ok,
    true,
  );
  // the editor starts from a readable FEN even when the rules would refuse it, so it can be fixed
  const start = initialSetup(international, 'W:W3,33:B19');
  assert.equal(start.board[sq('3')], applyTool(empty, 0, { color: 'white', role: 'man' })[0]);
  assert.equal(
    initialSetup(international, 'nonsense').board.join(),
    Position.start(international).board().join(),
  );
});
