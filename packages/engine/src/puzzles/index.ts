/**
 * `@damka/engine/puzzles`: the engine-free parts of puzzles and review (set format, Glicko-2,
 * review marks and accuracy) for the web app's screens, which must not pull in the search.
 */
export * from './set.ts';
export * from './glicko2.ts';
export * from '../review/classify.ts';
