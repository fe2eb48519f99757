/**
 * `damka hub` as a GUI runs it: the real executable spawned, driven by `HubClient` (handshake,
 * variant parameter, moves) and by raw lines (malformed input, stop during analysis, end of input).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Position, sameMove, variantOrThrow } from '@damka/rules';
import { HubClient, parseHubLine, parseHubMove } from '@damka/engine';
import { damka } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = 'packages/cli/bin/damka.cjs';

test('damka hub with HubClient: English through the variant parameter, legal moves, quit', async () => {
  const client = await HubClient.start({
    command: process.execPath,
    args: [BIN, 'hub', '--seed', '7'],
    cwd: ROOT,
    params: { variant: 'english', strength: 8 },
    timeout: 30_000,
  });
  try {
    assert.equal(client.id.name, 'Damka');
    const start = Position.start(variantOrThrow('english'));
    const first = await client.think(start, [], { depth: 3 });
    assert.ok(start.legalMoves().some((m) => sameMove(m, first.move)));
    const after = start.play(first.move);
    const second = await client.think(start, [first.move], { nodes: 500 });
    assert.ok(after.legalMoves().some((m) => sameMove(m, second.move)));
  } finally {
    assert.equal(await client.close(), 0);
  }
});

test('damka hub: malformed lines answered or ignored, stop ends an endless analysis, EOF ends it', async () => {
  const child = spawn(process.execPath, [BIN, 'hub'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<[(l: string) => boolean, (l: string) => void]> = [];
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    let i: number;
    while ((i = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, i);
      pending = pending.slice(i + 1);
      lines.push(line);
      const w = waiters.findIndex(([test]) => test(line));
      if (w >= 0) waiters.splice(w, 1)[0]![1](line);
    }
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const send = (line: string) => child.stdin.write(`${line}\n`);
  const until = (test: (l: string) => boolean) =>
    new Promise<string>((resolve) => waiters.push([test, resolve]));
  try {
    send('hub');
    send('init');
    await until((l) => l === 'ready');
    for (const bad of [
      'pos pos=Wxyz',
      'level depth=zero',
      'go "',
      'set-param name=variant value=chess',
    ])
      send(bad);
    send('frobnicate a=1');
    send('ping');
    await until((l) => l === 'pong');
    const errors = lines.filter((l) => l.startsWith('error message='));
    assert.equal(errors.length, 4, lines.join('\n'));
    send('pos moves="32-28 18-23"');
    send('go analyze');
    await until((l) => l.startsWith('info depth=3 '));
    const t0 = performance.now();
    send('stop');
    const done = await until((l) => l.startsWith('done'));
    const elapsed = performance.now() - t0;
    // `go analyze` never ends by itself, so `done` proves that stop ended it; the bound only
    // catches a stop read after the search instead of during it (on a loaded machine the process
    // may wait for a core for tens of milliseconds, so speed itself is not measured here)
    assert.ok(elapsed < 1000, `stop answered after ${elapsed.toFixed(1)} ms`);
    const parsed = parseHubLine(done);
    assert.ok(parsed.ok);
    const v = variantOrThrow('international');
    let p = Position.start(v);
    for (const m of ['32-28', '18-23']) {
      const r = parseHubMove(p, m);
      assert.ok(r.ok);
      p = p.play(r.value);
    }
    assert.ok(parseHubMove(p, parsed.value.args.get('move')!).ok, done);
    child.stdin.end();
    assert.equal(await exited, 0, stderr);
    assert.equal(lines.filter((l) => l.startsWith('done')).length, 1);
  } finally {
    child.kill();
  }
});

test('damka hub refuses a bad option before reading any input', async () => {
  const r = await damka('hub', '--seed', 'x');
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^damka: --seed must be a whole number/);
});
