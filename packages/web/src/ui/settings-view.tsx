/**
 * The settings screen: language, theme, coordinates, board flip, sound and animation speed; every
 * change is handed up at once (the app saves it).
 */
import { LOCALES, LOCALE_NAMES, type Locale, type Translate } from '../i18n/index.ts';
import { ANIMATION_SPEEDS, type Settings, type Theme } from '../settings.ts';

const ANIMATION_LABELS = {
  off: 'animationOff',
  fast: 'animationFast',
  normal: 'animationNormal',
  slow: 'animationSlow',
} as const;

/** The language chooser, on this screen and in the ☰ menu (`extraClass` places it there). */
export function LanguageField({
  t,
  settings,
  onChange,
  testId,
  extraClass,
}: {
  t: Translate;
  settings: Settings;
  onChange: (s: Settings) => void;
  testId: string;
  extraClass?: string;
}) {
  return (
    <label class={extraClass ? `field ${extraClass}` : 'field'}>
      <span>{t('language')}</span>
      <select
        value={settings.locale}
        data-testid={testId}
        onChange={(e) => onChange({ ...settings, locale: e.currentTarget.value as Locale })}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SettingsView({
  t,
  settings,
  onChange,
}: {
  t: Translate;
  settings: Settings;
  onChange: (s: Settings) => void;
}) {
  const themes: Array<[Theme, string]> = [
    ['system', t('themeSystem')],
    ['light', t('themeLight')],
    ['dark', t('themeDark')],
  ];
  return (
    <form class="settings" onSubmit={(e) => e.preventDefault()}>
      <h2>{t('settings')}</h2>
      <LanguageField t={t} settings={settings} onChange={onChange} testId="language" />
      <fieldset class="field">
        <legend>{t('theme')}</legend>
        <div class="segmented">
          {themes.map(([value, label]) => (
            <label key={value} class={settings.theme === value ? 'on' : ''}>
              <input
                type="radio"
                name="theme"
                value={value}
                checked={settings.theme === value}
                onChange={() => onChange({ ...settings, theme: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label class="option">
        <input
          type="checkbox"
          role="switch"
          checked={settings.coordinates}
          onChange={(e) => onChange({ ...settings, coordinates: e.currentTarget.checked })}
        />
        <span class="option-name">{t('coordinates')}</span>
      </label>
      <label class="option">
        <input
          type="checkbox"
          role="switch"
          checked={settings.flip}
          onChange={(e) => onChange({ ...settings, flip: e.currentTarget.checked })}
        />
        <span class="option-name">{t('flip')}</span>
      </label>
      <label class="option">
        <input
          type="checkbox"
          role="switch"
          checked={settings.sound}
          data-testid="sound"
          onChange={(e) => onChange({ ...settings, sound: e.currentTarget.checked })}
        />
        <span class="option-name">{t('sound')}</span>
      </label>
      <fieldset class="field">
        <legend>{t('animation')}</legend>
        <div class="segmented" data-testid="animation">
          {ANIMATION_SPEEDS.map((speed) => (
            <label key={speed} class={settings.animation === speed ? 'on' : ''}>
              <input
                type="radio"
                name="animation"
                value={speed}
                checked={settings.animation === speed}
                onChange={() => onChange({ ...settings, animation: speed })}
              />
              {t(ANIMATION_LABELS[speed])}
            </label>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
