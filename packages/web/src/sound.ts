/**
 * Move and capture sounds, synthesised with WebAudio oscillators: no audio files to download, and
 * a wooden "tock" is only a short sine with a falling pitch. The AudioContext is created on the
 * first sound (browsers only let a page play after a user gesture, and a move is one). Sound is a
 * nicety: when audio is missing, blocked or fails in any way, nothing is played and nothing throws.
 */
import { useEffect, useRef } from 'preact/hooks';

export type SoundKind = 'move' | 'capture';

interface Tone {
  /** start and end frequency in Hz */
  readonly from: number;
  readonly to: number;
  /** seconds */
  readonly length: number;
  /** delay from now, seconds */
  readonly at: number;
  readonly gain: number;
  readonly type: OscillatorType;
}

/** A move is one low tock; a capture a tock followed by a brighter click. */
export const SOUNDS: Record<SoundKind, readonly Tone[]> = {
  move: [{ from: 420, to: 180, length: 0.09, at: 0, gain: 0.35, type: 'sine' }],
  capture: [
    { from: 420, to: 180, length: 0.08, at: 0, gain: 0.35, type: 'sine' },
    { from: 900, to: 500, length: 0.07, at: 0.07, gain: 0.22, type: 'triangle' },
  ],
};

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null | undefined;

function audio(): AudioContext | null {
  if (context !== undefined) return context;
  try {
    const g = globalThis as { AudioContext?: AudioContextConstructor };
    context = g.AudioContext ? new g.AudioContext() : null;
  } catch {
    context = null;
  }
  return context;
}

/** Play a sound; returns whether it was scheduled (false without audio). Never throws. */
export function playSound(kind: SoundKind): boolean {
  try {
    const ctx = audio();
    if (!ctx) return false;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const now = ctx.currentTime;
    for (const tone of SOUNDS[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = now + tone.at;
      osc.type = tone.type;
      osc.frequency.setValueAtTime(tone.from, start);
      osc.frequency.exponentialRampToValueAtTime(tone.to, start + tone.length);
      gain.gain.setValueAtTime(tone.gain, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + tone.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + tone.length + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Play the sound of each new move as it arrives: when `count` (entries in the game) grows by one,
 * `lastWasCapture` says which sound. Jumps (a game loaded, moves undone) stay silent.
 */
export function useMoveSounds(enabled: boolean, count: number, lastWasCapture: boolean): void {
  const seen = useRef(count);
  useEffect(() => {
    const grew = count === seen.current + 1;
    seen.current = count;
    if (enabled && grew) playSound(lastWasCapture ? 'capture' : 'move');
  }, [count, enabled, lastWasCapture]);
}
