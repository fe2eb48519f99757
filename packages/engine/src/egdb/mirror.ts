/**
 * Colour symmetry: the table of a signature read off the table of its mirror (the colours swapped,
 * the board turned half a turn), instead of being built. A variant whose rules treat both colours
 * alike gives the position and its mirror the same value for the side to move, so the builder
 * (files-node.ts) builds one of each pair of signatures and copies the other, halving its work.
 *
 * Whether a variant is symmetric is not taken from a list: `colourSymmetric` turns the board (it
 * must map onto itself), then compares the moves the rules' own generator gives on sampled
 * positions and their mirrors, captures, crownings and the strict rules a burn is measured
 * against included; one difference and the builder builds both tables.
 */
import {
  BLACK_BIT,
  MoveGenerator,
  MoveList,
  mulberry32,
  squareAt,
  type Variant,
} from '@damka/rules';
import { INVALID, MaterialIndex, materialsOf, valueAt, type Material } from './table.ts';

/** The signature with the colours swapped. */
export function mirrorMaterial(m: Material): Material {
  return { wm: m.bm, wk: m.bk, bm: m.wm, bk: m.wk };
}

/** Each square's square after a half turn of the board, or undefined when the board has none. */
export function halfTurn(variant: Variant): Int16Array | undefined {
  const t = variant.topology;
  const map = new Int16Array(t.size);
  for (let sq = 0; sq < t.size; sq++) {
    const to = squareAt(t, t.width - 1 - t.file[sq]!, t.height - 1 - t.rank[sq]!);
    if (to < 0) return undefined;
    map[sq] = to;
  }
  return map;
}

/** `board` with the colours swapped and turned half a turn, into `out`. */
function mirrorBoard(board: Int8Array, turn: Int16Array, out: Int8Array): void {
  out.fill(0);
  for (let sq = 0; sq < board.length; sq++) {
    const code = board[sq]!;
    if (code !== 0) out[turn[sq]!] = code ^ BLACK_BIT;
  }
}

/** The moves of `list` as sorted text, squares mapped by `map` and colours by `flip`. */
function moveTexts(list: MoveList, n: number, map: Int16Array | null, flip: number): string {
  const at = (sq: number): number => (map ? map[sq]! : sq);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const caps: number[] = [];
    for (let x = list.start[i]!, end = x + list.ncap[i]!; x < end; x++) {
      caps.push(at(list.capSq[x]!), list.capCode[x]! ^ flip);
    }
    out.push(
      `${at(list.from[i]!)}-${at(list.to[i]!)}:${list.moved[i]! ^ flip}>${list.piece[i]! ^ flip}` +
        `/${list.kind[i]}x${caps.join(',')}`,
    );
  }
  return out.sort().join(' ');
}

const symmetric = new Map<string, boolean>();

/**
 * Whether the rules treat both colours alike: the board maps onto itself by a half turn and, on
 * `samples` positions of 2 to 5 pieces (drawn with a fixed seed), every move of one colour is a
 * move of the other on the mirrored board, under the rules and under their strict form.
 */
export function colourSymmetric(variant: Variant, samples = 4000): boolean {
  const known = symmetric.get(variant.id);
  if (known !== undefined) return known;
  const turn = halfTurn(variant);
  let ok = turn !== undefined;
  if (turn) {
    const gens = [variant.compiled, variant.compiled.strict].map((c) => new MoveGenerator(c));
    const list = new MoveList();
    const board = new Int8Array(variant.topology.size);
    const mirrored = new Int8Array(variant.topology.size);
    const materials = [2, 3, 4, 5].flatMap((n) => materialsOf(n));
    const indices = materials.map((m) => new MaterialIndex(variant, m));
    const rand = mulberry32(16);
    for (let k = 0; k < samples && ok; k++) {
      const index = indices[k % indices.length]!;
      const side = index.decode((rand() >>> 0) % index.size, board);
      if (side < 0) continue;
      mirrorBoard(board, turn, mirrored);
      for (const gen of gens) {
        const a = moveTexts(list, gen.generate(board, side, list, true), turn, BLACK_BIT);
        const b = moveTexts(list, gen.generate(mirrored, side ^ 1, list, true), null, 0);
        if (a !== b) {
          ok = false;
          break;
        }
      }
    }
  }
  symmetric.set(variant.id, ok);
  return ok;
}

/**
 * One byte per position of signature `material`, read off the packed table of its mirror
 * (`mirrorMaterial(material)`): the value of each position is its mirror's, the other side to
 * move. Only for a variant `colourSymmetric` accepts.
 */
export function mirrorValues(variant: Variant, material: Material, mirror: Uint8Array): Uint8Array {
  const turn = halfTurn(variant)!;
  const index = new MaterialIndex(variant, material);
  const other = new MaterialIndex(variant, mirrorMaterial(material));
  const values = new Uint8Array(index.size);
  const board = new Int8Array(variant.topology.size);
  const mirrored = new Int8Array(variant.topology.size);
  for (let at = 0; at < index.size; at++) {
    const side = index.decode(at, board);
    if (side < 0) {
      values[at] = INVALID;
      continue;
    }
    mirrorBoard(board, turn, mirrored);
    const j = other.encode(mirrored, side ^ 1);
    if (j < 0) throw new Error('a mirrored position is not in the mirror table');
    values[at] = valueAt(mirror, j);
  }
  return values;
}
