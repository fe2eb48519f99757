import { readFileSync } from 'node:fs';
import { Position, getVariant, perft } from '@damka/rules';
import { readPerftFile } from './perft-data.ts';
const NEW = new Set(['frisian','frysk','killer','breakthrough','pool','thai','canadian']);
const blocks = readPerftFile(readFileSync(new URL('./data/public.perft', import.meta.url), 'utf8'));
const jobs = [] as Array<[any, number, number]>;
for (const b of blocks) if (NEW.has(b.variant)) for (const {depth, count} of b.depths) if (count > 2_000_000 && count <= 300_000_000) jobs.push([b, depth, count]);
jobs.sort((a, b) => a[2] - b[2]);
for (const [b, depth, count] of jobs) {
  const v = getVariant(b.variant); if (!v.ok) throw 0;
  const p = Position.fromFen(v.value, b.fen); if (!p.ok) throw 0;
  const t = performance.now();
  const found = perft(p.value, depth, { duplicates: b.duplicates });
  console.log(`${found === count ? 'OK ' : 'BAD'} ${b.id} d${depth} ${found} (expected ${count}) ${((performance.now()-t)/1000).toFixed(1)} s`);
}
console.log('END');
