/**
 * The same-screen chess clock (Fischer: a fixed time plus an increment after each move), as plain
 * data and pure arithmetic with the current time passed in — so it is tested in Node without timers
 * and survives a reload exactly.
 *
 * The state stores each side's time left at one moment (`since`, epoch ms) and nothing else: the
 * side whose time runs is always the side to move of the game, so it is never stored twice. A
 * reload therefore resumes counting from the stored moment — time passes while the page is closed,
 * as it does on a real clock. The clock starts with the first move (the first player may set up
 * and think before pressing it, as over the board) and stops only with the explicit pause.
 */
import type { Color } from '@damka/rules';

/** A clock preset: minutes of thinking time each and seconds added after every move. */
export interface ClockPreset {
  readonly minutes: number;
  readonly increment: number;
}

/**
 * The presets offered for same-screen games (none is offered separately). They are their own list
 * rather than the online picker's (`online/api.ts` CLOCKS): over the board a bullet 1+0 and plain
 * 5+0 and 30+0 are wanted; the display reuses the online `formatClock`.
 */
export const CLOCK_PRESETS: readonly ClockPreset[] = [
  { minutes: 1, increment: 0 },
  { minutes: 3, increment: 2 },
  { minutes: 5, increment: 0 },
  { minutes: 10, increment: 5 },
  { minutes: 15, increment: 10 },
  { minutes: 30, increment: 0 },
];

/** "3+2": minutes + increment seconds. */
export function presetName(p: ClockPreset): string {
  return `${p.minutes}+${p.increment}`;
}

export type ClockMode =
  /** before the first move: nobody's time runs */
  | 'idle'
  /** the side to move's time runs from `since` */
  | 'running'
  /** stopped by the pause button */
  | 'paused';

export interface ClockState {
  readonly initialMs: number;
  readonly incrementMs: number;
  /** Time left for White at `since` (or now, when the clock does not run). */
  readonly white: number;
  readonly black: number;
  readonly mode: ClockMode;
  /** When the running side's time began to run (epoch ms); meaningful only while running. */
  readonly since: number;
}

/** A new clock for a preset, not yet started. */
export function newClock(preset: ClockPreset): ClockState {
  const ms = preset.minutes * 60_000;
  return {
    initialMs: ms,
    incrementMs: preset.increment * 1000,
    white: ms,
    black: ms,
    mode: 'idle',
    since: 0,
  };
}

/** Milliseconds elapsed on the running clock at `now` (0 when it does not run; never negative). */
function elapsed(clock: ClockState, now: number): number {
  return clock.mode === 'running' ? Math.max(0, now - clock.since) : 0;
}

/** Time left for `color` at `now`, with `turn` the side to move (never below 0). */
export function timeLeft(clock: ClockState, color: Color, turn: Color, now: number): number {
  const stored = clock[color];
  return Math.max(0, color === turn ? stored - elapsed(clock, now) : stored);
}

/** The side whose flag has fallen at `now`, if any (only the side to move's time runs). */
export function flagFallen(clock: ClockState, turn: Color, now: number): Color | null {
  return clock.mode === 'running' && timeLeft(clock, turn, turn, now) <= 0 ? turn : null;
}

/** The state with the running time charged to `turn` up to `now` (the clock keeps its mode). */
function charged(clock: ClockState, turn: Color, now: number): ClockState {
  if (clock.mode !== 'running') return clock;
  const left = Math.max(0, clock[turn] - elapsed(clock, now));
  return { ...clock, [turn]: left, since: now };
}

/**
 * After `mover` completed a move at `now`: his time is charged and the increment added, and the
 * opponent's time starts to run (the first move starts the clock; a paused clock stays paused).
 * When the mover's time had already run out the move came too late: `flagged` names him and the
 * clock is left stopped at zero.
 */
export function afterMove(
  clock: ClockState,
  mover: Color,
  now: number,
): { clock: ClockState; flagged: Color | null } {
  const flagged = flagFallen(clock, mover, now);
  if (flagged) return { clock: { ...charged(clock, mover, now), mode: 'paused' }, flagged };
  const c = charged(clock, mover, now);
  const withIncrement = { ...c, [mover]: c[mover] + clock.incrementMs };
  if (clock.mode === 'paused') return { clock: withIncrement, flagged: null };
  return { clock: { ...withIncrement, mode: 'running', since: now }, flagged: null };
}

/**
 * After moves are taken back at `now`: the time used so far is charged to the side that was to
 * move, and the clock then runs for the new side to move. Times are not given back: a clock
 * measures thinking, and the thinking happened.
 */
export function afterUndo(clock: ClockState, turnBefore: Color, now: number): ClockState {
  return clock.mode === 'running' ? charged(clock, turnBefore, now) : clock;
}

/** Stop the clock at `now` (the pause button); the time used is charged to the side to move. */
export function pause(clock: ClockState, turn: Color, now: number): ClockState {
  if (clock.mode !== 'running') return clock;
  return { ...charged(clock, turn, now), mode: 'paused' };
}

/** Start a paused clock again at `now`; an idle clock stays idle until the first move. */
export function resume(clock: ClockState, now: number): ClockState {
  return clock.mode === 'paused' ? { ...clock, mode: 'running', since: now } : clock;
}

/** The final times when the game ended at `now` (the clock stops and is charged). */
export function stop(clock: ClockState, turn: Color, now: number): ClockState {
  return pause(clock, turn, now);
}

const isTime = (x: unknown): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100 * 3_600_000;

/** A stored clock checked field by field; null when anything is missing or out of range. */
export function parseClock(x: unknown): ClockState | null {
  if (!x || typeof x !== 'object') return null;
  const c = x as Record<string, unknown>;
  const mode = c['mode'];
  if (mode !== 'idle' && mode !== 'running' && mode !== 'paused') return null;
  const since = c['since'];
  if (typeof since !== 'number' || !Number.isFinite(since)) return null;
  const { initialMs, incrementMs, white, black } = c;
  if (!isTime(initialMs) || !isTime(incrementMs) || !isTime(white) || !isTime(black)) return null;
  return { initialMs, incrementMs, white, black, mode, since };
}
