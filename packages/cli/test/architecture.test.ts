/**
 * The dependency direction of the architecture (docs/architecture.md): `rules` imports no other Damka package
 * and, in its sources, no Node API; `engine` imports only `rules`; `board` imports nothing of
 * ours; nothing imports `web`. Checked on every source file's imports (static, dynamic, re-exports,
 * relative paths that cross into another package) and on each package.json's dependencies.
 * eslint.config.js enforces the same with `no-restricted-imports` while editing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = join(ROOT, 'packages');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Which other Damka packages each package may import; absent = any except `web`. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  rules: [],
  engine: ['rules'],
  board: [],
};

/** The module specifiers `text` imports or re-exports, dynamic imports included. */
export function importsOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** The Damka package a specifier in `file` points into, if any (by name or by relative path). */
function damkaPackageOf(specifier: string, file: string): string | undefined {
  const named = /^@damka\/([^/]+)/.exec(specifier);
  if (named) return named[1];
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(PACKAGES, resolve(dirname(file), specifier));
  if (target.startsWith('..')) return undefined;
  return target.split(sep)[0];
}

function isNodeApi(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function packageNames(): string[] {
  return readdirSync(PACKAGES).filter((name) => existsSync(join(PACKAGES, name, 'package.json')));
}

test('the import scanner sees every kind of import', () => {
  const text = [
    "import { a } from '@damka/engine';",
    "import type { B } from './b.ts';",
    "export * from 'node:fs';",
    "import 'side-effect';",
    "const c = await import('@damka/web');",
  ].join('\n');
  assert.deepEqual(importsOf(text).sort(), [
    './b.ts',
    '@damka/engine',
    '@damka/web',
    'node:fs',
    'side-effect',
  ]);
  assert.equal(
    damkaPackageOf('../../engine/src/search.ts', join(PACKAGES, 'rules/src/x.ts')),
    'engine',
  );
  assert.equal(damkaPackageOf('./types.ts', join(PACKAGES, 'rules/src/x.ts')), 'rules');
  assert.ok(isNodeApi('fs/promises') && isNodeApi('node:test') && !isNodeApi('tsx/esm/api'));
});

test('each package imports only what the architecture allows', () => {
  const problems: string[] = [];
  let scanned = 0;
  for (const pkg of packageNames()) {
    const allowed = ALLOWED[pkg];
    for (const file of walk(join(PACKAGES, pkg))) {
      scanned++;
      const where = relative(ROOT, file);
      const inSrc = where.startsWith(join('packages', pkg, 'src') + sep);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const target = damkaPackageOf(specifier, file);
        if (target !== undefined && target !== pkg) {
          if (target === 'web')
            problems.push(`${where}: imports '${specifier}' (nothing imports web)`);
          else if (allowed && !allowed.includes(target)) {
            problems.push(
              `${where}: imports '${specifier}' (${pkg} may import: ${allowed.join(', ') || 'nothing of ours'})`,
            );
          }
        }
        if (pkg === 'rules' && inSrc && isNodeApi(specifier)) {
          problems.push(`${where}: imports '${specifier}' (the rules package uses no Node API)`);
        }
      }
    }
  }
  assert.ok(scanned > 10, `scanned ${scanned} files`);
  assert.deepEqual(problems, []);
});

test('package.json dependencies follow the same direction', () => {
  const problems: string[] = [];
  for (const pkg of packageNames()) {
    const manifest = JSON.parse(
      readFileSync(join(PACKAGES, pkg, 'package.json'), 'utf8'),
    ) as Record<string, Record<string, string> | undefined>;
    const deps = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']
      .flatMap((field) => Object.keys(manifest[field] ?? {}))
      .filter((name) => name.startsWith('@damka/'))
      .map((name) => name.slice('@damka/'.length));
    for (const dep of deps) {
      const allowed = ALLOWED[pkg];
      if (dep === 'web' || (allowed && !allowed.includes(dep))) {
        problems.push(`packages/${pkg}/package.json depends on @damka/${dep}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
