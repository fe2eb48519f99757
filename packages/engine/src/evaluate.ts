/**
 * Static evaluation for every variant: one code path driven by a `Weights` record and per-square
 * tables precomputed once per variant from its `Topology`.
 *
 * Material, advancement, back-row guard, centre and Dhamet's strong points are folded into one
 * piece-square table (`pst[code * size + square]`), so the common part of the evaluation is a
 * single pass over the board with one table read per piece. Terms that depend on neighbours
 * (runaway men, loose men, king mobility, Turkish pairs) read the topology's link tables.
 */
import {
  BLACK_BIT as IMPORTED_BLACK_BIT,
  KING,
  MAN as IMPORTED_MAN,
  QUEEN,
  type Variant,
} from '@damka/rules';
import { weightsFor, type Weights } from './weights.ts';

// Copied to module constants: under a TypeScript loader an imported binding read is a getter call.
const BLACK_BIT = IMPORTED_BLACK_BIT;
const MAN = IMPORTED_MAN;

/** The evaluation of one variant. Not re-entrant-sensitive: it keeps no state between calls. */
export class Evaluator {
  readonly weights: Weights;
  private readonly size: number;
  private readonly height: number;
  /** White's point of view: black entries are negative. */
  readonly pst: Int32Array;
  private readonly next: Int16Array;
  private readonly reverse: Int8Array;
  private readonly ndirs: number;
  /** Bit d set when a piece of this code may make its first jump in direction d. */
  private readonly jumpMask: Int32Array;
  private readonly flying: Uint8Array;
  private readonly capturable: Uint8Array;
  /** Runaway: squares that must be empty ahead of a man, per colour and square; start/end offsets. */
  private readonly coneStart: Int32Array;
  private readonly coneEnd: Int32Array;
  private readonly cone: Int16Array;
  /** Runaway bonus by colour and square (0 where not considered). */
  private readonly runawayValue: Int32Array;
  /** Orthogonal directions (Turkish structure). */
  private readonly orthDirs: Int8Array;
  private readonly onePieceDraw: boolean;
  private readonly oneKingDraw: boolean;
  private readonly drawishFlying: boolean;
  // weights read in the hot loop, copied to fields
  private readonly wStructure: number;
  private readonly wKingMobility: number;
  private readonly wLoose: number;
  private readonly wDouble: number;
  private readonly wTempo: number;
  private readonly wDivisor: number;

  constructor(variant: Variant, overrides: Partial<Weights> = {}) {
    const w = weightsFor(variant, overrides);
    this.weights = w;
    const t = variant.topology;
    const c = variant.compiled;
    const size = t.size;
    this.size = size;
    this.height = t.height;
    this.next = t.next;
    this.reverse = t.reverse;
    this.ndirs = t.directions.length;
    this.flying = c.flying;
    this.capturable = c.capturable;
    this.jumpMask = new Int32Array(8);
    for (let code = 0; code < 8; code++) {
      let m = 0;
      for (const d of c.firstJumpDirs[code]!) m |= 1 << d;
      this.jumpMask[code] = m;
    }
    this.orthDirs = Int8Array.from(
      t.directions.flatMap((d, i) => ((d.dx === 0) !== (d.dy === 0) ? [i] : [])),
    );

    const last = t.height - 1;
    const midFile = (t.width - 1) / 2;
    const midRank = (t.height - 1) / 2;
    const pst = new Int32Array(8 * size);
    const crownsMen = variant.rules.promotion.stages.length > 0;
    for (let sq = 0; sq < size; sq++) {
      const file = t.file[sq]!;
      const centrality = 1 - Math.abs(file - midFile) / (midFile || 1);
      const kingCentrality =
        1 - (Math.abs(file - midFile) + Math.abs(t.rank[sq]! - midRank)) / (midFile + midRank || 1);
      let lines = 0;
      for (let d = 0; d < this.ndirs; d++) if (t.next[d * size + sq]! >= 0) lines++;
      const strongPoint = t.kind === 'alquerque' && lines > 4 ? 1 : 0;
      for (const color of [0, 1]) {
        const sign = color === 0 ? 1 : -1;
        const bit = color === 0 ? 0 : BLACK_BIT;
        const progress = color === 0 ? t.rank[sq]! : last - t.rank[sq]!;
        const home = progress === 0;
        const man =
          w.man +
          Math.round((w.advance * progress * 8) / last) +
          (home && crownsMen ? w.backRank : 0) +
          Math.round(w.centre * centrality) +
          w.openPoint * strongPoint;
        const kingBonus = Math.round(w.kingCentre * kingCentrality) + w.openPoint * strongPoint;
        pst[(bit | MAN) * size + sq] = sign * man;
        pst[(bit | QUEEN) * size + sq] = sign * (w.queen + kingBonus);
        pst[(bit | KING) * size + sq] = sign * (w.king + kingBonus);
      }
    }
    this.pst = pst;

    // Runaway men: the wedge ahead of a man (|file offset| <= ranks ahead) must be empty.
    const coneStart = new Int32Array(2 * size);
    const coneEnd = new Int32Array(2 * size);
    const runawayValue = new Int32Array(2 * size);
    const cone: number[] = [];
    const reach = Math.max(2, Math.floor(t.height / 2));
    for (const color of [0, 1]) {
      for (let sq = 0; sq < size; sq++) {
        const i = color * size + sq;
        coneStart[i] = cone.length;
        const r = t.rank[sq]!;
        const dist = color === 0 ? last - r : r;
        if (dist === 0 || dist > reach || !crownsMen || w.runaway === 0) {
          coneEnd[i] = cone.length;
          continue;
        }
        for (let k = 1; k <= dist; k++) {
          const rr = color === 0 ? r + k : r - k;
          for (let f = t.file[sq]! - k; f <= t.file[sq]! + k; f++) {
            if (f < 0 || f >= t.width) continue;
            const s = t.grid[rr * t.width + f]!;
            if (s >= 0) cone.push(s);
          }
        }
        coneEnd[i] = cone.length;
        runawayValue[i] = Math.round((w.runaway * (reach + 1 - dist)) / reach);
      }
    }
    this.coneStart = coneStart;
    this.coneEnd = coneEnd;
    this.cone = Int16Array.from(cone);
    this.runawayValue = runawayValue;

    this.onePieceDraw = variant.rules.draws.some((d) => d.kind === 'onePieceEach');
    this.oneKingDraw = variant.rules.draws.some((d) => d.kind === 'oneKingEach');
    this.drawishFlying = variant.rules.king.range === 'flying' && w.drawishDivisor > 1;
    this.wStructure = w.structure;
    this.wKingMobility = w.kingMobility;
    this.wLoose = w.loose;
    this.wDouble = (w.man * 3) >> 3;
    this.wTempo = w.tempo;
    this.wDivisor = w.drawishDivisor;
  }

  /** The score of `board` for `side` (0 white, 1 black) to move, in hundredths of a man. */
  evaluate(board: Int8Array, side: number): number {
    const size = this.size;
    const pst = this.pst;
    const next = this.next;
    const structure = this.wStructure;
    const kingMobility = this.wKingMobility;
    const loose = this.wLoose;
    const ndirs = this.ndirs;
    const me = side === 0 ? 0 : BLACK_BIT;
    let score = 0;
    let whitePieces = 0;
    let blackPieces = 0;
    let whiteKings = 0;
    let blackKings = 0;
    let whiteRunaway = 0;
    let blackRunaway = 0;
    let looseCount = 0;
    // one pass: table value, counts, and the terms that read neighbours
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      score += pst[code * size + sq]!;
      const black = code & BLACK_BIT;
      const sign = black ? -1 : 1;
      if ((code & 3) === MAN) {
        if (black) blackPieces++;
        else whitePieces++;
        const ci = black ? size + sq : sq;
        const value = this.runawayValue[ci]!;
        if (value !== 0) {
          let free = true;
          for (let k = this.coneStart[ci]!, end = this.coneEnd[ci]!; k < end; k++) {
            if (board[this.cone[k]!] !== 0) {
              free = false;
              break;
            }
          }
          if (free) {
            if (black) blackRunaway += value;
            else whiteRunaway += value;
          }
        }
        if (structure !== 0) {
          let friends = 0;
          const dirs = this.orthDirs;
          for (let i = 0; i < dirs.length; i++) {
            const n = next[dirs[i]! * size + sq]!;
            if (n >= 0 && board[n] === code) friends++;
          }
          score += sign * friends * structure;
        }
      } else {
        if (black) {
          blackPieces++;
          blackKings++;
        } else {
          whitePieces++;
          whiteKings++;
        }
        if (kingMobility !== 0) {
          let free = 0;
          for (let d = 0; d < ndirs; d++) {
            const n = next[d * size + sq]!;
            if (n >= 0 && board[n] === 0) free++;
          }
          score += sign * free * kingMobility;
        }
      }
      // a loose piece of the side to move: an adjacent enemy can jump it next move
      if (black === me && loose !== 0) {
        for (let d = 0; d < ndirs; d++) {
          const land = next[d * size + sq]!;
          if (land < 0 || board[land] !== 0) continue;
          const from = next[this.reverse[d]! * size + sq]!;
          if (from < 0) continue;
          const attacker = board[from]!;
          if (attacker === 0 || (attacker & BLACK_BIT) === me) continue;
          if ((this.jumpMask[attacker]! & (1 << d)) === 0) continue;
          if (this.capturable[attacker * 8 + code] === 0) continue;
          looseCount++;
          break;
        }
      }
    }
    if (whitePieces === 1 && blackPieces === 1) {
      if (this.onePieceDraw) return 0;
      if (this.oneKingDraw && whiteKings === 1 && blackKings === 1) return 0;
    }
    // a runaway man counts only while the opponent has no king to catch it
    if (blackKings === 0) score += whiteRunaway;
    if (whiteKings === 0) score -= blackRunaway;
    let own = side === 0 ? score : -score;
    if (looseCount > 0) own -= loose * looseCount + (looseCount > 1 ? this.wDouble : 0);
    if (this.drawishFlying) {
      // a lone king against at most three pieces is usually a draw under flying kings
      const whiteLoneKing = whitePieces === 1 && whiteKings === 1 && blackPieces <= 3;
      const blackLoneKing = blackPieces === 1 && blackKings === 1 && whitePieces <= 3;
      if (whiteLoneKing || blackLoneKing) own = Math.trunc(own / this.wDivisor);
    }
    return own + this.wTempo;
  }
}
