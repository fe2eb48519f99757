/**
 * The new-game screen: every variant with its name and one-line summary, the house-rule switches
 * that apply to it (with their summaries), the opponent, and an optional start FEN. Options are
 * checked with `getVariant` as they change, so an impossible combination is named before play.
 */
import { useMemo, useState } from 'preact/hooks';
import {
  OPTION_NAMES,
  VARIANTS,
  getVariant,
  type Color,
  type OptionName,
  type Options,
  type Rules,
} from '@damka/rules';
import type { ClockSetting } from '@damka/protocol';
import type { Translate } from '../i18n/index.ts';
import { ColorChoice } from './color-choice.tsx';
import { CLOCKS, clockName } from '../online/api.ts';
import { explainFen } from '../pdn/fen-check.ts';
import { CLOCK_PRESETS, newClock, presetName } from '../game/clock.ts';
import { LEVELS, levelOf } from '../computer/client.ts';
import { optionSummary, rulesPath, variantName, variantSummary } from '../rules-pages/texts.ts';
import {
  newGame,
  startPosition,
  type GameSetup,
  type Mode,
  type SavedGame,
} from '../game/record.ts';

/** Whether an option is in effect in a variant's own rules (so the switch shows its real state). */
export function optionDefault(r: Rules, name: OptionName): boolean {
  switch (name) {
    case 'noForcedCapture':
      return r.capture.obligation === 'optional';
    case 'giveaway':
      return r.noMoveMeans === 'win';
    case 'burnedPieces':
      return r.capture.obligation === 'burn';
    case 'mayStopCaptureChain':
      return !r.capture.mustComplete;
    case 'lastPieceMayMoveBackward':
      return r.man.lastPieceMayMoveBackward;
    case 'noKingMoveLimit':
      return !r.draws.some(
        (d) => d.kind === 'quietMoves' || d.kind === 'endgame' || d.kind === 'kingsBothSides',
      );
    case 'materialAdjudication':
      return r.materialAdjudication;
    case 'backwardCaptureOnlyAfterForward':
      return r.man.backwardCaptureOnlyAfterForward;
    case 'kingSplit':
      return r.kingSplit;
    case 'forcedOpening':
      return r.forcedOpening.length > 0;
    case 'souffle':
      return r.capture.obligation === 'souffle';
  }
}

/** Options shown for a variant: Dhamet's own two only on the alquerque board. */
export function optionsFor(r: Rules): OptionName[] {
  const dhametOnly: OptionName[] = ['forcedOpening', 'souffle'];
  return OPTION_NAMES.filter((n) => r.topology === 'alquerque-9x9' || !dhametOnly.includes(n));
}

export interface SetupProps {
  readonly t: Translate;
  readonly initial: SavedGame | null;
  readonly onStart: (game: SavedGame) => void;
  /** Start a game against a friend online; resolves to an error message, or null on success. */
  readonly onOnline?: (
    setup: GameSetup,
    clock: ClockSetting | null,
    color: Color,
  ) => Promise<string | null>;
  /** Open with "a friend online" chosen. */
  readonly online?: boolean;
  /** Open the PDN import dialog. */
  readonly onImport?: () => void;
  /** Open the board editor on the chosen variant and house rules. */
  readonly onEditor?: (setup: GameSetup) => void;
  /** Open the rules page of a variant. */
  readonly onRules?: (variant: string) => void;
  /** Open with this variant chosen (from its rules page). */
  readonly variant?: string;
}

export function Setup({
  t,
  initial,
  onStart,
  onImport,
  onEditor,
  onOnline,
  online,
  onRules,
  variant,
}: SetupProps) {
  const [variantId, setVariantId] = useState(variant ?? initial?.setup.variant ?? 'international');
  const [options, setOptions] = useState<Options>(initial?.setup.options ?? {});
  const [mode, setMode] = useState<Mode | 'online'>(
    online && onOnline ? 'online' : (initial?.mode ?? 'friend'),
  );
  const [clock, setClock] = useState(2);
  const [friendClock, setFriendClock] = useState(-1); // index into CLOCK_PRESETS; -1: no clock
  const [creating, setCreating] = useState(false);
  const [onlineError, setOnlineError] = useState<string | null>(null);
  const [human, setHuman] = useState<Color>(initial?.computer === 'white' ? 'black' : 'white');
  const [level, setLevel] = useState(levelOf(initial?.level));
  const [fen, setFen] = useState('');
  const base = VARIANTS.find((v) => v.id === variantId) ?? VARIANTS[0]!;

  const check = useMemo(() => {
    const v = getVariant(variantId, options);
    if (!v.ok) return v.error;
    if (fen.trim() === '') return null;
    const setup: GameSetup = { variant: variantId, options, fen };
    const s = startPosition(setup);
    return s.ok ? null : t('invalidFen', { reason: explainFen(t, v.value, fen) ?? s.error });
  }, [variantId, options, fen, t]);

  const pickVariant = (id: string) => {
    setVariantId(id);
    setOptions({});
  };

  const toggle = (name: OptionName, on: boolean) => {
    const next: Options = { ...options };
    if (on === optionDefault(base, name)) delete next[name];
    else next[name] = on;
    setOptions(next);
  };

  const start = (e: Event) => {
    e.preventDefault();
    if (check) return;
    const setup: GameSetup = fen.trim()
      ? { variant: variantId, options, fen: fen.trim() }
      : { variant: variantId, options };
    if (mode === 'online') {
      if (!onOnline || creating) return;
      setCreating(true);
      setOnlineError(null);
      onOnline(setup, CLOCKS[clock] ?? null, human).then((error) => {
        setCreating(false);
        setOnlineError(error);
      });
      return;
    }
    const fresh = newGame(
      setup,
      mode,
      mode === 'computer' ? (human === 'white' ? 'black' : 'white') : null,
    );
    const preset = mode === 'friend' ? CLOCK_PRESETS[friendClock] : undefined;
    const timed = preset ? { ...fresh, clock: newClock(preset) } : fresh;
    onStart(mode === 'computer' ? { ...fresh, level } : timed);
  };

  return (
    <form class="setup" onSubmit={start}>
      <section aria-labelledby="rules-title">
        <h2 id="rules-title">{t('chooseRules')}</h2>
        <div class="variants" role="radiogroup" aria-labelledby="rules-title">
          {VARIANTS.map((r) => (
            <label
              key={r.id}
              class={`variant${r.id === variantId ? ' chosen' : ''}`}
              data-variant={r.id}
            >
              <input
                type="radio"
                name="variant"
                value={r.id}
                checked={r.id === variantId}
                onChange={() => pickVariant(r.id)}
              />
              <span class="variant-name">{variantName(t, r)}</span>
              <span class="variant-summary">{variantSummary(t, r)}</span>
            </label>
          ))}
        </div>
        <p class="rules-link">
          <a
            href={rulesPath(variantId)}
            data-testid="variant-rules"
            onClick={(e) => {
              if (!onRules || e.ctrlKey || e.metaKey || e.shiftKey) return;
              e.preventDefault();
              onRules(variantId);
            }}
          >
            {t('rp_rulesOfVariant')}: {variantName(t, base)}
          </a>
        </p>
      </section>

      <section aria-labelledby="house-title">
        <h2 id="house-title">{t('houseRules')}</h2>
        <p class="hint">{t('houseRulesHint')}</p>
        <div class="options">
          {optionsFor(base).map((name) => {
            const on = options[name] ?? optionDefault(base, name);
            return (
              <label key={name} class="option" data-option={name}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={on}
                  onChange={(e) => toggle(name, e.currentTarget.checked)}
                />
                <span class="option-text">
                  <span class="option-name">{t(`option_${name}`)}</span>
                  <span class="option-summary">{optionSummary(t, name)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="opponent-title">
        <h2 id="opponent-title">{t('opponent')}</h2>
        <div class="segmented" role="radiogroup" aria-labelledby="opponent-title">
          <label class={mode === 'friend' ? 'on' : ''}>
            <input
              type="radio"
              name="mode"
              value="friend"
              checked={mode === 'friend'}
              onChange={() => setMode('friend')}
            />
            {t('vsFriend')}
          </label>
          <label class={mode === 'computer' ? 'on' : ''}>
            <input
              type="radio"
              name="mode"
              value="computer"
              checked={mode === 'computer'}
              onChange={() => setMode('computer')}
            />
            {t('vsComputer')}
          </label>
          {onOnline && (
            <label class={mode === 'online' ? 'on' : ''}>
              <input
                type="radio"
                name="mode"
                value="online"
                checked={mode === 'online'}
                onChange={() => setMode('online')}
              />
              {t('vsOnline')}
            </label>
          )}
        </div>
        {mode === 'online' && (
          <label class="field clock-field">
            <span>{t('clock')}</span>
            <select
              value={String(clock)}
              data-testid="clock"
              onChange={(e) => setClock(Number(e.currentTarget.value))}
            >
              {CLOCKS.map((c, i) => (
                <option key={i} value={String(i)}>
                  {c ? clockName(c) : t('noClock')}
                </option>
              ))}
            </select>
          </label>
        )}
        {mode === 'friend' && (
          <label class="field clock-field">
            <span>{t('clockFriend')}</span>
            <select
              value={String(friendClock)}
              data-testid="friend-clock"
              onChange={(e) => setFriendClock(Number(e.currentTarget.value))}
            >
              <option value="-1">{t('noClock')}</option>
              {CLOCK_PRESETS.map((p, i) => (
                <option key={i} value={String(i)}>
                  {presetName(p)}
                </option>
              ))}
            </select>
          </label>
        )}
        {(mode === 'computer' || mode === 'online') && (
          <ColorChoice t={t} label={t('playAs')} name="human" value={human} onChange={setHuman} />
        )}
        {mode === 'computer' && (
          <label class="field level-field">
            <span>{t('computerLevel')}</span>
            <select
              value={String(level)}
              data-testid="level"
              onChange={(e) => setLevel(levelOf(Number(e.currentTarget.value)))}
            >
              {LEVELS.map((n) => (
                <option key={n} value={String(n)}>
                  {`${n} · ${t(`level${n}`)}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <label class="fen">
          <span>{t('startPosition')}</span>
          <input
            type="text"
            dir="ltr"
            spellcheck={false}
            value={fen}
            onInput={(e) => setFen(e.currentTarget.value)}
            placeholder={base.startFen}
            aria-invalid={fen.trim() !== '' && check !== null}
            aria-describedby="setup-error"
          />
        </label>
        <div class="setup-tools">
          {onEditor && (
            <button
              type="button"
              data-testid="open-editor"
              onClick={() => onEditor({ variant: variantId, options, fen })}
            >
              {t('setUpPosition')}
            </button>
          )}
          {onImport && (
            <button type="button" data-testid="open-import" onClick={onImport}>
              {t('pdnImport')}
            </button>
          )}
        </div>
      </section>

      <div class="start-row">
        {(check ?? onlineError) && (
          <p class="error" role="alert" id="setup-error" data-testid="setup-error">
            {check ?? onlineError}
          </p>
        )}
        <button
          type="submit"
          class="primary"
          disabled={check !== null || creating}
          data-testid="start"
        >
          {creating ? t('onlineCreating') : t('start')}
        </button>
      </div>
    </form>
  );
}
