/**
 * The new-game dialog, one form for the three ways to play — the computer, a friend on this
 * screen, a friend online: a compact variant picker grouped by board, the house rules folded away
 * under it, then what the kind of game needs (level, colour with "random", clock), and a folded
 * start position (FEN, editor, PDN import). It opens on the last choices made.
 *
 * House-rule switches come from the rules package's table: each shows what the rules record built
 * from the options plays (never the raw option), and turning one on turns off the switches it
 * cannot hold together with, saying so in the form.
 */
import { useMemo, useState } from 'preact/hooks';
import {
  VARIANTS,
  findRules,
  getVariant,
  houseRuleConflicts,
  houseRuleDefault,
  houseRuleStates,
  houseRulesFor,
  rulesFor,
  setHouseRule,
  type Color,
  type OptionName,
  type Options,
  type Rules,
} from '@damka/rules';
import type { ClockSetting } from '@damka/protocol';
import type { MessageKey, Translate } from '../i18n/index.ts';
import { CLOCKS, clockName } from '../online/api.ts';
import { explainFen } from '../pdn/fen-check.ts';
import { CLOCK_PRESETS, newClock, presetName } from '../game/clock.ts';
import { LEVELS, levelOf } from '../computer/client.ts';
import {
  optionLabel,
  optionSummary,
  rulesPath,
  variantName,
  variantSummary,
} from '../rules-pages/texts.ts';
import { newGame, startPosition, type GameSetup, type SavedGame } from '../game/record.ts';
import { Dialog } from './dialog.tsx';
import type { Choices, ColorPick } from './choices.ts';
import { ColorChoice } from './color-choice.tsx';

/** Whether an option is in effect in a variant's own rules (so the switch shows its real state). */
export function optionDefault(r: Rules, name: OptionName): boolean {
  return houseRuleDefault(r, name);
}

/** The options that can be set on a variant. */
export function optionsFor(r: Rules): OptionName[] {
  return houseRulesFor(r);
}

export type NewGameKind = 'computer' | 'friend' | 'online';

/** The variant groups of the picker, by board. */
const GROUPS: ReadonlyArray<{ key: MessageKey; boards: readonly string[] }> = [
  { key: 'variantGroup10', boards: ['diagonal-10x10', 'diagonal-orthogonal-10x10'] },
  { key: 'variantGroup12', boards: ['diagonal-12x12'] },
  { key: 'variantGroup8', boards: ['diagonal-8x8', 'diagonal-8x8-mirrored'] },
  { key: 'variantGroupOther', boards: ['orthogonal-8x8', 'diagonal-6x6', 'alquerque-9x9'] },
];

function groupOf(r: Rules): number {
  const i = GROUPS.findIndex((g) => g.boards.includes(r.topology));
  return i < 0 ? GROUPS.length - 1 : i;
}

const TITLES: Record<NewGameKind, MessageKey> = {
  computer: 'homeComputer',
  friend: 'homeFriend',
  online: 'homeOnline',
};

export interface NewGameProps {
  readonly t: Translate;
  readonly kind: NewGameKind;
  readonly choices: Choices;
  /** Remember the choices (on start). */
  readonly onChoices: (c: Choices) => void;
  readonly onStart: (game: SavedGame) => void;
  /** Start a game online; resolves to an error message, or null on success. */
  readonly onOnline: (
    setup: GameSetup,
    clock: ClockSetting | null,
    color: Color,
  ) => Promise<string | null>;
  readonly onClose: () => void;
  readonly onImport?: () => void;
  readonly onEditor?: (setup: GameSetup) => void;
  readonly onRules?: (variant: string) => void;
}

/** The colour drawn for "random". */
function pickColor(c: ColorPick): Color {
  if (c !== 'random') return c;
  return Math.random() < 0.5 ? 'white' : 'black';
}

export function NewGame({
  t,
  kind,
  choices,
  onChoices,
  onStart,
  onOnline,
  onClose,
  onImport,
  onEditor,
  onRules,
}: NewGameProps) {
  const [variantId, setVariantId] = useState(choices.variant);
  const [options, setOptions] = useState<Options>(choices.options);
  const [level, setLevel] = useState(choices.level);
  const [color, setColor] = useState<ColorPick>(choices.color);
  const [localClock, setLocalClock] = useState(choices.localClock);
  const [onlineClock, setOnlineClock] = useState(choices.onlineClock);
  const [fen, setFen] = useState('');
  const [turnedOff, setTurnedOff] = useState<{ by: OptionName; off: OptionName[] } | null>(null);
  const [creating, setCreating] = useState(false);
  const [onlineError, setOnlineError] = useState<string | null>(null);
  const base = findRules(variantId) ?? VARIANTS[0]!;

  const built = useMemo(() => rulesFor(variantId, options), [variantId, options]);
  const states = built.ok ? houseRuleStates(built.value, base) : null;

  const check = useMemo(() => {
    const v = getVariant(variantId, options);
    if (!v.ok) return v.error;
    if (fen.trim() === '') return null;
    const s = startPosition({ variant: variantId, options, fen });
    return s.ok ? null : t('invalidFen', { reason: explainFen(t, v.value, fen) ?? s.error });
  }, [variantId, options, fen, t]);
  // a position the side to move cannot move in may be played (as in the editor), but is said
  const stuck = useMemo(() => {
    if (fen.trim() === '') return null;
    const s = startPosition({ variant: variantId, options, fen });
    if (!s.ok || s.position.legalMoves().length > 0 || s.position.burnable.length > 0) return null;
    return t('editorNoMoves', { color: t(s.position.turn) });
  }, [variantId, options, fen, t]);

  const pickVariant = (id: string) => {
    setVariantId(id);
    setOptions({});
    setTurnedOff(null);
  };

  const toggle = (name: OptionName, on: boolean) => {
    const set = setHouseRule(base, options, name, on);
    setOptions(set.options);
    setTurnedOff(set.turnedOff.length > 0 ? { by: name, off: set.turnedOff } : null);
  };

  const start = (e: Event) => {
    e.preventDefault();
    if (check || creating) return;
    const setup: GameSetup = fen.trim()
      ? { variant: variantId, options, fen: fen.trim() }
      : { variant: variantId, options };
    onChoices({ variant: variantId, options, level, color, localClock, onlineClock });
    const human = pickColor(color);
    if (kind === 'online') {
      setCreating(true);
      setOnlineError(null);
      void onOnline(setup, CLOCKS[onlineClock] ?? null, human).then((error) => {
        setCreating(false);
        setOnlineError(error);
      });
      return;
    }
    const computer: Color | null =
      kind === 'computer' ? (human === 'white' ? 'black' : 'white') : null;
    const fresh = newGame(setup, kind, computer);
    const preset = CLOCK_PRESETS[localClock];
    const timed = preset ? { ...fresh, clock: newClock(preset) } : fresh;
    onStart(kind === 'computer' ? { ...timed, level } : timed);
  };

  const changed = optionsFor(base).filter((n) => options[n] !== undefined).length;
  // folded unless the remembered choices changed a house rule (kept as the user opens or closes it)
  const [rulesOpen] = useState(changed > 0);

  return (
    <Dialog labelledBy="new-game-title" testId="new-game" extraClass="new-game" onDismiss={onClose}>
      <form class="setup" data-kind={kind} onSubmit={start}>
        <div class="new-game-head">
          <h2 id="new-game-title">{t(TITLES[kind])}</h2>
          <button
            type="button"
            class="close-button"
            aria-label={t('close')}
            data-testid="new-game-close"
            onClick={onClose}
          >
            ×
          </button>
        </div>

        <fieldset class="variant-picker">
          <legend>{t('variant')}</legend>
          {GROUPS.map((group, gi) => (
            <div class="variant-group" key={group.key} role="radiogroup" aria-label={t(group.key)}>
              <span class="variant-group-name">{t(group.key)}</span>
              <div class="variants">
                {VARIANTS.filter((r) => groupOf(r) === gi).map((r) => (
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
                      // keyboard users land on the chosen variant when the dialog opens
                      autoFocus={r.id === choices.variant}
                      onChange={() => pickVariant(r.id)}
                    />
                    <span class="variant-name">{variantName(t, r)}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
          <p class="variant-summary" data-testid="variant-summary">
            {variantSummary(t, base)}{' '}
            <a
              href={rulesPath(variantId)}
              data-testid="variant-rules"
              onClick={(e) => {
                if (!onRules || e.ctrlKey || e.metaKey || e.shiftKey) return;
                e.preventDefault();
                onRules(variantId);
              }}
            >
              {t('rp_rulesOfVariant')}
            </a>
          </p>
        </fieldset>

        <details class="house-rules" data-testid="house-rules" open={rulesOpen}>
          <summary>
            {t('houseRules')}
            {changed > 0 && <span class="badge">{t('houseRulesChanged', { n: changed })}</span>}
          </summary>
          {turnedOff && (
            <p class="conflict-note" role="status" data-testid="turned-off">
              {t('houseRuleTurnedOff', {
                list: turnedOff.off.map((n) => optionLabel(t, n)).join(', '),
                rule: optionLabel(t, turnedOff.by),
              })}
            </p>
          )}
          <div class="options">
            {optionsFor(base).map((name) => {
              const on = states ? states[name] : (options[name] ?? optionDefault(base, name));
              const blockers = houseRuleConflicts(name).filter((x) => states?.[x]);
              return (
                <label key={name} class="option" data-option={name} data-on={String(on)}>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={on}
                    onChange={(e) => toggle(name, e.currentTarget.checked)}
                  />
                  <span class="option-text">
                    <span class="option-name">{optionLabel(t, name)}</span>
                    <span class="option-summary">{optionSummary(t, name)}</span>
                    {!on && blockers.length > 0 && (
                      <span class="option-conflict" data-testid={`conflict-${name}`}>
                        {t('houseRuleConflict', {
                          list: blockers.map((n) => optionLabel(t, n)).join(', '),
                        })}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </details>

        {kind === 'computer' && (
          <label class="field level-field">
            <span>{t('computerLevel')}</span>
            <select
              value={String(level)}
              data-testid="level"
              onChange={(e) => setLevel(levelOf(Number(e.currentTarget.value)))}
            >
              {LEVELS.map((n) => (
                <option key={n} value={String(n)}>
                  {`${n} · ${t(`level${n}` as MessageKey)}`}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind !== 'friend' && (
          <ColorChoice
            t={t}
            label={t('playAs')}
            name="human"
            value={color}
            random
            onChange={setColor}
          />
        )}
        {kind === 'online' ? (
          <label class="field clock-field">
            <span>{t('clock')}</span>
            <select
              value={String(onlineClock)}
              data-testid="clock"
              onChange={(e) => setOnlineClock(Number(e.currentTarget.value))}
            >
              {CLOCKS.map((c, i) => (
                <option key={i} value={String(i)}>
                  {c ? clockName(c) : t('noClock')}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label class="field clock-field">
            <span>{t('clockFriend')}</span>
            <select
              value={String(localClock)}
              data-testid={kind === 'friend' ? 'friend-clock' : 'computer-clock'}
              onChange={(e) => setLocalClock(Number(e.currentTarget.value))}
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

        <details class="start-position">
          <summary>{t('startPositionMore')}</summary>
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
        </details>

        <div class="start-row">
          {(check ?? onlineError) && (
            <p class="error" role="alert" id="setup-error" data-testid="setup-error">
              {check ?? onlineError}
            </p>
          )}
          {stuck && !check && (
            <p class="hint" role="status" data-testid="setup-no-moves">
              {stuck}
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
    </Dialog>
  );
}
