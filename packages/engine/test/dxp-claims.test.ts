/**
 * DXP: what Damka does with a peer's end of game and with a silent peer. A claim the rules agree
 * with is confirmed as before; a resignation is always accepted; a win the rules do not give, or
 * an early draw Damka does not accept, is answered with Damka's own view and the game recorded as
 * aborted, never as Damka's loss; a peer silent for the move wait ends the game and the follower's
 * session. The peer is played by hand over an in-memory channel pair.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import {
  DxpChannel,
  dxpSetup,
  engineDxpPlayer,
  runDxpFollower,
  type DxpGameReport,
  type DxpMessage,
  type DxpPlayer,
} from '../src/index.ts';

/** Two channels joined in memory. */
function pair(): [DxpChannel, DxpChannel] {
  const a: DxpChannel = new DxpChannel({
    write: (bytes) => setImmediate(() => b.receive(bytes)),
    end: () => setImmediate(() => b.closed()),
  });
  const b: DxpChannel = new DxpChannel({
    write: (bytes) => setImmediate(() => a.receive(bytes)),
    end: () => setImmediate(() => a.closed()),
  });
  return [a, b];
}

async function expect(channel: DxpChannel, type: DxpMessage['type']): Promise<DxpMessage> {
  const incoming = await channel.next(5000);
  assert.ok(incoming.kind === 'message', JSON.stringify(incoming));
  assert.equal(incoming.message.type, type, incoming.text);
  return incoming.message;
}

/** Damka at depth 1, with a draw answer of our choosing when given. */
function damka(acceptDraw?: boolean): DxpPlayer {
  const engine = engineDxpPlayer({ name: 'Damka', limits: { depth: 1 }, seed: 1, ttBits: 14 });
  if (acceptDraw === undefined) return engine;
  return { ...engine, acceptDraw: () => acceptDraw };
}

/**
 * A follower (Damka, White) and a hand-played initiator: Damka's first move arrives, then the
 * peer sends `E<reason>0`. Returns Damka's answers (up to its `E`) and its report.
 */
async function claimAfterOnePly(
  reason: number,
  player: DxpPlayer,
): Promise<{ answers: DxpMessage[]; report: DxpGameReport; problems: string[] }> {
  const [peer, ours] = pair();
  const problems: string[] = [];
  const follower = runDxpFollower(ours, {
    player,
    replyTimeout: 1000,
    onProblem: (text) => problems.push(text),
  });
  peer.send({
    type: 'R',
    version: '01',
    name: 'peer',
    followerColor: 'white',
    minutes: 0,
    moves: 0,
  });
  assert.equal(((await expect(peer, 'A')) as { code: number }).code, 0);
  await expect(peer, 'M');
  peer.send({ type: 'E', reason, stop: 0 });
  const answers: DxpMessage[] = [];
  while (true) {
    const incoming = await peer.next(5000);
    assert.ok(incoming.kind === 'message', JSON.stringify(incoming));
    answers.push(incoming.message);
    if (incoming.message.type === 'E') break;
  }
  peer.close();
  const reports = await follower;
  assert.equal(reports.length, 1);
  return { answers, report: reports[0]!, problems };
}

test('a win claimed after one ply is refused with E0 and not scored as a loss', async () => {
  const { answers, report, problems } = await claimAfterOnePly(3, damka());
  assert.equal(answers.length, 2);
  assert.equal(answers[0]!.type, 'C');
  assert.match((answers[0] as { text: string }).text, /win claim refused: the game is not over/);
  assert.deepEqual(answers[1], { type: 'E', reason: 0, stop: 0 });
  assert.equal(report.result, 'aborted');
  assert.match(report.reason, /claimed a win before the game was over; abandoned by the opponent/);
  assert.deepEqual(problems, [
    'game 1: win claim refused: the game is not over by the rules; not scored',
  ]);
});

test('a draw claimed after one ply: a draw only when Damka accepts it', async () => {
  const declined = await claimAfterOnePly(2, damka(false));
  assert.match((declined.answers[0] as { text: string }).text, /draw claim declined/);
  assert.deepEqual(declined.answers[1], { type: 'E', reason: 0, stop: 0 });
  assert.equal(declined.report.result, 'aborted');
  assert.match(declined.report.reason, /claimed a draw before the game was over/);

  const accepted = await claimAfterOnePly(2, damka(true));
  assert.deepEqual(accepted.answers, [{ type: 'E', reason: 2, stop: 0 }]);
  assert.equal(accepted.report.result, 'draw');
  assert.match(accepted.report.reason, /drawn by agreement/);
  assert.deepEqual(accepted.problems, []);

  // a player that says nothing about draws declines them
  const { acceptDraw: _, ...silent } = damka();
  const none = await claimAfterOnePly(2, silent);
  assert.equal(none.report.result, 'aborted');
});

test('a resignation stays accepted: confirmed with E3, a win', async () => {
  const { answers, report } = await claimAfterOnePly(1, damka());
  assert.deepEqual(answers, [{ type: 'E', reason: 3, stop: 0 }]);
  assert.equal(report.result, 'win');
  assert.equal(report.reason, 'the opponent resigned');
});

/** The peer (Black, to move) has no move in the start position it sent: Damka has won. */
async function claimWhenOver(reason: number) {
  const variant = variantOrThrow('international');
  const start = Position.fromFen(variant, 'B:W41,47:B36');
  assert.ok(start.ok);
  assert.equal(start.value.legalMoves().length, 0);
  const [peer, ours] = pair();
  const problems: string[] = [];
  const follower = runDxpFollower(ours, {
    player: damka(),
    onProblem: (text) => problems.push(text),
  });
  peer.send({
    type: 'R',
    version: '01',
    name: 'peer',
    followerColor: 'white',
    minutes: 0,
    moves: 0,
    setup: dxpSetup(start.value),
  });
  await expect(peer, 'A');
  peer.send({ type: 'E', reason, stop: 1 });
  const answer = await expect(peer, 'E');
  peer.close();
  return { answer, report: (await follower)[0]!, problems };
}

test('a genuine end is confirmed as before; a claim against the rules gets the rules result', async () => {
  const genuine = await claimWhenOver(1); // the peer resigns a lost game
  assert.deepEqual(genuine.answer, { type: 'E', reason: 3, stop: 1 });
  assert.equal(genuine.report.result, 'win');
  assert.deepEqual(genuine.problems, []);

  const other = await claimWhenOver(3); // the peer claims the win it has lost
  assert.deepEqual(other.answer, { type: 'E', reason: 3, stop: 1 }, 'Damka says it won');
  assert.equal(other.report.result, 'win');
  assert.match(other.report.reason, /the opponent claimed a win/);
  assert.equal(other.problems.length, 1);
  assert.match(other.problems[0]!, /claimed a win, but by the rules .*: scored by the rules/);
});

test('a silent peer: the game is aborted after the move wait and the follower ends', async () => {
  const [peer, ours] = pair();
  const started = Date.now();
  const follower = runDxpFollower(ours, { player: damka(), moveTimeout: 300, replyTimeout: 200 });
  peer.send({
    type: 'R',
    version: '01',
    name: 'peer',
    followerColor: 'white',
    minutes: 0,
    moves: 0,
  });
  await expect(peer, 'A');
  await expect(peer, 'M');
  // the peer says nothing more and keeps the connection open
  const reports = await follower;
  const took = Date.now() - started;
  assert.equal(reports.length, 1);
  assert.equal(reports[0]!.result, 'aborted');
  assert.equal(reports[0]!.peerSilent, true);
  assert.match(reports[0]!.reason, /did not move within 0\.3 s/);
  assert.ok(took < 3000, `ended after ${took} ms, not after another wait`);
  assert.match(((await expect(peer, 'C')) as { text: string }).text, /no move received in time/);
  await expect(peer, 'E');
  assert.equal((await peer.next(1000)).kind, 'closed', 'the follower closed the connection');
});

test('the follower waits --peer-timeout for a game request, then ends', async () => {
  const [peer, ours] = pair();
  const started = Date.now();
  assert.deepEqual(await runDxpFollower(ours, { player: damka(), moveTimeout: 200 }), []);
  assert.ok(Date.now() - started < 2000);
  peer.close();
});

test("Damka's engine accepts an early draw when it is not ahead, declines when it is", async () => {
  const variant = variantOrThrow('international');
  const player = engineDxpPlayer({ limits: { depth: 4 }, seed: 1, ttBits: 14 });
  // Black (the peer) to move; White (Damka) a king and three men up, or down
  const ahead = Position.fromFen(variant, 'B:WK46,31,32,33,34:B5');
  const behind = Position.fromFen(variant, 'B:W46:BK5,16,17,18,19');
  assert.ok(ahead.ok && behind.ok);
  assert.equal(await player.acceptDraw!(ahead.value, []), false);
  assert.equal(await player.acceptDraw!(behind.value, []), true);
});
