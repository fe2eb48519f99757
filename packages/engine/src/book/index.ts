/**
 * Opening books (see format.ts for the file, build.ts for the builder, book.ts for their use, and
 * load.ts for the books Damka ships, loaded per variant on demand).
 */
export * from './format.ts';
export * from './book.ts';
export * from './build.ts';
export * from './load.ts';
export * from './gate.ts';
