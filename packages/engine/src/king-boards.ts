/**
 * Two small boards with kings that the engine runs once when it is made: one where each side's king
 * can take a man, one with a man and a king of each side set apart. V8 compiles the hot search from
 * the cases it has run so far; a case first met in the middle of a search (the first king of a
 * game, or of the bench's next position) throws the compiled code away, and the search runs slowly
 * until it is built again. Running these boards through the evaluation (`Evaluator`) and the move
 * generation (`Searcher`) at construction lets the compiled code include kings from the start.
 * Nothing is kept from them: they are scored and their moves made and unmade, and that is all.
 */
import {
  BLACK_BIT,
  KING,
  MAN,
  type BoardMoves,
  type CompiledRules,
  type MoveList,
} from '@damka/rules';

/** The two boards of `rules`' board: the first with a capture for each side's king. */
export function kingBoards(rules: CompiledRules): readonly Int8Array[] {
  const size = rules.size;
  const captures = new Int8Array(size);
  // a king, a man it can take and a free square behind the man, for each colour
  const place = (king: number, man: number): void => {
    for (let sq = 0; sq < size; sq++) {
      for (let d = 0; d < rules.reverse.length; d++) {
        const over = rules.next[d * size + sq]!;
        const land = over < 0 ? -1 : rules.next[d * size + over]!;
        if (land < 0 || captures[sq] !== 0 || captures[over] !== 0 || captures[land] !== 0) {
          continue;
        }
        captures[sq] = king;
        captures[over] = man;
        return;
      }
    }
  };
  place(KING, BLACK_BIT | MAN);
  place(BLACK_BIT | KING, MAN);
  const quiet = new Int8Array(size);
  quiet[1] = MAN;
  quiet[size >> 2] = KING;
  quiet[(size >> 1) + 1] = BLACK_BIT | KING;
  quiet[size - 2] = BLACK_BIT | MAN;
  return [captures, quiet];
}

/** Generate, make and unmake each move of both sides of the king boards, on `moves`' board. */
export function seeKingMoves(moves: BoardMoves, rules: CompiledRules, list: MoveList): void {
  for (const board of kingBoards(rules)) {
    moves.load(board);
    for (let side = 0; side < 2; side++) {
      const n = moves.generate(side, list, true);
      for (let i = 0; i < n; i++) {
        moves.make(list, i);
        moves.unmake(list, i);
      }
    }
  }
  list.clear();
}
