/**
 * The analysis panel's endgame tables: the one table of the position's material fetched from the
 * served folder and read into the exact result; nothing fetched for a large table or a variant
 * without tables; a missing or damaged file gives no verdict, not an error. The computer's answer to
 * a draw offer follows the same table: accepted in a drawn or lost ending, declined in a won one. Tables are built by
 * the engine's builder into a temporary folder that a fake `fetch` serves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow } from '@damka/rules';
import { buildEgdb } from '@damka/engine/egdb-node';
import { loadDrawDecision, loadVerdict, tableWanted } from '../src/ui/analysis-egdb.ts';

const english = variantOrThrow('english');
const dir = mkdtempSync(join(tmpdir(), 'damka-web-egdb-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
buildEgdb(english, 3, dir);

const asked: string[] = [];
/** Serves `dir` at `/egdb/`, as the server serves the cache folder. */
const served = async (url: string) => {
  asked.push(url);
  const path = join(dir, url.replace(/^\/egdb\//, ''));
  const ok = existsSync(path);
  return {
    ok,
    arrayBuffer: async () => (ok ? new Uint8Array(readFileSync(path)).buffer : new ArrayBuffer(0)),
  };
};

function at(fen: string, variant = english): Position {
  const p = Position.fromFen(variant, fen);
  assert.ok(p.ok, fen);
  return p.value;
}

test('a covered position gets its exact result from the one table of its material', async () => {
  asked.length = 0;
  assert.deepEqual(await loadVerdict(at('B:WK1,K2:BK32'), served), { winner: 'white' });
  assert.deepEqual(asked, ['/egdb/english/w0m2k-b0m1k.egdb']);
  assert.deepEqual(await loadVerdict(at('W:WK29:BK1,K2'), served), { winner: 'black' });
  assert.deepEqual(await loadVerdict(at('W:WK1:BK32'), served), { winner: null });
  // the same table again: kept, not fetched twice
  const before = asked.length;
  assert.deepEqual(await loadVerdict(at('W:WK5,K6:BK30'), served), { winner: 'white' });
  assert.equal(asked.length, before);
});

test('no table, a damaged one, a large one or a variant without tables: no verdict', async () => {
  // four pieces: not built here, the server answers 404
  assert.equal(await loadVerdict(at('W:WK1,K2:BK31,K32'), served), null);
  const damaged = async () => ({ ok: true, arrayBuffer: async () => new ArrayBuffer(8) });
  assert.equal(await loadVerdict(at('W:W25,K2:BK32'), damaged), null);
  const failing = async (): Promise<never> => {
    throw new Error('offline');
  };
  assert.equal(await loadVerdict(at('W:W26,K2:BK32'), failing), null);
  // English five pieces: a table of over a megabyte is never asked for
  asked.length = 0;
  const five = at('W:WK1,K2,K3:BK31,K32');
  assert.equal(tableWanted(five), false);
  assert.equal(await loadVerdict(five, served), null);
  assert.deepEqual(asked, []);
  const israeli = variantOrThrow('israeli');
  assert.equal(tableWanted(Position.start(israeli)), false);
  assert.ok(tableWanted(at('W:WK1,K2,K3:BK32')));
  // the largest 4-piece table, a man and a king each (401 KB), is still fetched
  assert.ok(tableWanted(at('W:W25,K2:B8,K32')));
});

test('a failure that may pass (offline, a body cut off, a 5xx) is tried again; a 404 is not', async () => {
  const fen = 'W:W27,28:BK1'; // two men against a king: built, a material not asked before here
  let calls = 0;
  const offline = async (): Promise<never> => {
    calls += 1;
    throw new Error('offline');
  };
  assert.equal(await loadVerdict(at(fen), offline), null);
  const cut = async () => {
    calls += 1;
    return {
      ok: true,
      status: 200,
      arrayBuffer: async (): Promise<ArrayBuffer> => {
        throw new Error('connection reset');
      },
    };
  };
  assert.equal(await loadVerdict(at(fen), cut), null);
  const busy = async () => {
    calls += 1;
    return { ok: false, status: 503, arrayBuffer: async () => new ArrayBuffer(0) };
  };
  assert.equal(await loadVerdict(at(fen), busy), null);
  assert.equal(calls, 3);
  // the network is back: the table is fetched and read
  asked.length = 0;
  assert.notEqual(await loadVerdict(at(fen), served), null);
  assert.equal(asked.length, 1);
  // a 404 is kept as missing: asking again fetches nothing
  let missing = 0;
  const notFound = async () => {
    missing += 1;
    return { ok: false, status: 404, arrayBuffer: async () => new ArrayBuffer(0) };
  };
  const four = at('W:W25,26:BK31,K32'); // not built here
  assert.equal(await loadVerdict(four, notFound), null);
  assert.equal(await loadVerdict(four, notFound), null);
  assert.equal(missing, 1);
});

test('a draw offer in a covered ending: the table-won side declines, a drawn or lost one accepts', async () => {
  const won = at('B:WK1,K2:BK32'); // two kings against one: White wins (English 3-piece table)
  assert.equal(await loadDrawDecision(won, 'white', served), 'decline');
  assert.equal(await loadDrawDecision(won, 'black', served), 'accept');
  const drawn = at('W:WK1:BK32'); // a king each
  assert.equal(await loadDrawDecision(drawn, 'white', served), 'accept');
  assert.equal(await loadDrawDecision(drawn, 'black', served), 'accept');
  // no table (four pieces, not built here): no decision, the evaluation decides
  assert.equal(await loadDrawDecision(at('W:WK1,K2:BK31,K32'), 'white', served), undefined);
});
