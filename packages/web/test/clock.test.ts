/**
 * The same-screen clock: Fischer arithmetic with the time passed in, flag fall, pause and resume,
 * undo, a reload (the stored state read back later), the clock through the web game record, and
 * stored clocks checked field by field.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLOCK_PRESETS,
  afterMove,
  afterUndo,
  flagFallen,
  newClock,
  parseClock,
  pause,
  presetName,
  resume,
  timeLeft,
} from '../src/game/clock.ts';
import {
  entryOf,
  newGame,
  parseSaved,
  replay,
  undoCount,
  withEntry,
  withUndo,
  type SavedGame,
} from '../src/game/record.ts';

const T0 = 1_700_000_000_000;

test('presets: none is separate; the six of the menu in minutes + increment', () => {
  assert.deepEqual(CLOCK_PRESETS.map(presetName), ['1+0', '3+2', '5+0', '10+5', '15+10', '30+0']);
});

test('the clock starts with the first move and runs for the side to move only', () => {
  const c0 = newClock({ minutes: 3, increment: 2 });
  assert.equal(c0.mode, 'idle');
  // nobody's time runs before the first move, however long White thinks
  assert.equal(timeLeft(c0, 'white', 'white', T0 + 50_000), 180_000);
  const { clock: c1, flagged } = afterMove(c0, 'white', T0);
  assert.equal(flagged, null);
  assert.equal(c1.mode, 'running');
  assert.equal(c1.white, 182_000, 'the increment is added to the mover');
  assert.equal(timeLeft(c1, 'black', 'black', T0 + 7_500), 172_500);
  assert.equal(timeLeft(c1, 'white', 'black', T0 + 7_500), 182_000, "White's time stands still");
  const { clock: c2 } = afterMove(c1, 'black', T0 + 7_500);
  assert.equal(c2.black, 174_500);
  assert.equal(timeLeft(c2, 'white', 'white', T0 + 10_000), 179_500);
});

test('a flag falls when the side to move runs out; a late move is not played', () => {
  const { clock } = afterMove(newClock({ minutes: 1, increment: 0 }), 'white', T0);
  assert.equal(flagFallen(clock, 'black', T0 + 59_999), null);
  assert.equal(flagFallen(clock, 'black', T0 + 60_000), 'black');
  assert.equal(timeLeft(clock, 'white', 'black', T0 + 600_000), 60_000, "White's time stands");
  const late = afterMove(clock, 'black', T0 + 61_000);
  assert.equal(late.flagged, 'black');
  assert.equal(late.clock.black, 0);
  assert.equal(timeLeft(clock, 'black', 'black', T0 + 90_000), 0, 'never below zero');
});

test('pause stops the time of the side to move; resume continues from the moment pressed', () => {
  const { clock } = afterMove(newClock({ minutes: 5, increment: 0 }), 'white', T0);
  const paused = pause(clock, 'black', T0 + 20_000);
  assert.equal(paused.mode, 'paused');
  assert.equal(timeLeft(paused, 'black', 'black', T0 + 999_000), 280_000);
  assert.equal(flagFallen(paused, 'black', T0 + 9_999_000), null);
  const resumed = resume(paused, T0 + 500_000);
  assert.equal(timeLeft(resumed, 'black', 'black', T0 + 505_000), 275_000);
  // an idle clock has nothing to pause or resume
  const idle = newClock({ minutes: 1, increment: 0 });
  assert.equal(resume(pause(idle, 'white', T0), T0).mode, 'idle');
});

test('undo charges the time used to the side that was to move, then runs for the new side', () => {
  const { clock } = afterMove(newClock({ minutes: 5, increment: 0 }), 'white', T0);
  const undone = afterUndo(clock, 'black', T0 + 4_000);
  assert.equal(undone.black, 296_000);
  assert.equal(timeLeft(undone, 'white', 'white', T0 + 10_000), 294_000);
});

/** The first legal move of the game's last position, played at `now`. */
function move(game: SavedGame, now: number): SavedGame {
  const r = replay(game);
  const p = r.positions[r.positions.length - 1]!;
  return withEntry(game, r, entryOf(p.legalMoves()[0]!), now);
}

test('the web record: moves press the clock, a reload resumes it, a late move loses on time', () => {
  const start: SavedGame = {
    ...newGame({ variant: 'international', options: {} }, 'friend', null),
    clock: newClock({ minutes: 1, increment: 0 }),
  };
  const one = move(start, T0);
  assert.equal(one.entries.length, 1);
  assert.equal(one.clock?.mode, 'running');
  // stored and read back, as after a reload: Black's time has been running since the move
  const back = parseSaved(JSON.stringify(one))!;
  assert.deepEqual(back.clock, one.clock);
  assert.equal(timeLeft(back.clock!, 'black', 'black', T0 + 30_000), 30_000);
  const two = move(back, T0 + 30_000);
  assert.equal(two.entries.length, 2);
  assert.equal(two.clock?.black, 30_000);
  // White thinks for 61 s: the move comes too late and White loses on time
  const late = move(two, T0 + 91_000);
  assert.equal(late.entries.length, 2, 'the late move is not played');
  assert.equal(late.flagged, 'white');
  const r = replay(late);
  assert.equal(r.result?.reason, 'timeout');
  assert.equal(r.result?.winner, 'black');
  assert.equal(r.result?.side, 'white');
  assert.equal(undoCount(late, r), 0, 'a fallen flag cannot be undone');
  // undo before the flag: the clock goes on for the side to move again
  const undone = withUndo(two, replay(two), 1, T0 + 35_000);
  assert.equal(undone.entries.length, 1);
  assert.equal(undone.clock?.white, 55_000);
});

test('stored clocks: malformed fields are dropped, the game still loads', () => {
  const good = newClock({ minutes: 3, increment: 2 });
  assert.deepEqual(parseClock(JSON.parse(JSON.stringify(good))), good);
  for (const bad of [
    null,
    'x',
    { ...good, mode: 'sideways' },
    { ...good, white: -1 },
    { ...good, black: 'lots' },
    { ...good, since: null },
    { ...good, incrementMs: Infinity },
  ]) {
    assert.equal(parseClock(bad), null, JSON.stringify(bad));
  }
  const game = newGame({ variant: 'russian', options: {} }, 'friend', null);
  const loaded = parseSaved(JSON.stringify({ ...game, clock: { white: 5 }, flagged: 'white' }));
  assert.ok(loaded);
  assert.equal(loaded.clock, undefined);
  assert.equal(loaded.flagged, undefined, 'no flag without a clock');
  assert.equal(replay(loaded).result, null);
});
