/**
 * @damka/rules — the rules of every Damka variant: topologies, variant records, the legal-move
 * generator, positions, FEN, notation and perft. Pure TypeScript with no dependencies.
 */
export * from './types.ts';
export * from './topology/topology.ts';
export * from './variants/rules.ts';
export * from './variants/registry.ts';
export { compileRules, type CompiledRules } from './variants/compile.ts';
export * from './variant.ts';
export * from './notation/squares.ts';
export * from './notation/moves.ts';
export * from './fen.ts';
export * from './position.ts';
export * from './perft.ts';
export * from './ply-state.ts';
export { MoveList, KIND_STEP, KIND_CAPTURE, KIND_SPLIT } from './movegen/move-list.ts';
export { MoveGenerator, WALK_LIMIT, makeMove, unmakeMove } from './movegen/generator.ts';
export { boardMovesFor, type BoardMoves } from './movegen/board-moves.ts';
export * from './pdn/index.ts';
export * from './game/outcome.ts';
export * from './game/draws.ts';
export * from './game/game.ts';
export * from './explain.ts';
export * from './random.ts';
export * from './shown.ts';
