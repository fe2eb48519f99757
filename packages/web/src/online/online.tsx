/**
 * The online game screen: a game link opened in this page (a seat with its secret, or watching).
 * The server is authoritative: this screen shows what the server recorded, replayed with the
 * rules package's `Game` (moves, burns, souffle replays), offers the legal moves only when it is
 * the player's turn, and sends a move as text in the variant's notation through the protocol's
 * `OnlineClient`, which keeps it until the server acknowledges it — across reconnects; meanwhile
 * the board and the move list show the move played and the turn passed, so a slow connection never
 * sends the piece back to where it stood.
 *
 * Until the friend has opened their link, a waiting card shows the link to copy. Clocks count
 * down locally from the server's last figures. The end of the game offers a rematch (the server
 * swaps colours and hands each player a new link) and the PDN download. Before the second move
 * a player may abort the game (no result); when the opponent has left, a notice and two buttons
 * let the player claim the win or a draw, which the server grants once the opponent has been
 * gone for its delay (a minute). A finished game can be reviewed by the engine (`review-game.ts`
 * hands it over as a saved game). A player's game is handed to the recent list (`recent.ts`) each time
 * it changes, so the home screen can offer it to continue and list it with its result.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Game, formatMove, type Color, type Move } from '@damka/rules';
import type { BoardMove, RefusedAttempt } from '@damka/board';
import {
  ABORT_BEFORE_PLY,
  OnlineClient,
  type Action,
  type ServerMessage,
  type SocketLike,
} from '@damka/protocol';
import type { Translate } from '../i18n/index.ts';
import { variantName } from '../rules-pages/texts.ts';
import { ConfirmResign } from '../ui/confirm-resign.tsx';
import type { Settings } from '../settings.ts';
import { explainRefusal } from '../game/explain.ts';
import { Board, edgeLabelsOf, piecesOf } from '../ui/board.tsx';
import { GameShell, MoveList, PlayerBar, StatusCard, moveItems } from '../ui/game-shell.tsx';
import { SplitChoice, useSplitChoice } from '../ui/split-choice.tsx';
import { loadInvite, socketUrl, type PlayLink } from './api.ts';
import type { OnlineRecord } from './recent.ts';
import { applyAction, onlineGameToSaved, onlineStart, type OnlineGameInfo } from './review-game.ts';
import { serverErrorText } from './errors.ts';
import type { SavedGame } from '../game/record.ts';
import { useServerUnreachable } from '../offline/connection.ts';
import './online.css';

export interface OnlinePlayProps {
  readonly t: Translate;
  readonly link: PlayLink;
  readonly settings: Settings;
  readonly onNewGame: () => void;
  /** Open another game link (a rematch). */
  readonly onOpen: (link: PlayLink) => void;
  /** The game as the recent list keeps it, each time it changes (a player's seat only). */
  readonly onRecord?: (record: OnlineRecord) => void;
  /** Open the engine review of the finished game. */
  readonly onReview?: (game: SavedGame) => void;
}

/** The game replayed from the server's actions. */
interface Replayed {
  readonly game: Game;
  readonly error: string | null;
}

function replayActions(info: OnlineGameInfo, actions: readonly Action[]): Replayed | null {
  const game = onlineStart(info);
  if (!game) return null;
  for (const action of actions) {
    if (applyAction(game, action) === 'refused') {
      return { game, error: `action ${action.ply + 1} (${action.text}) cannot be replayed` };
    }
  }
  return { game, error: null };
}

function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

const NO_TARGETS: readonly number[] = [];

export function OnlinePlay({
  t,
  link,
  settings,
  onNewGame,
  onOpen,
  onRecord,
  onReview,
}: OnlinePlayProps) {
  const [, setTick] = useState(0);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  // the player's move on its way to the server, and the ply it was played at
  const [sent, setSent] = useState<{ ply: number; move: Move } | null>(null);
  // a king's step and a king split onto the same square: the player picks one (split-choice.tsx)
  const split = useSplitChoice();
  const clientRef = useRef<OnlineClient | null>(null);
  const rerender = () => setTick((n) => n + 1);

  useEffect(() => {
    const client = new OnlineClient({
      urls: [socketUrl(location)],
      game: link.game,
      ...(link.token ? { token: link.token } : {}),
      connect: browserSocket,
      onChange: rerender,
      onMessage: (m: ServerMessage) => {
        if (m.type === 'rematch') {
          onOpen(m.token ? { game: m.game, token: m.token } : { game: m.game });
        } else if (m.type === 'error' && m.code !== 'stalePly') {
          setMessage(serverErrorText(t, m.code, m.message));
        }
      },
    });
    clientRef.current = client;
    client.start();
    return () => client.stop();
  }, [link.game, link.token]);

  const client = clientRef.current;
  const unreachable = useServerUnreachable(client?.status !== 'open');
  const info = client?.info ?? null;
  const actions = client?.actions ?? [];
  const state = client?.state ?? null;
  const seat = client?.seat ?? null;
  const replayed = useMemo(
    () => (info ? replayActions(info, actions) : null),
    [info, actions.length, actions[actions.length - 1]],
  );
  // letters and numbers along the edges where the variant names squares so, as in local games
  const replayedVariant = replayed?.game.variant ?? null;
  const edgeLabels = useMemo(
    () => (replayedVariant ? edgeLabelsOf(replayedVariant) : null),
    [replayedVariant],
  );

  // the recent list follows a player's game: its moves, then how it ended
  const outcomeKey = state?.outcome ? JSON.stringify(state.outcome) : '';
  useEffect(() => {
    if (!info || !state || !link.token || (seat !== 'white' && seat !== 'black')) return;
    onRecord?.({
      game: link.game,
      token: link.token,
      seat,
      variant: info.variant,
      options: info.options,
      ...(replayed && !replayed.error ? { fen: replayed.game.position.fen } : {}),
      plies: actions.length,
      outcome: state.outcome,
      at: Date.now(),
    });
  }, [info, seat, actions.length, outcomeKey, replayed]);

  // clocks tick while one runs
  const running = state?.clock?.running ?? null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(rerender, 200);
    return () => clearInterval(timer);
  }, [running]);

  if (!client || !info || !replayed || !state || !seat) {
    const failed = client?.status === 'failed';
    return (
      <div class="online-loading" data-testid="online-loading">
        <p role="status">
          {failed
            ? client?.lastError
              ? serverErrorText(t, client.lastError.code, client.lastError.message)
              : t('onlineLost')
            : t(unreachable ? 'onlineNeedsConnection' : 'onlineConnecting')}
        </p>
        {failed && (
          <button type="button" class="primary" onClick={onNewGame}>
            {t('newGame')}
          </button>
        )}
      </div>
    );
  }

  const game = replayed.game;
  const position = game.position;
  const variant = game.variant;
  const outcome = state.outcome;
  const player = seat === 'spectator' ? null : seat;
  const opponent: Color | null = player ? (player === 'white' ? 'black' : 'white') : null;
  const myTurn = player !== null && !outcome && position.turn === player && !client.busy;
  const waiting = opponent !== null && !state.joined[opponent] && !outcome;
  /** The opponent has no connection: after the server's delay a claim ends the game. */
  const opponentLeft =
    opponent !== null && !outcome && state.joined[opponent] && state.absent[opponent] !== null;
  const claimRefused =
    client.lastError?.code === 'cannotClaim' || client.lastError?.code === 'cannotAbort';
  const huff = myTurn ? game.huff : undefined;

  const moves: BoardMove[] = myTurn
    ? game.legalMoves().map((m) => ({ from: m.from, to: m.to, path: m.path, captures: m.captures }))
    : [];
  // a move sent and not yet recorded shows on the board at once, the turn passed, so that a slow
  // connection does not make the piece jump back until the server answers (a refused one goes back)
  const pending = sent && client.busy && !outcome && sent.ply === actions.length ? sent.move : null;
  const shown = pending ? position.play(pending) : position;
  const pieces = piecesOf(shown);
  const lastMove = pending ?? game.moves[game.moves.length - 1];
  const arriving = lastMove
    ? { from: lastMove.from, to: lastMove.to, path: lastMove.path, captures: lastMove.captures }
    : null;

  const send = (promise: Promise<Action>, move: Move | null = null) => {
    setMessage('');
    setSent(move && { ply: actions.length, move });
    promise.catch((e: Error & { code?: string }) => {
      setSent(null);
      setMessage(serverErrorText(t, e.code, e.message));
    });
  };
  const sendMove = (move: Move) => send(client.move(formatMove(position, move)), move);
  const onMove = (m: BoardMove) =>
    split.take(m, actions.length, game.legalMoves(), sendMove, () => setMessage(t('refused')));
  const choiceMoves = split.shown(actions.length, myTurn);
  const onRefuse = (a: RefusedAttempt) => setMessage(explainRefusal(position, a.from, a.to, t));
  const onTarget = (sq: number) => send(client.burn(variant.squares.names[sq]!));

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };

  const colorName = (c: Color) => t(c);
  let status: string;
  if (outcome?.reason === 'aborted') status = t('onlineAborted');
  else if (outcome)
    status = outcome.winner ? t('winner', { color: colorName(outcome.winner) }) : t('draw');
  else if (waiting) status = t('onlineWaiting');
  else if (player && shown.turn === player) status = t('yourMove');
  else status = t('toMove', { color: colorName(shown.turn) });

  const reason = outcome ? outcomeText(t, outcome) : '';
  const flipped = settings.flip !== (seat === 'black');
  const invite = player ? loadInvite(link.game) : null;
  const top: Color = flipped ? 'white' : 'black';
  const bottom: Color = flipped ? 'black' : 'white';
  const playerName = (c: Color) =>
    seat === 'spectator' ? t(c) : c === seat ? t('playerYou') : t('playerOpponent');
  const barOf = (c: Color) => {
    const left = client.timeLeft(c);
    return (
      <PlayerBar
        t={t}
        color={c}
        name={playerName(c)}
        clock={left === null ? null : { ms: left, running: state.clock?.running === c }}
        active={!outcome && shown.turn === c}
      />
    );
  };

  const items = moveItems(
    [
      ...actions.map((a) => ({
        mover: a.color,
        move: a.kind === 'move',
        text:
          a.kind === 'burn'
            ? t('burned', { square: a.text })
            : a.kind === 'replay'
              ? t('onlineReplayed')
              : a.text,
      })),
      ...(pending
        ? [{ mover: position.turn, move: true, text: formatMove(position, pending) }]
        : []),
    ],
    variant.rules.firstPlayer,
  );
  const name = variantName(t, variant.rules);

  const offer = state.drawOffer;
  const connection =
    client.status === 'open' ? '' : t(unreachable ? 'onlineNeedsConnection' : 'onlineReconnecting');

  return (
    <GameShell
      attributes={{
        'data-fen': position.fen,
        'data-ply': actions.length,
        'data-seat': seat,
        'data-result': outcome ? outcome.reason : '',
        'data-testid': 'online',
      }}
      extraClass="online"
      top={barOf(top)}
      bottom={barOf(bottom)}
      boardKind={variant.topology.kind}
      board={
        <Board
          geometry={variant.topology}
          pieces={pieces}
          moves={moves}
          movable={myTurn ? player! : 'none'}
          targets={huff ? huff.burnable : NO_TARGETS}
          lastMove={arriving}
          labels={variant.squares.names}
          edgeLabels={edgeLabels}
          coordinates={settings.coordinates}
          flipped={flipped}
          ariaLabel={t('boardLabel', { variant: name })}
          ply={actions.length + (pending ? 1 : 0)}
          arriving={arriving}
          t={t}
          onMove={onMove}
          onRefuse={onRefuse}
          onTarget={onTarget}
        />
      }
      side={
        <>
          {waiting && (
            <section class="status-card waiting" data-testid="waiting" aria-live="polite">
              <h2>{t('onlineWaiting')}</h2>
              <p class="hint">{t('onlineInviteHint')}</p>
              {invite && (
                <div class="invite">
                  <input
                    type="text"
                    readOnly
                    dir="ltr"
                    value={invite.friend}
                    data-testid="friend-link"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    class="primary"
                    onClick={() => copy(invite.friend, 'friend')}
                  >
                    {copied === 'friend' ? t('onlineCopied') : t('onlineCopy')}
                  </button>
                </div>
              )}
            </section>
          )}
          <StatusCard
            dot={outcome ? (outcome.winner ?? 'draw') : shown.turn}
            status={status}
            variantLine={`${name} · ${
              seat === 'spectator'
                ? t('onlineWatching')
                : t('onlineYouPlay', { color: colorName(seat) })
            }`}
          >
            {reason && (
              <p class="reason" data-testid="result-reason">
                {reason}
              </p>
            )}
            {opponentLeft && actions.length >= ABORT_BEFORE_PLY && (
              <p class="offer" data-testid="opponent-left">
                {t('onlineOpponentLeft')}
              </p>
            )}
            {offer && !outcome && (
              <p class="offer" data-testid="draw-offer">
                {offer === player
                  ? t('onlineDrawOffered')
                  : t('onlineDrawOfferedBy', { color: colorName(offer) })}
              </p>
            )}
            <p class="message" role="status" aria-live="assertive" data-testid="message">
              {connection ||
                message ||
                replayed.error ||
                (claimRefused && !outcome ? t('onlineClaimRefused') : '') ||
                (huff ? t('burnHint') : '')}
            </p>
            {choiceMoves && (
              <SplitChoice
                t={t}
                position={position}
                moves={choiceMoves}
                onPick={(move) => split.pick(move, sendMove)}
              />
            )}
          </StatusCard>

          <section class="moves-card" aria-labelledby="online-moves-title">
            <h2 id="online-moves-title">{t('moves')}</h2>
            <MoveList t={t} items={items} />
          </section>

          <div class="actions">
            {player && !outcome && offer && offer !== player && (
              <>
                <button
                  type="button"
                  class="primary"
                  onClick={() => client.draw('accept')}
                  data-testid="accept-draw"
                >
                  {t('onlineAcceptDraw')}
                </button>
                <button
                  type="button"
                  onClick={() => client.draw('decline')}
                  data-testid="decline-draw"
                >
                  {t('onlineDeclineDraw')}
                </button>
              </>
            )}
            {player && !outcome && !offer && (
              <button type="button" onClick={() => client.draw('offer')} data-testid="offer-draw">
                {t('onlineOfferDraw')}
              </button>
            )}
            {player && !outcome && opponentLeft && actions.length >= ABORT_BEFORE_PLY && (
              <>
                <button
                  type="button"
                  class="primary"
                  onClick={() => client.claim('win')}
                  data-testid="claim-win"
                >
                  {t('onlineClaimWin')}
                </button>
                <button type="button" onClick={() => client.claim('draw')} data-testid="claim-draw">
                  {t('onlineClaimDraw')}
                </button>
              </>
            )}
            {player && !outcome && actions.length < ABORT_BEFORE_PLY && (
              <button type="button" onClick={() => client.abort()} data-testid="abort">
                {t('onlineAbort')}
              </button>
            )}
            {player && !outcome && (
              <button type="button" onClick={() => setConfirming(true)} data-testid="resign">
                {t('resign')}
              </button>
            )}
            {player && outcome && (
              <button
                type="button"
                class="primary"
                onClick={() => client.rematch()}
                disabled={state.rematch[player]}
                data-testid="rematch"
              >
                {state.rematch[player]
                  ? t('onlineRematchAsked')
                  : opponent && state.rematch[opponent]
                    ? t('onlineRematchAccept')
                    : t('onlineRematch')}
              </button>
            )}
            {outcome && onReview && actions.length >= 2 && (
              <button
                type="button"
                data-testid="review-open"
                onClick={() => {
                  const saved = onlineGameToSaved(link.game, info, actions);
                  if (saved) onReview(saved);
                }}
              >
                {t('rv_open')}
              </button>
            )}
            <a class="button" href={`/api/games/${link.game}/pdn`} download data-testid="pdn">
              {t('onlineDownload')}
            </a>
            {invite && (
              <button
                type="button"
                onClick={() => copy(invite.watch, 'watch')}
                data-testid="copy-watch"
              >
                {copied === 'watch' ? t('onlineCopied') : t('onlineCopyWatch')}
              </button>
            )}
            <button type="button" onClick={onNewGame}>
              {t('newGame')}
            </button>
          </div>
        </>
      }
    >
      {confirming && (
        <ConfirmResign
          t={t}
          onResign={() => {
            setConfirming(false);
            client.resign();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </GameShell>
  );
}

/** The reason of an outcome in the page's language (the server's English text as a fallback). */
export function outcomeText(
  t: Translate,
  outcome: { reason: string; side: Color | null; winner: Color | null; text: string },
): string {
  const side = outcome.side ? t(outcome.side) : '';
  switch (outcome.reason) {
    case 'noMoves':
      return outcome.winner !== null && outcome.winner === outcome.side
        ? t('reasonNoMovesGiveaway', { color: side })
        : t('reasonNoMoves', { color: side });
    case 'repetition':
      return t('reasonRepetition', { n: /(\d+) times/.exec(outcome.text)?.[1] ?? 3 });
    case 'resignation':
      return t('reasonResign', { color: side });
    case 'timeout':
      return t('onlineReasonTimeout', { color: side });
    case 'agreement':
      return t('onlineReasonAgreement');
    case 'aborted':
      return t('onlineReasonAborted', { color: side });
    case 'abandoned':
      return t('onlineReasonAbandoned', { color: side });
    default:
      return outcome.text;
  }
}
