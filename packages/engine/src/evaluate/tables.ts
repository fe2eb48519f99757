/**
 * The tables of one variant's evaluation, built once from its weights and topology and read by
 * every form of the evaluation (the square pass of `squares.ts`, the bitboard forms of `bits.ts`
 * and `wide-bits.ts`, the shared arithmetic of `terms.ts`): the piece-square table that folds
 * material, advancement, back row, centre and Dhamet's strong points; the square pass's links
 * (the lines through each square); the step and first-jump
 * tables of the quiet test; the runaway wedges; the men's shape tables; the squares one step from
 * crowning (Breakthrough's race); the weights the hot loops
 * read, copied to fields. One home for each term's data: a term's table is built here once and
 * every form reads it.
 */
import { BLACK_BIT, KING, MAN, QUEEN, parseFen, type Variant } from '@damka/rules';
import { storedPatterns, type PatternTable } from '../patterns.ts';
import { weightsFor, type Weights } from '../weights.ts';
import { buildShifts, buildWideShifts, type Shifts, type WideShifts } from './shifts.ts';

/** Everything an evaluation form reads (internal to evaluate/: `Evaluator` is the public face). */
export class EvalTables {
  readonly weights: Weights;
  readonly size: number;
  readonly height: number;
  /** White's point of view: black entries are negative. */
  readonly pst: Int32Array;
  readonly next: Int16Array;
  readonly reverse: Int8Array;
  readonly ndirs: number;
  /** `neighbour[sq * ndirs + d]`: the next square in direction d, or -1 (one row per square). */
  readonly neighbour: Int16Array;
  /**
   * The lines through each square, for the square pass: `linkStart[sq]` to `linkStart[sq + 1]`
   * index one entry per direction d that has a neighbour (alquerque's weak points have four, not
   * eight): `linkTo` that neighbour, `linkOver` the square beyond it in the same direction (a
   * jump's landing square) and `linkBack` the neighbour in the opposite direction, each -1 off the
   * board, and `linkBit` 1 << d.
   */
  readonly linkStart: Int32Array;
  readonly linkTo: Int16Array;
  readonly linkOver: Int16Array;
  readonly linkBack: Int16Array;
  readonly linkBit: Int32Array;
  /** Bit d set when a piece of this code may step in direction d. */
  readonly stepMask: Int32Array;
  /** Slots per (code, square) row of the step and jump tables: most directions plus a -1 end. */
  readonly width: number;
  /** `stepTo[(code * size + sq) * width + k]`: the k-th one-step target, -1 ends the row. */
  readonly stepTo: Int16Array;
  /** The k-th first jump of a short-range piece (square jumped, landing square), -1 ends. */
  readonly jumpOver: Int16Array;
  readonly jumpLand: Int16Array;
  readonly firstJumpDirs: readonly Int8Array[];
  readonly stepDirs: readonly Int8Array[];
  /**
   * Bitboard shifts, per direction d: the squares of `mask0[d]` move to their neighbour by
   * `(x << left0[d]) >>> right0[d]`, those of `mask1[d]` likewise (a diagonal board has two index
   * deltas per direction, one per row parity). Null when the board does not fit (see module note).
   */
  readonly bits: Shifts | null;
  /**
   * Two-word shift tables for boards of at most 64 squares: the evaluation of boards of 33 to 64
   * squares, and the men's shape terms of every such board (`wideShape`); null above 64.
   */
  readonly wideBits: WideShifts | null;
  /** Bit d set when a piece of this code may make its first jump in direction d. */
  readonly jumpMask: Int32Array;
  readonly flying: Uint8Array;
  readonly capturable: Uint8Array;
  /** 1 when a piece of this code may jump every piece code of the other colour. */
  readonly capturesAll: Uint8Array;
  /** Runaway: squares that must be empty ahead of a man, per colour and square; start/end offsets. */
  readonly coneStart: Int32Array;
  readonly coneEnd: Int32Array;
  readonly cone: Int16Array;
  /** Runaway bonus by colour and square (0 where not considered). */
  readonly runawayValue: Int32Array;
  /**
   * The race at the crowning row (`crownNow`, `crownThreat`; Breakthrough): on when either is
   * weighted. `crownSquares[colour]` lists the squares one step from that colour's crowning row.
   */
  readonly race: boolean;
  readonly wCrownNow: number;
  readonly wCrownThreat: number;
  readonly crownSquares: readonly Int16Array[];
  /** Orthogonal directions (Turkish structure). */
  readonly orthDirs: Int8Array;
  readonly onePieceDraw: boolean;
  readonly oneKingDraw: boolean;
  readonly drawishFlying: boolean;
  // weights read in the hot loop, copied to fields
  readonly wStructure: number;
  readonly wKingMobility: number;
  readonly wLoose: number;
  readonly wDouble: number;
  readonly wTempo: number;
  readonly wDivisor: number;
  readonly wFewPieces: number;
  readonly wEvenKings: number;
  /** Men's shape terms (formation, tail, mobility, wings; see `Weights`): any weight non-zero. */
  readonly shape: boolean;
  readonly wFormation: number;
  readonly wTail: number;
  readonly wManMobility: number;
  readonly wWing: number;
  readonly wTempoGap: number;
  readonly tempoMargin: number;
  /** Trading down when ahead (`Weights.simplify`), and the pieces on the board at the start. */
  readonly wSimplify: number;
  readonly startPieces: number;
  /** Per colour and square: the ranks a man there has advanced from its home row. */
  readonly progress: Uint8Array;
  /** A man's forward step directions, per colour (`manForward[colour]`), and its back ones. */
  readonly manForward: readonly Int8Array[];
  readonly manBack: readonly Int8Array[];
  /** Per square: 1 on the left wing (files below the middle). */
  readonly leftWing: Uint8Array;
  /** Per colour and square (`colour * size + sq`): 1 on that colour's own back row. */
  readonly homeRow: Uint8Array;

  /** The variant's learned men's structure table (patterns.ts), or null where it has none. */
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
    this.linkStart = new Int32Array(size + 1);
    const links: number[][] = [];
    for (let sq = 0; sq < size; sq++) {
      this.linkStart[sq] = links.length;
      for (let d = 0; d < ndirs; d++) {
        const to = t.next[d * size + sq]!;
        if (to < 0) continue;
        links.push([to, t.next[d * size + to]!, t.next[t.reverse[d]! * size + sq]!, 1 << d]);
      }
    }
    this.linkStart[size] = links.length;
    this.linkTo = Int16Array.from(links, (l) => l[0]!);
    this.linkOver = Int16Array.from(links, (l) => l[1]!);
    this.linkBack = Int16Array.from(links, (l) => l[2]!);
    this.linkBit = Int32Array.from(links, (l) => l[3]!);
    this.stepMask = new Int32Array(8);
    for (let code = 0; code < 8; code++) {
      for (const d of c.stepDirs[code]!) this.stepMask[code] = this.stepMask[code]! | (1 << d);
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
          Math.round((w.advanceCurve * progress * progress * 8) / (last * last)) +
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
    const reach = w.runawayReach > 0 ? w.runawayReach : Math.max(2, Math.floor(t.height / 2));
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

    this.wCrownNow = w.crownNow;
    this.wCrownThreat = w.crownThreat;
    this.race = crownsMen && (w.crownNow !== 0 || w.crownThreat !== 0);
    this.crownSquares = [0, 1].map((colour) =>
      Int16Array.from(
        Array.from({ length: size }, (_, sq) => sq).filter((sq) =>
          this.race ? (colour === 0 ? last - t.rank[sq]! : t.rank[sq]!) === 1 : false,
        ),
      ),
    );
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
    this.wSimplify = w.simplify;
    const start = parseFen(variant, variant.rules.startFen);
    let startPieces = 0;
    if (start.ok) for (const code of start.value.board) if (code !== 0) startPieces++;
    this.startPieces = startPieces;
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
    const source = { next: t.next, size, ndirs, coneStart, coneEnd, cone, runawayValue };
    this.bits = buildShifts(source);
    this.wideBits = buildWideShifts(source);
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
}
