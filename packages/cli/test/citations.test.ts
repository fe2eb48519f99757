/**
 * Every citation in the code resolves inside the repository: a reader who meets "rules.md §5.17",
 * "decisions.md item 12", "seed 003" or "packages/engine/docs/tuning.md" in a source, test or
 * benchmark can open it here. Checked on the text of every file under packages/ (generated data,
 * builds and dependencies aside): a named .md file must exist, a rules.md section must be a heading
 * of docs/rules.md, a decisions.md item a numbered decision, a seed one of those docs/rules.md §9
 * lists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.includes('.data.')) out.push(path);
  }
  return out;
}

const rulesText = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
const decisionsText = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');

/** Section numbers of docs/rules.md: "## 5. …" gives 5, "### 5.17 …" 5.17, "### 1a. …" 1a. */
const SECTIONS = new Set(
  [...rulesText.matchAll(/^#{2,3} (\d+[a-z]?(?:\.\d+)?)\.? /gm)].map((m) => m[1] as string),
);
const DECISIONS = new Set(
  [...decisionsText.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1] as string)),
);
const SEEDS = new Set([...rulesText.matchAll(/^- \*\*seed (\d{3})\*\*/gm)].map((m) => m[1]));

/** What is wrong with the citations of one file's text (empty when all resolve). */
export function unresolved(file: string, text: string): string[] {
  const problems: string[] = [];
  const where = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
  for (const m of text.matchAll(/(?<![\w/.-])((?:[\w-]+\/)*[\w-]+\.md)\b/g)) {
    const name = m[1] as string;
    const bases = [
      ROOT,
      join(ROOT, file.split('/').slice(0, 2).join('/')),
      dirname(join(ROOT, file)),
    ];
    const candidates = name.includes('/') ? bases : [...bases, join(ROOT, 'docs')];
    if (!candidates.some((base) => existsSync(join(base, name)))) {
      problems.push(`${where(m.index)}: ${name} is not in the repository`);
    }
  }
  // "rules.md §5.17", "rules.md §3–§4", "rules.md (§2 notes 2–3, 6; §6)": every § up to the end
  // of the clause
  for (const m of text.matchAll(/rules\.md([^\n'"`]*)/g)) {
    const clause = (m[1] as string).split(/\.(?:\s|$)|\)/)[0] as string;
    for (const s of clause.matchAll(/§(\d+[a-z]?(?:\.\d+)?)/g)) {
      if (!SECTIONS.has(s[1] as string)) {
        problems.push(`${where(m.index)}: docs/rules.md has no §${s[1]}`);
      }
    }
  }
  for (const m of text.matchAll(/decisions\.md item (\d+)/g)) {
    if (!DECISIONS.has(Number(m[1]))) {
      problems.push(`${where(m.index)}: docs/decisions.md has no item ${m[1]}`);
    }
  }
  for (const m of text.matchAll(/decisions\.md house-rule options/gi)) {
    if (!/^## House-rule options$/m.test(decisionsText)) {
      problems.push(`${where(m.index)}: docs/decisions.md has no house-rule options`);
    }
  }
  for (const m of text.matchAll(/\bseeds? (\d{3})\b/g)) {
    if (!SEEDS.has(m[1]))
      problems.push(`${where(m.index)}: docs/rules.md §9 names no seed ${m[1]}`);
  }
  for (const m of text.matchAll(/\bdecision (\d+)\b/g)) {
    problems.push(
      `${where(m.index)}: "decision ${m[1]}" should read "docs/decisions.md item ${m[1]}"`,
    );
  }
  return problems;
}

test('the rules reference has the sections, decisions and seeds the checks read', () => {
  for (const s of ['1a', '2', '3', '4', '5.1', '5.17', '5.22', '6', '7.6', '7.7', '8', '9']) {
    assert.ok(SECTIONS.has(s), `§${s}`);
  }
  assert.deepEqual(
    [...DECISIONS],
    Array.from({ length: 17 }, (_, i) => i + 1),
  );
  assert.deepEqual([...SEEDS], ['000', '001', '002', '003']);
});

test('the checks catch a citation that resolves nowhere', () => {
  const bad = [
    'see rules.md §5.99 and decisions.md item 40',
    'as design.md says',
    'from seed 007',
    'docs/rules.md §3–§12',
    '(decision 3)',
  ].join('\n');
  assert.equal(unresolved('packages/rules/src/x.ts', bad).length, 6);
  assert.deepEqual(
    unresolved('packages/rules/src/x.ts', 'docs/rules.md (§2 notes 2–3, 6; §6). rules.md §5.17'),
    [],
  );
});

test('every citation in packages/ resolves inside the repository', () => {
  // this file's own bad examples aside
  const self = fileURLToPath(import.meta.url);
  const files = walk(join(ROOT, 'packages'), []).filter((path) => path !== self);
  assert.ok(files.length > 200, `only ${files.length} files read`);
  const problems = files.flatMap((path) =>
    unresolved(relative(ROOT, path), readFileSync(path, 'utf8')),
  );
  assert.deepEqual(problems, []);
});
