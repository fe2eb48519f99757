/**
 * A helper thread's own side (threads.ts), on any platform: the searcher its settings describe —
 * the variant, the table it shares, the engine's weights and pattern table, its endgame
 * databases — and the loop that runs the main thread's messages on it. The Node and browser
 * worker entries only connect it to their message ports.
 */
import { getVariant, type Variant } from '@damka/rules';
import type { EgdbProber } from './egdb/probe.ts';
import { PatternTable, loadPatterns } from './patterns.ts';
import { Searcher } from './search.ts';
import { createHelperRunner, type HelperMessage, type HelperSettings } from './threads.ts';

/** A helper's runner from its settings; `egdbFor` opens its databases where the platform can. */
export function helperRunnerFor(
  settings: HelperSettings,
  egdbFor?: (variant: Variant) => EgdbProber | null,
): { handle(message: HelperMessage): void } {
  const variant = getVariant(settings.variant, settings.options);
  if (!variant.ok) throw new Error(variant.error);
  const table = settings.patterns;
  const patterns =
    table === undefined ? undefined : table && new PatternTable(table.weights, table.geometry);
  const egdb = egdbFor?.(variant.value) ?? null;
  const searcher = new Searcher(variant.value, {
    ttBits: settings.ttBits,
    sharedTable: settings.table,
    ...(settings.weights ? { weights: settings.weights } : {}),
    ...(patterns !== undefined ? { patterns } : {}),
    // as the engine: a search that does not model burn rights probes only board-only tables
    ...(egdb?.boardOnly ? { egdb } : {}),
  });
  return createHelperRunner(searcher, settings);
}

/**
 * A helper's message handler that first makes its variant's stored pattern table available (in
 * the web app a table is fetched when first needed; the settings carry none when the engine plays
 * the variant's own) and only then builds the runner, so the helper evaluates as its engine does.
 * Messages that come meanwhile wait and are handled in their order; a failed fetch builds the
 * runner all the same. `build` is `helperRunnerFor` (replaced in tests).
 */
export function helperAfterTables(
  settings: HelperSettings,
  load: (variant: Variant) => Promise<boolean> = loadPatterns,
  build: (settings: HelperSettings) => { handle(message: HelperMessage): void } = helperRunnerFor,
): (message: HelperMessage) => void {
  let runner: { handle(message: HelperMessage): void } | undefined;
  const waiting: HelperMessage[] = [];
  const start = () => {
    runner = build(settings);
    for (const message of waiting.splice(0)) runner.handle(message);
  };
  const variant = getVariant(settings.variant, settings.options);
  if (settings.patterns !== undefined || !variant.ok) start();
  else load(variant.value).then(start, start);
  return (message) => {
    if (runner) runner.handle(message);
    else waiting.push(message);
  };
}
