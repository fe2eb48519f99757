/**
 * Reader of the public.perft format (described in docs/perft.md): `key value` lines,
 * blocks split by blank lines, lines starting with `#` are comments. Shared by the default and the
 * slow perft suites.
 */

export interface PerftBlock {
  readonly id: string;
  readonly variant: string;
  readonly fen: string;
  readonly duplicates: 'keep' | 'drop';
  readonly depths: ReadonlyArray<{ readonly depth: number; readonly count: number }>;
  readonly source: string;
}

/** Read the public.perft format (docs/perft.md): `key value` lines, blocks split by blank lines. */
export function readPerftFile(text: string): PerftBlock[] {
  const blocks: PerftBlock[] = [];
  for (const chunk of text.split(/\r?\n\s*\r?\n/)) {
    const lines = chunk.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
    if (lines.length === 0) continue;
    const fields = new Map<string, string>();
    const depths: Array<{ depth: number; count: number }> = [];
    for (const line of lines) {
      const m = /^(\w+)\s+(.*)$/.exec(line.trim());
      if (!m) throw new Error(`public.perft: cannot read '${line}'`);
      const [, key, value] = m as unknown as [string, string, string];
      if (key === 'perft') {
        const d = /^(\d+)\s+(\d+)$/.exec(value);
        if (!d) throw new Error(`public.perft: bad perft line '${line}'`);
        depths.push({ depth: Number(d[1]), count: Number(d[2]) });
      } else if (['id', 'variant', 'fen', 'duplicates', 'source'].includes(key)) {
        if (fields.has(key)) throw new Error(`public.perft: '${key}' twice in one block`);
        fields.set(key, value.trim());
      } else {
        throw new Error(`public.perft: unknown key '${key}'`);
      }
    }
    const get = (key: string) => {
      const v = fields.get(key);
      if (v === undefined) throw new Error(`public.perft: block without '${key}': ${lines[0]}`);
      return v;
    };
    const duplicates = get('duplicates');
    if (duplicates !== 'keep' && duplicates !== 'drop') {
      throw new Error(`public.perft: duplicates must be keep or drop, not '${duplicates}'`);
    }
    blocks.push({
      id: get('id'),
      variant: get('variant'),
      fen: get('fen'),
      duplicates,
      depths,
      source: get('source'),
    });
  }
  return blocks;
}
