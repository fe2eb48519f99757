/**
 * @damka/engine — Damka's search engine for every variant: alpha-beta search, evaluation, levels,
 * time control, and the worker message protocol. DOM- and Node-free at its core.
 */
export * from './engine.ts';
export * from './levels.ts';
export * from './search.ts';
export * from './evaluate/index.ts';
export * from './weights.ts';
export * from './tt.ts';
export * from './zobrist.ts';
export * from './protocol.ts';
export * from './host.ts';
export * from './bench.ts';
export * from './protocols/index.ts';
export * from './puzzles/generate.ts';
export * from './puzzles/scan.ts';
export * from './puzzles/rating.ts';
export * from './puzzles/build.ts';
export * from './review/review.ts';
export * from './egdb/table.ts';
export * from './egdb/probe.ts';
export * from './egdb/verdict.ts';
export { buildValues, type BuildProgress } from './egdb/build.ts';
export * from './book/index.ts';
export { loadPatterns, patternsFromModule, type PatternTable } from './patterns.ts';
export * from './threads.ts';
