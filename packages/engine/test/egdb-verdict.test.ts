/**
 * The databases beyond the search: the exact verdict in the players' terms, the computer's draw
 * decisions by the tables, and the match player claiming a draw only in a drawn ending.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow } from '@damka/rules';
import { buildEgdb, openEgdb } from '../src/egdb/files-node.ts';
import { tableDrawDecision, tableVerdict, verdictText } from '../src/egdb/verdict.ts';
import { DrawClaim, damkaPlayer, type PlayerTurn } from '../src/match.ts';

const english = variantOrThrow('english');
const dir = mkdtempSync(join(tmpdir(), 'damka-egdb-verdict-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
buildEgdb(english, 3, dir);
const prober = openEgdb(english, dir)!;

function at(fen: string): Position {
  const p = Position.fromFen(english, fen);
  assert.ok(p.ok, fen);
  return p.value;
}

function turn(position: Position): PlayerTurn {
  return { start: position, moves: [], position, history: [], legal: position.legalMoves() };
}

test('the verdict names the winner whoever is to move, a draw, or nothing beyond the tables', () => {
  assert.deepEqual(tableVerdict(prober, at('W:WK1,K2:BK32')), { winner: 'white' });
  assert.deepEqual(tableVerdict(prober, at('B:WK1,K2:BK32')), { winner: 'white' });
  assert.deepEqual(tableVerdict(prober, at('W:WK29:BK1,K2')), { winner: 'black' });
  assert.deepEqual(tableVerdict(prober, at('B:WK1:BK32')), { winner: null });
  assert.equal(tableVerdict(prober, at('W:WK1,K2:BK31,K32')), undefined);
  assert.equal(tableVerdict(undefined, at('W:WK1,K2:BK32')), undefined);
  assert.equal(verdictText({ winner: 'white' }), 'White wins');
  assert.equal(verdictText({ winner: 'black' }), 'Black wins');
  assert.equal(verdictText({ winner: null }), 'Draw');
});

test('draw decisions: accept in a drawn or lost ending, never in a won one', () => {
  const won = at('B:WK1,K2:BK32');
  assert.equal(tableDrawDecision(prober, won, 'white'), 'decline');
  assert.equal(tableDrawDecision(prober, won, 'black'), 'accept');
  const drawn = at('W:WK1:BK32');
  assert.equal(tableDrawDecision(prober, drawn, 'white'), 'accept');
  assert.equal(tableDrawDecision(prober, drawn, 'black'), 'accept');
  assert.equal(tableDrawDecision(prober, at('W:WK1,K2:BK31,K32'), 'white'), undefined);
});

test('the match player claims a draw in a database-drawn ending and plays a won one', () => {
  const player = damkaPlayer({ egdb: prober, limits: { depth: 4 }, seed: 1 });
  player.newGame?.(english);
  assert.throws(() => player.move(turn(at('W:WK1:BK32'))), DrawClaim);
  const won = at('W:WK1,K2:BK32');
  const move = player.move(turn(won));
  assert.ok(!(move instanceof Promise));
  // the move keeps the win: Black to move, White still wins
  assert.deepEqual(tableVerdict(prober, won.play(move)), { winner: 'white' });
  // without tables the same player plays on in the drawn ending
  const plain = damkaPlayer({ limits: { depth: 2 }, seed: 1 });
  plain.newGame?.(english);
  assert.ok(plain.move(turn(at('W:WK1:BK32'))));
});
