/**
 * `npm run bench:engine [-- --repeat N]`: the engine bench (see src/bench.ts) from the command
 * line. Prints one line per position, then the total node count and nodes per second (wall clock
 * and CPU time), and the machine's load average: on a shared machine the CPU-time figure is the
 * closer measure of one core's speed, and the load says how far to trust either. CPU time is the
 * whole process's, so the first pass includes V8 compiling the search; `--repeat N` runs the whole
 * bench N times in one process and prints each pass (later passes measure the compiled search).
 * The speed is printed only when the total node count is the reference count (`BENCH_NODES`):
 * otherwise the search is not the one the recorded figures measured, and the run fails.
 */
import { loadavg } from 'node:os';
import { BENCH_NODES, runBench } from '../src/bench.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--repeat');
const repeat = at >= 0 ? Number(args[at + 1]) : 1;
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100) {
  console.error(`--repeat wants an integer from 1 to 100, not '${args[at + 1] ?? ''}'`);
  process.exit(2);
}

for (let pass = 1; pass <= repeat; pass++) {
  const cpu0 = process.cpuUsage();
  const report = runBench(undefined, (l) => {
    if (pass > 1) return;
    console.log(
      `${l.variant.padEnd(14)} depth ${String(l.depth).padStart(2)}  nodes ${String(l.nodes).padStart(9)}  ` +
        `${l.ms.toFixed(0).padStart(6)} ms  best ${l.move} (${l.score})`,
    );
  });
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (repeat > 1) console.log(`pass ${pass} of ${repeat}`);
  console.log(`total nodes ${report.nodes}`);
  if (report.nodes !== BENCH_NODES) {
    console.error(
      `the node count is not the reference ${BENCH_NODES}: the search has changed, so no speed ` +
        'is reported (set BENCH_NODES in src/bench.ts, with the reason, when the change is meant)',
    );
    process.exit(1);
  }
  console.log(`time ${report.ms.toFixed(0)} ms, ${report.nps} nodes/s`);
  console.log(
    `cpu ${cpuMs.toFixed(0)} ms, ${Math.round((report.nodes * 1000) / cpuMs)} nodes/s of CPU time`,
  );
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}
