/**
 * The engine host: answers protocol messages with an `Engine`, independent of the transport.
 * `worker-node.ts` and `worker-browser.ts` only connect it to their platform's message port, so
 * every behaviour is tested once, in-process.
 */
import type { EgdbProber } from './egdb/probe.ts';
import type { OpeningBook } from './book/book.ts';
import { usesBook } from './levels.ts';
import { bookGate } from './book/gate.ts';
import { getVariant, Position, type Move, type Variant } from '@damka/rules';
import { Engine, type SearchInfo } from './engine.ts';
import type { EngineRequest, EngineResponse, WireGame, WireMove } from './protocol.ts';
import type { SearchHelpers } from './threads.ts';

/** Rebuild a game from the wire: the current position and the positions before it. */
export function replayGame(
  game: WireGame,
):
  | { ok: true; variant: Variant; position: Position; history: Position[] }
  | { ok: false; error: string } {
  const variant = getVariant(game.variant, game.options ?? {});
  if (!variant.ok) return { ok: false, error: variant.error };
  let position: Position;
  if (game.fen === undefined) position = Position.start(variant.value);
  else {
    const p = Position.fromFen(variant.value, game.fen);
    if (!p.ok) return { ok: false, error: `bad FEN: ${p.error.message}` };
    position = p.value;
  }
  const history: Position[] = [];
  for (const wire of game.moves ?? []) {
    const move = findMove(position, wire);
    if (!move)
      return { ok: false, error: `illegal move ${wire.from}-${wire.to} at ply ${history.length}` };
    history.push(position);
    position = position.play(move);
  }
  return { ok: true, variant: variant.value, position, history };
}

/**
 * The legal move matching a wire move (captured squares compared as a set when given). A king
 * split and the king's step between the same squares differ only by `split`, so that flag picks
 * between them.
 */
export function findMove(position: Position, wire: WireMove): Move | undefined {
  const split = wire.split === true;
  const candidates = position
    .legalMoves()
    .filter((m) => m.from === wire.from && m.to === wire.to && (m.kind === 'split') === split);
  if (wire.captures === undefined) return candidates.length === 1 ? candidates[0] : undefined;
  const want = [...wire.captures].sort((a, b) => a - b).join(',');
  return candidates.find((m) => [...m.captures].sort((a, b) => a - b).join(',') === want);
}

/** A legal move as sent on the wire (`findMove` reads it back to the same move). */
export function wireMoveOf(move: Move): WireMove {
  if (move.kind === 'split') return { from: move.from, to: move.to, split: true };
  if (move.kind === 'capture') return { from: move.from, to: move.to, captures: move.captures };
  return { from: move.from, to: move.to };
}

/**
 * Create a host that sends its answers through `post`. `egdbFor` gives a variant's endgame
 * databases where the platform can read them (the Node worker: the cache folder), else none.
 * `bookFor` loads a variant's opening book (book/load.ts): the first move asked at a book level
 * (6–8) of a variant waits for its book, and the messages after it wait their turn, so the order
 * of answers is the order of questions. Books are used only after an `init` with `book: true`.
 * `helpersFor` starts helper threads for an engine, where the platform can (Node), when an `init`
 * asks for more than one thread.
 */
export function createEngineHost(
  post: (message: EngineResponse) => void,
  egdbFor?: (variant: Variant) => EgdbProber | undefined,
  bookFor?: (variant: Variant) => Promise<OpeningBook | null>,
  helpersFor?: (
    variant: Variant,
    settings: { threads: number; ttBits: number | undefined; egdb: boolean },
  ) => SearchHelpers,
): {
  handle(message: EngineRequest): void;
} {
  let stopFlag: Int32Array | undefined;
  let seed: number | undefined;
  let ttBits: number | undefined;
  let booksOn = false;
  let threads = 1;
  const helpers: SearchHelpers[] = [];
  const books = new Map<Variant, OpeningBook | null>();
  const engines = new Map<Variant, Engine>();
  const engineFor = (variant: Variant): Engine => {
    let e = engines.get(variant);
    if (!e) {
      const egdb = egdbFor?.(variant) ?? null;
      const h =
        helpersFor && threads > 1
          ? helpersFor(variant, { threads, ttBits, egdb: egdb !== null })
          : undefined;
      if (h) helpers.push(h);
      e = new Engine(variant, {
        ...(seed !== undefined ? { seed } : {}),
        ...(ttBits !== undefined ? { ttBits } : {}),
        ...(h ? { helpers: h } : {}),
        egdb,
      });
      engines.set(variant, e);
    }
    e.setBook(booksOn ? (books.get(variant) ?? null) : null);
    return e;
  };
  const handle = bookGate<EngineRequest>({
    needs: (message) => {
      if (!bookFor || !booksOn || message.type !== 'search') return undefined;
      if (!usesBook(message.level ?? 8)) return undefined;
      const variant = getVariant(message.game.variant, message.game.options ?? {});
      return variant.ok && !books.has(variant.value) ? variant.value : undefined;
    },
    load: (variant) => bookFor!(variant),
    loaded: (variant, book) => books.set(variant, book),
    handle: answer,
  });
  return { handle };

  function answer(message: EngineRequest): void {
    switch (message.type) {
      case 'init':
        stopFlag = message.stopBuffer ? new Int32Array(message.stopBuffer) : undefined;
        seed = message.seed;
        ttBits = message.ttBits;
        booksOn = message.book === true;
        threads = message.threads ?? 1;
        engines.clear();
        for (const h of helpers.splice(0)) void h.close();
        post({ type: 'ready' });
        return;
      case 'new-game':
        for (const e of engines.values()) e.newGame();
        return;
      case 'stop':
        // a search in progress reads the shared flag; nothing is running when this arrives
        return;
      case 'search':
      case 'analyse': {
        const id = message.id;
        try {
          const game = replayGame(message.game);
          if (!game.ok) {
            post({ type: 'error', id, message: game.error });
            return;
          }
          const engine = engineFor(game.variant);
          const onInfo = (info: SearchInfo) => post({ type: 'info', id, info });
          const options = {
            history: game.history,
            ...(message.limits ? { limits: message.limits } : {}),
            ...(message.level !== undefined ? { level: message.level } : {}),
            ...(stopFlag ? { stopFlag } : {}),
            onInfo,
          };
          const result =
            message.type === 'analyse'
              ? engine.analyse(game.position, options)
              : engine.search(game.position, options);
          if (stopFlag) Atomics.store(stopFlag, 0, 0);
          post({ type: 'result', id, result });
        } catch (e) {
          post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
        }
        return;
      }
    }
  }
}
