/**
 * The static evaluation (see `evaluator.ts`): `Evaluator`, the quiet test's `NOT_QUIET` and the
 * bitboard state's stride, as the search and the tuning tools use them.
 */
export { Evaluator } from './evaluator.ts';
export { NOT_QUIET } from './squares.ts';
export { BITS_STRIDE } from './shifts.ts';
