/**
 * Matches: a short match against `damka hub` run as an external Hub engine (the path Scan takes),
 * the first Hub protocol (Scan 2.0) spoken to a small fake engine, king splits across the wire,
 * the biggest-capture player, a failing player forfeiting instead of crashing the match, and a
 * stop signal ending it at once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import {
  Game,
  Position,
  parseMove,
  parsePdn,
  sameMove,
  variantOrThrow,
  type Move,
} from '@damka/rules';
import { HubClient, findMove, firstHubLimitLines, wireMoveOf } from '../src/index.ts';
import {
  addThinkTimes,
  balancedOpenings,
  biggestCapturePlayer,
  damkaPlayer,
  formatScore,
  hubPlayer,
  playMatchGame,
  progressBar,
  runMatch,
  type MatchPlayer,
} from '../src/match.ts';
import { randomPositions } from './helpers.ts';

const ENGINE_INDEX = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HUB_SCRIPT =
  `import { runHubEngine } from ${JSON.stringify(ENGINE_INDEX)};` +
  `await runHubEngine({ input: process.stdin, output: process.stdout, seed: 1 });`;
const HUB_ARGS = ['--import', 'tsx', '--input-type=module', '-e', HUB_SCRIPT];

function position(variant: ReturnType<typeof variantOrThrow>, fen: string): Position {
  const p = Position.fromFen(variant, fen);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

test('the progress bar stays whole past its total and before its start', () => {
  assert.equal(progressBar(5, 20), '[#####---------------] 5/20');
  assert.equal(progressBar(309, 300), '[####################] 309/300');
  assert.equal(progressBar(-1, 300), '[--------------------] -1/300');
  assert.equal(progressBar(3, 0), '[--------------------] 3/0');
});

test('a two-game International match against damka hub as an external engine', async () => {
  const variant = variantOrThrow('international');
  const lines: string[] = [];
  const opponent = hubPlayer({
    command: process.execPath,
    args: HUB_ARGS,
    cwd: ROOT,
    params: { strength: 1 },
    timeout: 30_000,
    limits: { depth: 1 },
    onLine: (direction, line) => lines.push(`${direction} ${line}`),
  });
  const progress: string[] = [];
  const report = await runMatch({
    variant,
    games: 2,
    player: damkaPlayer({ level: 8, limits: { depth: 3 }, seed: 1 }),
    opponent,
    openings: balancedOpenings(variant, 1, { depth: 2 }),
    onGame: (g, i) => progress.push(`${progressBar(i + 1, 2)} ${g.score}`),
  });
  assert.equal(report.games.length, 2);
  assert.equal(report.wins + report.draws + report.losses, 2);
  assert.equal(report.aborted, undefined);
  // the same opening with each colour
  assert.deepEqual(
    report.games.map((g) => g.playerColor),
    ['white', 'black'],
  );
  assert.equal(report.games[0]!.opening, report.games[1]!.opening);
  // every game ended by the rules (or the cap), never by a failing player
  for (const g of report.games) assert.doesNotMatch(g.reason, /failed/);
  assert.match(progress[1]!, /^\[#{20}\] 2\/2/);
  assert.ok(lines.includes('> set-param name=variant value=international'));
  assert.ok(lines.some((l) => l.startsWith('> go think')));
  const parsed = parsePdn(report.pdn);
  assert.equal(parsed.games.length, 2);
  assert.ok(parsed.games.every((g) => g.ok));
  assert.match(formatScore(report), /^\+\d =\d -\d: \d+\.\d%, Elo /);
  // the engine process was ended by the match
  assert.ok(lines.includes('> quit'));
});

test('the first Hub protocol (Scan 2.0): detected at the handshake, moves and limits sent', async () => {
  // a fake Scan 2.0: answers `go` with the first move it is given or 32-28 at the start
  const script =
    `const rl = (await import('node:readline')).createInterface({ input: process.stdin });` +
    `const say = (s) => process.stdout.write(s + '\\n'); let moves = [];` +
    `say('Scan 2.0 by Fabien Letouzey');` +
    `rl.on('line', (line) => { const [cmd, arg] = line.split(' ');` +
    ` if (cmd === 'hub') { say('name Fake 2.0'); say('author Someone'); say('wait'); }` +
    ` if (cmd === 'init') { say('init eval'); say('ready'); }` +
    ` if (cmd === 'pos') moves = [];` +
    ` if (cmd === 'move') moves.push(arg);` +
    ` if (cmd === 'ping') say('pong');` +
    ` if (cmd === 'go') { say('info 3 2.5 -12 1500 0.01 0.2 19-23 32-28');` +
    `   say(moves.length === 0 ? 'move 32-28 19-23' : moves.length === 1 ? 'move 19-23' : 'move 28x19x23'); }` +
    ` if (cmd === 'quit') process.exit(0); });`;
  const lines: string[] = [];
  const client = await HubClient.start({
    command: process.execPath,
    args: ['--input-type=module', '-e', script],
    params: { 'tt-size': 18 },
    timeout: 5000,
    onLine: (direction, line) => lines.push(`${direction} ${line}`),
  });
  try {
    assert.equal(client.dialect, 'hub1');
    assert.equal(client.id.name, 'Fake 2.0');
    assert.ok(lines.includes('> set tt-size 18'));
    const variant = variantOrThrow('international');
    const start = Position.start(variant);
    client.newGame();
    assert.ok(lines.includes('> new'));
    const first = await client.think(start, [], { moveTime: 100 });
    assert.equal(first.text, '32-28');
    assert.equal(first.ponder, '19-23');
    assert.deepEqual(first.info[0], {
      depth: 3,
      score: -12,
      nodes: 1500,
      time: 0.01,
      nps: 200_000,
      pv: '19-23 32-28',
    });
    const after = start.play(first.move);
    const second = await client.think(start, [first.move], { depth: 5 });
    const third = await client.think(start, [first.move, second.move], { moveTime: 250 });
    assert.equal(third.move.kind, 'capture');
    assert.ok(
      after
        .play(second.move)
        .legalMoves()
        .some((m) => sameMove(m, third.move)),
    );
    // position first (lower-case side), then the moves, then the limits, then go
    const sent = lines.filter((l) => l.startsWith('>')).slice(-5);
    assert.deepEqual(sent, [
      `> pos w${'b'.repeat(20)}${'e'.repeat(10)}${'w'.repeat(20)}`,
      '> move 32-28',
      '> move 19-23',
      '> time 250',
      '> go',
    ]);
    await client.ping();
    // the first protocol knows 10x10 boards only
    const english = Position.start(variantOrThrow('english'));
    await assert.rejects(client.think(english, [], { depth: 1 }), /10x10 boards only/);
  } finally {
    assert.equal(await client.close(), 0);
  }
  assert.deepEqual(firstHubLimitLines({ clock: { time: 60000, increment: 1000 } }), [
    'level 0 60000 1000',
  ]);
});

test('a king split crosses the wire: findMove tells it from the king step', () => {
  const variant = variantOrThrow('international', { kingSplit: true });
  const p = position(variant, 'W:WK28:B5');
  const splits = p.legalMoves().filter((m) => m.kind === 'split');
  assert.ok(splits.length > 0);
  for (const split of splits) {
    assert.equal(findMove(p, wireMoveOf(split)), split);
    const step = p.legalMoves().find((m) => m.kind === 'step' && m.to === split.to)!;
    assert.equal(findMove(p, wireMoveOf(step)), step);
    assert.equal(findMove(p, { from: split.from, to: split.to })?.kind, 'step');
  }
});

test('damka hub plays on after a king split among the moves', async () => {
  const variant = variantOrThrow('international', { kingSplit: true });
  const start = position(variant, 'W:WK28,45:B5,9');
  const split = start.legalMoves().find((m) => m.kind === 'split')!;
  const client = await HubClient.start({
    command: process.execPath,
    args: HUB_ARGS,
    cwd: ROOT,
    params: { variant: 'international', options: 'kingSplit=true' },
    timeout: 30_000,
  });
  try {
    const answer = await client.think(start, [split], { depth: 2 });
    const after = start.play(split);
    assert.ok(
      after.legalMoves().some((m) => sameMove(m, answer.move)),
      answer.text,
    );
  } finally {
    await client.close();
  }
});

test('the biggest-capture player takes the most pieces, else moves at random', () => {
  // Russian lets a player choose a shorter capture, so the player itself must pick the biggest
  const variant = variantOrThrow('russian');
  const mixed = randomPositions(variant, 3000, 5, 80).filter(({ position }) => {
    const sizes = new Set(position.legalMoves().map((m) => m.captures.length));
    return sizes.size > 1 && !sizes.has(0);
  });
  assert.ok(mixed.length > 0, 'positions offering captures of different sizes');
  const player = biggestCapturePlayer(7);
  for (const { position: p, history } of mixed.slice(0, 10)) {
    const legal = p.legalMoves();
    const most = Math.max(...legal.map((m) => m.captures.length));
    const m = player.move({ start: p, moves: [], position: p, history, legal }) as Move;
    assert.equal(m.captures.length, most);
  }
  const start = Position.start(variant);
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const m = player.move({
      start,
      moves: [],
      position: start,
      history: [],
      legal: start.legalMoves(),
    }) as Move;
    seen.add(`${m.from}-${m.to}`);
  }
  assert.ok(seen.size > 3, 'random among the quiet moves');
});

test('a failing player loses its game; failing twice in a row ends the match', async () => {
  const variant = variantOrThrow('english');
  let closed = 0;
  const broken: MatchPlayer = {
    name: 'broken',
    move() {
      throw new Error('no idea');
    },
    close() {
      closed++;
    },
  };
  const report = await runMatch({
    variant,
    games: 6,
    player: damkaPlayer({ level: 8, limits: { depth: 1 } }),
    opponent: broken,
    openings: [[]],
  });
  assert.equal(report.games.length, 2);
  assert.equal(report.wins, 2);
  assert.match(report.games[0]!.reason, /broken failed: no idea/);
  assert.match(report.aborted ?? '', /stopped after game 2: .*failed twice in a row/);
  assert.equal(closed, 1);
  // forfeits, not results: no Elo from games the opponent never played
  assert.deepEqual(report.forfeits, { won: 2, lost: 0 });
  assert.ok(Number.isNaN(report.elo.elo));
  assert.equal(formatScore(report), 'no game played out, no Elo; forfeits +2 -0 (a side failed)');
});

test('a single failure among normal games is a forfeit apart; the match goes on', async () => {
  const variant = variantOrThrow('english');
  const quick = biggestCapturePlayer(3);
  let games = 0;
  const onceBroken: MatchPlayer = {
    name: 'once broken',
    newGame: () => void games++,
    move(turn) {
      if (games === 2) throw new Error('crashed');
      return quick.move(turn);
    },
  };
  const report = await runMatch({
    variant,
    games: 4,
    player: damkaPlayer({ level: 8, limits: { depth: 2 } }),
    opponent: onceBroken,
    openings: [[]],
    maxPlies: 60,
  });
  assert.equal(report.games.length, 4);
  assert.equal(report.aborted, undefined);
  assert.deepEqual(report.forfeits, { won: 1, lost: 0 });
  assert.equal(report.games[1]!.failed, 'opponent');
  assert.ok(report.games.filter((g) => g !== report.games[1]).every((g) => !g.failed));
  assert.match(
    formatScore(report),
    /^\+\d =\d -\d over 3 games played out: \d+\.\d%, Elo \S+ \(95%: \S+ to \S+\); forfeits \+1 -0 \(a side failed\)$/,
  );
});

test('a player that cannot start the first game ends the match with no game counted', async () => {
  const variant = variantOrThrow('english');
  for (const side of ['player', 'opponent'] as const) {
    const unstartable: MatchPlayer = {
      name: 'unstartable',
      newGame() {
        throw new Error('spawn /no/such/engine ENOENT');
      },
      move() {
        throw new Error('never asked');
      },
    };
    const damka = damkaPlayer({ level: 8, limits: { depth: 1 } });
    const report = await runMatch({
      variant,
      games: 1,
      player: side === 'player' ? unstartable : damka,
      opponent: side === 'opponent' ? unstartable : damka,
      openings: [[]],
    });
    assert.equal(report.games.length, 0, side);
    assert.equal(report.wins + report.losses + report.draws, 0, side);
    assert.match(report.aborted ?? '', /not started: unstartable failed: spawn/, side);
  }
});

test('a stop signal ends the match at once, even while a player thinks; the game in hand is not counted', async () => {
  const variant = variantOrThrow('english');
  const controller = new AbortController();
  const quick = biggestCapturePlayer(1);
  let games = 0;
  let closed = 0;
  let asked = 0;
  // the second game's third move never comes: the stop must not wait for it
  const thinker: MatchPlayer = {
    name: 'thinker',
    newGame: () => void games++,
    move(turn) {
      if (games === 2 && ++asked === 3) {
        setTimeout(() => controller.abort(), 10);
        return new Promise<Move>(() => {});
      }
      return quick.move(turn);
    },
    close: () => void closed++,
  };
  const finished: number[] = [];
  const report = await runMatch({
    variant,
    games: 6,
    player: biggestCapturePlayer(2),
    opponent: thinker,
    openings: [[]],
    maxPlies: 20,
    signal: controller.signal,
    onGame: (_, i) => finished.push(i),
  });
  assert.equal(report.stopped, true);
  assert.deepEqual(finished, [0]);
  assert.equal(report.games.length, 1);
  assert.equal(report.played, 1);
  assert.equal(parsePdn(report.pdn).games.length, 1);
  assert.equal(report.aborted, undefined);
  assert.equal(closed, 1, 'the players are closed');
  // a signal aborted before the match: no game is started
  const none = await runMatch({
    variant,
    games: 2,
    player: biggestCapturePlayer(1),
    opponent: biggestCapturePlayer(2),
    openings: [[]],
    signal: AbortSignal.abort(),
  });
  assert.deepEqual([none.stopped, none.games.length], [true, 0]);
});

test('huff rules: the match runner burns a piece that failed to capture, a king first', async () => {
  // Israeli: both players always skip a capture when they can step, so every capture offered is
  // a burn right; the runner takes it before the next move, as the web app's computer does
  const variant = variantOrThrow('israeli');
  const skipper: MatchPlayer = {
    name: 'skipper',
    move: (turn) => turn.legal.find((m) => m.kind !== 'capture') ?? turn.legal[0]!,
  };
  const game = await playMatchGame(variant, [], 'white', skipper, skipper, { maxPlies: 200 });
  const burns = game.pdn.moves.moves
    .flatMap((m) => m.comments)
    .filter((c) => c.startsWith('burns'));
  assert.ok(burns.length > 0, game.reason);
  // replayed with its burns, the record is legal, each burn takes a king when one could be taken,
  // and it ends as the runner's game did
  const replay = Game.start(variant);
  for (const m of game.pdn.moves.moves) {
    const move = parseMove(replay.position, m.text);
    assert.ok(move.ok && replay.play(move.value).ok, m.text);
    for (const c of m.comments) {
      const square = variant.squares.parse(c.slice('burns '.length));
      const kings = replay.huff!.burnable.filter(
        (sq) => replay.position.pieceAt(sq)?.role !== 'man',
      );
      assert.ok(kings.length === 0 || kings.includes(square), c);
      assert.ok(replay.burn(square).ok, c);
    }
  }
  assert.equal(replay.outcome?.text, game.reason);
  // without the huff rule nothing is burned
  const plain = variantOrThrow('israeli', { burnedPieces: false });
  const g2 = await playMatchGame(plain, [], 'white', skipper, skipper, { maxPlies: 200 });
  assert.equal(g2.pdn.moves.moves.flatMap((m) => m.comments).length, 0);
});

test("the runner measures each side's thinking time", async () => {
  const variant = variantOrThrow('english');
  const quick: MatchPlayer = { name: 'quick', move: ({ legal }) => legal[0]! };
  const slow: MatchPlayer = {
    name: 'slow',
    move: ({ legal }) => new Promise((done) => setTimeout(() => done(legal[0]!), 20)),
  };
  const g = await playMatchGame(variant, [], 'white', quick, slow, { maxPlies: 12 });
  const { player, opponent } = g.think;
  assert.equal(player.moves + opponent.moves, g.plies);
  assert.ok(opponent.moves > 0 && opponent.ms >= 18 * opponent.moves, `slow: ${opponent.ms} ms`);
  assert.ok(opponent.longest >= 18 && opponent.longest <= opponent.ms);
  assert.ok(player.ms < opponent.ms, `quick ${player.ms} ms, slow ${opponent.ms} ms`);
  const both = addThinkTimes([player, opponent]);
  assert.equal(both.moves, g.plies);
  assert.equal(both.ms, player.ms + opponent.ms);
  assert.equal(both.longest, Math.max(player.longest, opponent.longest));
  assert.deepEqual(addThinkTimes([]), { moves: 0, ms: 0, longest: 0 });
});

test('balanced openings under a compulsory opening (Dhamet) differ after its forced plies', () => {
  const variant = variantOrThrow('dhamet');
  const openings = balancedOpenings(variant, 6, { plies: 1, depth: 2 });
  assert.equal(openings.length, 6);
  // each line plays the compulsory moves, then one ply of choice
  const start = Position.start(variant);
  const forced = (line: readonly Move[]) => {
    let p = start;
    let n = 0;
    for (const m of line) {
      if (p.scriptedMove() !== undefined) n++;
      p = p.play(m);
    }
    return { n, free: line.length - n, after: p };
  };
  const shapes = openings.map(forced);
  assert.ok(shapes[0]!.n > 0, 'Dhamet starts with compulsory moves');
  for (const s of shapes) {
    assert.equal(s.free, 1);
    assert.equal(s.after.scriptedMove(), undefined);
  }
  // not all the same game: the free ply differs between openings
  assert.ok(
    new Set(openings.map((line) => line.map((m) => `${m.from}-${m.to}`).join(' '))).size > 1,
  );
});
