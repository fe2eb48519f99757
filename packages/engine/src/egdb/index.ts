/**
 * The endgame databases' browser-safe part, for a page that loads only what analysis needs
 * (`@damka/engine/egdb`): the table format, the prober and the verdicts. The builder and the file
 * layer stay out (build.ts, files-node.ts).
 */
export * from './table.ts';
export * from './probe.ts';
export * from './verdict.ts';
