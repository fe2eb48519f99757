/**
 * The game review screen: the engine goes over every position of the finished game in a worker
 * (the computer's worker code, see `runner.ts`), and the screen fills in as it goes — progress with
 * a Stop button, each side's accuracy and marks, the evaluation graph (click or tap a point to go
 * to that move), the move list with ?!, ? and ?? marks, and for the chosen move the better move,
 * drawn on the board, with its line.
 *
 * The board shows the position before the chosen move, where the choice was made. Loaded on demand
 * (`lazy.tsx`), so neither the screen nor the engine weighs on the first page.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatMove } from '@damka/rules';
import type { ReviewResult, ReviewedPly } from '@damka/engine';
import { CLAMP } from '@damka/engine/puzzles';
import type { Translate } from '../i18n/index.ts';
import { replay, type SavedGame } from '../game/record.ts';
import type { FromWorker, ToReviewWorker } from '../computer/protocol.ts';
import { ANIMATION_MS, type Settings } from '../settings.ts';
import { Board, piecesOf, useEdgeLabels } from '../ui/board.tsx';
import { formatMen } from '../ui/analysis.tsx';
import { variantName } from '../rules-pages/texts.ts';
import './review.css';

export interface ReviewProps {
  readonly t: Translate;
  readonly game: SavedGame;
  readonly settings: Settings;
  readonly onBack: () => void;
}

const MARK_TEXT = { inaccuracy: '?!', mistake: '?', blunder: '??', best: '', good: '' } as const;
const MARK_KEY = {
  inaccuracy: 'rv_inaccuracy',
  mistake: 'rv_mistake',
  blunder: 'rv_blunder',
  best: 'rv_best',
  good: 'rv_good',
} as const;

type State = 'running' | 'stopped' | 'done' | 'failed';

let nextId = 1;

export function Review({ t, game, settings, onBack }: ReviewProps) {
  const g = useMemo(() => replay(game), [game]);
  const [result, setResult] = useState<ReviewResult | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: g.positions.length });
  const [state, setState] = useState<State>('running');
  const [selected, setSelected] = useState<number | null>(null);
  const worker = useRef<Worker | null>(null);
  const jobId = useRef(0);
  const started = useRef(performance.now());
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    const w = new Worker(new URL('../computer/computer.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.current = w;
    const id = nextId++;
    jobId.current = id;
    started.current = performance.now();
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'review-progress' || m.type === 'review-done') {
        setResult(m.result);
        setProgress({ done: m.done, total: m.total });
        setSeconds((performance.now() - started.current) / 1000);
        if (m.type === 'review-done') {
          setState(m.result.partial ? 'stopped' : 'done');
          w.terminate();
        }
      } else if (m.type === 'error') {
        setState('failed');
        w.terminate();
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      setState('failed');
    };
    const request: ToReviewWorker = {
      type: 'review',
      id,
      setup: game.setup,
      entries: [...g.entries],
    };
    w.postMessage(request);
    return () => w.terminate();
  }, [game]);

  const stop = () => {
    const stopMessage: ToReviewWorker = { type: 'review-stop', id: jobId.current };
    worker.current?.postMessage(stopMessage);
  };

  const plies = result?.plies ?? [];
  const chosen: ReviewedPly | undefined = selected === null ? undefined : plies[selected];
  const shownPly = selected ?? Math.max(0, g.positions.length - 1);
  const position = g.positions[Math.min(shownPly, g.positions.length - 1)]!;
  const variant = g.variant;
  const pieces = useMemo(() => piecesOf(position), [position]);
  const playedMove = selected === null ? undefined : g.moves[selected];
  const betterMove = useMemo(() => {
    if (!chosen?.better) return null;
    const m = position.legalMoves().find((x) => formatMove(position, x) === chosen.better);
    return m ? { from: m.from, to: m.to, path: m.path } : null;
  }, [chosen, position]);
  const t0 = variant.topology;
  const edgeLabels = useEdgeLabels(variant);

  // the move list: numbers before the first player's moves
  const first = variant.rules.firstPlayer;
  let moveNo = 1;
  // moves up to the first burn (huff rules), which the review does not cross
  const firstBurn = g.moves.findIndex((m) => !m);
  const items = g.notation.slice(0, firstBurn < 0 ? undefined : firstBurn).map((text, i) => {
    const mover = g.positions[i]!.turn;
    let prefix = '';
    if (mover === first) prefix = `${moveNo}.`;
    else {
      if (i === 0) prefix = `${moveNo}…`;
      moveNo++;
    }
    return { i, prefix, text };
  });

  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const sides = result?.sides;
  const counts = (s: NonNullable<typeof sides>[number]) =>
    t('rv_counts', { inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders });

  return (
    <div class="play game-shell review" data-testid="review" data-state={state}>
      <div class="board-column">
        <div class={`board-frame kind-${t0.kind}`}>
          <Board
            geometry={t0}
            pieces={pieces}
            moves={[]}
            movable="none"
            targets={[]}
            lastMove={
              playedMove
                ? { from: playedMove.from, to: playedMove.to, path: playedMove.path }
                : null
            }
            hint={betterMove}
            labels={variant.squares.names}
            edgeLabels={edgeLabels}
            coordinates={settings.coordinates}
            flipped={settings.flip}
            ariaLabel={t('boardLabel', { variant: variantName(t, variant.rules) })}
            ply={shownPly}
            arriving={null}
            t={t}
            onMove={() => undefined}
            onRefuse={() => undefined}
            onTarget={() => undefined}
            animationMs={ANIMATION_MS[settings.animation]}
          />
        </div>
      </div>
      <aside class="side">
        <div class="status-card">
          <h2 class="review-title">{t('rv_title')}</h2>
          {state === 'running' && (
            <div class="review-progress">
              <progress max={100} value={percent} aria-label={t('rv_title')} />
              <span data-testid="review-progress" aria-live="polite">
                {t('rv_progress', { done: progress.done, total: progress.total })}
              </span>
              <button type="button" data-testid="review-stop" onClick={stop}>
                {t('rv_stop')}
              </button>
            </div>
          )}
          {state === 'stopped' && (
            <p data-testid="review-status">
              {t('rv_stopped', { done: progress.done, total: progress.total })}
            </p>
          )}
          {state === 'done' && result && (
            <p data-testid="review-status">
              {t('rv_done', { depth: result.depth, seconds: seconds.toFixed(1) })}
            </p>
          )}
          {state === 'failed' && (
            <p class="error" role="alert">
              {t('rv_failed')}
            </p>
          )}
          {sides && (
            <table class="review-summary">
              <tbody>
                {(['white', 'black'] as const).map((c, k) => (
                  <tr key={c} data-testid={`review-${c}`}>
                    <th scope="row">{t(c)}</th>
                    <td class="accuracy">
                      {t('rv_accuracy')}{' '}
                      <strong data-testid={`accuracy-${c}`}>
                        {sides[k]!.accuracy === undefined ? '–' : `${sides[k]!.accuracy}%`}
                      </strong>
                    </td>
                    <td class="counts">{counts(sides[k]!)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <Graph t={t} plies={plies} total={items.length} selected={selected} onPick={setSelected} />
        <div class="review-detail" aria-live="polite" data-testid="review-detail">
          {chosen ? (
            <>
              <p>
                <strong>
                  {items[chosen.ply]?.prefix} {chosen.played}
                  {MARK_TEXT[chosen.mark]}
                </strong>{' '}
                <span class={`mark-${chosen.mark}`}>{t(MARK_KEY[chosen.mark])}</span>{' '}
                <span>{t('rv_eval', { score: formatMen(chosen.whiteScore) })}</span>
                {chosen.loss > 0 && (
                  <span> · {t('rv_loss', { men: (chosen.loss / 100).toFixed(2) })}</span>
                )}
              </p>
              {chosen.better && (
                <p data-testid="review-better">
                  {t('rv_better', { move: chosen.better })}
                  {chosen.line && chosen.line.length > 1 && (
                    <span class="review-line"> ({chosen.line.join(' ')})</span>
                  )}
                </p>
              )}
            </>
          ) : (
            <p>{t('rv_pick')}</p>
          )}
        </div>
        <div class="moves-card">
          <ol class="move-list review-moves" data-testid="review-moves" dir="ltr">
            {items.map((it) => {
              const r = plies[it.i];
              const mark = r?.mark ?? 'pending';
              return (
                <li key={it.i} class={`${selected === it.i ? 'current ' : ''}mark-${mark}`}>
                  {it.prefix && <span class="move-no">{it.prefix}</span>}
                  <button
                    type="button"
                    class="move"
                    data-ply={it.i}
                    data-mark={mark}
                    onClick={() => setSelected(it.i)}
                  >
                    <span dir="ltr">
                      {it.text}
                      {r ? MARK_TEXT[r.mark] : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
        <div class="actions">
          <button type="button" data-testid="review-back" onClick={onBack}>
            {t('rv_back')}
          </button>
        </div>
      </aside>
    </div>
  );
}

/** The evaluation graph: White's score after each move, clamped; a tap picks the nearest move. */
function Graph({
  t,
  plies,
  total,
  selected,
  onPick,
}: {
  t: Translate;
  plies: readonly ReviewedPly[];
  total: number;
  selected: number | null;
  onPick: (ply: number) => void;
}) {
  const W = 300;
  const H = 80;
  const n = Math.max(1, total);
  const x = (i: number) => ((i + 0.5) / n) * W;
  const y = (score: number) =>
    H / 2 - (Math.max(-CLAMP, Math.min(CLAMP, score)) / CLAMP) * (H / 2 - 4);
  const points = plies.map((p) => `${x(p.ply).toFixed(1)},${y(p.whiteScore).toFixed(1)}`).join(' ');
  const svg = useRef<SVGSVGElement>(null);
  const pick = (e: MouseEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || plies.length === 0) return;
    const i = Math.floor(((e.clientX - box.left) / box.width) * n);
    onPick(Math.max(0, Math.min(plies.length - 1, i)));
  };
  return (
    <figure class="review-graph">
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('rv_graph')}
        data-testid="review-graph"
        onClick={pick}
      >
        <rect class="graph-black" x="0" y="0" width={W} height={H / 2} />
        <rect class="graph-white" x="0" y={H / 2} width={W} height={H / 2} />
        <line class="graph-axis" x1="0" x2={W} y1={H / 2} y2={H / 2} />
        {selected !== null && (
          <line class="graph-cursor" x1={x(selected)} x2={x(selected)} y1="0" y2={H} />
        )}
        <polyline class="graph-line" points={points} />
        {plies
          .filter((p) => p.mark === 'inaccuracy' || p.mark === 'mistake' || p.mark === 'blunder')
          .map((p) => (
            <circle
              key={p.ply}
              class={`graph-mark mark-${p.mark}`}
              cx={x(p.ply)}
              cy={y(p.whiteScore)}
              r="3"
              data-ply={p.ply}
            />
          ))}
      </svg>
      <figcaption>{t('rv_graph')}</figcaption>
    </figure>
  );
}
