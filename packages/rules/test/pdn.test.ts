/**
 * PDN reader and writer: what is read from hand-written text (tags, numbers, comments, NAGs,
 * variations, results in both styles), where errors point, and that writing then reading gives the
 * same games — for fixed texts and for random games.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  PDN_RESULTS,
  formatGameType,
  getVariant,
  parseGameType,
  parsePdn,
  replayGame,
  resolveSetting,
  variantOrThrow,
  variantTags,
  writePdn,
  VARIANTS,
  STANDARD_GAME_TYPES,
  type PdnGame,
  type PdnLine,
  type PdnMove,
} from '../src/index.ts';
import { games } from './pdn-games.ts';

/** A game without source positions, for comparing what was read with what was written. */
function strip(game: PdnGame): unknown {
  const line = (l: PdnLine): unknown => ({ comments: l.comments, moves: l.moves.map(move) });
  const move = (m: PdnMove): unknown => ({
    text: m.text,
    nags: m.nags,
    comments: m.comments,
    variations: m.variations.map(line),
  });
  return {
    tags: [...game.tags],
    moves: line(game.moves),
    result: game.result,
    startNumber: game.startNumber,
  };
}

const SAMPLE = `[Event "Sample"]
[Site "Here"]
[Date "2026.11.30"]
[Round "1"]
[White "A \\"the\\" player"]
[Black "B\\\\C"]
[Result "2-0"]
[GameType "20"]

{Before the first move.} 1. 32-28 $1 19-23! {centre} (1... 18-23 2. 37-32 ; a line comment
12-18 (2... 17-22 (2... 20-24?!)) 3. 41-37) 2. 28x19 14x23 {} 3. 33-28?? 23x32 4. 37x28 2-0
`;

test('reads tags, moves, comments, NAGs and nested variations', () => {
  const [game] = games(SAMPLE);
  assert.ok(game);
  assert.deepEqual(
    [...game.tags.keys()],
    ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'GameType'],
  );
  assert.equal(game.tags.get('White'), 'A "the" player');
  assert.equal(game.tags.get('Black'), 'B\\C');
  assert.equal(game.result, '2-0');
  assert.deepEqual(game.moves.comments, ['Before the first move.']);
  const main = game.moves.moves;
  assert.deepEqual(
    main.map((m) => m.text),
    ['32-28', '19-23', '28x19', '14x23', '33-28', '23x32', '37x28'],
  );
  assert.deepEqual(main[0]!.nags, ['$1']);
  assert.deepEqual(main[1]!.nags, ['!']);
  assert.deepEqual(main[1]!.comments, ['centre']);
  assert.deepEqual(main[3]!.comments, ['']);
  assert.deepEqual(main[4]!.nags, ['??']);
  const variation = main[1]!.variations[0]!;
  assert.deepEqual(
    variation.moves.map((m) => m.text),
    ['18-23', '37-32', '12-18', '41-37'],
  );
  assert.deepEqual(variation.moves[1]!.comments, ['a line comment']);
  const nested = variation.moves[2]!.variations[0]!;
  assert.deepEqual(
    nested.moves.map((m) => m.text),
    ['17-22'],
  );
  assert.deepEqual(nested.moves[0]!.variations[0]!.moves[0]!.nags, ['?!']);
  assert.deepEqual(main[0]!.at, { line: 10, column: 29 });
  // the game replays, variations included
  const replay = replayGame(game);
  assert.ok(replay.ok, JSON.stringify(!replay.ok && replay.error));
  assert.equal(replay.value.moves.length, 7);
});

test('every result marker, in the movetext or only in the Result tag', () => {
  for (const result of PDN_RESULTS) {
    const [a] = games(`1. 32-28 ${result}`);
    assert.equal(a!.result, result);
    const [b] = games(`[Result "${result}"]\n1. 32-28`);
    assert.equal(b!.result, result);
  }
  const [none] = games('1. 32-28');
  assert.equal(none!.result, '*');
});

test('several games, with and without tags between them', () => {
  const text = `[Event "1"]\n1. 32-28 *\n\n[Event "2"]\n1. 31-27 1-0\n1. 33-29 0-1\n[Event "4"]\n1. 34-30`;
  const read = games(text);
  assert.deepEqual(
    read.map((g) => [g.tags.get('Event'), g.moves.moves[0]!.text, g.result]),
    [
      ['1', '32-28', '*'],
      ['2', '31-27', '1-0'],
      [undefined, '33-29', '0-1'],
      ['4', '34-30', '*'],
    ],
  );
});

test('move numbers: glued to the move, continuation dots, a later start', () => {
  const [game] = games('17.32-28 17...19-23 18. 28x19 ... 14x23');
  assert.equal(game!.startNumber, 17);
  assert.deepEqual(
    game!.moves.moves.map((m) => m.text),
    ['32-28', '19-23', '28x19', '14x23'],
  );
  assert.match(writePdn([game!]), /^17\. 32-28 19-23 18\. 28x19 14x23 \*\n$/);
});

test('English from the first player: Black moves first and numbers pair from Black', () => {
  const text = '[GameType "21"]\n1. 11-15 23-19 2. 8-11 {note} 2... 22-17 3. 9-13 *';
  const [game] = games(text);
  const replay = replayGame(game!);
  assert.ok(replay.ok);
  assert.equal(replay.value.start.turn, 'black');
  assert.equal(
    writePdn([game!]),
    '[GameType "21"]\n\n' + '1. 11-15 23-19 2. 8-11 {note} 2... 22-17 3. 9-13 *\n',
  );
  // a FEN with the second player to move starts at 1...
  const [fromFen] = games('[GameType "21"]\n[FEN "W:W21-32:B1-12"]\n1... 22-18 2. 11-15 *');
  assert.ok(replayGame(fromFen!).ok);
  assert.match(writePdn([fromFen!]), /\n1\.\.\. 22-18 2\. 11-15 \*\n$/);
});

test('errors carry line, column and the offending text; other games are still read', () => {
  const text = [
    '[Event "ok 1"]',
    '1. 32-28 *',
    '[Event "bad"]',
    '1. 32-28 @@@ 19-23 *',
    '[Event "ok 2"]',
    '1. 31-27 *',
    '[Event "unclosed"]',
    '1. 32-28 (1. 31-27 *',
    '[Event "ok 3"]',
    '1. 33-28 *',
  ].join('\n');
  const read = parsePdn(text).games;
  assert.equal(read.length, 5);
  assert.ok(read[0]!.ok && read[2]!.ok && read[4]!.ok);
  assert.equal(read[4]!.ok && read[4]!.value.tags.get('Event'), 'ok 3');
  const bad = read[1]!;
  assert.ok(!bad.ok);
  assert.deepEqual([bad.error.line, bad.error.column, bad.error.text], [4, 10, '@@@']);
  const unclosed = read[3]!;
  assert.ok(!unclosed.ok);
  assert.deepEqual([unclosed.error.line, unclosed.error.column, unclosed.error.text], [8, 10, '(']);
  assert.match(unclosed.error.message, /never closed/);
});

test('more syntax errors: each names its place', () => {
  const cases: Array<[string, number, number, RegExp]> = [
    ['[Event "x\n1. 32-28 *', 1, 8, /never closed/],
    ['[Event x]\n1. 32-28 *', 1, 8, /double quotes/],
    ['1. 32-28 ) *', 1, 10, /closes no variation/],
    ['$1 1. 32-28 *', 1, 1, /before any move/],
    ['( 1. 32-28 ) *', 1, 1, /must follow/],
    ['1. 32-28 () *', 1, 10, /empty variation/],
    ['1. 32-28 {never closed', 1, 10, /never closed/],
    ['1. 32-28 $12345 *', 1, 10, /NAG/],
    ['1. hello *', 1, 4, /not a move/],
    ['1. 32-28 } *', 1, 10, /unexpected/],
  ];
  for (const [text, line, column, message] of cases) {
    const [game] = parsePdn(text).games;
    assert.ok(game && !game.ok, text);
    assert.deepEqual([game.error.line, game.error.column], [line, column], text);
    assert.match(game.error.message, message, text);
  }
});

test('a file whose every comment is left open is read in time that grows with its length', () => {
  // each game's '{' is never closed: the reader once searched the rest of the text for a '}' at
  // every game (200,000 games took about 30 s); now the first failed search answers the others
  const games = 200_000;
  const text = '[Event "x"]\n1. 32-28 { no close 19-23\n'.repeat(games);
  const t0 = performance.now();
  const read = parsePdn(text).games;
  const ms = performance.now() - t0;
  assert.equal(read.length, games);
  const last = read[games - 1]!;
  assert.ok(!last.ok);
  assert.deepEqual([last.error.line, last.error.column], [2 * games, 10]);
  assert.match(last.error.message, /never closed/);
  assert.ok(
    read.every((g) => !g.ok),
    'every game names its open comment',
  );
  // a bound far above the linear reading (well under a second) and far below the old one
  assert.ok(ms < 6000, `${games} games read in ${ms.toFixed(0)} ms`);
});

test('variation nesting and input size are bounded', () => {
  const deep = '1. 32-28 ' + '( 1. 31-27 '.repeat(100) + ')'.repeat(100) + ' *';
  const [game] = parsePdn(deep).games;
  assert.ok(game && !game.ok);
  assert.match(game.error.message, /deeper than 64/);
  const [big] = parsePdn('1. 32-28 *', { maxLength: 5 }).games;
  assert.ok(big && !big.ok);
  assert.match(big.error.message, /longer than 5/);
  // a long run of odd input takes linear time
  const start = performance.now();
  parsePdn('((((((((('.repeat(20_000) + '{'.repeat(50_000) + '1.'.repeat(50_000));
  assert.ok(performance.now() - start < 2000);
});

test('writing and reading again gives the same games (sample and house styles)', () => {
  const samples = [
    SAMPLE,
    '; a file comment\n[Event "e"]\n1. 32-28 ; a comment with a } brace\n19-23 *',
    '{only a comment} *',
    '[Event "tags only"]\n[Site "s"]\n*',
    '[GameType "21"]\n[FEN "W:W21-32:B1-12"]\n1... 22-18 {x} (1... 22-17) 2. 11-15 *',
  ];
  for (const text of samples) {
    const once = games(text);
    const twice = games(writePdn(once));
    assert.deepEqual(twice.map(strip), once.map(strip), text);
  }
});

const tagName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
const tagValue = fc.string({ maxLength: 20 }).filter((s) => !/[\r\n]/.test(s));
const commentText = fc
  .string({ maxLength: 20 })
  .map((s) => s.trim())
  .filter((s) => !(s.includes('}') && /[\r\n]/.test(s)) && s === s.trim());
const square = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc
    .tuple(fc.constantFrom('a', 'b', 'c', 'h', 'j'), fc.integer({ min: 1, max: 10 }))
    .map(([f, r]) => f + r),
);
const moveText = fc
  .tuple(
    square,
    fc.array(fc.tuple(fc.constantFrom('-', 'x', ':'), square), { minLength: 1, maxLength: 4 }),
  )
  .map(([first, rest]) => first + rest.map(([s, q]) => s + q).join(''))
  .filter((t) => !(PDN_RESULTS as readonly string[]).includes(t));
const nag = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((n) => `$${n}`),
  fc.constantFrom('!', '?', '!!', '??', '!?', '?!'),
);

const lineArb: fc.Memo<PdnLine> = fc.memo((depth) =>
  fc.record({
    comments: fc.array(commentText, { maxLength: 2 }),
    moves: fc.array(
      fc.record({
        text: moveText,
        nags: fc.array(nag, { maxLength: 2 }),
        comments: fc.array(commentText, { maxLength: 2 }),
        variations:
          depth > 1
            ? fc.array(
                lineArb(depth - 1).filter((l) => l.moves.length > 0),
                { maxLength: 2 },
              )
            : fc.constant([]),
      }),
      { minLength: depth > 2 ? 0 : 1, maxLength: 6 },
    ),
  }),
);

const gameArb: fc.Arbitrary<PdnGame> = fc
  .record({
    tags: fc.uniqueArray(fc.tuple(tagName, tagValue), { selector: ([k]) => k, maxLength: 5 }),
    moves: lineArb(3),
    result: fc.constantFrom(...PDN_RESULTS),
    startNumber: fc.integer({ min: 1, max: 999 }),
  })
  .map((g) => ({
    ...g,
    tags: new Map(
      g.tags.filter(([k]) => !['FEN', 'GameType', 'Variant', 'VariantOptions'].includes(k)),
    ),
    startNumber: g.moves.moves.length > 0 ? g.startNumber : 1,
  }));

test('random games survive writing and reading', () => {
  fc.assert(
    fc.property(fc.array(gameArb, { minLength: 1, maxLength: 3 }), (list) => {
      const text = writePdn(list);
      const read = games(text);
      assert.deepEqual(read.map(strip), list.map(strip));
    }),
    { numRuns: 300 },
  );
});

test('GameType: standard numbers, full values and Damka variant tags', () => {
  for (const [number, id] of Object.entries(STANDARD_GAME_TYPES)) {
    const v = variantOrThrow(id);
    assert.equal(v.rules.pdnGameType.split(',')[0], number, id);
    const byNumber = resolveSetting(new Map([['GameType', number]]));
    assert.ok(byNumber.ok);
    assert.equal(byNumber.value.variant.id, id);
    const full = formatGameType(v);
    const byFull = resolveSetting(new Map([['GameType', full]]));
    assert.ok(byFull.ok, full);
    assert.equal(byFull.value.variant.id, id);
    assert.ok(byFull.value.naming.native, full);
  }
  // the full values docs/rules.md §1a lists
  const expected: Record<string, string> = {
    international: '20,W,10,10,N2,0',
    english: '21,B,8,8,N1,0',
    italian: '22,W,8,8,N2,1',
    spanish: '24,W,8,8,N1,1',
    russian: '25,W,8,8,A0,0',
    brazilian: '26,W,8,8,A0,0',
    portuguese: '28,W,8,8,N1,1',
    czech: '29,W,8,8,A0,0',
    turkish: '30,W,8,8,A0,0',
    pool: '23,B,8,8,N1,0',
    canadian: '27,W,12,12,N2,0',
    frisian: '40,W,10,10,N2,0',
    // docs/decisions.md item 9: White starts and squares are algebraic (the PDN table: 31,B,8,8,N2,0)
    thai: '31,W,8,8,A0,0',
  };
  for (const [id, value] of Object.entries(expected))
    assert.equal(formatGameType(variantOrThrow(id)), value);
  // every variant and its tags name it again
  for (const rules of VARIANTS) {
    const v = variantOrThrow(rules.id);
    const setting = resolveSetting(new Map(variantTags(v)));
    assert.ok(setting.ok, rules.id);
    assert.equal(setting.value.variant.id, rules.id);
  }
  // the 6x6 and 9x9 boards under GameType 20 alone
  const six = resolveSetting(new Map([['GameType', '20,W,6,6,N2,0']]));
  assert.ok(six.ok && six.value.variant.id === 'israeli-6x6');
  // house-rule options
  const house = getVariant('english', { noForcedCapture: true });
  assert.ok(house.ok);
  const tags = new Map(variantTags(house.value));
  assert.equal(tags.get('VariantOptions'), 'noForcedCapture=true');
  const back = resolveSetting(tags);
  assert.ok(back.ok);
  assert.equal(back.value.variant.options.noForcedCapture, true);
  // refusals
  for (const [name, value] of [
    ['GameType', '32'],
    ['GameType', '20,W,12,12,N2,0'],
    ['GameType', 'twenty'],
    ['GameType', '20,X'],
    ['Variant', 'chess'],
    ['VariantOptions', 'noSuchThing=true'],
  ] as const) {
    const r = resolveSetting(new Map([[name, value]]));
    assert.ok(!r.ok, `${name} ${value}`);
  }
  assert.deepEqual(parseGameType('20,W,10,10,N2,0'), {
    ok: true,
    value: {
      type: 20,
      firstPlayer: 'white',
      width: 10,
      height: 10,
      notation: { style: 'numeric', corner: 2 },
      invert: false,
    },
  });
});

test('replay reports the first illegal move with its ply, text and place', () => {
  const [game] = games(
    '[Event "x"]\n1. 34-29 19-24 2. 32-28 17-21\n3. 35-30 24x35 4. 37-32 {fine} 4... 14-19 5. 28-23 19x26 6. 33-27 13-19 *',
  );
  const replay = replayGame(game!);
  assert.ok(!replay.ok);
  assert.equal(replay.error.kind, 'move');
  assert.equal(replay.error.ply, 11);
  assert.equal(replay.error.label, '6.');
  assert.equal(replay.error.text, '33-27');
  assert.deepEqual([replay.error.line, replay.error.column], [3, 61]);
  // an illegal move inside a variation
  const [inVariation] = games('1. 32-28 (1. 32-27 19-23 2. 27-21 16x27 3. 99-98) 19-23 *');
  const r2 = replayGame(inVariation!);
  assert.ok(!r2.ok);
  assert.equal(r2.error.inVariation, true);
  assert.equal(r2.error.ply, 5);
  assert.equal(r2.error.text, '99-98');
  // a bad FEN and an unknown variant
  const [badFen] = games('[FEN "W:W31-50:B1-20,99"]\n1. 32-28 *');
  const r3 = replayGame(badFen!);
  assert.ok(!r3.ok && r3.error.kind === 'fen');
  const [badVariant] = games('[Variant "go"]\n*');
  const r4 = replayGame(badVariant!);
  assert.ok(!r4.ok && r4.error.kind === 'setting');
});

test('house rules: VariantOptions changes what replays', () => {
  const moves = '1. 11-15 22-18 2. 9-13 *'; // Black skips the capture 15x22
  const [plain] = games(`[GameType "21"]\n${moves}`);
  const strict = replayGame(plain!);
  assert.ok(!strict.ok);
  assert.equal(strict.error.ply, 3);
  const [house] = games(`[GameType "21"]\n[VariantOptions "noForcedCapture=true"]\n${moves}`);
  assert.ok(replayGame(house!).ok);
});

test('Windows line ends, a byte-order mark and % escape lines are read', () => {
  const text = '\ufeff[Event "crlf"]\r\n% an escaped line\r\n1. 32-28 ; note\r\n19-23 *\r\n';
  const [game] = games(text);
  assert.equal(game!.tags.get('Event'), 'crlf');
  assert.deepEqual(game!.moves.moves[0]!.comments, ['note']);
  assert.deepEqual(game!.moves.moves[1]!.at, { line: 4, column: 1 });
});

test('the examples of docs/pdn.md read and replay', () => {
  const doc = readFileSync(new URL('../docs/pdn.md', import.meta.url), 'utf8');
  const blocks = doc.split('```').filter((block, i) => i % 2 === 1 && block.includes('[GameType'));
  assert.ok(blocks.length >= 3);
  for (const block of blocks) {
    for (const game of games(block)) {
      const replay = replayGame(game);
      assert.ok(replay.ok, block);
    }
  }
});

test('the other common square naming is read without a notation field', () => {
  // International in a1…j10 under the bare GameType number, from the start and from a FEN
  const [algebraic] = games('[GameType "20"]\n1. f4-g5 c7-d6 2. g5-h6 i7xg5 *');
  const a = replayGame(algebraic!);
  assert.ok(a.ok);
  assert.deepEqual(
    a.value.moves.map((m) => a.value.variant.squares.names[m.from]),
    ['33', '17', '29', '20'], // docs/rules.md §3: f4 = 33, c7 = 17, g5 = 29, i7 = 20
  );
  const [fromFen] = games('[GameType "20"]\n[FEN "W:Wa1,c1:Bj10"]\n1. c1-d2 *');
  assert.ok(replayGame(fromFen!).ok);
  // a square neither naming knows is reported where it is
  const [bad] = games('[GameType "20"]\n[FEN "W:Wa1,c1:Bj10,z9"]\n*');
  const b = replayGame(bad!);
  assert.ok(!b.ok);
  assert.match(b.error.message, /character 15: 'z9'/);
  // Russian in numbers, English-diagram numbering
  const [numbers] = games('[GameType "25"]\n1. 22-18 11-15 2. 18x11 8x15 *');
  assert.ok(replayGame(numbers!).ok);
});
