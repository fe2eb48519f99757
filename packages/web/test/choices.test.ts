/**
 * What the home screen remembers: the new-game dialog's last choices read back field by field
 * (a broken or foreign value falls back to its default, house rules only with their variant),
 * and the recent games list, newest first, one copy per game, capped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_CHOICES,
  RECENT_MAX,
  loadChoices,
  loadRecent,
  saveChoices,
  saveRecent,
  withRecent,
} from '../src/ui/choices.ts';
import { newGame } from '../src/game/record.ts';

/** Run `body` with a localStorage held in a map. */
function withStorage(body: (store: Map<string, string>) => void): void {
  const g = globalThis as { localStorage?: unknown };
  const before = g.localStorage;
  const store = new Map<string, string>();
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  try {
    body(store);
  } finally {
    g.localStorage = before;
  }
}

test('the last choices come back as saved, and broken ones fall back field by field', () => {
  withStorage((store) => {
    assert.deepEqual(loadChoices(), DEFAULT_CHOICES, 'nothing stored: the defaults');
    const chosen = {
      variant: 'israeli',
      options: { noForcedCapture: true, burnedPieces: false },
      level: 6,
      color: 'random' as const,
      localClock: 2,
      onlineClock: 4,
    };
    saveChoices(chosen);
    assert.deepEqual(loadChoices(), chosen);
    store.set('damka.choices', '{not json');
    assert.deepEqual(loadChoices(), DEFAULT_CHOICES);
    store.set(
      'damka.choices',
      JSON.stringify({
        variant: 'no-such-variant',
        options: { noForcedCapture: true },
        level: 99,
        color: 'green',
        localClock: 1000,
        onlineClock: -3,
      }),
    );
    assert.deepEqual(loadChoices(), DEFAULT_CHOICES, 'every field refused');
    store.set(
      'damka.choices',
      JSON.stringify({
        variant: 'russian',
        options: {
          noForcedCapture: 'yes',
          mayStopCaptureChain: true,
          souffle: true,
          bogus: true,
        },
      }),
    );
    assert.deepEqual(
      loadChoices().options,
      { mayStopCaptureChain: true },
      'only the variant’s switches, with booleans',
    );
  });
});

test('recent games: newest first, one copy of each game, at most RECENT_MAX', () => {
  withStorage((store) => {
    const games = Array.from({ length: RECENT_MAX + 3 }, () =>
      newGame({ variant: 'international', options: {} }, 'friend', null),
    );
    let list = games.reduce((l, g) => withRecent(l, g), [] as ReturnType<typeof withRecent>);
    assert.equal(list.length, RECENT_MAX);
    assert.equal(list[0]!.id, games[games.length - 1]!.id);
    // the same game again moves to the front, not duplicated
    list = withRecent(list, games[games.length - 2]!);
    assert.equal(list[0]!.id, games[games.length - 2]!.id);
    assert.equal(new Set(list.map((g) => g.id)).size, list.length);
    saveRecent(list);
    assert.deepEqual(
      loadRecent().map((g) => g.id),
      list.map((g) => g.id),
    );
    store.set('damka.recent', JSON.stringify([{ junk: true }, games[0]]));
    assert.deepEqual(
      loadRecent().map((g) => g.id),
      [games[0]!.id],
      'a malformed entry is dropped',
    );
    store.set('damka.recent', 'null');
    assert.deepEqual(loadRecent(), []);
  });
});
