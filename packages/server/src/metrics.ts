/**
 * Where a node's time goes, for load tests and operators: the event loop's delay
 * (`perf_hooks.monitorEventLoopDelay` — how late timers and I/O callbacks run, which is the wait
 * every request shares), the time from a move message arriving to its acknowledgement being sent,
 * the time the database write of a move takes, garbage-collection pauses, and the process's CPU
 * time against the wall clock (its share of a core).
 *
 * Off unless the server is started with `metrics: true` (`METRICS=1`): then `GET /api/metrics`
 * returns a snapshot and `POST /api/metrics/reset` starts a new measuring window. Nothing in it
 * identifies a game or a player.
 */
import {
  PerformanceObserver,
  createHistogram,
  monitorEventLoopDelay,
  performance,
  type IntervalHistogram,
  type RecordableHistogram,
} from 'node:perf_hooks';

/** Percentiles of one histogram, in milliseconds. */
export interface Distribution {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export interface MetricsSnapshot {
  /** Length of the measuring window, seconds. */
  readonly seconds: number;
  /** CPU time (user + system) over wall time: 1 = one whole core. */
  readonly cpuShare: number;
  readonly eventLoopDelay: Distribution;
  /** Move message received → acknowledgement sent. */
  readonly ack: Distribution;
  /** The database write of a move (transaction of the row update and the action insert). */
  readonly write: Distribution;
  readonly gc: { readonly count: number; readonly totalMs: number; readonly maxMs: number };
  readonly heapUsedMb: number;
}

const NS_PER_MS = 1e6;

function distribution(h: IntervalHistogram | RecordableHistogram): Distribution {
  const count = h.count;
  const ms = (ns: number) => (count === 0 ? 0 : Math.round((ns / NS_PER_MS) * 100) / 100);
  return {
    count,
    p50: ms(h.percentile(50)),
    p99: ms(h.percentile(99)),
    max: ms(h.max),
    mean: ms(count === 0 ? 0 : h.mean),
  };
}

export class Metrics {
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private readonly acks = createHistogram();
  private readonly writes = createHistogram();
  private readonly observer: PerformanceObserver;
  private gcCount = 0;
  private gcTotal = 0;
  private gcMax = 0;
  private startedAt = performance.now();
  private cpuAtStart = process.cpuUsage();

  constructor() {
    this.loop.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gcCount++;
        this.gcTotal += entry.duration;
        this.gcMax = Math.max(this.gcMax, entry.duration);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** A move was acknowledged `ms` after its message arrived. */
  ack(ms: number): void {
    this.acks.record(Math.max(1, Math.round(ms * NS_PER_MS)));
  }

  /** A move's database write took `ms`. */
  write(ms: number): void {
    this.writes.record(Math.max(1, Math.round(ms * NS_PER_MS)));
  }

  /** Start a new measuring window. */
  reset(): void {
    this.loop.reset();
    this.acks.reset();
    this.writes.reset();
    this.gcCount = this.gcTotal = this.gcMax = 0;
    this.startedAt = performance.now();
    this.cpuAtStart = process.cpuUsage();
  }

  snapshot(): MetricsSnapshot {
    const wallMs = performance.now() - this.startedAt;
    const cpu = process.cpuUsage(this.cpuAtStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return {
      seconds: Math.round(wallMs / 10) / 100,
      cpuShare: wallMs > 0 ? Math.round((cpuMs / wallMs) * 1000) / 1000 : 0,
      eventLoopDelay: distribution(this.loop),
      ack: distribution(this.acks),
      write: distribution(this.writes),
      gc: {
        count: this.gcCount,
        totalMs: Math.round(this.gcTotal * 10) / 10,
        maxMs: Math.round(this.gcMax * 10) / 10,
      },
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
    };
  }

  close(): void {
    this.loop.disable();
    this.observer.disconnect();
  }
}
