/**
 * The first page: a board and the three ways to play — the computer, a friend on this screen, a
 * friend online — each opening the one new-game dialog; "continue" when a game is running, the
 * recent games (finished ones too, opened for review), and the rules, the board editor and the
 * PDN import as quiet links. The board shows the running game, else the last chosen variant's
 * start position, so the page says at a glance what it is for.
 */
import { useMemo } from 'preact/hooks';
import { Position, getVariant, variantOrThrow, type Rules } from '@damka/rules';
import type { BoardPiece } from '@damka/board';
import type { Translate } from '../i18n/index.ts';
import { replay, type GameResult, type SavedGame } from '../game/record.ts';
import { resultTitle } from '../game/draws.ts';
import { variantName } from '../rules-pages/texts.ts';
import { Board } from './board.tsx';
import type { NewGameKind } from './setup.tsx';

const NOTHING: readonly number[] = [];
const NO_MOVES: readonly never[] = [];
const ignore = () => undefined;

export interface HomeProps {
  readonly t: Translate;
  /** The current game, if any (shown on the board and offered to continue while it runs). */
  readonly game: SavedGame | null;
  readonly recent: readonly SavedGame[];
  /** The variant of the last choices (the board's start position without a game). */
  readonly variant: string;
  readonly coordinates: boolean;
  readonly onNew: (kind: NewGameKind) => void;
  readonly onContinue: () => void;
  readonly onOpen: (game: SavedGame) => void;
  readonly onRules: () => void;
  readonly onEditor: () => void;
  readonly onImport: () => void;
}

/** When a game was started (its id begins with the time in base 36), or null. */
function startedAt(game: SavedGame): Date | null {
  const ms = parseInt(game.id.split('-')[0] ?? '', 36);
  return Number.isFinite(ms) && ms > 1e12 ? new Date(ms) : null;
}

interface Summary {
  readonly game: SavedGame;
  readonly rules: Rules;
  readonly result: GameResult | null;
  readonly plies: number;
}

function summarise(game: SavedGame): Summary | null {
  try {
    const g = replay(game);
    return { game, rules: g.variant.rules, result: g.result, plies: g.entries.length };
  } catch {
    return null; // a stored game whose rules no longer exist
  }
}

export function Home({
  t,
  game,
  recent,
  variant,
  coordinates,
  onNew,
  onContinue,
  onOpen,
  onRules,
  onEditor,
  onImport,
}: HomeProps) {
  const current = useMemo(() => (game ? summarise(game) : null), [game]);
  const running = current !== null && current.result === null;
  const shown = useMemo(() => {
    if (running && game) {
      const g = replay(game);
      return g.positions[g.positions.length - 1]!;
    }
    const v = getVariant(variant);
    return Position.start(v.ok ? v.value : variantOrThrow('international'));
  }, [running, game, variant]);
  const pieces = useMemo(() => {
    const out: Array<BoardPiece | undefined> = [];
    for (let sq = 0; sq < shown.variant.topology.size; sq++) out.push(shown.pieceAt(sq));
    return out;
  }, [shown]);
  const list = useMemo(
    () => recent.map(summarise).filter((s): s is Summary => s !== null),
    [recent],
  );
  const name = variantName(t, shown.variant.rules);

  const opponentOf = (s: Summary) =>
    s.game.mode === 'computer'
      ? t('recentVsComputer', { level: s.game.level ?? 3 })
      : t('recentVsFriend');

  return (
    <div class="home">
      <div class="home-board">
        <div class={`board-frame kind-${shown.variant.topology.kind}`}>
          <Board
            geometry={shown.variant.topology}
            pieces={pieces}
            moves={NO_MOVES}
            movable="none"
            targets={NOTHING}
            lastMove={null}
            labels={shown.variant.squares.names}
            edgeLabels={null}
            coordinates={coordinates}
            flipped={running && game?.mode === 'computer' && game.computer === 'white'}
            ariaLabel={t('boardLabel', { variant: name })}
            ply={0}
            arriving={null}
            t={t}
            onMove={ignore}
            onRefuse={ignore}
            onTarget={ignore}
            animationMs={0}
          />
        </div>
        <p class="home-board-caption" data-testid="home-variant">
          {name}
        </p>
      </div>

      <div class="home-side">
        <h2 class="home-title">{t('homeTitle')}</h2>
        {running && current && (
          <button
            type="button"
            class="home-action continue"
            data-testid="home-continue"
            onClick={onContinue}
          >
            <span class="home-action-name">{t('continueGame')}</span>
            <span class="home-action-hint">
              {variantName(t, current.rules)} · {opponentOf(current)} ·{' '}
              {t('recentMoves', { n: Math.ceil(current.plies / 2) })}
            </span>
          </button>
        )}
        <button
          type="button"
          class="home-action primary"
          data-testid="home-computer"
          onClick={() => onNew('computer')}
        >
          <span class="home-action-name">{t('homeComputer')}</span>
          <span class="home-action-hint">{t('homeComputerHint')}</span>
        </button>
        <button
          type="button"
          class="home-action"
          data-testid="home-friend"
          onClick={() => onNew('friend')}
        >
          <span class="home-action-name">{t('homeFriend')}</span>
          <span class="home-action-hint">{t('homeFriendHint')}</span>
        </button>
        <button
          type="button"
          class="home-action"
          data-testid="home-online"
          onClick={() => onNew('online')}
        >
          <span class="home-action-name">{t('homeOnline')}</span>
          <span class="home-action-hint">{t('homeOnlineHint')}</span>
        </button>

        <nav class="home-links" aria-label={t('homeMore')}>
          <button type="button" class="link" data-testid="home-rules" onClick={onRules}>
            {t('rules')}
          </button>
          <button type="button" class="link" data-testid="home-editor" onClick={onEditor}>
            {t('setUpPosition')}
          </button>
          <button type="button" class="link" data-testid="home-import" onClick={onImport}>
            {t('pdnImport')}
          </button>
        </nav>

        {list.length > 0 && (
          <section class="recent" aria-labelledby="recent-title">
            <h2 id="recent-title">{t('recentGames')}</h2>
            <ol data-testid="recent">
              {list.map((s) => {
                const date = startedAt(s.game);
                return (
                  <li key={s.game.id}>
                    <button
                      type="button"
                      class="recent-game"
                      data-testid="recent-game"
                      data-game={s.game.id}
                      onClick={() => onOpen(s.game)}
                    >
                      <span class="recent-name">{variantName(t, s.rules)}</span>
                      <span class="recent-meta">
                        {opponentOf(s)} ·{' '}
                        {s.result ? resultTitle(t, s.result) : t('recentUnfinished')} ·{' '}
                        {t('recentMoves', { n: Math.ceil(s.plies / 2) })}
                        {date && (
                          <>
                            {' · '}
                            <time dateTime={date.toISOString()}>
                              {date.toLocaleDateString(document.documentElement.lang || undefined)}
                            </time>
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        )}
      </div>
    </div>
  );
}
