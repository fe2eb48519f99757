/**
 * Static evaluation for every variant: one code path driven by a `Weights` record and per-square
 * tables precomputed once per variant from its `Topology`.
 *
 * Material, advancement, back-row guard, centre and Dhamet's strong points are folded into one
 * piece-square table (`pst[code * size + square]`), so the common part of the evaluation is a
 * single pass over the board with one table read per piece. Terms that depend on neighbours
 * (runaway men, loose men, king mobility, Turkish pairs, and the men's shape: formation, stuck
 * men, men's mobility, wing balance, tempo gap) read the topology's link tables. Of the shape
 * terms only International's wing balance is weighted so far (self-play showed no gain from the
 * others yet); with all of them at 0 they cost one test per man. International also adds a
 * learned table of the men's structure (patterns.ts: 16 table reads), fitted to self-play.
 *
 * Boards of at most 64 squares (every variant but Dhamet) also have a bitboard form of the same
 * terms: the search keeps one mask per piece code (one 32-bit word up to 32 squares, two words for
 * 10x10 and Turkish) and the table sum up to date move by move, and `evaluateBits` /
 * `evaluateWideBits` compute each neighbour term for all pieces at once with a few shifts per
 * direction instead of a pass over the squares. Both forms give identical scores (tested, and the
 * bench's node count depends on it).
 */
import {
  BLACK_BIT as IMPORTED_BLACK_BIT,
  KING,
  MAN as IMPORTED_MAN,
  QUEEN,
  type Variant,
} from '@damka/rules';
import { storedPatterns, type PatternTable } from './patterns.ts';
import { weightsFor, type Weights } from './weights.ts';

// Copied to module constants: under a TypeScript loader an imported binding read is a getter call.
const BLACK_BIT = IMPORTED_BLACK_BIT;
const MAN = IMPORTED_MAN;

/**
 * What `evaluateQuiet` returns for a position that is not quiet (a capture to play, or no step);
 * far outside every real score.
 */
export const NOT_QUIET = 0x40000000;

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
  /** `neighbour[sq * ndirs + d]`: the next square in direction d, or -1 (one row per square). */
  private readonly neighbour: Int16Array;
  /** Slots per (code, square) row of the step and jump tables: most directions plus a -1 end. */
  private readonly width: number;
  /** `stepTo[(code * size + sq) * width + k]`: the k-th one-step target, -1 ends the row. */
  private readonly stepTo: Int16Array;
  /** The k-th first jump of a short-range piece (square jumped, landing square), -1 ends. */
  private readonly jumpOver: Int16Array;
  private readonly jumpLand: Int16Array;
  private readonly firstJumpDirs: readonly Int8Array[];
  private readonly stepDirs: readonly Int8Array[];
  /**
   * Bitboard shifts, per direction d: the squares of `mask0[d]` move to their neighbour by
   * `(x << left0[d]) >>> right0[d]`, those of `mask1[d]` likewise (a diagonal board has two index
   * deltas per direction, one per row parity). Null when the board does not fit (see module note).
   */
  readonly bits: {
    readonly mask0: Int32Array;
    readonly left0: Int32Array;
    readonly right0: Int32Array;
    readonly mask1: Int32Array;
    readonly left1: Int32Array;
    readonly right1: Int32Array;
    /** Every square of the board. */
    readonly all: number;
    /** Per colour and square (`colour * size + sq`): the runaway wedge as a mask. */
    readonly coneMask: Int32Array;
    /** Per colour: the squares where a man may earn the runaway bonus. */
    readonly runawayZone: Int32Array;
  } | null;
  /** The same for boards of 33 to 64 squares, with two words per mask; null otherwise. */
  readonly wideBits: WideShifts | null;
  /** Bit d set when a piece of this code may make its first jump in direction d. */
  private readonly jumpMask: Int32Array;
  private readonly flying: Uint8Array;
  private readonly capturable: Uint8Array;
  /** 1 when a piece of this code may jump every piece code of the other colour. */
  private readonly capturesAll: Uint8Array;
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
  private readonly wFewPieces: number;
  private readonly wEvenKings: number;
  /** Men's shape terms (formation, tail, mobility, wings; see `Weights`): any weight non-zero. */
  private readonly shape: boolean;
  private readonly wFormation: number;
  private readonly wTail: number;
  private readonly wManMobility: number;
  private readonly wWing: number;
  private readonly wTempoGap: number;
  private readonly tempoMargin: number;
  /** Per colour and square: the ranks a man there has advanced from its home row. */
  private readonly progress: Uint8Array;
  /** A man's forward step directions, per colour (`manForward[colour]`), and its back ones. */
  private readonly manForward: readonly Int8Array[];
  private readonly manBack: readonly Int8Array[];
  /** Per square: 1 on the left wing (files below the middle). */
  private readonly leftWing: Uint8Array;
  /** Per colour and square (`colour * size + sq`): 1 on that colour's own back row. */
  private readonly homeRow: Uint8Array;

  /** The learned men's structure table (patterns.ts), or null: International only so far. */
  readonly patterns: PatternTable | null;

  /**
   * `patterns`: the structure table to add, null for none; by default the variant's stored table.
   */
  constructor(
    variant: Variant,
    overrides: Partial<Weights> = {},
    patterns: PatternTable | null | undefined = undefined,
  ) {
    const w = weightsFor(variant, overrides);
    this.weights = w;
    this.patterns = patterns === undefined ? storedPatterns(variant) : patterns;
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
    this.capturesAll = new Uint8Array(8);
    for (let code = 1; code < 8; code++) {
      const them = (code & BLACK_BIT) ^ BLACK_BIT;
      let all = 1;
      for (let v = them + 1; v <= them + 3; v++) if (c.capturable[code * 8 + v] === 0) all = 0;
      this.capturesAll[code] = all;
    }
    this.firstJumpDirs = c.firstJumpDirs;
    this.stepDirs = c.stepDirs;
    const ndirs = this.ndirs;
    this.neighbour = new Int16Array(size * ndirs);
    for (let sq = 0; sq < size; sq++) {
      for (let d = 0; d < ndirs; d++) this.neighbour[sq * ndirs + d] = t.next[d * size + sq]!;
    }
    const width = ndirs + 1;
    this.width = width;
    this.stepTo = new Int16Array(8 * size * width).fill(-1);
    this.jumpOver = new Int16Array(8 * size * width).fill(-1);
    this.jumpLand = new Int16Array(8 * size * width).fill(-1);
    for (let code = 1; code < 8; code++) {
      for (let sq = 0; sq < size; sq++) {
        const row = (code * size + sq) * width;
        let k = 0;
        for (const d of c.stepDirs[code]!) {
          const to = t.next[d * size + sq]!;
          if (to >= 0) this.stepTo[row + k++] = to;
        }
        k = 0;
        for (const d of c.firstJumpDirs[code]!) {
          const over = t.next[d * size + sq]!;
          const land = over >= 0 ? t.next[d * size + over]! : -1;
          if (land < 0) continue;
          this.jumpOver[row + k] = over;
          this.jumpLand[row + k] = land;
          k++;
        }
      }
    }
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
      // the six central squares of a 10x10 board: the middle two ranks, files c-h
      const rank = t.rank[sq]!;
      const middleRank = rank === Math.floor(midRank) || rank === Math.ceil(midRank);
      const centreSquare = middleRank && file >= 2 && file <= t.width - 3 ? w.centreSquare : 0;
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
          w.openPoint * strongPoint +
          centreSquare;
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
    this.wFewPieces = Math.max(1, w.fewPiecesDivisor);
    this.wEvenKings = Math.max(1, w.evenKingsDivisor);
    this.wFormation = w.formation;
    this.wTail = w.tail;
    this.wManMobility = w.manMobility;
    this.wWing = w.wingBalance;
    this.wTempoGap = w.tempoGap;
    this.tempoMargin = w.tempoMargin;
    this.shape =
      w.formation !== 0 ||
      w.tail !== 0 ||
      w.manMobility !== 0 ||
      w.wingBalance !== 0 ||
      w.tempoGap !== 0;
    this.progress = new Uint8Array(2 * size);
    for (let sq = 0; sq < size; sq++) {
      this.progress[sq] = t.rank[sq]!;
      this.progress[size + sq] = last - t.rank[sq]!;
    }
    this.manForward = [c.stepDirs[MAN]!, c.stepDirs[BLACK_BIT | MAN]!];
    this.manBack = this.manForward.map((dirs) => Int8Array.from(dirs, (d) => t.reverse[d]!));
    this.leftWing = new Uint8Array(size);
    this.homeRow = new Uint8Array(2 * size);
    for (let sq = 0; sq < size; sq++) {
      if (t.file[sq]! < midFile) this.leftWing[sq] = 1;
      if (t.rank[sq] === 0) this.homeRow[sq] = 1;
      if (t.rank[sq] === last) this.homeRow[size + sq] = 1;
    }
    // the 32-square form has no shape terms: such a board falls back to the square pass
    this.bits =
      w.structure === 0 && !this.shape
        ? buildShifts(t.next, size, ndirs, coneStart, coneEnd, cone)
        : null;
    this.wideBits = buildWideShifts(t.next, size, ndirs, coneStart, coneEnd, cone, runawayValue);
    if (this.wideBits) {
      const wb = this.wideBits;
      for (let sq = 0; sq < size; sq++) {
        const word = sq >> 5;
        const bit = 1 << sq;
        if (this.leftWing[sq] === 1) wb.leftWing[word] = wb.leftWing[word]! | bit;
        for (let colour = 0; colour < 2; colour++) {
          const z = 2 * colour + word;
          const progress = this.progress[colour * size + sq]!;
          for (let b = 0; b < 4; b++) {
            const i = 8 * colour + 2 * b + word;
            if ((progress >> b) & 1) wb.tempoPlane[i] = wb.tempoPlane[i]! | bit;
          }
          if (this.homeRow[colour * size + sq] === 1) wb.homeRow[z] = wb.homeRow[z]! | bit;
          const back = this.manBack[colour]!;
          for (let k = 0; k < back.length && k < 4; k++) {
            // squares with no neighbour behind them in back direction k count as covered
            if (t.next[back[k]! * size + sq]! >= 0) continue;
            const i = 8 * colour + 2 * k + word;
            wb.openBack[i] = wb.openBack[i]! | bit;
          }
        }
      }
    }
    if (this.bits) {
      const zone = this.bits.runawayZone;
      for (let ci = 0; ci < 2 * size; ci++) {
        const colour = ci < size ? 0 : 1;
        if (runawayValue[ci] !== 0) zone[colour] = zone[colour]! | (1 << (ci % size));
      }
    }
  }

  /** The score of `board` for `side` (0 white, 1 black) to move, in hundredths of a man. */
  evaluate(board: Int8Array, side: number): number {
    return this.scan(board, side, false);
  }

  /**
   * The score of a quiet position, or `NOT_QUIET` when `side` has a capture (it must be played
   * out, not evaluated) or no ordinary step (only the generator can tell a blocked position from a
   * house-rule move). Quiescence asks this at every leaf: one pass over the board answers both.
   * Exact for captures: a capture exists exactly when some piece has a legal first jump.
   */
  evaluateQuiet(board: Int8Array, side: number): number {
    return this.scan(board, side, true);
  }

  private scan(board: Int8Array, side: number, leaf: boolean): number {
    const size = this.size;
    const pst = this.pst;
    const structure = this.wStructure;
    const kingMobility = this.wKingMobility;
    const loose = this.wLoose;
    const ndirs = this.ndirs;
    const nb = this.neighbour;
    const reverse = this.reverse;
    const jumpMask = this.jumpMask;
    const capturable = this.capturable;
    const width = this.width;
    const stepTo = this.stepTo;
    const jumpOver = this.jumpOver;
    const jumpLand = this.jumpLand;
    const me = side === 0 ? 0 : BLACK_BIT;
    let stepFound = !leaf;
    let score = 0;
    let whitePieces = 0;
    let blackPieces = 0;
    let whiteKings = 0;
    let blackKings = 0;
    let whiteRunaway = 0;
    let blackRunaway = 0;
    let looseCount = 0;
    const shape = this.shape;
    let formation = 0;
    let tail = 0;
    let mobility = 0;
    let whiteWing = 0;
    let blackWing = 0;
    let tempo = 0;
    // one pass: table value, counts, and the terms that read neighbours
    for (let sq = 0; sq < size; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      score += pst[code * size + sq]!;
      const black = code & BLACK_BIT;
      const sign = black ? -1 : 1;
      const around = sq * ndirs;
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
            const n = nb[around + dirs[i]!]!;
            if (n >= 0 && board[n] === code) friends++;
          }
          score += sign * friends * structure;
        }
        if (shape) {
          const colour = black ? 1 : 0;
          if (this.homeRow[colour * size + sq] === 0) {
            const back = this.manBack[colour]!;
            let covered = true;
            for (let i = 0; i < back.length; i++) {
              const n = nb[around + back[i]!]!;
              if (n >= 0 && (board[n] === 0 || (board[n]! & BLACK_BIT) !== black)) covered = false;
            }
            if (covered) formation += sign;
          }
          const forward = this.manForward[colour]!;
          let free = 0;
          for (let i = 0; i < forward.length; i++) {
            const n = nb[around + forward[i]!]!;
            if (n >= 0 && board[n] === 0) free++;
          }
          mobility += sign * free;
          if (free === 0) tail += sign;
          tempo += sign * this.progress[colour * size + sq]!;
          const wing = this.leftWing[sq] === 1 ? 1 : -1;
          if (black) blackWing += wing;
          else whiteWing += wing;
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
            const n = nb[around + d]!;
            if (n >= 0 && board[n] === 0) free++;
          }
          score += sign * free * kingMobility;
        }
      }
      if (black !== me) continue;
      if (leaf) {
        // can this piece capture? (then the position is not quiet) and can it step?
        const cap = code * 8;
        if (this.flying[code] === 1) {
          const dirs = this.firstJumpDirs[code]!;
          const next = this.next;
          for (let i = 0; i < dirs.length; i++) {
            const base = dirs[i]! * size;
            let over = next[base + sq]!;
            if (over >= 0 && board[over] === 0) stepFound = true;
            while (over >= 0 && board[over] === 0) over = next[base + over]!;
            if (over < 0 || capturable[cap + board[over]!] === 0) continue;
            const land = next[base + over]!;
            if (land >= 0 && board[land] === 0) return NOT_QUIET;
          }
        } else {
          for (let k = (code * size + sq) * width; ; k++) {
            const over = jumpOver[k]!;
            if (over < 0) break;
            const victim = board[over]!;
            if (victim !== 0 && capturable[cap + victim] !== 0 && board[jumpLand[k]!] === 0) {
              return NOT_QUIET;
            }
          }
        }
        if (!stepFound) {
          for (let k = (code * size + sq) * width; ; k++) {
            const to = stepTo[k]!;
            if (to < 0) break;
            if (board[to] === 0) {
              stepFound = true;
              break;
            }
          }
        }
      }
      // a loose piece of the side to move: an adjacent enemy can jump it next move
      if (loose !== 0) {
        for (let d = 0; d < ndirs; d++) {
          const land = nb[around + d]!;
          if (land < 0 || board[land] !== 0) continue;
          const from = nb[around + reverse[d]!]!;
          if (from < 0) continue;
          const attacker = board[from]!;
          if (attacker === 0 || (attacker & BLACK_BIT) === me) continue;
          if ((jumpMask[attacker]! & (1 << d)) === 0) continue;
          if (capturable[attacker * 8 + code] === 0) continue;
          looseCount++;
          break;
        }
      }
    }
    if (!stepFound) return NOT_QUIET;
    if (shape) score += this.shapeScore(formation, tail, mobility, whiteWing, blackWing, tempo);
    if (this.patterns !== null) score += this.patterns.scoreBoard(board);
    return this.finish(
      score,
      side,
      whitePieces,
      blackPieces,
      whiteKings,
      blackKings,
      whiteRunaway,
      blackRunaway,
      looseCount,
    );
  }

  /**
   * The men's shape terms from their counts (White's point of view): `formation`, `tail` and
   * `mobility` are White's count minus Black's, a wing count is left-wing men minus right-wing men,
   * `tempo` White's ranks advanced minus Black's.
   */
  private shapeScore(
    formation: number,
    tail: number,
    mobility: number,
    whiteWing: number,
    blackWing: number,
    tempo: number,
  ): number {
    const wingGap = Math.max(0, Math.abs(whiteWing) - 1) - Math.max(0, Math.abs(blackWing) - 1);
    const margin = this.tempoMargin;
    const tempoGap = tempo > margin ? tempo - margin : tempo < -margin ? tempo + margin : 0;
    return (
      formation * this.wFormation +
      tail * this.wTail +
      mobility * this.wManMobility -
      wingGap * this.wWing +
      tempoGap * this.wTempoGap
    );
  }

  /** The terms computed from the counts of a pass, shared by both forms of the evaluation. */
  private finish(
    score: number,
    side: number,
    whitePieces: number,
    blackPieces: number,
    whiteKings: number,
    blackKings: number,
    whiteRunaway: number,
    blackRunaway: number,
    looseCount: number,
  ): number {
    const loose = this.wLoose;
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
      else if (this.wFewPieces > 1 || this.wEvenKings > 1) {
        // the side ahead with three pieces or fewer against a king rarely wins; nor does one man
        // more when both sides have as many kings
        const whiteAhead = (side === 0 ? own : -own) > 0;
        const aheadPieces = whiteAhead ? whitePieces : blackPieces;
        const behindKings = whiteAhead ? blackKings : whiteKings;
        const menGap = whitePieces - whiteKings - (blackPieces - blackKings);
        if (behindKings > 0 && aheadPieces <= 3) own = Math.trunc(own / this.wFewPieces);
        else if (whiteKings === blackKings && whiteKings > 0 && menGap <= 1 && menGap >= -1)
          own = Math.trunc(own / this.wEvenKings);
      }
    }
    return own + this.wTempo;
  }

  /**
   * `evaluate` / `evaluateQuiet` from bitboards: `codes[at + code]` is the mask of the squares
   * holding `code` (codes 1–7), `tableSum` the sum of `pst` over the board. Only when `bits` is
   * not null.
   */
  evaluateBits(
    codes: Int32Array,
    at: number,
    tableSum: number,
    side: number,
    leaf: boolean,
  ): number {
    const t = this.bits!;
    const m0 = t.mask0;
    const l0 = t.left0;
    const r0 = t.right0;
    const m1 = t.mask1;
    const l1 = t.left1;
    const r1 = t.right1;
    const capturable = this.capturable;
    const reverse = this.reverse;
    const ndirs = this.ndirs;
    const whiteMen = codes[at + MAN]!;
    const whiteKingBits = codes[at + 2]! | codes[at + 3]!;
    const blackMen = codes[at + (BLACK_BIT | MAN)]!;
    const blackKingBits = codes[at + (BLACK_BIT | 2)]! | codes[at + (BLACK_BIT | 3)]!;
    const white = whiteMen | whiteKingBits;
    const black = blackMen | blackKingBits;
    const occupied = white | black;
    const empty = ~occupied & t.all;
    const me = side === 0 ? 0 : BLACK_BIT;
    const them = me ^ BLACK_BIT;

    if (leaf) {
      // the side to move must have no capture and at least one step
      let stepFound = false;
      for (let code = me + 1; code <= me + 3; code++) {
        const pieces = codes[at + code]!;
        if (pieces === 0) continue;
        const cap = code * 8;
        let victims = me === 0 ? black : white;
        if (this.capturesAll[code] === 0) {
          victims = 0;
          for (let v = them + 1; v <= them + 3; v++)
            if (capturable[cap + v] !== 0) victims |= codes[at + v]!;
        }
        const jumps = this.firstJumpDirs[code]!;
        if (this.flying[code] === 1) {
          for (let i = 0; i < jumps.length; i++) {
            const d = jumps[i]!;
            // every square each piece sees along d, up to and including the first piece
            let front =
              (((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) |
              (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!);
            if ((front & empty) !== 0) stepFound = true;
            let blockers = 0;
            while (front !== 0) {
              blockers |= front & occupied;
              const open = front & empty;
              front =
                (((open & m0[d]!) << l0[d]!) >>> r0[d]!) | (((open & m1[d]!) << l1[d]!) >>> r1[d]!);
            }
            const hit = blockers & victims;
            const land =
              (((hit & m0[d]!) << l0[d]!) >>> r0[d]!) | (((hit & m1[d]!) << l1[d]!) >>> r1[d]!);
            if ((land & empty) !== 0) return NOT_QUIET;
          }
        } else {
          for (let i = 0; i < jumps.length; i++) {
            const d = jumps[i]!;
            const over =
              ((((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) |
                (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!)) &
              victims;
            if (over === 0) continue;
            const land =
              (((over & m0[d]!) << l0[d]!) >>> r0[d]!) | (((over & m1[d]!) << l1[d]!) >>> r1[d]!);
            if ((land & empty) !== 0) return NOT_QUIET;
          }
        }
        if (!stepFound) {
          const steps = this.stepDirs[code]!;
          for (let i = 0; i < steps.length; i++) {
            const d = steps[i]!;
            const to =
              (((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) |
              (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!);
            if ((to & empty) !== 0) {
              stepFound = true;
              break;
            }
          }
        }
      }
      if (!stepFound) return NOT_QUIET;
    }

    let score = tableSum;
    if (this.wKingMobility !== 0 && (whiteKingBits | blackKingBits) !== 0) {
      let free = 0;
      for (let d = 0; d < ndirs; d++) {
        const w =
          (((whiteKingBits & m0[d]!) << l0[d]!) >>> r0[d]!) |
          (((whiteKingBits & m1[d]!) << l1[d]!) >>> r1[d]!);
        const b =
          (((blackKingBits & m0[d]!) << l0[d]!) >>> r0[d]!) |
          (((blackKingBits & m1[d]!) << l1[d]!) >>> r1[d]!);
        free += popcount(w & empty) - popcount(b & empty);
      }
      score += free * this.wKingMobility;
    }

    let whiteRunaway = 0;
    let blackRunaway = 0;
    const size = this.size;
    for (let x = whiteMen & t.runawayZone[0]!; x !== 0; x &= x - 1) {
      const sq = 31 - Math.clz32(x & -x);
      if ((occupied & t.coneMask[sq]!) === 0) whiteRunaway += this.runawayValue[sq]!;
    }
    for (let x = blackMen & t.runawayZone[1]!; x !== 0; x &= x - 1) {
      const ci = size + 31 - Math.clz32(x & -x);
      if ((occupied & t.coneMask[ci]!) === 0) blackRunaway += this.runawayValue[ci]!;
    }

    let looseCount = 0;
    if (this.wLoose !== 0) {
      // own pieces that an adjacent enemy could jump now: attacker, piece, empty square in a line
      let loose = 0;
      for (let d = 0; d < ndirs; d++) {
        const rd = reverse[d]!;
        // squares whose neighbour in direction d is empty
        const landable =
          (((empty & m0[rd]!) << l0[rd]!) >>> r0[rd]!) |
          (((empty & m1[rd]!) << l1[rd]!) >>> r1[rd]!);
        const bit = 1 << d;
        // attackers that may jump every piece of ours are shifted together
        let all = 0;
        for (let a = them + 1; a <= them + 3; a++) {
          const attackers = codes[at + a]!;
          if (attackers === 0 || (this.jumpMask[a]! & bit) === 0) continue;
          if (this.capturesAll[a] !== 0) {
            all |= attackers;
            continue;
          }
          let victims = 0;
          for (let v = me + 1; v <= me + 3; v++) {
            if (capturable[a * 8 + v] !== 0) victims |= codes[at + v]!;
          }
          const reach =
            (((attackers & m0[d]!) << l0[d]!) >>> r0[d]!) |
            (((attackers & m1[d]!) << l1[d]!) >>> r1[d]!);
          loose |= reach & landable & victims;
        }
        if (all !== 0) {
          const reach =
            (((all & m0[d]!) << l0[d]!) >>> r0[d]!) | (((all & m1[d]!) << l1[d]!) >>> r1[d]!);
          loose |= reach & landable;
        }
      }
      loose &= me === 0 ? white : black;
      looseCount = popcount(loose);
    }

    return this.finish(
      score,
      side,
      popcount(white),
      popcount(black),
      popcount(whiteKingBits),
      popcount(blackKingBits),
      whiteRunaway,
      blackRunaway,
      looseCount,
    );
  }

  /**
   * The bitboard state of `board` (see `BITS_STRIDE`) into `codes` at `at`; returns the table sum.
   */
  loadBits(board: Int8Array, codes: Int32Array, at: number): number {
    for (let k = 0; k < BITS_STRIDE; k++) codes[at + k] = 0;
    let sum = 0;
    for (let sq = 0; sq < this.size; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      const w = at + ((sq >> 5) << 3) + code;
      codes[w] = codes[w]! | (1 << sq);
      sum += this.pst[code * this.size + sq]!;
    }
    return sum;
  }

  /** The bitboard evaluation of whichever form this board has (`bits` or `wideBits`). */
  evaluateFromBits(
    codes: Int32Array,
    at: number,
    tableSum: number,
    side: number,
    leaf: boolean,
  ): number {
    return this.bits !== null
      ? this.evaluateBits(codes, at, tableSum, side, leaf)
      : this.evaluateWideBits(codes, at, tableSum, side, leaf);
  }

  /** High word of the last `step` result (a second return value without allocation). */
  private stepHigh = 0;

  /** Every square of (lo, hi) moved one step in direction d; the high word goes to `stepHigh`. */
  private step(lo: number, hi: number, d: number): number {
    const t = this.wideBits!;
    const a = lo & t.mask0lo[d]!;
    const b = hi & t.mask0hi[d]!;
    const c = lo & t.mask1lo[d]!;
    const e = hi & t.mask1hi[d]!;
    const s0 = t.delta0[d]!;
    const s1 = t.delta1[d]!;
    let rlo: number;
    let rhi: number;
    if (s0 > 0) {
      rlo = a << s0;
      rhi = (b << s0) | (a >>> (32 - s0));
    } else {
      rlo = (a >>> -s0) | (b << (32 + s0));
      rhi = b >>> -s0;
    }
    if (s1 > 0) {
      rlo |= c << s1;
      rhi |= (e << s1) | (c >>> (32 - s1));
    } else if (s1 < 0) {
      rlo |= (c >>> -s1) | (e << (32 + s1));
      rhi |= e >>> -s1;
    }
    this.stepHigh = rhi | 0;
    return rlo | 0;
  }

  /**
   * `evaluateBits` for boards of 33 to 64 squares (10x10, Turkish): each mask is two words,
   * `codes[at + code]` the squares 0–31 and `codes[at + 8 + code]` the squares 32–63.
   */
  evaluateWideBits(
    codes: Int32Array,
    at: number,
    tableSum: number,
    side: number,
    leaf: boolean,
  ): number {
    const t = this.wideBits!;
    const capturable = this.capturable;
    const reverse = this.reverse;
    const ndirs = this.ndirs;
    const ah = at + 8;
    const whiteMenLo = codes[at + MAN]!;
    const whiteMenHi = codes[ah + MAN]!;
    const whiteKingLo = codes[at + 2]! | codes[at + 3]!;
    const whiteKingHi = codes[ah + 2]! | codes[ah + 3]!;
    const blackMenLo = codes[at + (BLACK_BIT | MAN)]!;
    const blackMenHi = codes[ah + (BLACK_BIT | MAN)]!;
    const blackKingLo = codes[at + (BLACK_BIT | 2)]! | codes[at + (BLACK_BIT | 3)]!;
    const blackKingHi = codes[ah + (BLACK_BIT | 2)]! | codes[ah + (BLACK_BIT | 3)]!;
    const whiteLo = whiteMenLo | whiteKingLo;
    const whiteHi = whiteMenHi | whiteKingHi;
    const blackLo = blackMenLo | blackKingLo;
    const blackHi = blackMenHi | blackKingHi;
    const occupiedLo = whiteLo | blackLo;
    const occupiedHi = whiteHi | blackHi;
    const emptyLo = ~occupiedLo & t.allLo;
    const emptyHi = ~occupiedHi & t.allHi;
    const me = side === 0 ? 0 : BLACK_BIT;
    const them = me ^ BLACK_BIT;

    if (leaf) {
      let stepFound = false;
      for (let code = me + 1; code <= me + 3; code++) {
        const piecesLo = codes[at + code]!;
        const piecesHi = codes[ah + code]!;
        if ((piecesLo | piecesHi) === 0) continue;
        let victimsLo = me === 0 ? blackLo : whiteLo;
        let victimsHi = me === 0 ? blackHi : whiteHi;
        if (this.capturesAll[code] === 0) {
          victimsLo = 0;
          victimsHi = 0;
          for (let v = them + 1; v <= them + 3; v++) {
            if (capturable[code * 8 + v] === 0) continue;
            victimsLo |= codes[at + v]!;
            victimsHi |= codes[ah + v]!;
          }
        }
        const jumps = this.firstJumpDirs[code]!;
        if (this.flying[code] === 1) {
          for (let i = 0; i < jumps.length; i++) {
            const d = jumps[i]!;
            // every square each piece sees along d, up to and including the first piece
            let frontLo = this.step(piecesLo, piecesHi, d);
            let frontHi = this.stepHigh;
            if (((frontLo & emptyLo) | (frontHi & emptyHi)) !== 0) stepFound = true;
            let blockLo = 0;
            let blockHi = 0;
            while ((frontLo | frontHi) !== 0) {
              blockLo |= frontLo & occupiedLo;
              blockHi |= frontHi & occupiedHi;
              frontLo = this.step(frontLo & emptyLo, frontHi & emptyHi, d);
              frontHi = this.stepHigh;
            }
            const landLo = this.step(blockLo & victimsLo, blockHi & victimsHi, d);
            const landHi = this.stepHigh;
            if (((landLo & emptyLo) | (landHi & emptyHi)) !== 0) return NOT_QUIET;
          }
        } else {
          for (let i = 0; i < jumps.length; i++) {
            const d = jumps[i]!;
            const overLo = this.step(piecesLo, piecesHi, d) & victimsLo;
            const overHi = this.stepHigh & victimsHi;
            if ((overLo | overHi) === 0) continue;
            const landLo = this.step(overLo, overHi, d);
            const landHi = this.stepHigh;
            if (((landLo & emptyLo) | (landHi & emptyHi)) !== 0) return NOT_QUIET;
          }
        }
        if (!stepFound) {
          const steps = this.stepDirs[code]!;
          for (let i = 0; i < steps.length; i++) {
            const toLo = this.step(piecesLo, piecesHi, steps[i]!);
            if (((toLo & emptyLo) | (this.stepHigh & emptyHi)) !== 0) {
              stepFound = true;
              break;
            }
          }
        }
      }
      if (!stepFound) return NOT_QUIET;
    }

    let score = tableSum;
    if (this.wKingMobility !== 0 && (whiteKingLo | whiteKingHi | blackKingLo | blackKingHi) !== 0) {
      let free = 0;
      for (let d = 0; d < ndirs; d++) {
        const wLo = this.step(whiteKingLo, whiteKingHi, d);
        free += popcount(wLo & emptyLo) + popcount(this.stepHigh & emptyHi);
        const bLo = this.step(blackKingLo, blackKingHi, d);
        free -= popcount(bLo & emptyLo) + popcount(this.stepHigh & emptyHi);
      }
      score += free * this.wKingMobility;
    }
    if (this.wStructure !== 0) {
      // men side by side on a rank or file: count each man's friendly orthogonal neighbours
      let friends = 0;
      const dirs = this.orthDirs;
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]!;
        const wLo = this.step(whiteMenLo, whiteMenHi, d);
        friends += popcount(wLo & whiteMenLo) + popcount(this.stepHigh & whiteMenHi);
        const bLo = this.step(blackMenLo, blackMenHi, d);
        friends -= popcount(bLo & blackMenLo) + popcount(this.stepHigh & blackMenHi);
      }
      score += friends * this.wStructure;
    }
    if (this.shape) {
      score += this.wideShape(
        whiteMenLo,
        whiteMenHi,
        whiteLo,
        whiteHi,
        blackMenLo,
        blackMenHi,
        blackLo,
        blackHi,
        emptyLo,
        emptyHi,
      );
    }

    if (this.patterns !== null) {
      score += this.patterns.scoreBits(whiteMenLo, whiteMenHi, blackMenLo, blackMenHi);
    }

    let whiteRunaway = 0;
    let blackRunaway = 0;
    const size = this.size;
    for (let word = 0; word < 2; word++) {
      const whiteMen = (word === 0 ? whiteMenLo : whiteMenHi) & t.runawayZone[word]!;
      for (let x = whiteMen; x !== 0; x &= x - 1) {
        const sq = (word << 5) + 31 - Math.clz32(x & -x);
        if (((occupiedLo & t.coneLo[sq]!) | (occupiedHi & t.coneHi[sq]!)) === 0) {
          whiteRunaway += this.runawayValue[sq]!;
        }
      }
      const blackMen = (word === 0 ? blackMenLo : blackMenHi) & t.runawayZone[2 + word]!;
      for (let x = blackMen; x !== 0; x &= x - 1) {
        const ci = size + (word << 5) + 31 - Math.clz32(x & -x);
        if (((occupiedLo & t.coneLo[ci]!) | (occupiedHi & t.coneHi[ci]!)) === 0) {
          blackRunaway += this.runawayValue[ci]!;
        }
      }
    }

    let looseCount = 0;
    if (this.wLoose !== 0) {
      // own pieces that an adjacent enemy could jump now: attacker, piece, empty square in a line
      let looseLo = 0;
      let looseHi = 0;
      for (let d = 0; d < ndirs; d++) {
        const bit = 1 << d;
        const landableLo = this.step(emptyLo, emptyHi, reverse[d]!);
        const landableHi = this.stepHigh;
        let allLo = 0;
        let allHi = 0;
        for (let a = them + 1; a <= them + 3; a++) {
          const attackersLo = codes[at + a]!;
          const attackersHi = codes[ah + a]!;
          if ((attackersLo | attackersHi) === 0 || (this.jumpMask[a]! & bit) === 0) continue;
          if (this.capturesAll[a] !== 0) {
            allLo |= attackersLo;
            allHi |= attackersHi;
            continue;
          }
          let victimsLo = 0;
          let victimsHi = 0;
          for (let v = me + 1; v <= me + 3; v++) {
            if (capturable[a * 8 + v] === 0) continue;
            victimsLo |= codes[at + v]!;
            victimsHi |= codes[ah + v]!;
          }
          const reachLo = this.step(attackersLo, attackersHi, d);
          looseLo |= reachLo & landableLo & victimsLo;
          looseHi |= this.stepHigh & landableHi & victimsHi;
        }
        if ((allLo | allHi) !== 0) {
          const reachLo = this.step(allLo, allHi, d);
          looseLo |= reachLo & landableLo;
          looseHi |= this.stepHigh & landableHi;
        }
      }
      looseCount =
        popcount(looseLo & (me === 0 ? whiteLo : blackLo)) +
        popcount(looseHi & (me === 0 ? whiteHi : blackHi));
    }

    return this.finish(
      score,
      side,
      popcount(whiteLo) + popcount(whiteHi),
      popcount(blackLo) + popcount(blackHi),
      popcount(whiteKingLo) + popcount(whiteKingHi),
      popcount(blackKingLo) + popcount(blackKingHi),
      whiteRunaway,
      blackRunaway,
      looseCount,
    );
  }

  /** `shapeScore` from the two-word masks of `evaluateWideBits`. */
  private wideShape(
    whiteMenLo: number,
    whiteMenHi: number,
    whiteLo: number,
    whiteHi: number,
    blackMenLo: number,
    blackMenHi: number,
    blackLo: number,
    blackHi: number,
    emptyLo: number,
    emptyHi: number,
  ): number {
    const t = this.wideBits!;
    let formation = 0;
    let tail = 0;
    let mobility = 0;
    let tempo = 0;
    // the per-man shifts only when a term that needs them is weighted (International: wings only;
    // with `men` false the formation, tail and mobility counts are wrong but weighted 0)
    const men = this.wFormation !== 0 || this.wTail !== 0 || this.wManMobility !== 0;
    for (let colour = 0; colour < 2 && (men || this.wTempoGap !== 0); colour++) {
      const menLo = colour === 0 ? whiteMenLo : blackMenLo;
      const menHi = colour === 0 ? whiteMenHi : blackMenHi;
      const ownLo = colour === 0 ? whiteLo : blackLo;
      const ownHi = colour === 0 ? whiteHi : blackHi;
      const forward = this.manForward[colour]!;
      const back = this.manBack[colour]!;
      // men off the home row, narrowed to those covered from behind in every back direction
      let coverLo = menLo & ~t.homeRow[2 * colour]!;
      let coverHi = menHi & ~t.homeRow[2 * colour + 1]!;
      let movableLo = 0;
      let movableHi = 0;
      let free = 0;
      for (let k = 0; men && k < forward.length; k++) {
        const d = forward[k]!;
        // own pieces moved forward land on the squares they cover from behind
        const behindLo = this.step(ownLo, ownHi, d);
        const behindHi = this.stepHigh;
        const i = 8 * colour + 2 * k;
        coverLo &= behindLo | t.openBack[i]!;
        coverHi &= behindHi | t.openBack[i + 1]!;
        const toLo = this.step(menLo, menHi, d);
        free += popcount(toLo & emptyLo) + popcount(this.stepHigh & emptyHi);
        // men with an empty square ahead in direction d
        movableLo |= this.step(emptyLo, emptyHi, back[k]!);
        movableHi |= this.stepHigh;
      }
      const covered = popcount(coverLo) + popcount(coverHi);
      const stuck = popcount(menLo & ~movableLo) + popcount(menHi & ~movableHi);
      const sign = colour === 0 ? 1 : -1;
      formation += sign * covered;
      tail += sign * stuck;
      mobility += sign * free;
      if (this.wTempoGap !== 0) {
        let ranks = 0;
        for (let b = 0; b < 4; b++) {
          const i = 8 * colour + 2 * b;
          ranks +=
            (popcount(menLo & t.tempoPlane[i]!) + popcount(menHi & t.tempoPlane[i + 1]!)) << b;
        }
        tempo += sign * ranks;
      }
    }
    const whiteLeft = popcount(whiteMenLo & t.leftWing[0]!) + popcount(whiteMenHi & t.leftWing[1]!);
    const blackLeft = popcount(blackMenLo & t.leftWing[0]!) + popcount(blackMenHi & t.leftWing[1]!);
    const whiteMen = popcount(whiteMenLo) + popcount(whiteMenHi);
    const blackMen = popcount(blackMenLo) + popcount(blackMenHi);
    return this.shapeScore(
      formation,
      tail,
      mobility,
      2 * whiteLeft - whiteMen,
      2 * blackLeft - blackMen,
      tempo,
    );
  }
}

/**
 * Int32 words per ply of bitboard state: eight piece-code masks of squares 0–31, then eight of
 * squares 32–63 (used on wide boards only).
 */
export const BITS_STRIDE = 16;

/** The two-word shift tables of `Evaluator.wideBits` (signed index deltas instead of shifts). */
interface WideShifts {
  readonly mask0lo: Int32Array;
  readonly mask0hi: Int32Array;
  readonly mask1lo: Int32Array;
  readonly mask1hi: Int32Array;
  readonly delta0: Int32Array;
  readonly delta1: Int32Array;
  readonly allLo: number;
  readonly allHi: number;
  /** The runaway wedge per colour and square, low and high words. */
  readonly coneLo: Int32Array;
  readonly coneHi: Int32Array;
  /** Runaway squares: white low, white high, black low, black high. */
  readonly runawayZone: Int32Array;
  /** Shape terms: the left wing (low, high word). */
  readonly leftWing: Int32Array;
  /** Each colour's home row: white low, white high, black low, black high. */
  readonly homeRow: Int32Array;
  /** Squares with no neighbour in a man's back direction k: `8 * colour + 2 * k + word`. */
  readonly openBack: Int32Array;
  /** Bit b of a man's ranks advanced, per colour: `8 * colour + 2 * b + word`. */
  readonly tempoPlane: Int32Array;
}

/** Two-word shift tables for boards of 33 to 64 squares with at most two deltas per direction. */
function buildWideShifts(
  next: Int16Array,
  size: number,
  ndirs: number,
  coneStart: Int32Array,
  coneEnd: Int32Array,
  cone: readonly number[],
  runawayValue: Int32Array,
): WideShifts | null {
  if (size <= 32 || size > 64) return null;
  const mask0lo = new Int32Array(ndirs);
  const mask0hi = new Int32Array(ndirs);
  const mask1lo = new Int32Array(ndirs);
  const mask1hi = new Int32Array(ndirs);
  const delta0 = new Int32Array(ndirs);
  const delta1 = new Int32Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const deltas: number[] = [];
    for (let sq = 0; sq < size; sq++) {
      const to = next[d * size + sq]!;
      if (to < 0) continue;
      let k = deltas.indexOf(to - sq);
      if (k < 0) {
        if (deltas.length === 2) return null;
        k = deltas.push(to - sq) - 1;
      }
      const lo = k === 0 ? mask0lo : mask1lo;
      const hi = k === 0 ? mask0hi : mask1hi;
      if (sq < 32) lo[d] = lo[d]! | (1 << sq);
      else hi[d] = hi[d]! | (1 << sq);
    }
    delta0[d] = deltas[0] ?? 0;
    delta1[d] = deltas[1] ?? 0;
  }
  const coneLo = new Int32Array(2 * size);
  const coneHi = new Int32Array(2 * size);
  const runawayZone = new Int32Array(4);
  for (let ci = 0; ci < 2 * size; ci++) {
    for (let k = coneStart[ci]!; k < coneEnd[ci]!; k++) {
      const sq = cone[k]!;
      if (sq < 32) coneLo[ci] = coneLo[ci]! | (1 << sq);
      else coneHi[ci] = coneHi[ci]! | (1 << sq);
    }
    if (runawayValue[ci] === 0) continue;
    const sq = ci % size;
    const z = (ci < size ? 0 : 2) + (sq >> 5);
    runawayZone[z] = runawayZone[z]! | (1 << sq);
  }
  return {
    mask0lo,
    mask0hi,
    mask1lo,
    mask1hi,
    delta0,
    delta1,
    allLo: -1,
    allHi: size === 64 ? -1 : (1 << (size - 32)) - 1,
    coneLo,
    coneHi,
    runawayZone,
    leftWing: new Int32Array(2),
    homeRow: new Int32Array(4),
    openBack: new Int32Array(16),
    tempoPlane: new Int32Array(16),
  };
}

/** Set bits of a 32-bit mask. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The shift tables of `Evaluator.bits` for a board of at most 32 squares whose every direction
 * moves squares by at most two index deltas; null otherwise.
 */
function buildShifts(
  next: Int16Array,
  size: number,
  ndirs: number,
  coneStart: Int32Array,
  coneEnd: Int32Array,
  cone: readonly number[],
): Evaluator['bits'] {
  if (size > 32) return null;
  const mask0 = new Int32Array(ndirs);
  const left0 = new Int32Array(ndirs);
  const right0 = new Int32Array(ndirs);
  const mask1 = new Int32Array(ndirs);
  const left1 = new Int32Array(ndirs);
  const right1 = new Int32Array(ndirs);
  for (let d = 0; d < ndirs; d++) {
    const deltas: number[] = [];
    const masks: number[] = [];
    for (let sq = 0; sq < size; sq++) {
      const to = next[d * size + sq]!;
      if (to < 0) continue;
      let k = deltas.indexOf(to - sq);
      if (k < 0) {
        if (deltas.length === 2) return null;
        k = deltas.push(to - sq) - 1;
        masks.push(0);
      }
      masks[k] = masks[k]! | (1 << sq);
    }
    const [delta0 = 0, delta1 = 0] = deltas;
    mask0[d] = masks[0] ?? 0;
    mask1[d] = masks[1] ?? 0;
    left0[d] = Math.max(0, delta0);
    right0[d] = Math.max(0, -delta0);
    left1[d] = Math.max(0, delta1);
    right1[d] = Math.max(0, -delta1);
  }
  const coneMask = new Int32Array(2 * size);
  for (let ci = 0; ci < 2 * size; ci++) {
    for (let k = coneStart[ci]!; k < coneEnd[ci]!; k++)
      coneMask[ci] = coneMask[ci]! | (1 << cone[k]!);
  }
  const all = size === 32 ? -1 : (1 << size) - 1;
  return {
    mask0,
    left0,
    right0,
    mask1,
    left1,
    right1,
    all,
    coneMask,
    runawayZone: new Int32Array(2),
  };
}
