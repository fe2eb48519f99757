/**
 * Move notation: formatMove / parseMove round trips over many positions of every variant, the full
 * route for captures that share start and end, the accepted input forms, and errors for garbage.
 *
 * Positions come from seeded random games, so every run checks the same few thousand positions; the
 * hand-built positions below were worked out on paper from docs/rules.md (§2 notes 2–3, 6; §6).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_MOVE_TEXT,
  Position,
  VARIANTS,
  formatMove,
  parseMove,
  matchMove,
  sameMove,
  variantOrThrow,
  type Move,
  type Options,
  type Variant,
  seededRandom,
} from '@damka/rules';

/** Small deterministic generator so that failures reproduce: an integer below `n`. */
function random(seed: number): (n: number) => number {
  const next = seededRandom(seed);
  return (n: number) => Math.floor(next() * n);
}

/** At least `count` positions met along seeded random games of at most `plies` plies each. */
function samplePositions(variant: Variant, seed: number, count: number, plies: number): Position[] {
  const rnd = random(seed);
  const out: Position[] = [];
  while (out.length < count) {
    let p = Position.start(variant);
    for (let ply = 0; ply < plies; ply++) {
      out.push(p);
      const moves = p.legalMoves();
      if (moves.length === 0) break;
      p = p.play(moves[rnd(moves.length)]!);
    }
  }
  return out;
}

function names(variant: Variant, squares: readonly number[]): string[] {
  return squares.map((sq) => variant.squares.names[sq]!);
}

function position(variant: Variant, fen: string): Position {
  const p = Position.fromFen(variant, fen);
  if (!p.ok) throw new Error(`${variant.id} ${fen}: ${p.error.message}`);
  return p.value;
}

/** Check every legal move of `p` survives format → parse, short and full, and the Hub form. */
function checkRoundTrip(p: Position, rnd: (n: number) => number): number {
  const v = p.variant;
  let checked = 0;
  for (const move of p.legalMoves()) {
    for (const full of [false, true]) {
      const text = formatMove(p, move, { full });
      const back = parseMove(p, text);
      assert.ok(
        back.ok,
        `${v.id} ${p.fen}: '${text}' did not parse: ${!back.ok && back.error.message}`,
      );
      assert.equal(back.value, move, `${v.id} ${p.fen}: '${text}' parsed to another move`);
    }
    if (move.kind === 'capture') {
      // Hub form: start, then end and captured squares in any order
      const rest = [move.to, ...move.captures];
      for (let i = rest.length - 1; i > 0; i--) {
        const j = rnd(i + 1);
        [rest[i], rest[j]] = [rest[j]!, rest[i]!];
      }
      const hub = names(v, [move.from, ...rest]).join('x');
      const back = parseMove(p, hub);
      assert.ok(
        back.ok,
        `${v.id} ${p.fen}: Hub '${hub}' did not parse: ${!back.ok && back.error.message}`,
      );
      assert.ok(
        sameMove(back.value, move),
        `${v.id} ${p.fen}: Hub '${hub}' parsed to another move`,
      );
    }
    checked++;
  }
  return checked;
}

const optionSets: Array<[string, Options]> = [
  ['international', { kingSplit: true }],
  ['russian', { mayStopCaptureChain: true }],
  ['english', { noForcedCapture: true }],
  ['brazilian', { burnedPieces: true }],
  ['dhamet', { forcedOpening: false }],
  ['dhamet', { souffle: true }],
  ['turkish', { kingSplit: true }],
];

test('every legal move round-trips through formatMove and parseMove, in every variant', () => {
  let seed = 1;
  const cases: Array<[string, Options]> = [
    ...VARIANTS.map((r): [string, Options] => [r.id, {}]),
    ...optionSets,
  ];
  for (const [id, options] of cases) {
    const v = variantOrThrow(id, options);
    const rnd = random(seed * 7919);
    let moves = 0;
    let captures = 0;
    let kings = 0;
    for (const p of samplePositions(v, seed++, 500, 150)) {
      moves += checkRoundTrip(p, rnd);
      captures += p.legalMoves().filter((m) => m.kind === 'capture').length;
      kings += p.legalMoves().filter((m) => m.moved.role !== 'man').length;
    }
    // the sample must actually reach captures and crowned pieces, or it proves little
    assert.ok(moves > 500, `${id}: only ${moves} moves checked`);
    assert.ok(captures > 50, `${id}: only ${captures} captures checked`);
    // (in Breakthrough the first king ends the game: no king ever moves)
    if (!v.compiled.crowningWins) {
      assert.ok(
        kings > 20,
        `${id} ${JSON.stringify(options)}: only ${kings} king/queen moves checked`,
      );
    } else assert.equal(kings, 0, `${id}: a king moved after the game was decided`);
  }
});

test('steps use -, captures the variant separator: x, or : for Russian', () => {
  const intl = variantOrThrow('international');
  const p = position(intl, 'W:W32,34:B28');
  assert.deepEqual(
    p.legalMoves().map((m) => formatMove(p, m)),
    ['32x23'],
  );
  const start = Position.start(intl);
  assert.deepEqual(
    start
      .legalMoves()
      .map((m) => formatMove(start, m))
      .sort(),
    ['31-26', '31-27', '32-27', '32-28', '33-28', '33-29', '34-29', '34-30', '35-30'],
  );
  const ru = variantOrThrow('russian');
  const r = position(ru, 'W:Wc3,g3:Bd4');
  assert.deepEqual(
    r.legalMoves().map((m) => formatMove(r, m)),
    ['c3:e5'],
  );
  const rs = Position.start(ru);
  assert.ok(rs.legalMoves().every((m) => /^[a-h][1-8]-[a-h][1-8]$/.test(formatMove(rs, m))));
  const br = variantOrThrow('brazilian');
  const b = position(br, 'W:Wc3,g3:Bd4');
  assert.deepEqual(
    b.legalMoves().map((m) => formatMove(b, m)),
    ['c3xe5'],
  );
  const dh = variantOrThrow('dhamet');
  const d = Position.start(dh);
  assert.deepEqual(
    d.legalMoves().map((m) => formatMove(d, m)),
    ['d4-e5'],
  );
});

test('captures sharing start and end square are written with their full route (International)', () => {
  // A white man on 7 (c9) takes 7 pieces either way round: the loop 38-29-40-49-38 (33, 34, 44,
  // 43) is reached over 32 from 27, and 27 is reached from 7 over 12 and 22 (landing 18) or over 11
  // and 21 (landing 16). Both take 7, the maximum, end on 38 and differ in two pieces.
  const v = variantOrThrow('international');
  const p = position(v, 'W:W7:B11,12,21,22,32,33,34,43,44');
  const moves = p.legalMoves();
  assert.equal(moves.length, 2);
  const texts = moves.map((m) => formatMove(p, m)).sort();
  const loops = ['38x29x40x49x38', '38x49x40x29x38'];
  assert.ok(
    loops.some((l) => texts[0] === `7x16x27x${l}`),
    texts[0],
  );
  assert.ok(
    loops.some((l) => texts[1] === `7x18x27x${l}`),
    texts[1],
  );
  for (const m of moves) {
    const back = parseMove(p, formatMove(p, m));
    assert.ok(back.ok && back.value === m);
  }
  const short = parseMove(p, '7x38');
  assert.ok(!short.ok);
  assert.equal(short.error.code, 'ambiguous');
  // the error names every reading
  assert.match(
    short.error.message,
    /^ambiguous: '7x38' fits 2 legal moves: 7x1[68]x27x38x.* or 7x1[68]x27x38x.*; write the full path$/,
  );
  // the Hub form names the captured squares, so it is never ambiguous
  const hub = parseMove(p, '7x38x43x44x34x33x32x22x12');
  assert.ok(hub.ok);
  assert.deepEqual(names(v, hub.value.captures).sort(), ['12', '22', '32', '33', '34', '43', '44']);
  // PDN 3.0 style: only the square where the two routes part
  const turning = parseMove(p, '7x16x38');
  assert.ok(turning.ok);
  assert.deepEqual(names(v, turning.value.captures).sort(), [
    '11',
    '21',
    '32',
    '33',
    '34',
    '43',
    '44',
  ]);
});

test('captures sharing start and end square are written with their full route (Russian)', () => {
  // Free choice: the man on a3 may take b4, d4, f4 (via c5, e3) or b2, d2, f4 (via c1, e3), both
  // ending on g5, or go round b4, d4, d2, b2 back to a3.
  const v = variantOrThrow('russian');
  const p = position(v, 'W:Wa3:Bb4,d4,b2,d2,f4');
  const texts = p
    .legalMoves()
    .map((m) => formatMove(p, m))
    .sort();
  assert.deepEqual(texts, ['a3:a3', 'a3:c1:e3:g5', 'a3:c5:e3:g5']);
  const amb = parseMove(p, 'a3:g5');
  assert.ok(!amb.ok && amb.error.code === 'ambiguous', JSON.stringify(amb));
  const viaC5 = parseMove(p, 'a3xc5xg5');
  assert.ok(viaC5.ok);
  assert.deepEqual(names(v, viaC5.value.captures).sort(), ['b4', 'd4', 'f4']);
  // Brazilian (majority) keeps only the 4-piece loop, written start and end
  const b = variantOrThrow('brazilian');
  const q = position(b, 'W:Wa3:Bb4,d4,b2,d2,f4');
  assert.deepEqual(
    q.legalMoves().map((m) => formatMove(q, m)),
    ['a3xa3'],
  );
});

test('input forms: separators, spacing, case, numbers where accepted', () => {
  const intl = variantOrThrow('international');
  const p = position(intl, 'W:W32,34:B28');
  for (const text of [
    '32x23',
    '32X23',
    '32:23',
    '32×23',
    '32-23',
    ' 32 x 23 ',
    '32x23!',
    '032x023',
  ]) {
    const r = parseMove(p, text);
    assert.ok(r.ok, `${text}: ${!r.ok && r.error.message}`);
    assert.equal(formatMove(p, r.value), '32x23');
  }
  const ru = variantOrThrow('russian');
  const r = position(ru, 'W:Wc3,g3:Bd4');
  for (const text of ['c3:e5', 'C3:E5', 'c3xe5', 'c3-e5', '22x15', '22:15']) {
    const m = parseMove(r, text);
    assert.ok(m.ok, `${text}: ${!m.ok && m.error.message}`);
    assert.equal(formatMove(r, m.value), 'c3:e5');
  }
  const br = variantOrThrow('brazilian');
  const b = Position.start(br);
  const step = parseMove(b, '22-18'); // c3-d4 in English numbering
  assert.ok(step.ok);
  assert.equal(formatMove(b, step.value), 'c3-d4');
  const czech = variantOrThrow('czech');
  const c = Position.start(czech);
  const cz = parseMove(c, '24-20'); // g3-h4
  assert.ok(cz.ok);
  assert.equal(formatMove(c, cz.value), 'g3-h4');
  // a capture separator written for a step (as in many English files: `10x14`) finds the step,
  // the only legal move joining the squares; a capture is still preferred when one fits
  const s = parseMove(Position.start(intl), '32x28');
  assert.ok(s.ok && s.value.kind === 'step', JSON.stringify(s));
  const both = position(variantOrThrow('international', { noForcedCapture: true }), 'W:W32:B28');
  const jump = parseMove(both, '32x23');
  assert.ok(jump.ok && jump.value.kind === 'capture');
});

test('real-file forms: blanks around separators, no separator, short notation, king routes', () => {
  const intl = variantOrThrow('international');
  const start = Position.start(intl);
  for (const text of ['32- 28', '32 -28', '32 - 28', '32\t-\t28']) {
    const r = parseMove(start, text);
    assert.ok(r.ok && formatMove(start, r.value) === '32-28', text);
  }
  // algebraic squares may follow each other without a separator
  const ru = variantOrThrow('russian');
  const r0 = Position.start(ru);
  const a3b4 = parseMove(r0, 'a3b4');
  assert.ok(a3b4.ok && formatMove(r0, a3b4.value) === 'a3-b4');
  // Russian short notation: the file the piece leaves, then its target
  const ed4 = parseMove(r0, 'ed4');
  assert.ok(ed4.ok && formatMove(r0, ed4.value) === 'e3-d4');
  const cd4 = parseMove(r0, 'cd4');
  assert.ok(cd4.ok && formatMove(r0, cd4.value) === 'c3-d4');
  const none = parseMove(r0, 'ad4');
  assert.ok(!none.ok && none.error.code === 'noMatch');
  // two pieces of the file reach the target: both readings are named
  const two = position(ru, 'W:WKc1,Kc3:Bh8');
  const bd2 = parseMove(two, 'cd2');
  assert.ok(!bd2.ok && bd2.error.code === 'ambiguous');
  const readings = matchMove(two, 'cd2');
  assert.ok(readings.ok && readings.value.moves.length === 2);
  assert.match(bd2.error.message, /c1-d2 or c3-d2|c3-d2 or c1-d2/);
  // a flying king's route may name any square of its line: all these are one move
  const cz = variantOrThrow('czech');
  const k = position(cz, 'W:WKa1:Bc3,f6');
  const moves = ['a1xh8', 'a1xd4xh8', 'a1xe5xh8', 'a1:e5:h8', 'a1xe5xg7', 'a1xd4xg7'].map((t) =>
    parseMove(k, t),
  );
  const ends = moves.map((m) => (m.ok ? `${m.value.captures.length}` : m.error.message));
  assert.ok(
    ends.every((e) => e === '2'),
    ends.join(' | '),
  );
  const intlKing = position(intl, 'W:WK46:B41,28');
  for (const t of ['46x19', '46x37x19', '46x32x19', '46x32x23']) {
    const m = parseMove(intlKing, t);
    assert.ok(m.ok && m.value.captures.length === 2, `${t}: ${!m.ok && m.error.message}`);
  }
  // a square off the king's line is still no move
  assert.ok(!parseMove(intlKing, '46x36x19').ok);
});

test('a king split is written K<from>+<to> and read back', () => {
  const v = variantOrThrow('international', { kingSplit: true });
  const p = position(v, 'W:WK28:B5');
  const splits = p.legalMoves().filter((m) => m.kind === 'split');
  assert.ok(splits.length > 0);
  for (const m of splits) {
    const text = formatMove(p, m);
    assert.match(text, /^K28\+\d+$/);
    const back = parseMove(p, text);
    assert.ok(back.ok && back.value === m);
  }
  // the king's step to the same square stays a step
  const to = v.squares.names[splits[0]!.to]!;
  const step = parseMove(p, `28-${to}`);
  assert.ok(step.ok && step.value.kind === 'step');
  const bad = parseMove(p, `K28+${to}+${to}`);
  assert.ok(!bad.ok && bad.error.code === 'syntax');
  // without the house rule there is no split to match
  const plain = parseMove(position(variantOrThrow('international'), 'W:WK28:B5'), `K28+${to}`);
  assert.ok(!plain.ok && plain.error.code === 'noMatch');
});

test('errors name a code and an offset, for garbage of every kind', () => {
  const v = variantOrThrow('international');
  const p = Position.start(v);
  const cases: Array<[string, string, number]> = [
    ['', 'empty', 0],
    ['   ', 'empty', 3],
    ['hello', 'unknownSquare', 0],
    ['32', 'syntax', 0],
    ['32-', 'syntax', 3],
    ['-32', 'syntax', 0],
    ['32--28', 'syntax', 3],
    ['32-28 extra', 'syntax', 6],
    ['32-99', 'unknownSquare', 3],
    ['32;28', 'syntax', 2],
    ['32-28-23', 'noMatch', 0],
    ['31-22', 'noMatch', 0],
    ['20-25', 'noMatch', 0],
    ['a1-b2', 'unknownSquare', 0],
    ['32\u0000-28', 'syntax', 2],
    ['x'.repeat(MAX_MOVE_TEXT + 1), 'tooLong', MAX_MOVE_TEXT],
  ];
  for (const [text, code, at] of cases) {
    const r = parseMove(p, text);
    assert.ok(!r.ok, `'${text}' was accepted`);
    assert.equal(r.error.code, code, `'${text}': ${r.error.message}`);
    assert.equal(r.error.at, at, `'${text}': ${r.error.message}`);
    assert.ok(r.error.message.length > 0);
  }
  const none = parseMove(p, '31-22');
  assert.ok(!none.ok);
  assert.match(none.error.message, /no legal move matches '31-22'/);
  // not even a string
  assert.ok(!parseMove(p, 42 as unknown as string).ok);
});

test('random text never throws, is refused quickly, and anything accepted is legal', () => {
  const rnd = random(4242);
  const alphabet = '0123456789abcdefghijkKxX:-+×– !?\t\u00e9\ud83d\ude00';
  const positions: Position[] = [
    Position.start(variantOrThrow('international')),
    position(variantOrThrow('russian'), 'W:Wa3:Bb4,d4,b2,d2,f4'),
    Position.start(variantOrThrow('dhamet', { forcedOpening: false })),
    Position.start(variantOrThrow('turkish')),
  ];
  const started = performance.now();
  for (let i = 0; i < 20000; i++) {
    const p = positions[i % positions.length]!;
    const len = rnd(i % 50 === 0 ? 400 : 16);
    let text = '';
    for (let k = 0; k < len; k++) text += alphabet[rnd(alphabet.length)];
    const r = parseMove(p, text);
    if (r.ok) {
      assert.ok(p.legalMoves().includes(r.value as Move));
    } else {
      assert.ok(r.error.at >= 0 && r.error.at <= Math.max(text.length, MAX_MOVE_TEXT));
    }
  }
  // single legal moves hidden in noise: the noise must be refused, the move itself accepted
  for (const p of positions) {
    for (const m of p.legalMoves()) {
      const text = formatMove(p, m);
      assert.ok(parseMove(p, text).ok);
      assert.ok(!parseMove(p, `${text}#`).ok);
      assert.ok(!parseMove(p, `?${text}`).ok);
    }
  }
  assert.ok(performance.now() - started < 10000, 'parsing 20,000 texts took over 10 s');
});
