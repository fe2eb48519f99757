/**
 * The online module's pure helpers: reading a game link (the secret only from the fragment),
 * the WebSocket address, clock names and clock display, and the request sent to create a game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLOCKS,
  clockName,
  createOnlineGame,
  formatClock,
  parsePlayLink,
  socketUrl,
} from '../src/online/api.ts';
import { en } from '../src/i18n/en.ts';
import { he } from '../src/i18n/he.ts';
import { ar } from '../src/i18n/ar.ts';
import { ro } from '../src/i18n/ro.ts';

test('game links: a seat with its secret in the fragment, or watching', () => {
  const token = 'A'.repeat(21) + '_';
  assert.deepEqual(parsePlayLink('/play/abcdefghijkl', `#${token}`), {
    game: 'abcdefghijkl',
    token,
  });
  assert.deepEqual(parsePlayLink('/play/abcdefghijkl', ''), { game: 'abcdefghijkl' });
  assert.deepEqual(parsePlayLink('/play/abcdefghijkl/', '#short'), { game: 'abcdefghijkl' });
  assert.equal(parsePlayLink('/', ''), null);
  assert.equal(parsePlayLink('/play/../etc', ''), null);
  assert.equal(parsePlayLink('/play/abc', ''), null);
  assert.equal(
    socketUrl({ protocol: 'http:', host: 'localhost:8080' }),
    'ws://localhost:8080/api/ws',
  );
  assert.equal(
    socketUrl({ protocol: 'https:', host: 'damka.example' }),
    'wss://damka.example/api/ws',
  );
});

test('clocks: names and display', () => {
  assert.equal(CLOCKS[0], null);
  assert.equal(clockName({ initial: 300, increment: 3 }), '5+3');
  assert.equal(clockName({ initial: 90, increment: 0 }), '1.5+0');
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(61_001), '1:02');
  assert.equal(formatClock(3_723_000), '1:02:03');
  assert.equal(formatClock(9_340), '0:09.3');
  assert.equal(formatClock(-5), '0:00.0');
});

test('creating a game posts the setup and clock, and reports the server refusal', async () => {
  let body: unknown = null;
  const fake = (async (_url: string, init: { body: string }) => {
    body = JSON.parse(init.body);
    return new Response(JSON.stringify({ error: 'badRequest', message: 'bad FEN' }), {
      status: 400,
    });
  }) as unknown as typeof fetch;
  const result = await createOnlineGame(
    { variant: 'russian', options: { noForcedCapture: true }, fen: 'W:Wa1:Bh8' },
    { initial: 300, increment: 3 },
    fake,
  );
  assert.deepEqual(body, {
    variant: 'russian',
    options: { noForcedCapture: true },
    fen: 'W:Wa1:Bh8',
    clock: { initial: 300, increment: 3 },
  });
  assert.deepEqual(result, { ok: false, message: 'bad FEN', code: 'badRequest' });
});

test('every language names the online strings', () => {
  const keys = Object.keys(en).filter(
    (k) => k.startsWith('online') || k === 'playOnline' || k === 'vsOnline',
  );
  assert.ok(keys.length > 20);
  for (const [name, catalogue] of Object.entries({ he, ar, ro })) {
    for (const key of keys) {
      assert.ok((catalogue as Record<string, string>)[key], `${name} lacks ${key}`);
    }
  }
});

test('an online game as a saved game for the review: moves and burns, up to a souffle replay', async () => {
  const { onlineGameToSaved } = await import('../src/online/review-game.ts');
  const { replay } = await import('../src/game/record.ts');
  const action = (ply: number, text: string, kind: 'move' | 'burn' | 'replay' = 'move') => ({
    ply,
    kind,
    text,
    color: ply % 2 === 0 ? ('white' as const) : ('black' as const),
    at: 0,
  });
  const info = { variant: 'international', options: {}, fen: null };
  const saved = onlineGameToSaved('abc', info, [action(0, '32-28'), action(1, '19-23')]);
  assert.ok(saved);
  assert.equal(saved.id, 'online-abc');
  assert.deepEqual(saved.setup, { variant: 'international', options: {} });
  assert.deepEqual(replay(saved).notation, ['32-28', '19-23']);
  // from a start position; a replay action ends the entries, an unplayable action too
  const fen = { variant: 'international', options: {}, fen: 'W:W32:B19' };
  const short = onlineGameToSaved('x', fen, [action(0, '32-28'), action(1, '', 'replay')]);
  assert.equal(short?.setup.fen, 'W:W32:B19');
  assert.deepEqual(replay(short!).notation, ['32-28']);
  assert.equal(onlineGameToSaved('y', fen, [action(0, '31-27')])?.entries.length, 0);
  assert.equal(onlineGameToSaved('z', { ...info, variant: 'nope' }, []), null);
});

test('one action at a time: the entry it makes, or refused where it does not apply', async () => {
  const { applyAction, onlineStart } = await import('../src/online/review-game.ts');
  const game = onlineStart({ variant: 'international', options: {}, fen: null });
  assert.ok(game);
  const act = (kind: 'move' | 'burn' | 'replay', text: string) =>
    ({ ply: 0, kind, text, color: 'white', at: 0 }) as const;
  assert.equal(applyAction(game, act('move', '46-41')), 'refused'); // 41 holds a white man
  const played = applyAction(game, act('move', '32-28'));
  assert.ok(played !== 'refused' && played !== null);
  assert.equal(game.position.turn, 'black');
  assert.equal(applyAction(game, act('move', '32-28')), 'refused'); // out of turn now
  assert.equal(applyAction(game, act('burn', 'zz')), 'refused'); // no such square
});
