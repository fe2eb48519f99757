/**
 * A `Variant`: a rules record with options applied, compiled, with its topology, square names and
 * move generator — everything the rest of Damka needs to play one rule set. Built once per
 * (id, options) and shared.
 */
import { err, ok, type Result } from './types.ts';
import { compileRules, type CompiledRules } from './variants/compile.ts';
import { rulesFor, type Options } from './variants/registry.ts';
import type { Rules } from './variants/rules.ts';
import type { Topology } from './topology/topology.ts';
import { squareNames, type SquareNames } from './notation/squares.ts';
import { MoveGenerator } from './movegen/generator.ts';

export interface Variant {
  readonly id: string;
  readonly options: Options;
  readonly rules: Rules;
  readonly topology: Topology;
  readonly compiled: CompiledRules;
  readonly squares: SquareNames;
  /** The shared generator; not re-entrant (the engine and perft make their own). */
  readonly generator: MoveGenerator;
}

const cache = new Map<string, Variant>();

function cacheKey(id: string, options: Options): string {
  return (
    id +
    '|' +
    Object.entries(options)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',')
  );
}

/** The variant `id` with `options`, or a message naming what is wrong. */
export function getVariant(id: string, options: Options = {}): Result<Variant, string> {
  const key = cacheKey(id, options);
  const hit = cache.get(key);
  if (hit) return ok(hit);
  const rules = rulesFor(id, options);
  if (!rules.ok) return err(rules.error);
  const compiled = compileRules(rules.value);
  const v: Variant = {
    id,
    options: { ...options },
    rules: rules.value,
    topology: compiled.topology,
    compiled,
    squares: squareNames(rules.value, compiled.topology),
    generator: new MoveGenerator(compiled),
  };
  cache.set(key, v);
  return ok(v);
}

/** For code that names a variant it knows exists (tests, defaults): throws on a bad id. */
export function variantOrThrow(id: string, options: Options = {}): Variant {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error);
  return v.value;
}
