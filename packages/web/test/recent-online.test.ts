/**
 * The online games of the recent list: what is read back from storage (anything malformed is
 * dropped), how an entry is updated as the game goes on, the result from the player's side for
 * every way an online game ends, and the refresh from the server's view of a game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseOnlineRecord,
  playerResult,
  recordLink,
  refreshOnline,
  withOnline,
  type OnlineRecord,
} from '../src/online/recent.ts';
import { RECENT_MAX } from '../src/ui/choices.ts';

const base: OnlineRecord = {
  game: 'abcdefABCDEF',
  token: 'abcdefghijklmnopqrstuv',
  seat: 'white',
  variant: 'international',
  options: {},
  plies: 0,
  outcome: null,
  at: 1_700_000_000_000,
};

test('stored entries are checked when read back', () => {
  assert.deepEqual(parseOnlineRecord(JSON.parse(JSON.stringify(base))), base);
  const at28 = { ...base, fen: 'B:W28:B19', plies: 1 };
  assert.deepEqual(parseOnlineRecord(JSON.parse(JSON.stringify(at28))), at28);
  const bad: unknown[] = [
    null,
    'x',
    { ...base, game: 'short' },
    { ...base, token: undefined },
    { ...base, token: 'not a token' },
    { ...base, seat: 'spectator' },
    { ...base, plies: -1 },
    { ...base, plies: 1.5 },
    { ...base, options: { x: 'yes' } },
    { ...base, at: 'yesterday' },
    { ...base, fen: 28 },
    { ...base, outcome: { winner: 'red', reason: 'noMoves', side: null, text: '' } },
    { ...base, outcome: { winner: null, side: null, text: '' } },
  ];
  for (const x of bad) assert.equal(parseOnlineRecord(x), null, JSON.stringify(x));
});

test('a new game goes first; a known one is updated in place and keeps its date', () => {
  const other = { ...base, game: 'zzzzzzzzzzzz', at: base.at + 5 };
  let list = withOnline([], base);
  list = withOnline(list, other);
  assert.deepEqual(
    list.map((r) => r.game),
    [other.game, base.game],
  );
  const later = withOnline(list, { ...base, plies: 7, at: base.at + 1000 });
  assert.deepEqual(
    later.map((r) => [r.game, r.plies, r.at]),
    [
      [other.game, 0, other.at],
      [base.game, 7, base.at],
    ],
  );
  // nothing new: the same list back, so nothing is written again
  assert.equal(withOnline(later, { ...base, plies: 7, at: 1 }), later);
  // the other seat of the same game (both players in one browser) is its own entry
  assert.equal(withOnline(later, { ...base, seat: 'black' }).length, 3);
  let many: OnlineRecord[] = [];
  for (let i = 0; i < RECENT_MAX + 3; i++) {
    many = withOnline(many, { ...base, game: `game${String(i).padStart(8, '0')}` });
  }
  assert.equal(many.length, RECENT_MAX);
  assert.deepEqual(recordLink(base), { game: base.game, token: base.token });
});

test('the result from the player’s side, for every way an online game ends', () => {
  const ended = (
    winner: 'white' | 'black' | null,
    reason: string,
    side: 'white' | 'black' | null,
  ) => ({ ...base, outcome: { winner, reason, side, text: '' } }) as OnlineRecord;
  assert.equal(playerResult(base), 'running');
  assert.equal(playerResult(ended('white', 'noMoves', 'black')), 'won');
  assert.equal(playerResult(ended('black', 'resignation', 'white')), 'lost');
  assert.equal(playerResult({ ...ended('black', 'timeout', 'white'), seat: 'black' }), 'won');
  assert.equal(playerResult(ended('white', 'abandoned', 'black')), 'won');
  assert.equal(playerResult(ended(null, 'agreement', null)), 'drawn');
  assert.equal(playerResult(ended(null, 'abandoned', 'black')), 'drawn'); // a claimed draw
  assert.equal(playerResult(ended(null, 'aborted', 'black')), 'aborted');
});

test('a running entry is brought up to date from the server, and kept as is when it cannot be', async () => {
  const outcome = { winner: 'black', reason: 'abandoned', side: 'white', text: 'White left' };
  const answer = (status: number, body: unknown) =>
    (async (url: string | URL | Request) => {
      assert.equal(String(url), `/api/games/${base.game}`);
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
  const fresh = await refreshOnline(
    base,
    answer(200, { game: {}, actions: [1, 2, 3, 4], state: { outcome } }),
  );
  assert.deepEqual(fresh, { ...base, plies: 4, outcome });
  // moves made elsewhere: the position last seen here is dropped; none made: it is kept
  const seen = { ...base, plies: 1, fen: 'B:W28:B19' };
  const moved = await refreshOnline(
    seen,
    answer(200, { actions: [1, 2], state: { outcome: null } }),
  );
  assert.deepEqual(moved, { ...base, plies: 2 });
  const same = await refreshOnline(seen, answer(200, { actions: [1], state: { outcome: null } }));
  assert.deepEqual(same, seen);
  assert.equal(playerResult(fresh), 'lost');
  assert.equal(await refreshOnline(base, answer(404, { error: 'notFound' })), base);
  assert.equal(await refreshOnline(base, answer(200, { state: { outcome: 'odd' } })), base);
  const offline = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  assert.equal(await refreshOnline(base, offline), base);
});
