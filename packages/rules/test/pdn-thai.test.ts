/**
 * Thai games in PDN's standard form, `[GameType "31,B,8,8,N2,0"]`: Black (on rows 7-8) moves
 * first and squares are numbered 1-32 from the top left as Black sees it, where Damka's own Thai
 * lets White begin and names squares a1…h8 (docs/decisions.md item 9). A hand-written game is read,
 * replayed, written and read again, converted and converted back; an illegal move and malformed
 * descriptors are refused with messages that say why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  convertGame,
  explainMove,
  formatGameType,
  replayGame,
  resolveSetting,
  variantOrThrow,
  variantTags,
  writePdn,
} from '../src/index.ts';
import { games } from './pdn-games.ts';

/*
 * Squares of the standard form, worked out by hand from the descriptor (N2 seen by Black, the
 * first player: square 1 is Black's top left, White's bottom right, and numbers run along each
 * rank from there): g1 1, e1 2, c1 3, a1 4; h2 5 … b2 8; g3 9 … a3 12; h4 13 … b4 16;
 * g5 17 … a5 20; h6 21 … b6 24; g7 25 … a7 28; h8 29, f8 30, d8 31, b8 32.
 */
const THAI_GAME = `[Event "Club game"]
[White "Somchai"]
[Black "Niran"]
[GameType "31,B,8,8,N2,0"]
[Result "*"]

1. 26-22 8-12 2. 30-26 7-10 3. 26-23 3-7 4. 22-18 5-9 5. 28-24 1-5 6. 18-15
10x19x26 7. 31x22 7-11 8. 22-17 11-16 9. 17-14 9x18 10. 24-19 16x23 11. 25-21
4-8 12. 21-17 23-26 *
`;

test('a Thai game in the standard form: Black begins, squares numbered from Black', () => {
  const [game] = games(THAI_GAME);
  const replay = replayGame(game!);
  assert.ok(replay.ok, replay.ok ? '' : replay.error.message);
  const { variant, start, moves, positions } = replay.value;
  assert.equal(variant.id, 'thai');
  assert.equal(start.turn, 'black');
  assert.deepEqual(replay.value.warnings, []);
  const names = variant.squares.names; // Damka's own names: a1…h8
  const route = (i: number) => {
    const m = moves[i]!;
    return m.kind === 'capture'
      ? [m.from, ...m.path].map((s) => names[s]).join('x')
      : `${names[m.from]}-${names[m.to]}`;
  };
  // the first plies and the captures, by the table above
  assert.deepEqual([0, 1, 2, 3].map(route), ['e7-f6', 'b2-a3', 'f8-e7', 'd2-e3']);
  assert.equal(route(11), 'e3xc5xe7'); // a man takes d4, then d6
  assert.equal(route(12), 'd8xf6');
  assert.equal(route(17), 'g3xe5'); // 9x18: the man that went 5-9 (h2-g3) takes f4
  assert.equal(moves.length, 24);
  assert.equal(positions[positions.length - 1]!.fen, 'B:We1,b2,f2,h2,a3,e5,e7:Bg5,c7,b8,h8');
});

test('a standard-form Thai game writes and reads back the same, and converts both ways', () => {
  const [game] = games(THAI_GAME);
  const text = writePdn([game!]);
  assert.match(text, /^1\. 26-22 8-12 2\. 30-26/m); // numbers pair from Black, the first player
  const [again] = games(text);
  assert.deepEqual([...again!.tags], [...game!.tags]);
  assert.deepEqual(
    again!.moves.moves.map((m) => m.text),
    game!.moves.moves.map((m) => m.text),
  );
  const first = replayGame(game!);
  const second = replayGame(again!);
  assert.ok(first.ok && second.ok);
  assert.deepEqual(second.value.moves, first.value.moves);

  // algebraic: a1 at White's bottom left is Black's top right, so the descriptor says A3
  const algebraic = convertGame(game!, 'algebraic');
  assert.ok(algebraic.ok);
  assert.equal(algebraic.value.tags.get('GameType'), '31,B,8,8,A3,0');
  assert.equal(algebraic.value.moves.moves[0]!.text, 'e7-f6');
  const [readAlgebraic] = games(writePdn([algebraic.value]));
  const a = replayGame(readAlgebraic!);
  assert.ok(a.ok);
  assert.deepEqual(a.value.moves, first.value.moves);
  // and numeric again, from the algebraic file
  const numeric = convertGame(readAlgebraic!, 'numeric');
  assert.ok(numeric.ok);
  const [readNumeric] = games(writePdn([numeric.value]));
  const n = replayGame(readNumeric!);
  assert.ok(n.ok);
  assert.equal(n.value.start.turn, 'black');
  assert.deepEqual(n.value.moves, first.value.moves);
});

test("Damka's own Thai games: White begins, algebraic squares, a full GameType", () => {
  const thai = variantOrThrow('thai');
  assert.equal(formatGameType(thai), '31,W,8,8,A0,0');
  const tags = new Map(variantTags(thai));
  const setting = resolveSetting(tags);
  assert.ok(setting.ok);
  assert.equal(setting.value.firstPlayer, 'white');
  const [own] = games('[GameType "31,W,8,8,A0,0"]\n\n1. b2-a3 g7-h6 2. a3-b4 *');
  const r = replayGame(own!);
  assert.ok(r.ok);
  assert.equal(r.value.start.turn, 'white');
  // the bare number is Damka's Thai too: Black's first move of the standard form is refused
  const [bare] = games('[GameType "31"]\n\n1. e7-f6 *');
  const refused = replayGame(bare!);
  assert.ok(!refused.ok);
  assert.equal(refused.error.ply, 1);
});

test('an illegal move of a standard-form Thai game is refused with its place and reason', () => {
  // at ply 12 White must take (10x19x26); 12-16 steps instead
  const text = THAI_GAME.replace('10x19x26', '12-16');
  const [game] = games(text);
  const replay = replayGame(game!);
  assert.ok(!replay.ok);
  assert.equal(replay.error.kind, 'move');
  assert.equal(replay.error.ply, 12);
  assert.equal(replay.error.label, '6...');
  assert.equal(replay.error.text, '12-16');
  // the move as Damka names its squares, and the rule that forbids it (what `damka pdn check` prints)
  assert.match(replay.error.message, /'a3-b4'/);
  const sq = (name: string) => replay.error.position!.variant.squares.parse(name);
  const why = explainMove(replay.error.position!, { from: sq('a3'), to: sq('b4') });
  assert.ok(!why.legal);
  assert.match(why.text, /captur/i);
  // a step between squares that do not touch
  const [far] = games('[GameType "31,B,8,8,N2,0"]\n\n1. 26-18 *');
  const r2 = replayGame(far!);
  assert.ok(!r2.ok);
  assert.equal(r2.error.ply, 1);
  assert.equal(r2.error.text, '26-18');
});

test('malformed or mismatched Thai descriptors are refused, saying which field is wrong', () => {
  const cases: Array<[string, RegExp]> = [
    ['31,B,8,8,N2,1', /invert flag 1.*bottom-left corner square is playable/],
    ['31,B,10,10,N2,0', /GameType 31 on a 10x10 board is not a game Damka plays/],
    ['31,Q,8,8,N2,0', /start colour must be W or B/],
    ['31,B,8,8,X2,0', /notation must be A or N/],
    ['31,B,8,8,N4,0', /notation must be A or N and a corner 0-3/],
    ['31,B,8,8,N2,2', /invert flag must be 0 or 1/],
    ['31,B,8', /width and height must be numbers/],
    ['31,B,8,8,N2,0,0', /too many fields/],
  ];
  for (const [value, message] of cases) {
    const r = resolveSetting(new Map([['GameType', value]]));
    assert.ok(!r.ok, value);
    assert.match(r.error, message, value);
    const [game] = games(`[GameType "${value}"]\n\n1. 26-22 *`);
    const replay = replayGame(game!);
    assert.ok(!replay.ok && replay.error.kind === 'setting', value);
  }
});
