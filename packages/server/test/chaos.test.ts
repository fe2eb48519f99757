/**
 * Two nodes on Postgres and Redis under races and kills — what a load balancer in front of
 * several nodes makes happen:
 *
 * - the same seat, connected through both nodes (two tabs), sends two different moves for the
 *   same ply at once, 50 times: one is recorded, the other is refused `stalePly` with a fresh
 *   `welcome`, and after each race both nodes' views (their spectators and their HTTP answers),
 *   the database and the rules agree;
 * - a node stops right after a commit and before publishing it (a failpoint, honoured only with
 *   NODE_ENV=test), then is killed: the other node's clients still receive the move within 1 s;
 * - ten games played to 200 plies each while either node is killed with SIGKILL at random and
 *   restarted: no acknowledged move is lost, every client holds what the database holds, and every
 *   stored game replays under the rules.
 *
 * Each test uses its own Postgres schema (and so its own Redis channel), dropped afterwards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Position, formatMove, getVariant, parseMove } from '@damka/rules';
import type { Action, OnlineClient, ServerMessage } from '@damka/protocol';
import { dropSchema } from '../src/postgres-store.ts';
import { openStore, type Store } from '../src/store.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  freePort,
  kill,
  rawSocket,
  seeded,
  spawnServer,
  stopClients,
  until,
  type RawSocket,
  type ServerProcess,
} from './helpers.ts';

const international = (() => {
  const variant = getVariant('international', {});
  if (!variant.ok) throw new Error(variant.error);
  return variant.value;
})();

/** The position after `actions` (moves only), or an error naming the first that does not replay. */
function replay(actions: readonly Action[]): Position {
  let position = Position.start(international);
  for (const action of actions) {
    assert.equal(action.kind, 'move');
    const move = parseMove(position, action.text);
    if (!move.ok) throw new Error(`action ${action.ply} (${action.text}) does not replay`);
    position = position.play(move.value);
  }
  return position;
}

/** The actions a raw socket holds, from the welcomes and `played` messages it received. */
function viewOf(socket: RawSocket): Action[] {
  let actions: Action[] = [];
  for (const m of socket.messages) {
    if (m.type === 'welcome') actions = [...actions.slice(0, m.from), ...m.actions];
    else if (m.type === 'played' && m.action.ply === actions.length) actions.push(m.action);
  }
  return actions;
}

interface Cluster {
  readonly schema: string;
  readonly store: Store;
  readonly nodes: ServerProcess[];
  readonly ports: number[];
  env(i: number): Record<string, string>;
  ws(i: number): string;
  close(): Promise<void>;
}

/** Two nodes sharing a fresh schema; `extra[i]` adds to node i's environment. */
async function cluster(extra: Array<Record<string, string>> = [{}, {}]): Promise<Cluster> {
  const schema = `damka_chaos_${process.pid}_${randomBytes(3).toString('hex')}`;
  const common = { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, DATABASE_POOL: '4' };
  const ports = [await freePort(), await freePort()];
  const env = (i: number) => ({ ...common, NODE_ID: `n${i}`, ...extra[i] });
  const nodes: ServerProcess[] = [];
  const store = await openStore({ databaseUrl: PG_URL, schema, poolSize: 2 });
  try {
    for (const i of [0, 1]) nodes.push(await spawnServer(ports[i]!, env(i)));
  } catch (e) {
    for (const node of nodes) await kill(node.child);
    await store.close();
    await dropSchema(PG_URL, schema);
    throw e;
  }
  return {
    schema,
    store,
    nodes,
    ports,
    env,
    ws: (i) => `ws://127.0.0.1:${ports[i]}/api/ws`,
    async close() {
      stopClients();
      for (const node of nodes) await kill(node.child);
      await store.close();
      await dropSchema(PG_URL, schema);
    },
  };
}

/** GET /api/games/:id on a node. */
async function fetchGame(url: string, id: string): Promise<{ actions: Action[] }> {
  const response = await fetch(`${url}/api/games/${id}`);
  assert.equal(response.status, 200, `GET on ${url}: ${response.status}`);
  return (await response.json()) as { actions: Action[] };
}

const hello = (game: string, token?: string) => ({
  type: 'hello',
  v: 1,
  game,
  ...(token ? { token } : {}),
  since: 0,
});

test('the same seat on both nodes races 50 times: one move is recorded, the other is stalePly, and all views agree', async () => {
  const c = await cluster();
  try {
    const random = seeded(14);
    let races = 0;
    const games: string[] = [];
    while (races < 50) {
      const game = await createGame(c.nodes[0]!.url, { variant: 'international' });
      const id = game.gameId;
      games.push(id);
      // White in two tabs, one on each node; Black and a spectator on each node
      const tabs = [await rawSocket(c.ws(0)), await rawSocket(c.ws(1))];
      for (const tab of tabs) tab.send(hello(id, game.white.token));
      const black = connect([c.ws(1), c.ws(0)], id, game.black.token);
      const watchers = [connect(c.ws(0), id), connect(c.ws(1), id)];
      for (const tab of tabs) await tab.next((m) => m.type === 'welcome');
      await until(() => black.seat !== null && watchers.every((w) => w.seat !== null), 'seats');

      let ply = 0;
      while (races < 50 && !black.over) {
        const position = replay((await c.store.actions(id)).slice(0, ply));
        const moves = position.legalMoves();
        if (moves.length < 2) break; // no race possible here: a new game
        const first = Math.floor(random() * moves.length);
        const second = (first + 1 + Math.floor(random() * (moves.length - 1))) % moves.length;
        const texts = [first, second].map((i) => formatMove(position, moves[i]!));
        const before = tabs.map((t) => t.messages.length);
        tabs[0]!.send({ type: 'move', ply, move: texts[0] });
        tabs[1]!.send({ type: 'move', ply, move: texts[1] });
        const answers = await Promise.all(
          tabs.map((tab, i) =>
            tab.next(
              (m) =>
                tab.messages.indexOf(m) >= before[i]! &&
                (m.type === 'ack' || (m.type === 'error' && m.code !== undefined)),
            ),
          ),
        );
        const acked = answers.findIndex((m) => m.type === 'ack');
        const refused = 1 - acked;
        assert.ok(
          acked >= 0,
          `race ${races}: no move was acknowledged: ${JSON.stringify(answers)}`,
        );
        const refusal = answers[refused]!;
        assert.ok(
          refusal.type === 'error' && refusal.code === 'stalePly' && refusal.expected === ply + 1,
          `race ${races}: the other move got ${JSON.stringify(refusal)}`,
        );
        const ack = answers[acked] as Extract<ServerMessage, { type: 'ack' }>;
        assert.equal(ack.action.text, texts[acked]);
        // the refused tab is sent a fresh welcome holding the recorded move
        const loser = tabs[refused]!;
        const welcome = await loser.next(
          (m) =>
            loser.messages.indexOf(m) > loser.messages.indexOf(refusal) && m.type === 'welcome',
        );
        assert.ok(welcome.type === 'welcome' && welcome.state.ply === ply + 1);
        ply++;
        races++;
        await agree(c, id, ply, tabs, [black, ...watchers], `race ${races}`);

        // Black answers through its own node
        const after = replay(await c.store.actions(id));
        const replies = after.legalMoves();
        if (replies.length === 0) break;
        await black.move(formatMove(after, replies[Math.floor(random() * replies.length)]!));
        ply++;
        await agree(c, id, ply, tabs, [black, ...watchers], `Black's reply after race ${races}`);
        if (black.over) break;
      }
      for (const tab of tabs) tab.ws.close();
      stopClients();
    }
    // every game of the test, as stored and as each node serves it, replays under the rules
    for (const id of games) {
      const stored = await c.store.actions(id);
      replay(stored);
      for (const node of c.nodes) assert.deepEqual((await fetchGame(node.url, id)).actions, stored);
    }
  } finally {
    await c.close();
  }
});

/**
 * Wait until every client and both nodes hold the `ply` actions the database holds, and check
 * that they replay under the rules.
 */
async function agree(
  c: Cluster,
  id: string,
  ply: number,
  tabs: readonly RawSocket[],
  clients: readonly OnlineClient[],
  what: string,
): Promise<void> {
  const stored = await c.store.actions(id);
  assert.equal(stored.length, ply, `${what}: the database holds ${stored.length} actions`);
  replay(stored);
  const same = (actions: readonly Action[]) => JSON.stringify(actions) === JSON.stringify(stored);
  await until(
    () => tabs.every((t) => same(viewOf(t))) && clients.every((cl) => same(cl.actions)),
    `${what}: every client holds the database's ${ply} actions`,
    5000,
  );
  for (const node of c.nodes) {
    assert.deepEqual((await fetchGame(node.url, id)).actions, stored, `${what}: ${node.url}`);
    const pdn = await fetch(`${node.url}/api/games/${id}/pdn`);
    assert.equal(pdn.status, 200, `${what}: PDN from ${node.url}`);
    await pdn.text();
  }
}

/** The state letter of a process (`T` when stopped), from /proc. */
function processState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
}

test('a node that stops between its commit and its publish: the other node delivers the move within 1 s', async () => {
  const FAIL_AT = 4;
  const c = await cluster([
    { NODE_ENV: 'test', DAMKA_FAILPOINT: `stop-after-commit:${FAIL_AT}` },
    {},
  ]);
  try {
    const game = await createGame(c.nodes[1]!.url, { variant: 'international' });
    const id = game.gameId;
    const received = new Map<OnlineClient, Map<number, number>>();
    const track = () => {
      const times = new Map<number, number>();
      return {
        times,
        onMessage: (m: ServerMessage) => {
          const now = Date.now();
          if (m.type === 'played') times.set(m.action.ply, now);
          if (m.type === 'welcome')
            for (const a of m.actions) if (!times.has(a.ply)) times.set(a.ply, now);
        },
      };
    };
    const blackTrack = track();
    const watcherTrack = track();
    const white = connect([c.ws(0), c.ws(1)], id, game.white.token, { maxDelay: 200 });
    const black = connect([c.ws(1)], id, game.black.token, { onMessage: blackTrack.onMessage });
    const watcher = connect([c.ws(1)], id, undefined, { onMessage: watcherTrack.onMessage });
    received.set(black, blackTrack.times).set(watcher, watcherTrack.times);
    await until(() => [white, black, watcher].every((x) => x.seat !== null), 'seats');
    const random = seeded(7);
    const pick = (client: OnlineClient) => {
      const position = replay(client.actions);
      const moves = position.legalMoves();
      return formatMove(position, moves[Math.floor(random() * moves.length)]!);
    };
    for (let ply = 0; ply < FAIL_AT; ply++) {
      const mover = ply % 2 === 0 ? white : black;
      await until(() => mover.ply === ply, `the mover at ply ${ply}`);
      await mover.move(pick(mover));
    }
    await until(() => white.ply === FAIL_AT && black.ply === FAIL_AT, 'both at the failpoint ply');
    const pending = white.move(pick(white));
    // node 0 commits, then stops itself before applying or publishing the move
    const a = c.nodes[0]!;
    await until(
      () => processState(a.child.pid!) === 'T',
      'node 0 stopped by the failpoint',
      10_000,
    );
    const stored = await c.store.actions(id);
    assert.equal(stored.length, FAIL_AT + 1, 'the move was committed before the node stopped');
    const action = stored[FAIL_AT]!;
    await until(
      () => black.ply === FAIL_AT + 1 && watcher.ply === FAIL_AT + 1,
      'the other node delivers the move',
      5000,
    );
    for (const [client, times] of received) {
      const delay = times.get(FAIL_AT)! - action.at;
      assert.ok(delay < 1000, `${client.seat} received the move ${delay} ms after it was recorded`);
      assert.deepEqual(client.actions, stored);
    }
    await kill(a.child);
    // White's client reconnects to node 1 and is acknowledged the move it had sent
    assert.deepEqual(await pending, action);
    await black.move(pick(black));
    await until(() => white.ply === FAIL_AT + 2 && watcher.ply === FAIL_AT + 2, 'the game goes on');
    assert.deepEqual(white.actions, await c.store.actions(id));
  } finally {
    await c.close();
  }
});

test('ten games to 200 plies while either node is killed at random: no acknowledged move lost', async (t) => {
  const c = await cluster();
  const GAMES = 10;
  const PLIES = 200;
  const KILL_EVERY = 300;
  let done = false;
  let progress = 0;
  const kills: string[] = [];
  /**
   * Every `KILL_EVERY` acknowledged moves (over all games), kill a random node a random few
   * milliseconds later (often with moves in flight), and restart it on its port. The games wait
   * for the killer when it falls behind (a restart takes seconds on a busy machine), so every run
   * has the same number of kills.
   */
  const killer = (async () => {
    const random = seeded(1414);
    for (let next = KILL_EVERY; !done; next += KILL_EVERY) {
      await until(() => done || progress >= next, 'progress', 600_000);
      await new Promise((r) => setTimeout(r, random() * 30));
      if (done) break;
      const i = random() < 0.5 ? 0 : 1;
      await kill(c.nodes[i]!.child);
      kills.push(`n${i}`);
      c.nodes[i] = await spawnServer(c.ports[i]!, c.env(i));
    }
  })();
  try {
    const played: Array<{ id: string; acked: Action[]; clients: OnlineClient[] }> = [];
    const slot = async (index: number) => {
      const random = seeded(100 + index);
      let plies = 0;
      while (plies < PLIES) {
        let game;
        for (let attempt = 0; !game; attempt++) {
          try {
            game = await createGame(c.nodes[(index + attempt) % 2]!.url, {
              variant: 'international',
            });
          } catch (e) {
            if (attempt > 50) throw e;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        const order = index % 2 === 0 ? [c.ws(0), c.ws(1)] : [c.ws(1), c.ws(0)];
        const white = connect(order, game.gameId, game.white.token, { maxDelay: 200 });
        const black = connect([...order].reverse(), game.gameId, game.black.token, {
          maxDelay: 200,
        });
        const record = { id: game.gameId, acked: [] as Action[], clients: [white, black] };
        played.push(record);
        for (let ply = 0; plies < PLIES; ply++) {
          await until(
            () => white.ply === ply && black.ply === ply,
            `game ${index}: both clients at ply ${ply}`,
            30_000,
          );
          const position = replay(white.actions);
          const moves = position.legalMoves();
          if (moves.length === 0 || white.over || black.over) break;
          const mover = ply % 2 === 0 ? white : black;
          await until(
            () => progress < (kills.length + 1) * KILL_EVERY + KILL_EVERY / 2,
            'the killer',
            120_000,
          );
          const action = await mover.move(
            formatMove(position, moves[Math.floor(random() * moves.length)]!),
          );
          assert.equal(action.ply, ply);
          record.acked.push(action);
          plies++;
          progress++;
        }
      }
    };
    await Promise.all(Array.from({ length: GAMES }, (_, i) => slot(i)));
    done = true;
    await killer;
    assert.ok(kills.length >= 6, `nodes were killed ${kills.length} times`);
    const moves = played.reduce((n, g) => n + g.acked.length, 0);
    t.diagnostic(`${played.length} games, ${moves} acknowledged moves, ${kills.length} kills`);
    for (const game of played) {
      const stored = await c.store.actions(game.id);
      replay(stored);
      for (const action of game.acked) assert.deepEqual(stored[action.ply], action);
      const same = (client: OnlineClient) =>
        JSON.stringify(client.actions) === JSON.stringify(stored);
      await until(() => game.clients.every(same), `game ${game.id}: clients hold the database`);
    }
  } finally {
    done = true;
    await killer.catch(() => {});
    await c.close();
  }
});

test('draw offers crossing on the two nodes make a draw, ten times out of ten', async () => {
  const c = await cluster();
  try {
    for (let race = 0; race < 10; race++) {
      const game = await createGame(c.nodes[0]!.url, { variant: 'international' });
      const id = game.gameId;
      const white = connect(c.ws(0), id, game.white.token);
      const black = connect(c.ws(1), id, game.black.token);
      await until(() => white.state !== null && black.state !== null, `race ${race}: seats`);
      white.draw('offer');
      black.draw('offer');
      // each offer finds the other standing, or loses its write to it and is judged again
      await until(
        () => white.state?.outcome != null && black.state?.outcome != null,
        `race ${race}: the game ends (white sees offer ${white.state?.drawOffer}, black ${black.state?.drawOffer})`,
        5000,
      );
      for (const client of [white, black]) {
        assert.equal(client.state!.outcome!.reason, 'agreement', `race ${race}`);
        assert.equal(client.state!.outcome!.winner, null);
      }
      assert.equal(white.lastError, null, `race ${race}: white ${JSON.stringify(white.lastError)}`);
      assert.equal(black.lastError, null, `race ${race}: black ${JSON.stringify(black.lastError)}`);
      stopClients();
    }
  } finally {
    await c.close();
  }
});
