/**
 * The app shell: header with the ☰ menu, the current screen (home, game, online game, settings,
 * editor, rules, puzzles, the review of a finished game of any kind), the new-game dialog over the
 * home screen, the language and theme applied to
 * `<html>`, and persistence of settings, the current game, the recent games and the last choices.
 * Every change of screen starts at the top of the page.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  LOCALES,
  catalogueLoaded,
  direction,
  loadCatalogue,
  translator,
  type Locale,
} from '../i18n/index.ts';
import { loadGame, loadSettings, saveGame, saveSettings, type Settings } from '../settings.ts';
import { LanguageField, SettingsView } from './settings-view.tsx';
import { replay, type GameSetup, type SavedGame } from '../game/record.ts';
import { NewGame, type NewGameKind } from './setup.tsx';
import { Home } from './home.tsx';
import {
  loadChoices,
  loadRecent,
  saveChoices,
  saveRecent,
  withRecent,
  type Choices,
} from './choices.ts';
import { Play } from './play.tsx';
import { EditorLoader, PdnImportLoader } from '../pdn/lazy.tsx';
import { OnlinePlay } from '../online/online.tsx';
import { serverErrorText } from '../online/errors.ts';
import { createOnlineGame, parsePlayLink, saveInvite, type PlayLink } from '../online/api.ts';
import {
  loadOnlineRecent,
  recordLink,
  refreshOnline,
  saveOnlineRecent,
  withOnline,
  type OnlineRecord,
} from '../online/recent.ts';
import { RulesScreenLoader } from '../rules-pages/lazy.tsx';
import { parseRulesPath, rulesPath } from '../rules-pages/texts.ts';
import { ReviewLoader, TrainerLoader } from '../puzzles/lazy.tsx';
import { parsePuzzleLink } from '../puzzles/link.ts';
import { useScreenFocus } from './screen-focus.ts';

/** The ☰ menu's id (the drawer). */
const MENU_ID = 'main-menu';

type Screen = 'editor' | 'home' | 'play' | 'settings' | 'online' | 'rules' | 'puzzles' | 'review';

/** Whether a stored game is still going on (a finished one is reviewed from the recent list). */
function isRunning(game: SavedGame | null): boolean {
  if (!game) return false;
  try {
    return replay(game).result === null;
  } catch {
    return false;
  }
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
  const [newGame, setNewGame] = useState<NewGameKind | null>(null);
  const [choices, setChoicesState] = useState<Choices>(() => loadChoices());
  // a game stored over (from before the recent list existed) goes to the list too
  const [recent, setRecentState] = useState<SavedGame[]>(() => {
    const list = loadRecent();
    return game && !isRunning(game) && !list.some((g) => g.id === game.id)
      ? withRecent(list, game)
      : list;
  });
  // online games of this browser, with their seats
  const [onlineRecent, setOnlineRecent] = useState<OnlineRecord[]>(() => loadOnlineRecent());
  // rules pages: '' is the index, else a variant id; null when the path is not a rules page
  const [rulesPage, setRulesPage] = useState<string | null>(() =>
    parseRulesPath(location.pathname),
  );
  // a link to one puzzle: it opens the trainer once; leaving the screen drops it from the address
  const [puzzleLink, setPuzzleLink] = useState(() => parsePuzzleLink(location.search));
  const [screen, setScreen] = useState<Screen>(() =>
    online
      ? 'online'
      : rulesPage !== null
        ? 'rules'
        : puzzleLink
          ? 'puzzles'
          : isRunning(game)
            ? 'play'
            : 'home',
  );
  const [menuOpen, setMenuOpen] = useState(false);
  // the game under review (the current one, an imported one or an online one) and where Back goes
  const [reviewing, setReviewing] = useState<{ game: SavedGame; back: Screen } | null>(null);
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
  const running = useMemo(() => isRunning(game), [game]);
  const menuButton = useRef<HTMLButtonElement>(null);

  const setSettings = (s: Settings) => {
    setSettingsState(s);
    saveSettings(s);
  };
  const setGame = (g: SavedGame | null) => {
    setGameState(g);
    saveGame(g);
  };
  const setChoices = (c: Choices) => {
    setChoicesState(c);
    saveChoices(c);
  };
  const remember = (g: SavedGame) => {
    setRecentState((list) => {
      const next = withRecent(list, g);
      saveRecent(next);
      return next;
    });
  };
  const rememberOnline = (r: OnlineRecord) => {
    setOnlineRecent((list) => {
      const next = withOnline(list, r);
      if (next !== list) saveOnlineRecent(next);
      return next;
    });
  };
  /** Start `g`, keeping the game it replaces in the recent list when it had begun. */
  const startGame = (g: SavedGame) => {
    if (game && game.id !== g.id && game.entries.length > 0) remember(game);
    setGame(g);
  };

  // running online games shown at home are brought up to date from the server
  useEffect(() => {
    if (screen !== 'home') return;
    for (const r of onlineRecent) {
      if (r.outcome === null) void refreshOnline(r).then((fresh) => rememberOnline(fresh));
    }
  }, [screen]);

  // every change of screen starts at the top of the page
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [screen, game?.id, online?.game, rulesPage]);

  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = settings.locale;
    html.dir = direction(settings.locale);
    html.dataset['theme'] = settings.theme;
    // the catalogue the page is written in now (English until the chosen one has arrived)
    html.dataset['catalogue'] = catalogueLoaded(settings.locale) ? settings.locale : 'en';
    document.title = `${t('appName')} — ${t('tagline')}`;
  }, [settings.locale, settings.theme, t]);

  // a layout effect: Escape closes the menu from the first frame it shows; so does focus that
  // leaves it (Tab past its last control), which would otherwise wander the page behind the drawer
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      const to = e.target as Node;
      const drawer = document.getElementById(MENU_ID);
      if (!drawer?.contains(to) && !menuButton.current?.contains(to)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [menuOpen]);

  // focus lost with the control that changed the screen goes to the new screen (screen-focus.ts)
  useScreenFocus(MENU_ID, [screen, game?.id, online?.game, rulesPage, menuOpen]);

  // the browser's back and forward buttons move between the screens (each screen change made an
  // entry, `go`), game links and rules pages: Back returns to the screen before, not out of the app
  useEffect(() => {
    const onPop = () => {
      const link = parsePlayLink(location.pathname, location.hash);
      setOnline(link);
      const rules = parseRulesPath(location.pathname);
      setRulesPage(rules);
      const kept = (history.state as { screen?: Screen } | null)?.screen;
      const ready =
        kept === 'play'
          ? game !== null
          : kept === 'review'
            ? reviewing !== null
            : kept !== 'online';
      if (kept !== undefined && kept !== 'rules' && ready) {
        setNewGame(null);
        setMenuOpen(false);
        setScreen(kept);
        return;
      }
      setScreen(link ? 'online' : rules !== null ? 'rules' : 'home');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [game, reviewing]);

  const openRules = (page: string) => {
    if (location.pathname !== rulesPath(page)) history.pushState(null, '', rulesPath(page));
    setRulesPage(page);
    setScreen('rules');
    setMenuOpen(false);
    window.scrollTo(0, 0);
  };

  const go = (s: Screen, dialog: NewGameKind | null = null) => {
    // a review keeps the address of the game it reviews (an online game's link)
    if (s !== 'online' && s !== 'review' && location.pathname !== '/')
      history.pushState({ screen: s }, '', '/');
    else {
      // the trainer's puzzle address stays with the trainer's entry
      if (location.search !== '') history.replaceState(history.state, '', location.pathname);
      // a screen without an address of its own still gets its entry, under the same address
      if (s !== screen) history.pushState({ screen: s }, '', location.pathname + location.hash);
    }
    setPuzzleLink(null);
    setNewGame(dialog);
    setScreen(s);
    setMenuOpen(false);
  };

  /** The position editor, on the variant and house rules last chosen in the new-game dialog. */
  const openEditor = () => {
    setEditing({ variant: choices.variant, options: choices.options });
    go('editor');
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
          aria-controls={MENU_ID}
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
        id={MENU_ID}
        class={`drawer${menuOpen ? ' open' : ''}`}
        aria-label={t('menu')}
        hidden={!menuOpen}
      >
        <ul>
          <li>
            <button type="button" data-testid="menu-new" onClick={() => go('home')}>
              {t('newGame')}
            </button>
          </li>
          <li>
            <button type="button" data-testid="menu-online" onClick={() => go('home', 'online')}>
              {t('playOnline')}
            </button>
          </li>
          {running && (
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
            <button type="button" data-testid="menu-editor" onClick={openEditor}>
              {t('setUpPosition')}
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
        <LanguageField
          t={t}
          settings={settings}
          onChange={setSettings}
          testId="menu-language"
          extraClass="drawer-language"
        />
      </nav>

      <main class={`screen screen-${screen}`}>
        {screen === 'home' && (
          <Home
            t={t}
            game={game}
            recent={recent}
            online={onlineRecent}
            onOpenOnline={(r) => openOnline(recordLink(r))}
            variant={choices.variant}
            coordinates={settings.coordinates}
            onNew={setNewGame}
            onContinue={() => go('play')}
            onOpen={(g) => {
              startGame(g);
              go('play');
            }}
            onRules={() => openRules('')}
            onEditor={openEditor}
            onImport={() => setImporting(true)}
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
            onNewGame={() => go('home')}
            onFinished={remember}
            onReview={() => {
              setReviewing({ game, back: 'play' });
              go('review');
            }}
          />
        )}
        {screen === 'review' && reviewing && (
          <ReviewLoader
            t={t}
            game={reviewing.game}
            settings={settings}
            onBack={() => go(reviewing.back)}
          />
        )}
        {screen === 'puzzles' && <TrainerLoader t={t} settings={settings} link={puzzleLink} />}
        {screen === 'online' && online && (
          <OnlinePlay
            key={`${online.game}#${online.token ?? ''}`}
            t={t}
            link={online}
            settings={settings}
            onNewGame={() => go('home')}
            onOpen={openOnline}
            onRecord={rememberOnline}
            onReview={(g) => {
              setReviewing({ game: g, back: 'online' });
              go('review');
            }}
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
              startGame(g);
              go('play');
            }}
            onBack={() => go('home')}
          />
        )}
        {screen === 'rules' && (
          <RulesScreenLoader
            t={t}
            page={rulesPage ?? ''}
            onOpen={openRules}
            onPlay={(id) => {
              if (id !== choices.variant) setChoices({ ...choices, variant: id, options: {} });
              go('home', 'computer');
            }}
          />
        )}
      </main>
      {newGame && screen === 'home' && (
        <NewGame
          key={newGame}
          t={t}
          kind={newGame}
          choices={choices}
          onChoices={setChoices}
          onClose={() => setNewGame(null)}
          onImport={() => setImporting(true)}
          onEditor={(setup) => {
            setEditing(setup);
            go('editor');
          }}
          onRules={openRules}
          onStart={(g) => {
            startGame(g);
            go('play');
          }}
          onOnline={async (setup, clock, color) => {
            const created = await createOnlineGame(setup, clock);
            if (!created.ok) return serverErrorText(t, created.code, created.message);
            const g = created.game;
            const friend = color === 'white' ? g.black : g.white;
            saveInvite(g.gameId, friend.url, g.spectator.url);
            setNewGame(null);
            openOnline({
              game: g.gameId,
              token: color === 'white' ? g.white.token : g.black.token,
            });
            return null;
          }}
        />
      )}
      {importing && (
        <PdnImportLoader
          t={t}
          onClose={() => setImporting(false)}
          onOpen={(g) => {
            setImporting(false);
            startGame(g);
            go('play');
          }}
        />
      )}
    </div>
  );
}
