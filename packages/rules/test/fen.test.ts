/**
 * FEN (PDN 3.0): start positions of every variant, ranges, kings, Israeli 6x6 queens, numeric squares
 * on the algebraic 8x8 variants, and errors that name the failing part and its offset. Expected
 * start positions are docs/rules.md §3–§4 and docs/decisions.md item 11.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLACK_BIT,
  KING,
  MAN,
  Position,
  QUEEN,
  VARIANTS,
  makeFen,
  parseFen,
  variantOrThrow,
  type Setup,
  type Variant,
} from '@damka/rules';

function setup(variant: Variant, fen: string): Setup {
  const s = parseFen(variant, fen);
  if (!s.ok) throw new Error(`${variant.id} ${fen}: ${s.error.message} at ${s.error.at}`);
  return s.value;
}

/** Squares holding `code`, by name, sorted. */
function squaresOf(variant: Variant, s: Setup, code: number): string[] {
  const out: string[] = [];
  s.board.forEach((c, sq) => {
    if (c === code) out.push(variant.squares.names[sq]!);
  });
  return out.sort();
}

function range(a: number, b: number): string[] {
  return Array.from({ length: b - a + 1 }, (_, i) => String(a + i)).sort();
}

function algebraic(files: string, ranks: readonly number[]): string[] {
  return [...files].flatMap((f) => ranks.map((r) => `${f}${r}`));
}

const DARK_8X8 = {
  white: ['a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'f2', 'h2', 'a3', 'c3', 'e3', 'g3'],
  black: ['b6', 'd6', 'f6', 'h6', 'a7', 'c7', 'e7', 'g7', 'b8', 'd8', 'f8', 'h8'],
};

/** docs/rules.md §4 / docs/decisions.md items 9, 11 and 15: side to move, white and black squares of each start. */
const starts: Record<string, { turn: 'white' | 'black'; white: string[]; black: string[] }> = {
  international: { turn: 'white', white: range(31, 50), black: range(1, 20) },
  antidraughts: { turn: 'white', white: range(31, 50), black: range(1, 20) },
  english: { turn: 'black', white: range(21, 32), black: range(1, 12) },
  'arab-dama': { turn: 'black', white: range(21, 32), black: range(1, 12) },
  giveaway: { turn: 'black', white: range(21, 32), black: range(1, 12) },
  russian: { turn: 'white', ...DARK_8X8 },
  brazilian: { turn: 'white', ...DARK_8X8 },
  czech: { turn: 'white', ...DARK_8X8 },
  israeli: { turn: 'white', ...DARK_8X8 },
  italian: { turn: 'white', white: range(21, 32), black: range(1, 12) },
  spanish: { turn: 'white', white: range(1, 12), black: range(21, 32) },
  portuguese: { turn: 'white', white: range(1, 12), black: range(21, 32) },
  turkish: {
    turn: 'white',
    white: algebraic('abcdefgh', [2, 3]),
    black: algebraic('abcdefgh', [6, 7]),
  },
  'israeli-6x6': { turn: 'white', white: range(13, 18), black: range(1, 6) },
  dhamet: {
    turn: 'white',
    white: [...algebraic('abcdefghi', [1, 2, 3, 4]), 'f5', 'g5', 'h5', 'i5'],
    black: [...algebraic('abcdefghi', [6, 7, 8, 9]), 'a5', 'b5', 'c5', 'd5'],
  },
  frisian: { turn: 'white', white: range(31, 50), black: range(1, 20) },
  frysk: { turn: 'white', white: range(46, 50), black: range(1, 5) },
  killer: { turn: 'white', white: range(31, 50), black: range(1, 20) },
  breakthrough: { turn: 'white', white: range(31, 50), black: range(1, 20) },
  pool: { turn: 'black', white: range(21, 32), black: range(1, 12) },
  thai: {
    turn: 'white',
    white: ['a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'f2', 'h2'],
    black: ['a7', 'c7', 'e7', 'g7', 'b8', 'd8', 'f8', 'h8'],
  },
  canadian: { turn: 'white', white: range(43, 72), black: range(1, 30) },
};

test('the start FEN of every variant parses to the documented position and round-trips', () => {
  assert.deepEqual(Object.keys(starts).sort(), VARIANTS.map((r) => r.id).sort());
  for (const rules of VARIANTS) {
    const v = variantOrThrow(rules.id);
    const expected = starts[rules.id]!;
    const s = setup(v, rules.startFen);
    assert.equal(s.turn, expected.turn, rules.id);
    assert.deepEqual(squaresOf(v, s, MAN), expected.white.sort(), `${rules.id} white`);
    assert.deepEqual(squaresOf(v, s, BLACK_BIT | MAN), expected.black.sort(), `${rules.id} black`);
    // written back and read again: the same position, and the written form is stable
    const written = makeFen(v, s);
    const again = setup(v, written);
    assert.deepEqual(again, s, `${rules.id}: ${written}`);
    assert.equal(makeFen(v, again), written);
    const start = Position.start(v);
    assert.equal(start.fen, written);
    const fromFen = Position.fromFen(v, start.fen);
    assert.ok(fromFen.ok && fromFen.value.fen === start.fen);
  }
});

test('numbered variants write runs as ranges', () => {
  assert.equal(Position.start(variantOrThrow('international')).fen, 'W:W31-50:B1-20');
  assert.equal(Position.start(variantOrThrow('english')).fen, 'B:W21-32:B1-12');
  assert.equal(Position.start(variantOrThrow('spanish')).fen, 'W:W1-12:B21-32');
  const v = variantOrThrow('international');
  // a run of two stays a list; kings are never folded into a range
  assert.equal(makeFen(v, setup(v, 'W:W31,32,34:BK1,K2,K3')), 'W:W31,32,34:BK1,K2,K3');
  assert.equal(makeFen(v, setup(v, 'B:W46,47,48,49:B5')), 'B:W46-49:B5');
  const s = setup(v, 'W:W31-35,40:B1-3');
  assert.deepEqual(squaresOf(v, s, MAN), ['31', '32', '33', '34', '35', '40']);
  assert.deepEqual(squaresOf(v, s, BLACK_BIT | MAN), ['1', '2', '3']);
});

test('kings are marked K, in any case and on either side', () => {
  const v = variantOrThrow('international');
  const s = setup(v, 'B:WK47,32,k5:B33,K28');
  assert.equal(s.turn, 'black');
  assert.deepEqual(squaresOf(v, s, KING), ['47', '5']);
  assert.deepEqual(squaresOf(v, s, MAN), ['32']);
  assert.deepEqual(squaresOf(v, s, BLACK_BIT | KING), ['28']);
  assert.deepEqual(squaresOf(v, s, BLACK_BIT | MAN), ['33']);
  assert.equal(makeFen(v, s), 'B:WK5,32,K47:BK28,33');
  const again = setup(v, makeFen(v, s));
  assert.deepEqual(again, s);
  const r = variantOrThrow('russian');
  const t = setup(r, 'W:WKa1,c3:BKh8');
  assert.deepEqual(squaresOf(r, t, KING), ['a1']);
  assert.deepEqual(squaresOf(r, t, BLACK_BIT | KING), ['h8']);
  assert.deepEqual(setup(r, makeFen(r, t)), t);
});

test('Q (queen) exists only in Israeli 6x6', () => {
  const v = variantOrThrow('israeli-6x6');
  const s = setup(v, 'W:WQ13,K14,15:BQ1,2');
  assert.deepEqual(squaresOf(v, s, QUEEN), ['13']);
  assert.deepEqual(squaresOf(v, s, KING), ['14']);
  assert.deepEqual(squaresOf(v, s, BLACK_BIT | QUEEN), ['1']);
  const written = makeFen(v, s);
  assert.match(written, /Q13/);
  assert.deepEqual(setup(v, written), s);
  const p = Position.fromFen(v, 'W:WQ13:B1');
  assert.ok(p.ok);
  assert.equal(p.value.pieceAt(v.squares.parse('13'))?.role, 'queen');
  for (const id of ['international', 'russian', 'english', 'turkish', 'dhamet']) {
    const other = variantOrThrow(id);
    const square = other.squares.names[0]!;
    const fen = `W:WQ${square}:B`;
    const r = parseFen(other, fen);
    assert.ok(!r.ok, `${id} accepted a queen`);
    assert.equal(r.error.part, 'square');
    assert.equal(r.error.at, 3);
  }
});

test('Brazilian, Russian and Czech accept numbered squares (English diagram numbering)', () => {
  for (const id of ['brazilian', 'russian', 'czech']) {
    const v = variantOrThrow(id);
    const numeric = setup(v, 'W:W21-32:B1-12');
    assert.deepEqual(numeric, setup(v, v.rules.startFen), id);
    // 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1 (docs/rules.md §3, English diagram)
    const s = setup(v, 'W:W29,32,K22:B1,4,5');
    assert.deepEqual(squaresOf(v, s, MAN), ['a1', 'g1']);
    assert.deepEqual(squaresOf(v, s, KING), ['c3']);
    assert.deepEqual(squaresOf(v, s, BLACK_BIT | MAN), ['a7', 'b8', 'h8']);
    // written back in the variant's own (algebraic) notation
    assert.equal(makeFen(v, s).includes('29'), false);
  }
});

test('quotes, blanks and a trailing full stop are tolerated', () => {
  const v = variantOrThrow('international');
  const plain = setup(v, 'W:W31-50:B1-20');
  for (const fen of [
    '"W:W31-50:B1-20"',
    '  W:W31-50:B1-20.  ',
    'W:W31-50:B1-20:H0:F1',
    'w:w31-50:b1-20',
  ]) {
    assert.deepEqual(setup(v, fen), plain, fen);
  }
});

interface BadFen {
  readonly variant: string;
  readonly fen: string;
  readonly part: string;
  /** character offset of the offending text */
  readonly at: number;
  readonly message: RegExp;
}

// offsets counted by hand: 'W:W31,31:B1' — W 0, : 1, W 2, 31 at 3, ',' 5, second 31 at 6
const bad: readonly BadFen[] = [
  {
    variant: 'international',
    fen: 'W:W31,31:B1',
    part: 'square',
    at: 6,
    message: /31 listed twice/,
  },
  {
    variant: 'international',
    fen: 'W:W31:B1,31',
    part: 'square',
    at: 9,
    message: /31 listed twice/,
  },
  {
    variant: 'international',
    fen: 'W:W31-35:B33',
    part: 'square',
    at: 10,
    message: /33 listed twice/,
  },
  { variant: 'international', fen: 'W:W51:B1', part: 'square', at: 3, message: /no square '51'/ },
  { variant: 'international', fen: 'W:W0:B1', part: 'square', at: 3, message: /no square '0'/ },
  { variant: 'russian', fen: 'W:Wa2:Bb8', part: 'square', at: 3, message: /no square 'a2'/ },
  { variant: 'russian', fen: 'W:Wc3,z9:Bb8', part: 'square', at: 6, message: /no square 'z9'/ },
  { variant: 'dhamet', fen: 'W:Wa1,j1:B', part: 'square', at: 6, message: /no square 'j1'/ },
  { variant: 'international', fen: 'X:W31:B1', part: 'turn', at: 0, message: /W or B/ },
  { variant: 'international', fen: 'white:W31:B1', part: 'turn', at: 0, message: /W or B/ },
  { variant: 'international', fen: ':W31:B1', part: 'turn', at: 0, message: /W or B/ },
  {
    variant: 'international',
    fen: 'W:W35-31:B1',
    part: 'square',
    at: 3,
    message: /bad square range '35-31'/,
  },
  {
    variant: 'international',
    fen: 'W:W31-:B1',
    part: 'square',
    at: 3,
    message: /bad square range/,
  },
  {
    variant: 'international',
    fen: 'W:Wa-b:B1',
    part: 'square',
    at: 3,
    message: /bad square range/,
  },
  { variant: 'international', fen: 'W:W46-55:B1', part: 'square', at: 3, message: /no square 51/ },
  { variant: 'international', fen: 'W:W31:X1', part: 'fen', at: 6, message: /W or B piece list/ },
  { variant: 'international', fen: 'W:W31:B1:W32', part: 'white', at: 9, message: /listed twice/ },
  { variant: 'international', fen: '   ', part: 'fen', at: 3, message: /empty/ },
];

test('FEN errors name the failing part and the offset where it starts', () => {
  for (const c of bad) {
    const r = parseFen(variantOrThrow(c.variant), c.fen);
    assert.ok(!r.ok, `${c.fen} was accepted`);
    assert.equal(r.error.part, c.part, `${c.fen}: ${r.error.message}`);
    assert.equal(r.error.at, c.at, `${c.fen}: ${r.error.message}`);
    assert.match(r.error.message, c.message, c.fen);
  }
  const long = parseFen(variantOrThrow('international'), 'W:W' + '31,'.repeat(5000));
  assert.ok(!long.ok && long.error.part === 'fen');
});

test('rules checks belong to Position.fromSetup: men on their crowning row, too many pieces', () => {
  const intl = variantOrThrow('international');
  for (const [fen, square] of [
    ['W:W3:B20', '3'],
    ['W:W31:B46', '46'],
    ['B:W33,K31:B20,48', '48'],
  ] as const) {
    const s = setup(intl, fen); // the FEN itself is well formed
    const p = Position.fromSetup(intl, s);
    assert.ok(!p.ok, `${fen} accepted`);
    assert.equal(p.error.part, 'square');
    assert.equal(p.error.square, intl.squares.parse(square));
    assert.match(p.error.message, /crowning row/);
  }
  // kings may stand anywhere
  assert.ok(Position.fromFen(intl, 'W:WK3:BK46').ok);
  const ru = variantOrThrow('russian');
  const onEight = Position.fromFen(ru, 'W:Wb8:Ba1');
  assert.ok(!onEight.ok && onEight.error.part === 'square');
  // an Israeli 6x6 queen ending a move on its own home row becomes a king: none stands there
  const six = variantOrThrow('israeli-6x6');
  for (const [fen, square] of [
    ['W:WQ17:B1', '17'],
    ['W:WQ16:B1', '16'],
    ['B:W18:BQ2', '2'],
  ] as const) {
    const p = Position.fromSetup(six, setup(six, fen)); // the FEN itself is well formed
    assert.ok(!p.ok, `${fen} accepted`);
    assert.equal(p.error.part, 'square');
    assert.equal(p.error.square, six.squares.parse(square));
    assert.match(
      p.error.message,
      /queen cannot stand on \d+: a queen ending its move there becomes a king/,
    );
  }
  assert.ok(
    Position.fromFen(six, 'W:WQ13,K17:BQ4,K2').ok,
    'queens off their home row, kings on it',
  );
  const tooMany = Position.fromFen(intl, 'W:W1-50');
  assert.ok(!tooMany.ok && tooMany.error.part === 'pieces', JSON.stringify(tooMany));
});
