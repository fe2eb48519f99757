// ESLint flat config for the whole workspace: the recommended JavaScript and typescript-eslint
// rules (syntax-only, so linting stays fast), tuned for performance-critical code, plus the
// dependency direction of the architecture: rules ← engine ← cli/server/web, board on its own.
// packages/cli/test/architecture.test.ts checks the same import graph from the test suite.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Globals a Node script may use (the `globals` package is not a dependency). */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'structuredClone',
    'performance',
    'TextEncoder',
    'TextDecoder',
    'AbortController',
    'fetch',
  ].map((name) => [name, 'readonly']),
);

/** Globals that exist only in a browser or only in Node: the rules package uses neither. */
const platformGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'self',
  'process',
  'Buffer',
  'global',
  'require',
  'module',
  '__dirname',
  '__filename',
].map((name) => ({ name, message: 'the rules package runs unchanged in browsers and Node.' }));

/** An import restriction for one package's sources: `group` patterns and exact `names`. */
function restrictImports(message, group, names = []) {
  return [
    'error',
    { paths: names.map((name) => ({ name, message })), patterns: [{ group, message }] },
  ];
}

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', 'artifacts/', '**/*.tsbuildinfo']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'damka/all',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Typed arrays and move lists are indexed in hot loops; `x[i]!` is the measured idiom.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Bit twiddling is deliberate in square sets and piece codes.
      'no-bitwise': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
      'no-var': 'error',
      'no-restricted-imports': restrictImports('nothing imports the web app.', [
        '@damka/web',
        '@damka/web/*',
      ]),
    },
  },
  {
    name: 'damka/node-scripts',
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // CommonJS files (the `damka` executable, bin/damka.cjs): require and the module globals.
    name: 'damka/commonjs',
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        ...nodeGlobals,
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'damka/rules-is-pure',
    files: ['packages/rules/src/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        'the rules package imports no other Damka package and no Node API.',
        ['@damka/*', 'node:*'],
        builtinModules,
      ),
      'no-restricted-globals': ['error', ...platformGlobals],
    },
  },
  {
    name: 'damka/engine-needs-only-rules',
    files: ['packages/engine/src/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        'the engine imports only @damka/rules of the Damka packages.',
        ['@damka/*', '!@damka/rules'],
      ),
    },
  },
  {
    name: 'damka/board-stands-alone',
    files: ['packages/board/src/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        'the board widget imports no other Damka package: it receives plain data.',
        ['@damka/*'],
      ),
    },
  },
);
