/**
 * A local game's player bars (same screen or against the computer), one per side, above and below
 * the board, drawn by the shell's `PlayerBar`. A bar with a clock redraws itself
 * a few times a second while its side's time runs and, when that time is out, records the fallen
 * flag in the game (which then ends "on time"). The arithmetic lives in `game/clock.ts`; this file
 * only ticks and draws. The bottom face carries the pause button: a clock runs in real time and
 * stops only when someone presses pause. In a narrow bar (a phone) the button shows an icon in
 * place of its words, which stay its name for screen readers, so the name and the time still fit.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Color } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import { flagFallen, pause, resume, stop, timeLeft } from '../game/clock.ts';
import type { SavedGame } from '../game/record.ts';
import { PlayerBar } from './game-shell.tsx';

export interface LocalPlayerProps {
  readonly t: Translate;
  readonly game: SavedGame;
  readonly color: Color;
  /** The player's name on the bar. */
  readonly name: string;
  /** The side to move in the game. */
  readonly turn: Color;
  /** The game is over: the faces show the final times. */
  readonly over: boolean;
  /** Show the pause / resume button on this face. */
  readonly pausable: boolean;
  readonly onChange: (game: SavedGame) => void;
}

const TICK_MS = 100;

export function LocalPlayer({
  t,
  game,
  color,
  name,
  turn,
  over,
  pausable,
  onChange,
}: LocalPlayerProps) {
  const clock = game.clock;
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef({ game, onChange, turn });
  latest.current = { game, onChange, turn };
  const running = !!clock && !over && clock.mode === 'running' && turn === color;

  useEffect(() => {
    if (!running) return;
    const check = () => {
      const at = Date.now();
      setNow(at);
      const { game: g, onChange: change, turn: side } = latest.current;
      if (!g.clock || g.flagged) return;
      const flagged = flagFallen(g.clock, side, at);
      if (flagged) change({ ...g, clock: stop(g.clock, side, at), flagged });
    };
    check();
    const id = setInterval(check, TICK_MS);
    return () => clearInterval(id);
  }, [running]);

  const active = !over && turn === color;
  if (!clock) return <PlayerBar t={t} color={color} name={name} clock={null} active={active} />;
  const shown = over ? { ...clock, mode: 'paused' as const } : clock;
  const ms = timeLeft(shown, color, turn, running ? now : Date.now());
  const paused = clock.mode === 'paused' && !over;
  return (
    <PlayerBar t={t} color={color} name={name} clock={{ ms, running }} active={active}>
      {pausable && paused && <span class="clock-paused">{t('clockPaused')}</span>}
      {pausable && !over && clock.mode !== 'idle' && (
        <button
          type="button"
          class="clock-pause"
          data-testid="clock-pause"
          aria-pressed={paused}
          onClick={() => {
            const at = Date.now();
            onChange({ ...game, clock: paused ? resume(clock, at) : pause(clock, turn, at) });
          }}
        >
          <span class={`clock-pause-icon ${paused ? 'resume' : 'pause'}`} aria-hidden="true" />
          <span class="clock-pause-text">{paused ? t('clockResume') : t('clockPause')}</span>
        </button>
      )}
    </PlayerBar>
  );
}
