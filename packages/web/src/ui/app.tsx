/**
 * The app shell: header with the ☰ menu, the current screen (new game, game, settings), the
 * language and theme applied to `<html>`, and persistence of settings and the current game.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  LOCALES,
  LOCALE_NAMES,
  catalogueLoaded,
  direction,
  loadCatalogue,
  translator,
  type Locale,
  type Translate,
} from '../i18n/index.ts';
import {
  ANIMATION_SPEEDS,
  loadGame,
  loadSettings,
  saveGame,
  saveSettings,
  type Settings,
  type Theme,
} from '../settings.ts';
import type { GameSetup, SavedGame } from '../game/record.ts';
import { Setup } from './setup.tsx';
import { Play } from './play.tsx';
import { EditorLoader, PdnImportLoader } from '../pdn/lazy.tsx';
import { OnlinePlay } from '../online/online.tsx';
import { createOnlineGame, parsePlayLink, saveInvite, type PlayLink } from '../online/api.ts';
import { RulesScreenLoader } from '../rules-pages/lazy.tsx';
import { parseRulesPath, rulesPath } from '../rules-pages/texts.ts';
import { ReviewLoader, TrainerLoader } from '../puzzles/lazy.tsx';

const ANIMATION_LABELS = {
  off: 'animationOff',
  fast: 'animationFast',
  normal: 'animationNormal',
  slow: 'animationSlow',
} as const;

type Screen = 'editor' | 'setup' | 'play' | 'settings' | 'online' | 'rules' | 'puzzles' | 'review';

function SettingsView({
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
      <label class="field">
        <span>{t('language')}</span>
        <select
          value={settings.locale}
          data-testid="language"
          onChange={(e) => onChange({ ...settings, locale: e.currentTarget.value as Locale })}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
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

export function App() {
  const [settings, setSettingsState] = useState<Settings>(() => {
    const s = loadSettings(typeof navigator === 'undefined' ? [] : navigator.languages);
    const fromUrl = new URLSearchParams(location.search).get('lang');
    return LOCALES.includes(fromUrl as Locale) ? { ...s, locale: fromUrl as Locale } : s;
  });
  const [game, setGameState] = useState<SavedGame | null>(() => loadGame());
  const [online, setOnline] = useState<PlayLink | null>(() =>
    parsePlayLink(location.pathname, location.hash),
  );
  const [onlineSetup, setOnlineSetup] = useState(false);
  // rules pages: '' is the index, else a variant id; null when the path is not a rules page
  const [rulesPage, setRulesPage] = useState<string | null>(() =>
    parseRulesPath(location.pathname),
  );
  const [screen, setScreen] = useState<Screen>(() =>
    online ? 'online' : rulesPage !== null ? 'rules' : game ? 'play' : 'setup',
  );
  const [menuOpen, setMenuOpen] = useState(false);
  // pdn, editor: the import dialog shows over any screen; the editor starts on the setup's rules
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<GameSetup>({ variant: 'international', options: {} });
  // a language outside the first page shows in English until its catalogue arrives
  const [loadedLocale, setLoadedLocale] = useState(() =>
    catalogueLoaded(settings.locale) ? settings.locale : null,
  );
  useEffect(() => {
    if (catalogueLoaded(settings.locale)) return;
    loadCatalogue(settings.locale).then(
      () => setLoadedLocale(settings.locale),
      () => undefined, // offline: English stays
    );
  }, [settings.locale]);
  const t = useMemo(() => translator(settings.locale), [settings.locale, loadedLocale]);
  const menuButton = useRef<HTMLButtonElement>(null);

  const setSettings = (s: Settings) => {
    setSettingsState(s);
    saveSettings(s);
  };
  const setGame = (g: SavedGame | null) => {
    setGameState(g);
    saveGame(g);
  };

  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = settings.locale;
    html.dir = direction(settings.locale);
    html.dataset['theme'] = settings.theme;
    document.title = `${t('appName')} — ${t('tagline')}`;
  }, [settings.locale, settings.theme, t]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // the browser's back and forward buttons move between game links and the app
  useEffect(() => {
    const onPop = () => {
      const link = parsePlayLink(location.pathname, location.hash);
      setOnline(link);
      const rules = parseRulesPath(location.pathname);
      setRulesPage(rules);
      setScreen(link ? 'online' : rules !== null ? 'rules' : game ? 'play' : 'setup');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [game]);

  // the variant a rules page's "play" button chose, for the new-game screen
  const [setupVariant, setSetupVariant] = useState<string | undefined>(undefined);
  const openRules = (page: string) => {
    if (location.pathname !== rulesPath(page)) history.pushState(null, '', rulesPath(page));
    setRulesPage(page);
    setScreen('rules');
    setMenuOpen(false);
    window.scrollTo(0, 0);
  };

  const go = (s: Screen, playOnline = false) => {
    if (s !== 'online' && location.pathname !== '/') history.pushState(null, '', '/');
    setOnlineSetup(playOnline);
    setScreen(s);
    setMenuOpen(false);
  };

  const openOnline = (link: PlayLink) => {
    history.pushState(null, '', `/play/${link.game}${link.token ? `#${link.token}` : ''}`);
    setOnline(link);
    setScreen('online');
  };

  return (
    <div class="app">
      <header class="topbar">
        <button
          ref={menuButton}
          type="button"
          class="menu-button"
          aria-label={t('menu')}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          data-testid="menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ☰
        </button>
        <h1 class="brand">
          <span class="logo" aria-hidden="true" />
          {t('appName')}
        </h1>
        <span class="tagline">{t('tagline')}</span>
      </header>

      {menuOpen && <div class="scrim" onClick={() => setMenuOpen(false)} />}
      <nav
        id="main-menu"
        class={`drawer${menuOpen ? ' open' : ''}`}
        aria-label={t('menu')}
        hidden={!menuOpen}
      >
        <ul>
          <li>
            <button type="button" data-testid="menu-new" onClick={() => go('setup')}>
              {t('newGame')}
            </button>
          </li>
          <li>
            <button type="button" data-testid="menu-online" onClick={() => go('setup', true)}>
              {t('playOnline')}
            </button>
          </li>
          {game && (
            <li>
              <button type="button" data-testid="menu-continue" onClick={() => go('play')}>
                {t('continueGame')}
              </button>
            </li>
          )}
          <li>
            <button type="button" data-testid="menu-puzzles" onClick={() => go('puzzles')}>
              {t('puzzles')}
            </button>
          </li>
          <li>
            <button type="button" data-testid="menu-rules" onClick={() => openRules('')}>
              {t('rules')}
            </button>
          </li>
          <li>
            <button
              type="button"
              data-testid="menu-import"
              onClick={() => {
                setMenuOpen(false);
                setImporting(true);
              }}
            >
              {t('pdnImport')}
            </button>
          </li>
          <li>
            <button type="button" data-testid="menu-settings" onClick={() => go('settings')}>
              {t('settings')}
            </button>
          </li>
        </ul>
        <label class="field drawer-language">
          <span>{t('language')}</span>
          <select
            value={settings.locale}
            data-testid="menu-language"
            onChange={(e) => setSettings({ ...settings, locale: e.currentTarget.value as Locale })}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </nav>

      <main class={`screen screen-${screen}`}>
        {screen === 'setup' && (
          <Setup
            key={onlineSetup ? 'online' : 'local'}
            t={t}
            initial={game}
            online={onlineSetup}
            onImport={() => setImporting(true)}
            onEditor={(setup) => {
              setEditing(setup);
              go('editor');
            }}
            onRules={openRules}
            variant={setupVariant}
            onStart={(g) => {
              setGame(g);
              setScreen('play');
            }}
            onOnline={async (setup, clock, color) => {
              const created = await createOnlineGame(setup, clock);
              if (!created.ok) return created.message;
              const g = created.game;
              const friend = color === 'white' ? g.black : g.white;
              saveInvite(g.gameId, friend.url, g.spectator.url);
              openOnline({
                game: g.gameId,
                token: color === 'white' ? g.white.token : g.black.token,
              });
              return null;
            }}
          />
        )}
        {screen === 'play' && game && (
          <Play
            key={game.id}
            t={t}
            game={game}
            settings={settings}
            onChange={setGame}
            onSettings={setSettings}
            onNewGame={() => go('setup')}
          />
        )}
        {screen === 'play' && game && game.entries.length >= 2 && (
          <button
            type="button"
            class="review-open"
            data-testid="review-open"
            onClick={() => go('review')}
          >
            {t('rv_open')}
          </button>
        )}
        {screen === 'review' && game && (
          <ReviewLoader t={t} game={game} settings={settings} onBack={() => go('play')} />
        )}
        {screen === 'puzzles' && <TrainerLoader t={t} settings={settings} />}
        {screen === 'online' && online && (
          <OnlinePlay
            key={`${online.game}#${online.token ?? ''}`}
            t={t}
            link={online}
            settings={settings}
            onNewGame={() => go('setup', true)}
            onOpen={openOnline}
          />
        )}
        {screen === 'settings' && <SettingsView t={t} settings={settings} onChange={setSettings} />}
        {screen === 'editor' && (
          <EditorLoader
            t={t}
            variant={editing.variant}
            options={editing.options}
            fen={editing.fen ?? ''}
            coordinates={settings.coordinates}
            flipped={settings.flip}
            onPlay={(g) => {
              setGame(g);
              go('play');
            }}
            onBack={() => go('setup')}
          />
        )}
        {screen === 'rules' && (
          <RulesScreenLoader
            t={t}
            page={rulesPage ?? ''}
            onOpen={openRules}
            onPlay={(id) => {
              setSetupVariant(id);
              go('setup');
            }}
          />
        )}
      </main>
      {importing && (
        <PdnImportLoader
          t={t}
          onClose={() => setImporting(false)}
          onOpen={(g) => {
            setImporting(false);
            setGame(g);
            go('play');
          }}
        />
      )}
    </div>
  );
}
