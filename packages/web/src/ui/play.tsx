/**
 * The game screen: the board, whose turn it is (or that the computer is thinking), the move list
 * in the variant's notation (click a move to review that position), undo, resign, flip, and the
 * result dialog. The game itself is a `SavedGame` owned by the app; this screen replays it with
 * `@damka/rules` and only ever appends or removes entries.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Position, opposite, type Color, type Move } from '@damka/rules';
import type { BoardMove, RefusedAttempt } from '@damka/board';
import type { Translate } from '../i18n/index.ts';
import { variantName } from '../rules-pages/texts.ts';
import { ConfirmResign } from './confirm-resign.tsx';
import { Dialog } from './dialog.tsx';
import {
  entryOf,
  replay,
  undoCount,
  unchangedImport,
  withEntry,
  withUndo,
  type Entry,
  type GameResult,
  type SavedGame,
} from '../game/record.ts';
import { resultReason as reasonText, resultTitle as titleText } from '../game/draws.ts';
import { LocalPlayer } from './clocks.tsx';
import { GameShell, MoveList, StatusCard, moveItems } from './game-shell.tsx';
import { DrawOffer } from './draw-offer.tsx';
import { useMoveSounds } from '../sound.ts';
import { ANIMATION_MS } from '../settings.ts';
import { explainRefusal } from '../game/explain.ts';
import { ComputerPlayer } from '../computer/client.ts';
import { Board, piecesOf, useEdgeLabels } from './board.tsx';
import { AnalysisPanel } from './analysis.tsx';
import { SplitChoice, useSplitChoice } from './split-choice.tsx';
import type { Settings } from '../settings.ts';

export interface PlayProps {
  readonly t: Translate;
  readonly game: SavedGame;
  readonly settings: Settings;
  readonly onChange: (game: SavedGame) => void;
  readonly onSettings: (s: Settings) => void;
  readonly onNewGame: () => void;
  /** The game has ended (called once per result, also for a game that was already over). */
  readonly onFinished?: (game: SavedGame) => void;
  /** Opens the engine's review of this game (offered once two moves are on the record). */
  readonly onReview?: () => void;
}

export const resultTitle = titleText;
export const resultReason = reasonText;

const computer = new ComputerPlayer();
const NO_TARGETS: readonly number[] = [];
/** After the computer's move failed, it is asked again this much later (ms). */
const COMPUTER_RETRY_MS = 3000;

export function Play({
  t,
  game,
  settings,
  onChange,
  onSettings,
  onNewGame,
  onFinished,
  onReview,
}: PlayProps) {
  const g = useMemo(() => replay(game), [game]);
  const last = g.positions.length - 1;
  const [view, setView] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [dialogFor, setDialogFor] = useState<string | null>(null);
  const [thinking, setThinking] = useState(false);
  /** The computer's last attempt at a move got no answer (its engine could not be loaded or broke). */
  const [computerStalled, setComputerStalled] = useState(false);
  /** Counts the attempts after such a failure: a new one asks the computer again. */
  const [computerAttempt, setComputerAttempt] = useState(0);
  const shown = view === null ? last : Math.min(view, last);
  const live = shown === last;
  const position = g.positions[shown]!;
  const variant = g.variant;
  const result = g.result;
  const reviewable = onReview !== undefined && game.entries.length >= 2;
  const computerToMove =
    game.mode === 'computer' && game.computer === g.positions[last]!.turn && !result;
  const humanCanAct = live && !result && !computerToMove && game.clock?.mode !== 'paused';
  const resultKey = result ? `${g.entries.length}:${result.reason}` : null;

  // the computer's turn: ask the worker, then append its entry
  useEffect(() => {
    if (!computerToMove) {
      setThinking(false);
      return;
    }
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setThinking(true);
    computer.think(game.setup, g.entries, game.level).then((entry) => {
      if (!current) return;
      setThinking(false);
      if (entry) {
        setComputerStalled(false);
        onChange(withEntry(game, g, entry, Date.now()));
        return;
      }
      // no answer though the game goes on (the engine's file could not be fetched, say after a
      // new version replaced it, or its worker broke): say so and ask again, never wait for ever
      setComputerStalled(true);
      retry = setTimeout(() => setComputerAttempt((n) => n + 1), COMPUTER_RETRY_MS);
    });
    return () => {
      current = false;
      clearTimeout(retry);
      computer.abandon();
    };
  }, [game, computerToMove, computerAttempt]);

  // a result reached on this visit opens the dialog once; a game opened already over does not
  const resultAtOpen = useRef(resultKey);
  useEffect(() => {
    if (!resultKey) return;
    onFinished?.(game);
    if (resultKey !== resultAtOpen.current) setDialogFor(resultKey);
  }, [resultKey]);

  const moves: BoardMove[] = useMemo(
    () =>
      humanCanAct
        ? position
            .legalMoves()
            .map((m) => ({ from: m.from, to: m.to, path: m.path, captures: m.captures }))
        : [],
    [position, humanCanAct],
  );
  const pieces = useMemo(() => piecesOf(position), [position]);
  const arriving = shown > 0 ? g.entries[shown - 1] : undefined;
  const arrivingMove = useMemo(
    () =>
      arriving?.type === 'move'
        ? { from: arriving.from, to: arriving.to, path: arriving.path, captures: arriving.captures }
        : null,
    [arriving],
  );

  const play = (entry: Entry) => {
    setMessage('');
    setView(null);
    onChange(withEntry(game, g, entry, Date.now()));
  };

  // a king's step and a king split onto the same square: the player picks one (split-choice.tsx)
  const split = useSplitChoice();
  const choiceMoves = split.shown(last, humanCanAct);
  const playMove = (move: Move) => play(entryOf(move));
  const onMove = (m: BoardMove) =>
    split.take(m, last, position.legalMoves(), playMove, () => setMessage(t('refused')));

  const onRefuse = (a: RefusedAttempt) => {
    setMessage(explainRefusal(position, a.from, a.to, t));
  };

  const onTarget = (sq: number) => play({ type: 'burn', square: sq });

  const undo = () => {
    const n = undoCount(game, g);
    if (n === 0) return;
    computer.abandon();
    setMessage('');
    setView(null);
    onChange(withUndo(game, g, n, Date.now()));
  };

  const resign = () => {
    setConfirming(false);
    const loser: Color =
      game.mode === 'computer' && game.computer ? opposite(game.computer) : position.turn;
    computer.abandon();
    onChange({ ...game, entries: g.entries, resigned: loser });
  };

  const flipped = settings.flip !== (game.mode === 'computer' && game.computer === 'white');
  const names = variant.squares.names;
  const t0 = variant.topology;
  const edgeLabels = useEdgeLabels(variant);
  const giveaway = variant.rules.noMoveMeans === 'win';
  const final = g.positions[last]!;
  const crowned =
    variant.rules.crowningWins === true &&
    Array.from({ length: variant.topology.size }, (_, sq) => final.pieceAt(sq)).some(
      (p) => p?.role === 'king',
    );
  const reason = (r: GameResult) => resultReason(t, r, giveaway, crowned);
  // the draw count nearest its limit, if any runs
  const drawCount = g.drawProgress.reduce<(typeof g.drawProgress)[number] | null>(
    (a, b) => (!a || b.limit - b.moves < a.limit - a.moves ? b : a),
    null,
  );
  const lastEntry = g.moves[g.moves.length - 1];
  useMoveSounds(settings.sound, g.entries.length, (lastEntry?.captures.length ?? 0) > 0);
  // player bars: the bottom one is the side nearer the player (White unless the board is flipped)
  const bottom: Color = flipped ? 'black' : 'white';
  // an imported game not played on since shows its players' names
  const imported = unchangedImport(game, g.entries.length);
  const importedTags = imported?.tags;
  // the result an imported file gives, while the game stands as imported and the rules have not
  // ended it (a game may be resigned or agreed drawn on the board with moves still to play)
  const importedResult = result ? null : imported?.result;
  const leftOut = imported?.variations;
  const importedName = (color: Color) => {
    const name = importedTags?.[color === 'white' ? 'White' : 'Black'];
    return name && name !== '?' ? name : null;
  };
  const playerName = (color: Color) =>
    game.mode !== 'computer'
      ? (importedName(color) ?? t(color))
      : color === game.computer
        ? t('playerComputer', { level: game.level ?? 3 })
        : t('playerYou');
  const playerBar = (color: Color) => (
    <LocalPlayer
      t={t}
      game={game}
      color={color}
      name={playerName(color)}
      turn={g.positions[last]!.turn}
      over={result !== null}
      pausable={color === bottom}
      onChange={onChange}
    />
  );

  let status: string;
  if (result) status = `${resultTitle(t, result)} — ${reason(result)}`;
  else if (computerToMove && computerStalled) status = t('toolLoadFailed');
  else if (thinking) status = t('thinking');
  else if (game.mode === 'computer') status = t('yourMove');
  else status = t('toMove', { color: t(g.positions[last]!.turn) });

  const burnHint = humanCanAct && position.burnable.length > 0;

  const items = moveItems(
    g.entries.map((e, i) => ({
      mover: g.positions[i]!.turn,
      move: e.type === 'move',
      text: e.type === 'burn' ? t('burned', { square: g.notation[i]! }) : g.notation[i]!,
    })),
    variant.rules.firstPlayer,
  );

  const goto = (ply: number) => setView(ply >= last ? null : Math.max(0, ply));
  const canUndo = undoCount(game, g) > 0 && !thinking;

  // computer, hint, analysis: a hint belongs to the live position it was asked in
  const [hint, setHint] = useState<{ key: string; entry: Entry | null; text: string } | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const [analysisBest, setAnalysisBest] = useState<Entry | null>(null);
  const hintKey = `${game.id}:${g.entries.length}`;
  const shownHint = hint && hint.key === hintKey && live ? hint : null;
  const cancelHint = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelHint.current?.(), [hintKey]);
  const askHint = () => {
    const key = hintKey;
    setHint({ key, entry: null, text: t('hintThinking') });
    const asked = computer.hint(game.setup, g.entries);
    cancelHint.current = asked.cancel;
    asked.answer.then((a) => {
      const best = a?.best ?? null;
      const text = !best
        ? t('hintNone')
        : best.type === 'burn'
          ? t('hintBurn', { square: names[best.square] ?? String(best.square) })
          : t('hintMove', { move: a?.line[0] ?? `${names[best.from]}-${names[best.to]}` });
      setHint((h) => (h && h.key === key ? { key, entry: best, text } : h));
    });
  };
  const suggested = shownHint?.entry ?? (analysing ? analysisBest : null);
  const boardHint = useMemo(
    () =>
      !suggested
        ? null
        : suggested.type === 'burn'
          ? { from: suggested.square, to: suggested.square }
          : { from: suggested.from, to: suggested.to, path: suggested.path },
    [suggested],
  );
  const analysedEntries = useMemo(() => g.entries.slice(0, shown), [g.entries, shown]);
  const level = game.level ?? 3;

  // pdn, fen: the download module is loaded on the first press; the FEN is the position shown
  const [fenFallback, setFenFallback] = useState<string | null>(null);
  const downloadPdn = () => {
    import('../pdn/download.ts')
      .then((m) => m.downloadGame(game))
      .catch(() => setMessage(t('pdnDownloadFailed')));
  };
  const copyFen = async () => {
    const fen = position.fen;
    try {
      await navigator.clipboard.writeText(fen);
      setFenFallback(null);
      setMessage(t('fenCopied'));
    } catch {
      setFenFallback(fen); // clipboard refused or absent: show the text to copy by hand
    }
  };

  const name = variantName(t, variant.rules);
  const fullPieces = useMemo(() => countPieces(Position.start(variant)), [variant]);

  const board = (
    <Board
      geometry={t0}
      pieces={pieces}
      moves={moves}
      movable={humanCanAct ? position.turn : 'none'}
      targets={burnHint ? position.burnable : NO_TARGETS}
      lastMove={arrivingMove}
      hint={boardHint}
      labels={names}
      edgeLabels={edgeLabels}
      coordinates={settings.coordinates}
      flipped={flipped}
      ariaLabel={t('boardLabel', { variant: name })}
      ply={shown}
      arriving={arrivingMove}
      t={t}
      onMove={onMove}
      onRefuse={onRefuse}
      onTarget={onTarget}
      animationMs={ANIMATION_MS[settings.animation]}
    />
  );

  const side = (
    <>
      <StatusCard
        dot={result ? (result.winner ?? 'draw') : g.positions[last]!.turn}
        status={status}
        busy={thinking}
        variantLine={
          <>
            {name}
            {Object.keys(variant.options).length > 0 && (
              <span class="options-tag">
                {' + '}
                {Object.entries(variant.options)
                  .map(([k, v]) =>
                    v
                      ? t(`option_${k}` as 'option_giveaway')
                      : `−${t(`option_${k}` as 'option_giveaway')}`,
                  )
                  .join(', ')}
              </span>
            )}
          </>
        }
      >
        {drawCount && (
          <p class="draw-count" data-testid="draw-count">
            {t('drawCount', { n: drawCount.moves, limit: drawCount.limit })}
          </p>
        )}
        {importedResult && importedResult !== '*' && (
          <p class="imported-result" data-testid="imported-result">
            {t('importedResult', { result: importedResult })}
          </p>
        )}
        {leftOut && (
          <p class="imported-result" data-testid="imported-variations">
            {t('importedVariations', { n: leftOut })}
          </p>
        )}
        <p class="message" role="status" aria-live="assertive" data-testid="message">
          {message || (burnHint ? t('burnHint') : '')}
        </p>
        {choiceMoves && (
          <SplitChoice
            t={t}
            position={position}
            moves={choiceMoves}
            onPick={(move) => split.pick(move, playMove)}
          />
        )}
        {game.mode === 'computer' && (
          <p class="level-line">
            {t('levelShown', { level: `${level} · ${t(`level${level}` as 'level1')}` })}
          </p>
        )}
        {shownHint && (
          <p class="hint-text" data-testid="hint-text" aria-live="polite">
            {shownHint.text}
          </p>
        )}
      </StatusCard>

      <section class="moves-card" aria-labelledby="moves-title">
        <h2 id="moves-title">{t('moves')}</h2>
        {!live && (
          <p class="reviewing">
            {t('reviewing', { n: shown, total: last })}{' '}
            <button type="button" class="link" onClick={() => setView(null)}>
              {t('backToGame')}
            </button>
          </p>
        )}
        <MoveList t={t} items={items} current={shown} onPick={goto} />
        <div class="nav" role="group" dir="ltr">
          <button
            type="button"
            onClick={() => goto(0)}
            disabled={shown === 0}
            aria-label={t('first')}
            title={t('first')}
          >
            «
          </button>
          <button
            type="button"
            onClick={() => goto(shown - 1)}
            disabled={shown === 0}
            aria-label={t('previous')}
            title={t('previous')}
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => goto(shown + 1)}
            disabled={live}
            aria-label={t('next')}
            title={t('next')}
          >
            ›
          </button>
          <button
            type="button"
            onClick={() => goto(last)}
            disabled={live}
            aria-label={t('last')}
            title={t('last')}
          >
            »
          </button>
        </div>
      </section>

      {analysing && (
        <AnalysisPanel
          t={t}
          setup={game.setup}
          entries={analysedEntries}
          onBest={setAnalysisBest}
          onClose={() => setAnalysing(false)}
        />
      )}
      <div class="actions">
        <button
          type="button"
          onClick={askHint}
          disabled={!humanCanAct || (shownHint !== null && shownHint.entry === null)}
          data-testid="hint"
        >
          {t('hintButton')}
        </button>
        <button
          type="button"
          onClick={() => setAnalysing(!analysing)}
          aria-pressed={analysing}
          data-testid="analyse"
        >
          {t('analysisOpen')}
        </button>
        {reviewable && (
          <button type="button" onClick={onReview} data-testid="review-open">
            {t('rv_open')}
          </button>
        )}
        <button type="button" onClick={undo} disabled={!canUndo} data-testid="undo">
          {t('undo')}
        </button>
        <button
          type="button"
          onClick={() => onSettings({ ...settings, flip: !settings.flip })}
          data-testid="flip"
        >
          {t('flipBoard')}
        </button>
        <button type="button" onClick={downloadPdn} data-testid="download-pdn">
          {t('pdnDownload')}
        </button>
        <button type="button" onClick={() => void copyFen()} data-testid="copy-fen">
          {t('fenCopy')}
        </button>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={result !== null}
          data-testid="resign"
        >
          {t('resign')}
        </button>
        <button type="button" class="primary" onClick={onNewGame} data-testid="new-game">
          {t('newGame')}
        </button>
      </div>
      <DrawOffer
        t={t}
        game={game}
        entries={g.entries}
        turn={g.positions[last]!.turn}
        position={g.positions[last]!}
        pieces={countPieces(g.positions[last]!)}
        fullPieces={fullPieces}
        canAct={humanCanAct}
        computer={computer}
        onChange={onChange}
      />
      {fenFallback !== null && (
        <label class="field fen-fallback">
          <span>{t('fenCopyByHand')}</span>
          <input
            type="text"
            readOnly
            dir="ltr"
            value={fenFallback}
            data-testid="fen-fallback"
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </>
  );

  return (
    <GameShell
      attributes={{
        'data-fen': g.positions[last]!.fen,
        'data-ply': last,
        'data-result': result ? result.reason : '',
        'data-mode': game.mode,
      }}
      top={playerBar(opposite(bottom))}
      bottom={playerBar(bottom)}
      board={board}
      boardKind={t0.kind}
      side={side}
      below={<p class="keyboard-hint">{t('keyboardHint')}</p>}
    >
      {confirming && (
        <ConfirmResign t={t} onResign={resign} onCancel={() => setConfirming(false)} />
      )}

      {result && dialogFor === resultKey && (
        <Dialog labelledBy="result-title" testId="result" onDismiss={() => setDialogFor(null)}>
          <p class="dialog-kicker">{t('gameOver')}</p>
          <h2 id="result-title">{resultTitle(t, result)}</h2>
          <p data-testid="result-reason">{reason(result)}</p>
          <div class="dialog-actions">
            <button type="button" class="primary" onClick={onNewGame} autoFocus>
              {t('newGame')}
            </button>
            {reviewable && (
              <button type="button" onClick={onReview} data-testid="result-review">
                {t('rv_open')}
              </button>
            )}
            <button type="button" onClick={() => setDialogFor(null)} data-testid="result-board">
              {t('resultBoard')}
            </button>
          </div>
        </Dialog>
      )}
    </GameShell>
  );
}

/** Pieces on the board, for the stage of the game. */
function countPieces(position: Position): number {
  let n = 0;
  for (let sq = 0; sq < position.variant.topology.size; sq++) if (position.pieceAt(sq)) n++;
  return n;
}
