/**
 * @damka/board — a framework-free draughts board widget. It draws any board geometry (checkered
 * 6x6/8x8/10x10, Turkish 8x8, Dhamet's alquerque points), takes moves by click, drag and keyboard,
 * and knows no rules: the app passes the legal moves and hears back the one the user chose.
 */
export * from './types.ts';
export * from './layout.ts';
export * from './state.ts';
export { BoardView, type BoardConfig, type BoardInit } from './view.ts';
export { describeInEnglish } from './describe.ts';
export { pieceIconMarkup } from './piece-art.ts';
export { BOARD_CSS, ensureStyles } from './styles.ts';
