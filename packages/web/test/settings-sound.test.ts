/**
 * Settings read back from storage (sound and animation speed added to older stored settings, bad
 * values replaced by defaults) and the synthesised sounds: scheduled on an AudioContext when there
 * is one, and never an exception when audio is missing or fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANIMATION_MS, ANIMATION_SPEEDS, defaultSettings, loadSettings } from '../src/settings.ts';
import { SOUNDS, playSound } from '../src/sound.ts';

function withStorage(value: string | null, run: () => void): void {
  const g = globalThis as { localStorage?: unknown };
  const before = g.localStorage;
  g.localStorage = { getItem: () => value, setItem: () => undefined, removeItem: () => undefined };
  try {
    run();
  } finally {
    g.localStorage = before;
  }
}

test('settings: older stored settings gain sound and animation defaults; bad values fall back', () => {
  const base = defaultSettings([]);
  assert.equal(base.sound, true);
  assert.equal(base.animation, 'normal');
  withStorage(
    JSON.stringify({ theme: 'dark', coordinates: false, flip: true, locale: 'he' }),
    () => {
      const s = loadSettings([]);
      assert.equal(s.theme, 'dark');
      assert.equal(s.sound, true);
      assert.equal(s.animation, 'normal');
    },
  );
  withStorage(JSON.stringify({ sound: false, animation: 'slow' }), () => {
    const s = loadSettings([]);
    assert.equal(s.sound, false);
    assert.equal(s.animation, 'slow');
  });
  withStorage(JSON.stringify({ sound: 'loud', animation: 'warp' }), () => {
    const s = loadSettings([]);
    assert.equal(s.sound, true);
    assert.equal(s.animation, 'normal');
  });
  withStorage('{not json', () => assert.deepEqual(loadSettings([]), base));
  // each speed has a duration, slower ones longer, "off" none
  const ms = ANIMATION_SPEEDS.map((s) => ANIMATION_MS[s]);
  assert.equal(ms[0], 0);
  assert.ok(ms.every((m, i) => i === 0 || m > ms[i - 1]!));
});

test('sounds: oscillators on an AudioContext; failures are swallowed', () => {
  let mode: 'fail' | 'work' = 'fail';
  const started: number[] = [];
  const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
  class FakeAudio {
    state = 'running';
    currentTime = 1;
    destination = {};
    createOscillator() {
      if (mode === 'fail') throw new Error('audio device lost');
      const node = {
        type: 'sine',
        frequency: param,
        connect: (x: unknown) => x,
        start: (at: number) => started.push(at),
        stop() {},
      };
      return node;
    }
    createGain() {
      return { gain: param, connect: (x: unknown) => x };
    }
    resume() {
      return Promise.resolve();
    }
  }
  const g = globalThis as { AudioContext?: unknown };
  g.AudioContext = FakeAudio;
  try {
    assert.equal(playSound('move'), false, 'a failing device: no sound, no exception');
    mode = 'work';
    assert.equal(playSound('move'), true);
    assert.equal(started.length, SOUNDS.move.length);
    assert.equal(playSound('capture'), true);
    assert.equal(started.length, SOUNDS.move.length + SOUNDS.capture.length);
    assert.ok(SOUNDS.capture.length > SOUNDS.move.length, 'a capture sounds different');
  } finally {
    delete g.AudioContext;
  }
});
