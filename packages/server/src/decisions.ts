/**
 * The requests of a game that are not actions: resignation, draw offers, abort, claims of an
 * abandoned game, and rematches. Each runs in the game's queue and commits its change through the
 * service (`GameService.change`, or the rematch's own write), judged again after a lost race.
 */
import type { Color } from '@damka/rules';
import { ABORT_BEFORE_PLY, type OutcomeInfo, type Seat } from '@damka/protocol';
import { capitalized, type LiveGame } from './live.ts';
import { hashSecret, rematchSecret } from './secrets.ts';
import { endedStatus, fail, type Failure, type GameService, type Outcome } from './service.ts';
import type { GameStatus } from './records.ts';

const MAX_ATTEMPTS = 5;

/** `seat` resigns. */
export function resign(service: GameService, id: string, seat: Seat): Promise<Outcome<object>> {
  if (seat === 'spectator') return Promise.resolve(fail('spectator', 'spectators cannot resign'));
  return inGame(service, id, (live) =>
    end(service, live, (current) => current.endOutcome({ kind: 'resign', color: seat })),
  );
}

/** Offer, accept or decline a draw. */
export function draw(
  service: GameService,
  id: string,
  seat: Seat,
  what: 'offer' | 'accept' | 'decline',
): Promise<Outcome<object>> {
  if (seat === 'spectator') {
    return Promise.resolve(fail('spectator', 'spectators cannot offer draws'));
  }
  return inGame(service, id, async (live) => {
    const other: Color = seat === 'white' ? 'black' : 'white';
    const standing = live.status.drawOffer;
    if (live.status.outcome) return fail('gameOver', 'the game is over');
    // a flag that has fallen ends the game before any offer counts, as it does before a move
    if (live.flagFallen(service.now())) {
      await service.flag(live);
      return fail('gameOver', 'the game is over: a flag has fallen');
    }
    if (what === 'decline') {
      if (standing !== other) return fail('noDrawOffer', 'there is no draw offer to decline');
      return service.change(live, (status) => ({ ...status, drawOffer: null }));
    }
    if (what === 'accept' && standing !== other) {
      return fail('noDrawOffer', 'there is no draw offer to accept');
    }
    if (what === 'offer' && standing === seat) return { ok: true };
    // an acceptance, or an offer (which accepts one the opponent has standing): judged on the
    // status each write attempt sees, so that two offers crossing on different nodes make a draw
    // rather than the later one replacing the earlier
    return settle(service, live, (status, current) => {
      if (status.drawOffer === other) return { outcome: current.endOutcome({ kind: 'agreement' }) };
      if (what === 'accept') return fail('noDrawOffer', 'the draw offer was withdrawn');
      return { status: { ...status, drawOffer: seat } };
    });
  });
}

/** `seat` aborts the game: it ends without a result, only before `ABORT_BEFORE_PLY` actions. */
export function abort(service: GameService, id: string, seat: Seat): Promise<Outcome<object>> {
  if (seat === 'spectator') {
    return Promise.resolve(fail('spectator', 'spectators cannot abort games'));
  }
  return inGame(service, id, (live) =>
    end(service, live, (current) =>
      current.ply >= ABORT_BEFORE_PLY
        ? fail('cannotAbort', `a game can be aborted only before ${ABORT_BEFORE_PLY} moves`)
        : {
            winner: null,
            reason: 'aborted',
            side: seat,
            text: `Aborted by ${capitalized(seat)}: no result`,
          },
    ),
  );
}

/**
 * `seat` claims the win or a draw because the opponent has had no connection to the game for
 * `claimAfterMs` (at least, as this node knows: a player this node has not seen leave counts from
 * when the claimant arrived). Refused while Redis does not answer (other nodes' players are then
 * unknown here) and when the opponent has played since their absence began. A game that has
 * hardly begun is aborted instead.
 */
export function claim(
  service: GameService,
  id: string,
  seat: Seat,
  result: 'win' | 'draw',
): Promise<Outcome<object>> {
  if (seat === 'spectator') return Promise.resolve(fail('spectator', 'spectators cannot claim'));
  const other: Color = seat === 'white' ? 'black' : 'white';
  return inGame(service, id, (live) =>
    end(service, live, (current) => {
      if (current.ply < ABORT_BEFORE_PLY) {
        return fail('cannotClaim', 'the game has hardly begun: abort it instead');
      }
      if (service.hub.shared && !service.hub.redisAnswering) {
        // without Redis this node hears no arrival or departure on the other nodes
        return fail('cannotClaim', 'the server cannot tell now whether your opponent is here');
      }
      const since = service.absent(id)[other];
      if (since === null) return fail('cannotClaim', 'your opponent is connected');
      // a player moves only through a connection: one who moved since is not gone, whatever
      // this node was told (or not told) about the nodes it cannot hear
      const moved = current.actions.some((a) => a.color === other && a.at >= since);
      if (moved) return fail('cannotClaim', 'your opponent has played since: they are here');
      const now = service.now();
      const wait = since + service.claimAfterMs - now;
      if (wait > 0) {
        return fail(
          'cannotClaim',
          `your opponent left ${Math.round((now - since) / 1000)} s ago: you may claim in ${Math.ceil(wait / 1000)} s`,
        );
      }
      const left = `${capitalized(other)} left the game`;
      return result === 'win'
        ? {
            winner: seat,
            reason: 'abandoned',
            side: other,
            text: `${capitalized(seat)} wins: ${left}`,
          }
        : { winner: null, reason: 'abandoned', side: other, text: `Draw: ${left}` };
    }),
  );
}

/** Ask for a rematch; when both players have, the new game is created (colours swapped). */
export function rematch(
  service: GameService,
  id: string,
  seat: Seat,
  token: string | undefined,
): Promise<Outcome<object>> {
  if (seat === 'spectator' || token === undefined) {
    return Promise.resolve(fail('spectator', 'spectators cannot ask for a rematch'));
  }
  return inGame(service, id, async (first) => {
    let live: LiveGame | null = first;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && live; attempt++) {
      const status = live.status;
      if (!status.outcome) return fail('notOver', 'a rematch can be asked only after the end');
      if (status.rematchGame) return { ok: true };
      const asked = hashSecret(rematchSecret(token, id));
      let next = {
        ...status,
        ...(seat === 'white'
          ? { rematchWhite: true, rematchWhiteHash: asked }
          : { rematchBlack: true, rematchBlackHash: asked }),
        version: status.version + 1,
      };
      let written: boolean;
      if (next.rematchWhite && next.rematchBlack) {
        const info = live.info;
        const built = service.newGame(
          {
            variant: info.variant,
            options: info.options,
            ...(info.fen ? { fen: info.fen } : {}),
            clock: info.clock,
          },
          id,
        );
        if (!built.ok) return built;
        // the old White plays Black: each seat opens with the secret its player derives
        const fresh = {
          ...built.record,
          setup: {
            ...built.record.setup,
            whiteHash: next.rematchBlackHash!,
            blackHash: next.rematchWhiteHash!,
          },
        };
        next = { ...next, rematchGame: fresh.setup.id };
        written = await service.store.insertRematch(id, status.version, next, fresh);
      } else {
        written = await service.store.updateStatus(id, status.version, next);
      }
      if (written) {
        service.commit(live, { game: id, status: next, action: null });
        return { ok: true };
      }
      live = await service.cache.catchUp(live);
    }
    return fail('internal', 'the game is busy: try again');
  });
}

/** Run `task` on the game as stored now, in the game's queue. */
function inGame<T extends object>(
  service: GameService,
  id: string,
  task: (live: LiveGame) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  return service.cache.serial(id, async () => {
    const live = await service.cache.current(id);
    if (!live) return fail('notFound', 'there is no such game');
    return task(live);
  });
}

/** End the game with an outcome computed from the current state (resignation, agreement…). */
function end(
  service: GameService,
  live: LiveGame,
  outcome: (live: LiveGame) => OutcomeInfo | Failure,
): Promise<Outcome<object>> {
  return settle(service, live, (_status, current) => {
    const decided = outcome(current);
    return 'ok' in decided ? decided : { outcome: decided };
  });
}

/**
 * Commit what `decide` makes of the game's current state, judged again after each lost race: an
 * outcome ends the game, a status is written as it is, a failure gives up. A game already over
 * refuses, and a flag that has fallen ends it on time first.
 */
async function settle(
  service: GameService,
  live: LiveGame,
  decide: (
    status: GameStatus,
    live: LiveGame,
  ) => { outcome: OutcomeInfo } | { status: GameStatus } | Failure,
): Promise<Outcome<object>> {
  const result = await service.change(live, (status, current) => {
    if (status.outcome) return fail('gameOver', 'the game is over');
    const now = service.now();
    if (current.flagFallen(now)) return endedStatus(status, current, current.timeoutOutcome(), now);
    const decided = decide(status, current);
    if ('ok' in decided) return decided;
    return 'outcome' in decided
      ? endedStatus(status, current, decided.outcome, now)
      : decided.status;
  });
  return result.ok ? { ok: true } : result;
}
