#!/usr/bin/env node
// Builds what runs under Node to JavaScript with esbuild, so that nothing runs under a TypeScript
// loader outside development and tests:
// - the `damka` command (packages/cli/dist): one self-contained CommonJS file per command
//   (`<command>.cjs`), a small dispatcher (main.cjs) that requires only the command asked for, and
//   the worker threads (the engine's worker-node.js and helper threads' threads-worker-node.js,
//   the book builder's book-build-worker.js and the puzzle builder's puzzles-build-worker.js, ES
//   modules), all in one folder so that the
//   module starting one (worker-start-node.ts) finds it beside its caller. CommonJS and no shared
//   chunks because start-up is what a command line pays for: Node's ES-module loader costs tens
//   of milliseconds to start and a few more per file, `require` much less, and a bundle of its own
//   holds only what its command uses, so `damka variants` reads two small files. build.json lists, for each
//   bundle, the sources it was built from, and when the build began: bin/damka.cjs rebuilds when
//   a source of the bundles it is about to load is newer.
// - the server (packages/server/dist/main.js, an ES module), with the Damka packages inside and
//   its npm dependencies left to Node.
// Usage: `node scripts/build.mjs [cli] [server]` (both when none is named). Files are written
// under a temporary name and renamed, so processes building side by side never read half a file.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI_DIST = join(ROOT, 'packages/cli/dist');
export const SERVER_DIST = join(ROOT, 'packages/server/dist');
const COMMANDS = join(ROOT, 'packages/cli/src/commands');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

/** Each command is its own bundle: the registry's `import('./perft.ts')` requires `./perft.cjs`. */
const commandsApart = {
  name: 'commands-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/[\w-]+\.ts$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || args.resolveDir !== COMMANDS) return undefined;
      return { path: args.path.replace(/\.ts$/, '.cjs'), external: true };
    });
  },
};

/**
 * CommonJS has no `import.meta`: its `url` becomes the bundle's own file URL (client-node.ts finds
 * the worker by it); `resolve` is only read when running from sources, never in a bundle.
 */
const commonJs = {
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // `import()` of another command becomes `require`, so no ES-module loader starts
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': 'importMetaUrl', 'import.meta.resolve': 'undefined' },
  // strict mode first, as in the ES modules the sources are
  banner: {
    js: '"use strict";\nconst importMetaUrl = require("node:url").pathToFileURL(__filename).href;',
  },
};

/**
 * npm packages stay outside the bundle (Node finds them in node_modules); ours go inside, and so
 * do a package's own `#` imports (its package.json `imports`, such as the engine's `#pattern-data`).
 */
export const npmOutside = {
  name: 'npm-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@damka/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Write each output under a temporary name, then rename it into place. */
function writeAll(files) {
  for (const { path, contents } of files) {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  }
}

/** The modules that start a worker thread, and the worker bundle each starts. */
const WORKERS = [
  ['packages/engine/src/client-node.ts', 'worker-node'],
  ['packages/engine/src/book/build-node.ts', 'book-build-worker'],
  ['packages/engine/src/puzzles/build-node.ts', 'puzzles-build-worker'],
  ['packages/engine/src/threads-node.ts', 'threads-worker-node'],
];

/**
 * The sources (relative to the repository, package.json files included) each bundle was built
 * from, by bundle name; a bundle that starts a worker thread counts the worker's too.
 */
function sourcesByBundle(metafile) {
  const sourcesOf = (output) => {
    const inputs = Object.keys(output.inputs).filter((p) => !p.includes('node_modules/'));
    const packages = new Set(inputs.map((p) => /^packages\/[^/]+\//.exec(p)?.[0]).filter(Boolean));
    return [...inputs, ...[...packages].map((p) => `${p}package.json`)];
  };
  const bundles = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    bundles[path.replace(/^.*\//, '').replace(/\.c?js$/, '')] = sourcesOf(output);
  }
  for (const [name, sources] of Object.entries(bundles)) {
    for (const [starter, worker] of WORKERS) {
      if (name !== worker && sources.includes(starter))
        bundles[name] = [...new Set([...bundles[name], ...bundles[worker]])];
    }
  }
  for (const name of Object.keys(bundles)) bundles[name].sort();
  return bundles;
}

/** Build the `damka` command into packages/cli/dist; `clean` removes outputs of older builds. */
export async function buildCli({ clean = false } = {}) {
  const started = Date.now();
  const commands = readdirSync(COMMANDS)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => ({ in: join(COMMANDS, f), out: f.replace(/\.ts$/, '') }));
  const [cli, worker] = await Promise.all([
    esbuild.build({
      ...common,
      ...commonJs,
      entryPoints: [{ in: 'packages/cli/src/main.ts', out: 'main' }, ...commands],
      outdir: CLI_DIST,
      plugins: [commandsApart],
    }),
    esbuild.build({
      ...common,
      entryPoints: [
        { in: 'packages/engine/src/worker-node.ts', out: 'worker-node' },
        { in: 'packages/engine/src/book/build-worker-node.ts', out: 'book-build-worker' },
        { in: 'packages/engine/src/puzzles/build-worker-node.ts', out: 'puzzles-build-worker' },
        { in: 'packages/engine/src/threads-worker-node.ts', out: 'threads-worker-node' },
      ],
      outdir: CLI_DIST,
    }),
  ]);
  const files = [...cli.outputFiles, ...worker.outputFiles];
  const outputs = files.map((f) => f.path);
  if (clean) {
    mkdirSync(CLI_DIST, { recursive: true });
    for (const name of readdirSync(CLI_DIST)) {
      if (/\.(c?js|mjs|json)$/.test(name) && !outputs.includes(join(CLI_DIST, name)))
        rmSync(join(CLI_DIST, name));
    }
  }
  writeAll(files);
  // Written last: until it names this build's sources, the build counts as not done.
  const bundles = sourcesByBundle({
    outputs: { ...cli.metafile.outputs, ...worker.metafile.outputs },
  });
  writeAll([
    { path: join(CLI_DIST, 'build.json'), contents: JSON.stringify({ started, bundles }) },
  ]);
  return outputs.map((p) => relative(ROOT, p));
}

/** Build the server into packages/server/dist/main.js. */
export async function buildServer() {
  const result = await esbuild.build({
    ...common,
    entryPoints: [{ in: 'packages/server/src/main.ts', out: 'main' }],
    outdir: SERVER_DIST,
    plugins: [npmOutside],
  });
  writeAll(result.outputFiles);
  return result.outputFiles.map((f) => relative(ROOT, f.path));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((a) => a !== 'cli' && a !== 'server');
  if (unknown.length > 0) {
    console.error(`build: unknown target ${unknown.join(', ')} (cli, server)`);
    process.exit(2);
  }
  const all = asked.length === 0;
  const t = performance.now();
  const built = [
    ...(all || asked.includes('cli') ? await buildCli({ clean: true }) : []),
    ...(all || asked.includes('server') ? await buildServer() : []),
  ];
  console.log(`build: ${built.length} files in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
