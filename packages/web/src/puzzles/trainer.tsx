/**
 * The puzzle trainer (☰ Puzzles): pick a variant, find the winning move, play the whole line with
 * the opponent answering, ask for a hint (the piece to move; the puzzle is then not rated) or the
 * solution (it counts as failed). Each first result moves the local Glicko-2 rating; streaks
 * count puzzles solved in a row; the puzzles may be narrowed to one theme. Everything lives in the browser: the puzzle sets are static
 * files fetched on first use and cached (`store.ts`), so the trainer works offline once opened.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parseMove, Position, VARIANTS, getVariant, type Move } from '@damka/rules';
import type { BoardMove } from '@damka/board';
import type { Puzzle } from '@damka/engine/puzzles';
import type { MessageKey, Translate } from '../i18n/index.ts';
import { ANIMATION_MS, type Settings } from '../settings.ts';
import { Board, edgeLabelsOf, piecesOf } from '../ui/board.tsx';
import { explainRefusal } from '../game/explain.ts';
import { variantName } from '../rules-pages/texts.ts';
import {
  afterResult,
  loadPuzzles,
  loadState,
  pickPuzzle,
  saveState,
  withSeen,
  type TrainerState,
} from './store.ts';
import { puzzleSearch, type PuzzleLink } from './link.ts';
import './puzzles.css';

export interface TrainerProps {
  readonly t: Translate;
  readonly settings: Settings;
  /** A puzzle to open first (from a `?puzzle=` link) instead of a random pick. */
  readonly link?: PuzzleLink | null;
}

type Status = 'solving' | 'good' | 'solved' | 'failed' | 'shown';

/** Milliseconds before the opponent answers, and between the moves of a shown solution. */
const ANSWER_MS = 450;

const THEME_KEYS: Record<string, MessageKey> = {
  shot: 'pz_theme_shot',
  sacrifice: 'pz_theme_sacrifice',
  breakthrough: 'pz_theme_breakthrough',
  'capture-choice': 'pz_theme_captureChoice',
  ending: 'pz_theme_ending',
  king: 'pz_theme_king',
  'forced-win': 'pz_theme_forcedWin',
  quiet: 'pz_theme_quiet',
};

function sameMove(a: Move, b: BoardMove): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq) => b.captures.includes(sq))
  );
}

export function Trainer({ t, settings, link }: TrainerProps) {
  const [state, setStateRaw] = useState<TrainerState>(() => {
    const s = loadState();
    return link && getVariant(link.variant).ok ? { ...s, variant: link.variant } : s;
  });
  // the linked puzzle, until its set has loaded (then every later puzzle is picked as usual)
  const linked = useRef(link ?? null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const setState = (s: TrainerState) => {
    stateRef.current = s; // read at once by the next puzzle's pick, before the next render
    setStateRaw(s);
    saveState(s);
  };
  const variantId = state.variant;
  const variant = useMemo(() => {
    const v = getVariant(variantId);
    return v.ok ? v.value : undefined;
  }, [variantId]);
  const [puzzles, setPuzzles] = useState<Puzzle[] | null | 'failed'>(null);
  const [puzzle, setPuzzle] = useState<Puzzle | undefined>(undefined);
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<Status>('solving');
  const [rated, setRated] = useState(false);
  const [hinted, setHinted] = useState(false);
  const [showHint, setShowHint] = useState(false);
  const [change, setChange] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // the set of the chosen variant, then a puzzle near the player's rating
  useEffect(() => {
    let live = true;
    setPuzzles(null);
    setPuzzle(undefined);
    loadPuzzles(variantId).then(
      (list) => {
        if (!live) return;
        setPuzzles(list ?? 'failed');
        if (!list) return;
        const wanted = linked.current?.variant === variantId ? linked.current.id : undefined;
        linked.current = null;
        const asked = list.find((p) => p.id === wanted);
        start(asked ?? pickPuzzle(list, stateRef.current, variantId));
      },
      () => live && setPuzzles('failed'),
    );
    return () => {
      live = false;
    };
  }, [variantId]);

  const start = (p: Puzzle | undefined) => {
    clearTimeout(timer.current);
    setPuzzle(p);
    setStep(0);
    setStatus('solving');
    setRated(false);
    setHinted(false);
    setShowHint(false);
    setChange(null);
    setMessage('');
    if (p) {
      setState(withSeen(stateRef.current, variantId, p.id));
      // the address names the puzzle shown, so a reload or a shared address brings it back
      history.replaceState(history.state, '', location.pathname + puzzleSearch(variantId, p.id));
    }
  };

  // the positions along the line, computed once per puzzle
  const line = useMemo(() => {
    if (!puzzle || !variant) return null;
    const startPos = Position.fromFen(variant, puzzle.fen);
    if (!startPos.ok) return null;
    const positions = [startPos.value];
    const moves: Move[] = [];
    for (const text of puzzle.line) {
      const p = positions[positions.length - 1]!;
      const m = parseMove(p, text);
      if (!m.ok) return null;
      moves.push(m.value);
      positions.push(p.play(m.value));
    }
    return { positions, moves };
  }, [puzzle, variant]);

  const position = line?.positions[step];
  const solver = line?.positions[0]!.turn ?? 'white';
  const solving = status === 'solving' || status === 'good';
  const yourTurn = !!position && solving && step % 2 === 0 && step < (line?.moves.length ?? 0);
  const moves = useMemo(
    () =>
      yourTurn && position
        ? position
            .legalMoves()
            .map((m) => ({ from: m.from, to: m.to, path: m.path, captures: m.captures }))
        : [],
    [position, yourTurn],
  );
  const pieces = useMemo(() => (position ? piecesOf(position) : []), [position]);
  const arriving = line && step > 0 ? line.moves[step - 1]! : null;
  const arrivingMove = useMemo(
    () =>
      arriving
        ? { from: arriving.from, to: arriving.to, path: arriving.path, captures: arriving.captures }
        : null,
    [arriving],
  );

  const rate = (solved: boolean) => {
    if (rated || !puzzle) return;
    setRated(true);
    if (hinted) return;
    const before = stateRef.current.rating.rating;
    const next = afterResult(stateRef.current, puzzle, solved);
    setState(next);
    setChange(Math.round(next.rating.rating - before));
  };

  const onMove = (m: BoardMove) => {
    if (!line || !yourTurn) return;
    const expected = line.moves[step]!;
    if (!sameMove(expected, m)) {
      setStatus('failed');
      setShowHint(false);
      rate(false);
      return;
    }
    const next = step + 1;
    setStep(next);
    setShowHint(false);
    setMessage('');
    if (next >= line.moves.length) {
      setStatus('solved');
      rate(true);
      return;
    }
    setStatus('good');
    timer.current = window.setTimeout(() => setStep(next + 1), ANSWER_MS);
  };

  const showSolution = () => {
    if (!line) return;
    rate(false);
    setStatus('shown');
    setShowHint(false);
    let s = step;
    const advance = () => {
      s++;
      setStep(s);
      if (s < line.moves.length) timer.current = window.setTimeout(advance, ANSWER_MS);
    };
    clearTimeout(timer.current);
    if (s < line.moves.length) timer.current = window.setTimeout(advance, ANSWER_MS / 2);
  };

  const hint = () => {
    setHinted(true);
    setShowHint(true);
  };

  const expected = line && yourTurn ? line.moves[step] : undefined;
  const boardHint = showHint && expected ? { from: expected.from, to: expected.from } : null;
  const flipped = settings.flip !== (solver === 'black');
  const t0 = variant?.topology;
  const edgeLabels = useMemo(() => (variant ? edgeLabelsOf(variant) : null), [variant]);

  let statusText: string;
  if (status === 'solving') statusText = t(solver === 'white' ? 'pz_findWhite' : 'pz_findBlack');
  else if (status === 'good') statusText = t('pz_good');
  else if (status === 'solved') statusText = t('pz_solved');
  else if (status === 'failed') statusText = t('pz_wrong');
  else statusText = t('pz_shown');

  const r = state.rating;
  const credit = puzzle?.source;
  // the themes of the variant's set, with how many puzzles each has, for the filter
  const themes = useMemo(() => {
    const counts = new Map<string, number>();
    if (puzzles && puzzles !== 'failed')
      for (const p of puzzles) for (const th of p.themes) counts.set(th, (counts.get(th) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  }, [puzzles]);
  return (
    <div
      class="play game-shell puzzles"
      data-testid="puzzles"
      data-puzzle={puzzle?.id ?? ''}
      data-step={step}
      data-status={status}
      data-fen={position?.fen ?? ''}
    >
      <div class="board-column">
        {position && t0 && variant ? (
          <div class={`board-frame kind-${t0.kind}`}>
            <Board
              geometry={t0}
              pieces={pieces}
              moves={moves}
              movable={yourTurn ? solver : 'none'}
              targets={[]}
              lastMove={arrivingMove}
              hint={boardHint}
              labels={variant.squares.names}
              edgeLabels={edgeLabels}
              coordinates={settings.coordinates}
              flipped={flipped}
              ariaLabel={t('boardLabel', { variant: variantName(t, variant.rules) })}
              ply={step}
              arriving={arrivingMove}
              t={t}
              onMove={onMove}
              onRefuse={(a) => setMessage(explainRefusal(position, a.from, a.to, t))}
              onTarget={() => undefined}
              animationMs={ANIMATION_MS[settings.animation]}
            />
          </div>
        ) : (
          <p class="puzzles-empty" aria-busy={puzzles === null}>
            {puzzles === null
              ? t('pz_loading')
              : puzzles === 'failed'
                ? t('pz_loadFailed')
                : t('pz_none')}
          </p>
        )}
      </div>
      <aside class="side">
        <div class="status-card">
          <h2 class="puzzles-title">{t('puzzles')}</h2>
          <label class="field">
            <span>{t('pz_variant')}</span>
            <select
              value={variantId}
              data-testid="puzzle-variant"
              onChange={(e) => setState({ ...state, variant: e.currentTarget.value })}
            >
              {VARIANTS.map((v) => (
                <option key={v.id} value={v.id}>
                  {variantName(t, v)}
                </option>
              ))}
            </select>
          </label>
          {themes.length > 0 && (
            <label class="field">
              <span>{t('pz_themeFilter')}</span>
              <select
                value={state.theme ?? ''}
                data-testid="puzzle-theme"
                onChange={(e) => {
                  const theme = e.currentTarget.value;
                  const { theme: _old, ...rest } = state;
                  const next = theme ? { ...rest, theme } : rest;
                  setState(next);
                  if (puzzles && puzzles !== 'failed') start(pickPuzzle(puzzles, next, variantId));
                }}
              >
                <option value="">{t('pz_allThemes')}</option>
                {themes.map(([th, n]) => (
                  <option key={th} value={th}>
                    {`${THEME_KEYS[th] ? t(THEME_KEYS[th]!) : th} (${n})`}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p class="puzzles-rating">
            <span data-testid="puzzle-rating" data-rating={Math.round(r.rating)}>
              {t('pz_rating', { rating: Math.round(r.rating), rd: Math.round(r.rd) })}
            </span>
            {change !== null && (
              <span
                class={`rating-change ${change >= 0 ? 'up' : 'down'}`}
                data-testid="puzzle-change"
              >
                {' '}
                {change >= 0 ? `+${change}` : `−${Math.abs(change)}`}
              </span>
            )}
          </p>
          <p class="puzzles-streak">
            <span data-testid="puzzle-streak">{t('pz_streak', { n: state.streak })}</span> ·{' '}
            <span>{t('pz_best', { n: state.bestStreak })}</span>
          </p>
          {puzzle && (
            <p class="status" data-testid="puzzle-status" aria-live="polite">
              {statusText}
              {hinted && rated && <span> {t('pz_unrated')}</span>}
            </p>
          )}
          {message && <p class="message">{message}</p>}
        </div>
        {puzzle && (
          <div class="puzzle-info">
            <p data-testid="puzzle-credit">
              {credit?.selfPlay !== undefined
                ? t('pz_selfPlay')
                : [
                    credit?.event ? t('pz_from', { event: credit.event }) : '',
                    credit?.white || credit?.black
                      ? t('pz_players', {
                          white: credit?.white ?? '?',
                          black: credit?.black ?? '?',
                        })
                      : '',
                    credit?.date ?? '',
                  ]
                    .filter((x) => x !== '')
                    .join(' · ')}
            </p>
            <p>
              {t('pz_puzzleRating', { rating: puzzle.rating })}
              {(status === 'solved' || status === 'failed' || status === 'shown') &&
                puzzle.themes.map((th) => (
                  <span key={th} class="theme-chip">
                    {THEME_KEYS[th] ? t(THEME_KEYS[th]!) : th}
                  </span>
                ))}
            </p>
            {(status === 'failed' || status === 'shown' || status === 'solved') && (
              <p class="puzzle-line" data-testid="puzzle-line">
                {puzzle.line.join(' ')}
              </p>
            )}
          </div>
        )}
        <div class="actions">
          {puzzle && solving && (
            <button type="button" data-testid="puzzle-hint" onClick={hint} disabled={!yourTurn}>
              {t('pz_hint')}
            </button>
          )}
          {puzzle && (status === 'solving' || status === 'good' || status === 'failed') && (
            <button type="button" data-testid="puzzle-solution" onClick={showSolution}>
              {t('pz_solution')}
            </button>
          )}
          {puzzles && puzzles !== 'failed' && puzzles.length > 0 && (
            <button
              type="button"
              class={solving ? '' : 'primary'}
              data-testid="puzzle-next"
              onClick={() => {
                if (solving && !rated && step > 0) rate(false);
                start(pickPuzzle(puzzles, stateRef.current, variantId));
              }}
            >
              {t('pz_next')}
            </button>
          )}
        </div>
      </aside>
    </div>
  );
}
