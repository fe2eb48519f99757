/**
 * The first page: a board and the three ways to play — the computer, a friend on this screen, a
 * friend online — each opening the one new-game dialog; "continue" when a game is running (a local
 * one or an online one), the recent games (finished ones too, opened for review; an online game
 * goes back to its link with the player's seat, live while it runs, its final position and moves
 * once it ended), and the rules, the board editor and the PDN import as quiet links. The board
 * shows the running game, else the last chosen variant's start position, so the page says at a
 * glance what it is for.
 */
import { useMemo } from 'preact/hooks';
import { Position, findRules, getVariant, variantOrThrow, type Rules } from '@damka/rules';
import type { BoardPiece } from '@damka/board';
import type { Translate } from '../i18n/index.ts';
import { replay, type GameResult, type SavedGame } from '../game/record.ts';
import { resultTitle } from '../game/draws.ts';
import { variantName } from '../rules-pages/texts.ts';
import { outcomeText } from '../online/online.tsx';
import { opponentOf as onlineOpponent, playerResult, type OnlineRecord } from '../online/recent.ts';
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
  /** This browser's online games (running ones are offered to continue). */
  readonly online: readonly OnlineRecord[];
  /** The variant of the last choices (the board's start position without a game). */
  readonly variant: string;
  readonly coordinates: boolean;
  readonly onNew: (kind: NewGameKind) => void;
  readonly onContinue: () => void;
  readonly onOpen: (game: SavedGame) => void;
  readonly onOpenOnline: (record: OnlineRecord) => void;
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
  online,
  variant,
  coordinates,
  onNew,
  onContinue,
  onOpen,
  onOpenOnline,
  onRules,
  onEditor,
  onImport,
}: HomeProps) {
  const current = useMemo(() => (game ? summarise(game) : null), [game]);
  const running = current !== null && current.result === null;
  // without a running local game, the last running online game's position, if it is known
  const onlineShown = running ? undefined : online.find((r) => r.outcome === null && r.fen);
  const shown = useMemo(() => {
    if (running && game) {
      const g = replay(game);
      return g.positions[g.positions.length - 1]!;
    }
    if (onlineShown?.fen) {
      const v = getVariant(onlineShown.variant, onlineShown.options);
      const p = v.ok ? Position.fromFen(v.value, onlineShown.fen) : null;
      if (p?.ok) return p.value;
    }
    const v = getVariant(variant);
    return Position.start(v.ok ? v.value : variantOrThrow('international'));
  }, [running, game, variant, onlineShown?.game, onlineShown?.fen]);
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
  // one list, newest first: local records dated by their id, online ones by when first seen
  const entries = useMemo(() => {
    const all: Array<{ at: number; local?: Summary; online?: OnlineRecord }> = [
      ...list.map((s) => ({ at: startedAt(s.game)?.getTime() ?? 0, local: s })),
      ...online.map((r) => ({ at: r.at, online: r })),
    ];
    return all.sort((a, b) => b.at - a.at);
  }, [list, online]);
  const runningOnline = online.filter((r) => r.outcome === null);
  const onlineVariant = (r: OnlineRecord) => {
    const rules = findRules(r.variant);
    return rules ? variantName(t, rules) : r.variant;
  };
  const onlineVs = (r: OnlineRecord) => t('recentOnlineVs', { color: t(onlineOpponent(r)) });
  const ONLINE_RESULT = {
    won: 'recentYouWon',
    lost: 'recentYouLost',
    drawn: 'recentDrawn',
    aborted: 'recentAborted',
    running: 'recentOnlineRunning',
  } as const;

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
            flipped={
              running
                ? game?.mode === 'computer' && game.computer === 'white'
                : onlineShown?.seat === 'black'
            }
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
        {runningOnline.map((r) => (
          <button
            type="button"
            key={`${r.game}-${r.seat}`}
            class="home-action continue"
            data-testid="home-continue-online"
            data-game={r.game}
            onClick={() => onOpenOnline(r)}
          >
            <span class="home-action-name">{t('continueGame')}</span>
            <span class="home-action-hint">
              {onlineVariant(r)} · {onlineVs(r)} · {t('recentMoves', { n: Math.ceil(r.plies / 2) })}
            </span>
          </button>
        ))}
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

        {entries.length > 0 && (
          <section class="recent" aria-labelledby="recent-title">
            <h2 id="recent-title">{t('recentGames')}</h2>
            <ol data-testid="recent">
              {entries.map(({ local: s, online: r, at }) => {
                const date = at > 0 ? new Date(at) : null;
                const when = date && (
                  <>
                    {' · '}
                    <time dateTime={date.toISOString()}>
                      {date.toLocaleDateString(document.documentElement.lang || undefined)}
                    </time>
                  </>
                );
                if (r) {
                  const result = playerResult(r);
                  return (
                    <li key={`online-${r.game}-${r.seat}`}>
                      <button
                        type="button"
                        class="recent-game"
                        data-testid="recent-game"
                        data-kind="online"
                        data-game={r.game}
                        data-result={result}
                        onClick={() => onOpenOnline(r)}
                      >
                        <span class="recent-name">{onlineVariant(r)}</span>
                        <span class="recent-meta">
                          {onlineVs(r)} · {t(ONLINE_RESULT[result])} ·{' '}
                          {t('recentMoves', { n: Math.ceil(r.plies / 2) })}
                          {when}
                        </span>
                        {r.outcome && (
                          <span class="recent-reason" data-testid="recent-reason">
                            {outcomeText(t, r.outcome)}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                }
                if (!s) return null;
                return (
                  <li key={s.game.id}>
                    <button
                      type="button"
                      class="recent-game"
                      data-testid="recent-game"
                      data-kind="local"
                      data-game={s.game.id}
                      onClick={() => onOpen(s.game)}
                    >
                      <span class="recent-name">{variantName(t, s.rules)}</span>
                      <span class="recent-meta">
                        {opponentOf(s)} ·{' '}
                        {s.result ? resultTitle(t, s.result) : t('recentUnfinished')} ·{' '}
                        {t('recentMoves', { n: Math.ceil(s.plies / 2) })}
                        {when}
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
