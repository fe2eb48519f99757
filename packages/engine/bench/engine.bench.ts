/**
 * `npm run bench:engine`: the engine bench (see src/bench.ts) from the command line. Prints one
 * line per position, then the total node count and nodes per second (wall clock and CPU time).
 */
import { runBench } from '../src/bench.ts';

const cpu0 = process.cpuUsage();
const report = runBench(undefined, (l) => {
  console.log(
    `${l.variant.padEnd(14)} depth ${String(l.depth).padStart(2)}  nodes ${String(l.nodes).padStart(9)}  ` +
      `${l.ms.toFixed(0).padStart(6)} ms  best ${l.move} (${l.score})`,
  );
});
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(`total nodes ${report.nodes}`);
console.log(`time ${report.ms.toFixed(0)} ms, ${report.nps} nodes/s`);
console.log(
  `cpu ${cpuMs.toFixed(0)} ms, ${Math.round((report.nodes * 1000) / cpuMs)} nodes/s of CPU time`,
);
