/**
 * A user's text quoted in an error message (`shown`): its control characters come out as escapes
 * and a long text is cut, in the PDN reader's, the FEN reader's and the move reader's messages
 * alike, so a file read by `damka pdn check` cannot colour or rewrite the terminal it reports to.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Position,
  getVariant,
  parseFen,
  parseMove,
  parsePdn,
  variantOrThrow,
} from '../src/index.ts';
import { shown } from '../src/shown.ts';

/** Any C0 control, DEL or C1 control. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

test('shown: controls escaped, long text cut, plain text as it was', () => {
  assert.equal(shown('32-28'), '32-28');
  assert.equal(shown('a\u001b[31mb'), 'a\\x1b[31mb');
  assert.equal(shown('a\nb\tc\rd\u0000e\u007f\u009b'), 'a\\nb\\tc\\rd\\x00e\\x7f\\x9b');
  assert.equal(shown('x'.repeat(100)), 'x'.repeat(39) + '…');
  assert.equal(shown('x'.repeat(100), 10), 'x'.repeat(9) + '…');
});

test('a PDN error keeps the text it stopped at as written, and its message quotes it escaped', () => {
  const [game] = parsePdn('[Event x\u001b[31mRED]\n1. 32-28 *').games;
  assert.ok(game && !game.ok);
  // the error's text is data (where the reader stopped); `shown` is for putting it in a message
  assert.equal(game.error.text, 'x\u001b[31mRED]');
  assert.doesNotMatch(shown(game.error.text), CONTROL);
  const [word] = parsePdn('1. 32-28 ab\u0007cd *').games;
  assert.ok(word && !word.ok);
  assert.doesNotMatch(word.error.message, CONTROL);
  assert.match(word.error.message, /\\x07/);
});

test('FEN, variant and move errors quote the input without control characters', () => {
  const intl = variantOrThrow('international');
  const fen = parseFen(intl, 'W:W5\u001b[2J1:B1');
  assert.ok(!fen.ok);
  assert.doesNotMatch(fen.error.message, CONTROL);
  const range = parseFen(intl, `W:W1-${'9'.repeat(5000)}:B20`);
  assert.ok(!range.ok);
  assert.ok(range.error.message.length < 200, range.error.message);
  const unknown = getVariant('inter\u001bnational', {});
  assert.ok(!unknown.ok);
  assert.doesNotMatch(unknown.error, CONTROL);
  const start = Position.start(intl);
  for (const text of ['32\u001b-28', '3\u00072-28', '32-28\u001b']) {
    const move = parseMove(start, text);
    assert.ok(!move.ok, text);
    assert.doesNotMatch(move.error.message, CONTROL, text);
  }
  const long = parseMove(start, `32-${'2'.repeat(40)}`);
  assert.ok(!long.ok);
  assert.doesNotMatch(long.error.message, CONTROL);
});
