/**
 * One perft count from a start position, nothing else: a fixed, small workload for profilers and
 * instruction counters (`node --cpu-prof`, `valgrind --tool=callgrind`), where the benchmark's
 * repeated runs and rapid-draughts rows would only add noise. Checks nothing; prints the count.
 *
 * Run: `node scripts/run-bundled.mjs packages/rules/bench/perft-count.ts VARIANT DEPTH [keep|drop]
 * [REPEAT]`. REPEAT > 1 counts again that many times in the same process: the difference between
 * two repeat counts under an instruction counter is the cost of warmed-up counts alone (start-up and
 * compilation cancel out).
 */
import { Position, perft, variantOrThrow } from '../src/index.ts';

const args = process.argv.slice(2);
const [variant = 'international', depthText = '6', duplicates = 'drop', repeatText = '1'] = args;
const depth = Number(depthText);
const repeat = Number(repeatText);
if (
  !Number.isInteger(depth) ||
  depth < 0 ||
  !Number.isInteger(repeat) ||
  repeat < 1 ||
  (duplicates !== 'keep' && duplicates !== 'drop')
) {
  console.error('usage: perft-count.ts VARIANT DEPTH [keep|drop] [REPEAT]');
  process.exit(2);
}
const position = Position.start(variantOrThrow(variant, {}));
for (let i = 0; i < repeat; i++) console.log(perft(position, depth, { duplicates }));
