/**
 * Why a move is not legal: given a position and an attempted move (start and end square, or a route
 * of landing squares), name the rule that forbids it — as a code with parameters a user interface
 * can translate, the English sentence, and the moves the rule asks for instead.
 *
 * The rule is found by experiment rather than by a second rulebook: the attempt is looked up among
 * the moves the same generator produces under relaxed copies of the variant's `Rules` (men moving
 * and capturing in every direction, men taking kings, reversals allowed, a man crowned mid-capture
 * going on as a king, captures allowed to stop early, no precedence, no obligation). The smallest
 * set of relaxations that produces the attempt is searched — each alone, then pairs, then all
 * together — because relaxations interact (a man allowed to capture backward may find that a
 * capture which was complete can now go on). The rule reported is the first of that set in the
 * order above: the piece's own powers before the choice between captures, and that before the
 * obligation to capture at all. For a precedence rule the attempt is then compared with the best legal
 * capture step by step (quantity, quality, with a king, earliest king, Czech king priority) to say
 * which step it loses on. An attempt no relaxation produces is "not a legal move shape" — except a
 * capture whose jumps are the start of a legal capture (a flying king landing where it cannot go
 * on), which "must continue".
 */
import { colorIndex, type Color, type Square } from './types.ts';
import type { Position, Move } from './position.ts';
import type { PrecedenceStep, Rules } from './variants/rules.ts';
import { compileRules } from './variants/compile.ts';
import { MoveGenerator } from './movegen/generator.ts';
import { MoveList } from './movegen/move-list.ts';
import { movesFromList } from './position.ts';
import { formatMove } from './notation/moves.ts';

/** A move as a person gives it: start and end square, or a route (start, then landing squares). */
export type MoveAttempt =
  { readonly from: Square; readonly to: Square } | { readonly path: readonly Square[] };

export type ExplanationCode =
  /** the attempt is a legal move (`moves[0]`) */
  | 'legal'
  /** several legal moves fit the attempt (`moves`); the full route tells them apart */
  | 'ambiguous'
  | 'emptySquare'
  /** the piece belongs to the side not to move */
  | 'notYourPiece'
  /** the player (option `player`) is not the side to move */
  | 'notYourTurn'
  | 'destinationOccupied'
  /** the compulsory opening (Dhamet) requires `moves[0]` now */
  | 'forcedOpening'
  /** a capture exists and must be played (`moves`) */
  | 'captureCompulsory'
  /** precedence: a capture taking more pieces exists */
  | 'longerCapture'
  /** precedence: an equal capture taking more kings exists */
  | 'moreKingsCapture'
  /** precedence (Italian 6.7): among equal captures, the king must capture */
  | 'captureWithKing'
  /** precedence (Italian 6.9): among equal captures, the one meeting a king first */
  | 'earlierKingCapture'
  /** precedence (Czech): a king can capture, so a king capture must be played */
  | 'kingCaptureFirst'
  /** precedence (Frisian Art. 11): a capture of higher value exists (a king counts more than a man) */
  | 'moreValuableCapture'
  /** a Thai king lands right behind the piece it takes */
  | 'kingLandsRightBehind'
  /** a Killer king whose capture ends on a king stops right behind it */
  | 'kingStopsBehindKing'
  /** Frisian Art. 17: this king has made its three non-capturing moves in a row */
  | 'kingMoveLimit'
  | 'manCannotMoveBackward'
  | 'manCannotMoveSideways'
  | 'manCannotCaptureBackward'
  /** Italian 5.3b */
  | 'manCannotCaptureKing'
  /** the capture stops where it could (and so must) go on */
  | 'captureMustContinue'
  /** a man crowned during a capture ends its move there */
  | 'crowningEndsMove'
  /** no 180° turn between two jumps (Turkish) */
  | 'noReversal'
  /** no piece moves like that under these rules */
  | 'illegalShape'
  /** the game is over (from `Game.explain`) */
  | 'gameOver'
  /** after a souffle retraction the offender must replay a longest capture (from `Game.explain`) */
  | 'mustReplayLongestCapture';

/** Why a move is (not) legal. */
export interface Explanation {
  readonly legal: boolean;
  readonly code: ExplanationCode;
  /** Values for a translated message: square names, move texts, counts, colours. */
  readonly params: Readonly<Record<string, string | number>>;
  /** The matching legal move(s), or the moves the rule requires instead. */
  readonly moves: readonly Move[];
  /** The English sentence. */
  readonly text: string;
}

export interface ExplainOptions {
  /** The player attempting the move (default: the side to move). */
  readonly player?: Color;
  /** The square names to write in the message (default: the variant's own; see `formatMove`). */
  readonly names?: readonly string[];
}

type Relaxation = {
  readonly name: string;
  readonly applies: (r: Rules) => boolean;
  readonly relax: (r: Rules) => Rules;
};

/** Relaxations in the order their rules are reported when several forbid the same attempt. */
const RELAXATIONS: readonly Relaxation[] = [
  {
    name: 'manMoves',
    applies: (r) => r.man.moves !== 'all',
    relax: (r) => ({ ...r, man: { ...r.man, moves: 'all' } }),
  },
  {
    name: 'manCaptures',
    applies: (r) => r.man.captures !== 'all' || r.man.backwardCaptureOnlyAfterForward,
    relax: (r) => ({
      ...r,
      man: { ...r.man, captures: 'all', backwardCaptureOnlyAfterForward: false },
    }),
  },
  {
    name: 'capturesKings',
    applies: (r) => !r.man.capturesKings,
    relax: (r) => ({ ...r, man: { ...r.man, capturesKings: true } }),
  },
  {
    name: 'reversal',
    applies: (r) => !r.capture.allowReversal,
    relax: (r) => ({ ...r, capture: { ...r.capture, allowReversal: true } }),
  },
  {
    name: 'kingLanding',
    applies: (r) => r.king.landing !== undefined && r.king.landing !== 'anyBeyond',
    relax: (r) => ({ ...r, king: { ...r.king, landing: 'anyBeyond' } }),
  },
  {
    name: 'midCapture',
    applies: (r) => r.promotion.midCapture === 'stop',
    relax: (r) => ({ ...r, promotion: { ...r.promotion, midCapture: 'continueAsKing' } }),
  },
  {
    name: 'mustComplete',
    applies: (r) => r.capture.mustComplete && r.capture.obligation !== 'souffle',
    relax: (r) => ({ ...r, capture: { ...r.capture, mustComplete: false } }),
  },
  {
    name: 'precedence',
    applies: (r) => r.capture.precedence.length > 0 && r.capture.obligation !== 'souffle',
    relax: (r) => ({ ...r, capture: { ...r.capture, precedence: [] } }),
  },
  {
    name: 'obligation',
    applies: (r) => r.capture.obligation === 'mandatory',
    relax: (r) => ({ ...r, capture: { ...r.capture, obligation: 'optional' } }),
  },
];

const relaxedCache = new WeakMap<Rules, Map<string, MoveGenerator>>();

/** A generator for `rules` with the named relaxations applied (compiled once per combination). */
function relaxedGenerator(rules: Rules, names: readonly string[]): MoveGenerator {
  let byKey = relaxedCache.get(rules);
  if (!byKey) {
    byKey = new Map();
    relaxedCache.set(rules, byKey);
  }
  const key = names.join(',');
  let generator = byKey.get(key);
  if (!generator) {
    let relaxed = rules;
    for (const r of RELAXATIONS) if (names.includes(r.name)) relaxed = r.relax(relaxed);
    generator = new MoveGenerator(compileRules(relaxed));
    byKey.set(key, generator);
  }
  return generator;
}

function generate(position: Position, names: readonly string[]): Move[] {
  const list = new MoveList();
  relaxedGenerator(position.variant.rules, names).generate(
    position.board(),
    colorIndex(position.turn),
    list,
    true,
  );
  return movesFromList(list);
}

/** Does `move` fit the route (start, any of its landing squares in order, end)? */
export function fitsRoute(move: Move, route: readonly Square[]): boolean {
  if (route.length < 2 || move.from !== route[0] || move.to !== route[route.length - 1])
    return false;
  let at = 0;
  for (let i = 1; i < route.length - 1; i++) {
    const sq = route[i]!;
    while (at < move.path.length - 1 && move.path[at] !== sq) at++;
    if (at >= move.path.length - 1) return false;
    at++;
  }
  return true;
}

/** Why `attempt` is or is not a legal move in `position`. */
export function explainMove(
  position: Position,
  attempt: MoveAttempt,
  options: ExplainOptions = {},
): Explanation {
  const variant = position.variant;
  const names = options.names ?? variant.squares.names;
  const name = (sq: Square) => names[sq] ?? String(sq);
  const route = 'path' in attempt ? [...attempt.path] : [attempt.from, attempt.to];
  const from = route[0] ?? -1;
  const to = route[route.length - 1] ?? -1;
  const valid =
    route.length >= 2 &&
    route.every((sq) => Number.isInteger(sq) && sq >= 0 && sq < variant.topology.size);
  const sep = variant.rules.notation.captureSeparator;
  const attemptText = valid ? route.map(name).join(route.length > 2 ? sep : '-') : '?';
  const turn = position.turn;
  const fmt = (m: Move) => formatMove(position, m, { names });
  const list = (moves: readonly Move[]) => moves.map(fmt).join(', ');
  const make = (
    code: ExplanationCode,
    text: string,
    moves: readonly Move[] = [],
    params: Record<string, string | number> = {},
  ): Explanation => ({
    legal: code === 'legal' || code === 'ambiguous',
    code,
    params: { attempt: attemptText, turn, ...params },
    moves,
    text,
  });

  if (!valid)
    return make('illegalShape', 'That is not a move: give a start square and an end square.');
  if (options.player && options.player !== turn) {
    return make(
      'notYourTurn',
      `It is ${colorName(turn)}'s turn, not ${colorName(options.player)}'s.`,
      [],
      {
        player: options.player,
      },
    );
  }
  const piece = position.pieceAt(from);
  if (!piece)
    return make('emptySquare', `There is no piece on ${name(from)}.`, [], { from: name(from) });
  if (piece.color !== turn) {
    return make(
      'notYourPiece',
      `The piece on ${name(from)} is ${colorName(piece.color)}'s; ${colorName(turn)} is to move.`,
      [],
      {
        from: name(from),
        owner: piece.color,
      },
    );
  }
  const legalMoves = position.legalMoves();
  const matches = legalMoves.filter((m) => fitsRoute(m, route));
  if (matches.length === 1)
    return make('legal', `${fmt(matches[0]!)} is legal.`, matches, { move: fmt(matches[0]!) });
  if (matches.length > 1) {
    return make(
      'ambiguous',
      `${attemptText} fits several moves (${list(matches)}); give the full route.`,
      matches,
      {
        moves: list(matches),
      },
    );
  }
  if (to !== from && position.pieceAt(to)) {
    return make('destinationOccupied', `${name(to)} is occupied.`, [], { to: name(to) });
  }
  if (position.scriptedMove()) {
    return make(
      'forcedOpening',
      `The compulsory opening requires ${list(legalMoves)} now.`,
      legalMoves,
      {
        required: list(legalMoves),
      },
    );
  }

  const material = position.material();
  const kings = material.whiteKings + material.blackKings;
  if (variant.compiled.crowningWins && legalMoves.length === 0 && kings > 0) {
    return make('gameOver', 'The game is over: a king has been crowned, and that wins.', [], {});
  }
  // Frisian Art. 17: the move is one the pieces can make, but this king has used up its run
  if (
    variant.compiled.kingMoveLimit > 0 &&
    generate(position, []).some((m) => fitsRoute(m, route))
  ) {
    const limit = variant.compiled.kingMoveLimit;
    return make(
      'kingMoveLimit',
      `This king has made ${limit} moves in a row without capturing; move another piece.`,
      legalMoves,
      { limit, from: name(from) },
    );
  }

  const rules = variant.rules;
  const applicable = RELAXATIONS.filter((r) => r.applies(rules)).map((r) => r.name);
  const relaxedMatches = (names: readonly string[]) =>
    generate(position, names).filter((m) => fitsRoute(m, route));
  // the smallest set of relaxations that produces the attempt: one, then two, then all of them;
  // the rule reported is the first of that set in RELAXATIONS order
  let reason: string | undefined;
  let all: Move[] = [];
  for (const r of applicable) {
    all = relaxedMatches([r]);
    if (all.length > 0) {
      reason = r;
      break;
    }
  }
  for (let i = 0; i < applicable.length && !reason; i++) {
    for (let j = i + 1; j < applicable.length && !reason; j++) {
      all = relaxedMatches([applicable[i]!, applicable[j]!]);
      if (all.length > 0) reason = applicable[i];
    }
  }
  if (!reason) {
    all = relaxedMatches(applicable);
    if (all.length > 0) {
      reason =
        applicable.find((r) => relaxedMatches(applicable.filter((x) => x !== r)).length === 0) ??
        applicable[0];
    }
  }
  const captures = legalMoves.filter((m) => m.kind === 'capture');
  const required = list(captures);
  const attempted = all.reduce<Move | undefined>(
    (best, m) => (!best || m.captures.length > best.captures.length ? m : best),
    undefined,
  );
  const forward = (m: Move | undefined) => {
    if (!m) return 0;
    const t = variant.topology;
    return (t.rank[m.to]! - t.rank[m.from]!) * (turn === 'white' ? 1 : -1);
  };

  switch (reason) {
    case 'manMoves':
      return forward(attempted) === 0
        ? make('manCannotMoveSideways', 'A man moves only forward here.', [], { from: name(from) })
        : make('manCannotMoveBackward', 'A man cannot move backward here.', [], {
            from: name(from),
          });
    case 'manCaptures':
      return make(
        'manCannotCaptureBackward',
        rules.man.backwardCaptureOnlyAfterForward && rules.man.captures === 'all'
          ? 'A man may capture backward only after a forward jump in the same move.'
          : 'A man cannot capture backward here.',
        [],
        { from: name(from) },
      );
    case 'capturesKings':
      return make('manCannotCaptureKing', 'A man cannot capture a king.', [], { from: name(from) });
    case 'reversal':
      return make(
        'noReversal',
        'A capture cannot turn back along the line it just travelled.',
        [],
        {},
      );
    case 'kingLanding':
      return rules.king.landing === 'rightBehind'
        ? make('kingLandsRightBehind', 'A king lands right behind the piece it takes.', [], {})
        : make(
            'kingStopsBehindKing',
            'A king whose capture ends on a king stops right behind it.',
            [],
            {},
          );
    case 'midCapture': {
      const crowned = attempted?.path.find(
        (sq) =>
          variant.compiled.promoteEnd[(pieceCode(piece.color) | 1) * variant.topology.size + sq] !==
          0,
      );
      return make(
        'crowningEndsMove',
        `A man crowned during a capture stops there${crowned !== undefined ? `: the move ends on ${name(crowned)}` : ''}.`,
        [],
        crowned !== undefined ? { square: name(crowned) } : {},
      );
    }
    case 'mustComplete':
      return mustContinue();
    case 'precedence':
      return precedence();
    case 'obligation':
      return make(
        'captureCompulsory',
        `Capture is compulsory: play ${captures.length > 1 ? 'one of ' : ''}${required}.`,
        captures,
        { required, count: captures.length },
      );
  }
  // Not produced even with every relaxation: is it the start of a legal capture?
  const jumped = traceCaptures(position, route);
  if (jumped && jumped.length > 0) {
    const longer = captures.filter(
      (m) =>
        m.from === from &&
        m.captures.length > jumped.length &&
        jumped.every((sq, i) => m.captures[i] === sq),
    );
    if (longer.length > 0) return mustContinue(longer);
  }
  return make('illegalShape', `${attemptText} is not a move any piece can make here.`, [], {});

  function mustContinue(continuations?: Move[]): Explanation {
    const moves =
      continuations ??
      captures.filter(
        (m) =>
          m.from === from &&
          (attempted ? attempted.captures.every((sq, i) => m.captures[i] === sq) : true),
      );
    const shown = moves.length > 0 ? moves : captures;
    return make('captureMustContinue', `The capture must continue: ${list(shown)}.`, shown, {
      required: list(shown),
    });
  }

  function precedence(): Explanation {
    const best = captures[0];
    const mine = attempted;
    const steps: readonly PrecedenceStep[] = rules.capture.precedence;
    let step: PrecedenceStep = 'quantity';
    if (best && mine) {
      for (const s of steps) {
        if (component(s, mine) < component(s, best)) {
          step = s;
          break;
        }
      }
    }
    const params = {
      required,
      count: mine ? component(step, mine) : 0,
      best: best ? component(step, best) : 0,
    };
    switch (step) {
      case 'quantity':
        return make(
          'longerCapture',
          `You must take the most pieces: ${required} takes ${params.best}, this takes ${params.count}.`,
          captures,
          params,
        );
      case 'quality':
        return make(
          'moreKingsCapture',
          `Among equal captures you must take the most kings: ${required} takes ${params.best}, this takes ${params.count}.`,
          captures,
          params,
        );
      case 'withKing':
        return make(
          'captureWithKing',
          `Among equal captures the king must capture: ${required}.`,
          captures,
          params,
        );
      case 'earliestKing':
        return make(
          'earlierKingCapture',
          `Among equal captures take the one meeting a king first: ${required}.`,
          captures,
          params,
        );
      case 'kingPriority':
        return make(
          'kingCaptureFirst',
          `A king can capture, so a king capture must be played: ${required}.`,
          captures,
          params,
        );
      case 'value':
        return make(
          'moreValuableCapture',
          `You must take the most valuable pieces (a king counts more than a man, less than two): ${required}.`,
          captures,
          params,
        );
    }
  }
}

/** The value of one precedence step for a capture (higher is preferred), as the generator ranks. */
function component(step: PrecedenceStep, m: Move): number {
  switch (step) {
    case 'quantity':
      return m.captures.length;
    case 'quality':
      return m.captured.filter((p) => p.role !== 'man').length;
    case 'withKing':
    case 'kingPriority':
      return m.moved.role !== 'man' ? 1 : 0;
    case 'value': {
      const kings = m.captured.filter((p) => p.role !== 'man').length;
      return (m.captures.length + kings) * 128 - kings;
    }
    case 'earliestKing': {
      let bits = 0;
      m.captured.forEach((p, i) => {
        if (p.role !== 'man' && i < 24) bits += 2 ** (23 - i);
      });
      return bits;
    }
  }
}

/**
 * The enemy pieces a route jumps, leg by leg, if every leg runs along one line over exactly one
 * enemy piece (not jumped before) and otherwise empty squares; `undefined` if it is not such a route.
 */
function traceCaptures(position: Position, route: readonly Square[]): Square[] | undefined {
  const t = position.variant.topology;
  const out: Square[] = [];
  const from = route[0]!;
  for (let leg = 1; leg < route.length; leg++) {
    const a = route[leg - 1]!;
    const b = route[leg]!;
    let found: Square[] | undefined;
    for (let d = 0; d < t.directions.length && !found; d++) {
      const between: Square[] = [];
      for (let sq = t.next[d * t.size + a]!; sq >= 0; sq = t.next[d * t.size + sq]!) {
        if (sq === b) {
          found = between;
          break;
        }
        between.push(sq);
      }
    }
    if (!found) return undefined;
    const pieces = found.filter((sq) => sq !== from && position.pieceAt(sq) !== undefined);
    if (pieces.length !== 1) return undefined;
    const victim = pieces[0]!;
    if (position.pieceAt(victim)!.color === position.turn || out.includes(victim)) return undefined;
    out.push(victim);
  }
  return out;
}

function pieceCode(color: Color): number {
  return color === 'white' ? 0 : 4;
}

function colorName(color: Color): string {
  return color === 'white' ? 'White' : 'Black';
}
