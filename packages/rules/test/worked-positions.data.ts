/**
 * The worked positions of docs/rules.md §7.2–§7.5 as data: position, options and the exact list of legal
 * moves, copied from docs/rules.md (never produced by Damka's generator). Read by the rules test that
 * checks the generator against them and by the engine test that searches each one.
 */
import type { Options, Role } from '@damka/rules';
export interface WorkedPosition {
  readonly id: string;
  readonly variant: string;
  readonly options?: Options;
  readonly fen: string;
  /** Every legal move, in docs/rules.md's notation. */
  readonly moves: readonly string[];
  /** Captured squares of some of the moves, as docs/rules.md names them ("takes 28, 19"). */
  readonly takes?: Readonly<Record<string, readonly string[]>>;
  /** The moving piece's role after every listed move. */
  readonly role?: Role;
  /** What the row exercises (docs/rules.md's last column). */
  readonly rule: string;
}

export const WORKED_POSITIONS: readonly WorkedPosition[] = [
  // §7.2 International / Brazilian / Russian / Czech (diagonal, flying kings)
  {
    id: 'INT-1',
    variant: 'international',
    fen: 'W:W32:B19,27,28',
    moves: ['32x23x14'],
    takes: { '32x23x14': ['28', '19'] },
    rule: 'majority: the 1-piece capture 32x21 (takes 27) is illegal',
  },
  {
    id: 'INT-2',
    variant: 'international',
    fen: 'W:WK47,32:B33,27,17',
    moves: ['32x21x12'],
    takes: { '32x21x12': ['27', '17'] },
    rule: 'majority beats "capture with king"; king counts 1',
  },
  {
    id: 'INT-3',
    variant: 'international',
    fen: 'W:WK47,32:B33,28',
    moves: ['47x29', '47x24', '47x20', '47x15', '32x23'],
    takes: { '47x29': ['33'], '47x24': ['33'], '47x20': ['33'], '47x15': ['33'], '32x23': ['28'] },
    rule: 'equal counts: free choice; king lands anywhere beyond',
  },
  {
    id: 'INT-4',
    variant: 'international',
    fen: 'W:W11:B7,8',
    moves: ['11x2x13'],
    takes: { '11x2x13': ['7', '8'] },
    role: 'man',
    rule: 'passing the promotion row does not crown (FMJD 4.15)',
  },
  {
    id: 'INT-5',
    variant: 'international',
    fen: 'W:WK50:B10,33,41',
    moves: ['50x28x5', '50x28x46'],
    takes: { '50x28x5': ['33', '10'], '50x28x46': ['33', '41'] },
    rule: 'Turkish strike: 10 stays on the board until the move ends',
  },
  {
    id: 'INT-6',
    variant: 'international',
    fen: 'W:WK28:B23,29,41',
    moves: ['28x19', '28x14', '28x10', '28x5', '28x46'],
    takes: { '28x19': ['23'], '28x14': ['23'], '28x10': ['23'], '28x5': ['23'], '28x46': ['41'] },
    rule: 'a dead piece blocks a 180° return',
  },
  {
    id: 'BR-1',
    variant: 'brazilian',
    fen: 'W:Wd4:Bc5,e5,g7',
    moves: ['d4xf6xh8'],
    takes: { d4xf6xh8: ['e5', 'g7'] },
    rule: 'majority on 8x8',
  },
  {
    id: 'RU-1',
    variant: 'russian',
    fen: 'W:Wd4:Bc5,e5,g7',
    moves: ['d4:f6:h8', 'd4:b6'],
    rule: 'free choice',
  },
  {
    id: 'RU-2',
    variant: 'russian',
    fen: 'W:Wb6:Bc7,e7',
    moves: ['b6:d8:f6', 'b6:d8:g5', 'b6:d8:h4'],
    role: 'king',
    rule: 'crowned on d8 mid-capture, continues as a flying king',
  },
  {
    id: 'BR-2',
    variant: 'brazilian',
    fen: 'W:Wb6:Bc7,e7',
    moves: ['b6xd8xf6'],
    role: 'man',
    rule: 'passes d8 uncrowned, continues as a man (backward)',
  },
  ...(['russian', 'czech', 'brazilian'] as const).map((variant): WorkedPosition => ({
    id: `RU-3 (${variant})`,
    variant,
    fen: 'W:WKa1:Bc3,f4',
    moves: variant === 'russian' ? ['a1:e5:g3', 'a1:e5:h2'] : ['a1xe5xg3', 'a1xe5xh2'],
    rule: 'after c3 the king must land on e5, the only square allowing continuation',
  })),
  {
    id: 'CZ-1',
    variant: 'czech',
    fen: 'W:WKc1,d4:Bf4,c5,c7',
    moves: ['c1xg5', 'c1xh6'],
    takes: { c1xg5: ['f4'], c1xh6: ['f4'] },
    rule: 'king capture has priority even though the man could take 2',
  },
  {
    id: 'CZ-1r',
    variant: 'russian',
    fen: 'W:WKc1,d4:Bf4,c5,c7',
    moves: ['c1:g5', 'c1:h6', 'd4:b6:d8'],
    rule: 'free choice',
  },
  {
    id: 'CZ-1b',
    variant: 'brazilian',
    fen: 'W:WKc1,d4:Bf4,c5,c7',
    moves: ['d4xb6xd8'],
    rule: 'majority',
  },
  {
    id: 'TH-1',
    variant: 'thai',
    fen: 'W:WKa1:Bc3,f4',
    moves: ['a1xd4'],
    takes: { a1xd4: ['c3'] },
    rule: 'a Thai king lands right behind the piece it takes, so f4 is out of reach',
  },
  {
    id: 'TH-2',
    variant: 'thai',
    fen: 'W:WKc1:Bd2,f4',
    moves: ['c1xe3xg5'],
    takes: { c1xe3xg5: ['d2', 'f4'] },
    rule: 'landing right behind, then going on; the capture stops right behind its last piece',
  },
  // Killer and Pool rows follow from the rule texts of §5.18 and §5.20 (see docs/rules.md §7.2)
  {
    id: 'KI-1',
    variant: 'killer',
    fen: 'W:WK46:BK28',
    moves: ['46x23'],
    takes: { '46x23': ['28'] },
    rule: 'a king whose last captured piece is a king stops right behind it',
  },
  {
    id: 'KI-2',
    variant: 'killer',
    fen: 'W:WK46:B28',
    moves: ['46x23', '46x19', '46x14', '46x10', '46x5'],
    rule: 'a king whose last captured piece is a man lands anywhere beyond it',
  },
  {
    id: 'KI-3',
    variant: 'killer',
    fen: 'W:WK46:BK28,24',
    moves: ['46x30', '46x35'],
    takes: { '46x30': ['28', '24'], '46x35': ['28', '24'] },
    rule: 'an earlier king in the capture does not stop it; the last piece, a man, does not either',
  },
  {
    id: 'PO-1',
    variant: 'pool',
    fen: 'W:W18:B14,15,8',
    moves: ['18x11x4', '18x9'],
    takes: { '18x11x4': ['15', '8'], '18x9': ['14'] },
    rule: 'free choice: the one-piece capture is as legal as the two-piece one',
  },
  {
    id: 'PO-2',
    variant: 'pool',
    fen: 'W:W9:B6,7',
    moves: ['9x2x11'],
    takes: { '9x2x11': ['6', '7'] },
    role: 'man',
    rule: 'a man passing the king row in a capture goes on as a man and is not crowned',
  },
  // §7.3 Forward-only men, short or flying kings
  {
    id: 'EN-1',
    variant: 'english',
    fen: 'W:W22:B17,18,11',
    moves: ['22x15x8', '22x13'],
    takes: { '22x15x8': ['18', '11'], '22x13': ['17'] },
    rule: 'free choice, no majority',
  },
  {
    id: 'EN-2',
    variant: 'english',
    fen: 'W:W9:B6,7',
    moves: ['9x2'],
    takes: { '9x2': ['6'] },
    role: 'king',
    rule: 'crowning ends the move (7 is not taken)',
  },
  {
    id: 'EN-3',
    variant: 'english',
    fen: 'W:WK18:B14,15,22,23',
    moves: ['18x11', '18x9', '18x27', '18x25'],
    rule: 'short king jumps in 4 directions',
  },
  {
    id: 'SP-1',
    variant: 'spanish',
    fen: 'W:W11,9:B15,23,K13,22',
    moves: ['9x18x27'],
    takes: { '9x18x27': ['13', '22'] },
    rule: 'quality: equal count (2), more kings',
  },
  {
    id: 'SP-2',
    variant: 'spanish',
    fen: 'W:W11,9:B15,23,K13',
    moves: ['11x20x27'],
    takes: { '11x20x27': ['15', '23'] },
    rule: 'quantity before quality',
  },
  {
    id: 'SP-3',
    variant: 'spanish',
    fen: 'W:W19:B15,14',
    moves: ['19-22', '19-23'],
    rule: 'men never capture backward',
  },
  {
    id: 'IT-1',
    variant: 'italian',
    fen: 'W:W21,31:BK18',
    moves: ['21-17', '31-27', '31-28'],
    rule: 'a man cannot capture a king',
  },
  {
    id: 'IT-2',
    variant: 'italian',
    fen: 'W:WK22,24:B18,20,11',
    moves: ['24x15x6'],
    takes: { '24x15x6': ['20', '11'] },
    rule: 'rule 6.6 quantity before 6.7',
  },
  {
    id: 'IT-3',
    variant: 'italian',
    fen: 'W:WK22,23:B18,19,10',
    moves: ['22x13x6'],
    takes: { '22x13x6': ['18', '10'] },
    rule: '6.7 capture with the king',
  },
  {
    id: 'IT-4',
    variant: 'italian',
    fen: 'W:WK22:B18,K19',
    moves: ['22x15'],
    takes: { '22x15': ['19'] },
    rule: '6.8 most kings',
  },
  {
    id: 'IT-5',
    variant: 'italian',
    fen: 'W:WK22:B18,K10,K19,12',
    moves: ['22x15x8'],
    takes: { '22x15x8': ['19', '12'] },
    rule: '6.9 king met first',
  },
  // §7.4 Orthogonal and eight-direction variants
  {
    id: 'TR-1',
    variant: 'turkish',
    fen: 'W:WKd1:Bd3,f5,g4,c3',
    moves: ['d1xd5xg5xg3xb3', 'd1xd5xg5xg3xa3'],
    takes: { d1xd5xg5xg3xb3: ['d3', 'f5', 'g4', 'c3'], d1xd5xg5xg3xa3: ['d3', 'f5', 'g4', 'c3'] },
    rule: 'immediate removal, turning captures; the last leg crosses the emptied d3',
  },
  {
    id: 'TR-2',
    variant: 'turkish',
    fen: 'W:WKe4:Bg4,b4',
    moves: ['e4xh4', 'e4xa4'],
    takes: { e4xh4: ['g4'], e4xa4: ['b4'] },
    rule: 'no 180° turn, so not both',
  },
  {
    id: 'TR-3',
    variant: 'turkish',
    fen: 'W:Wd4:Bd3,c4,e5',
    moves: ['d4xb4'],
    takes: { d4xb4: ['c4'] },
    rule: 'men capture forward and sideways only, never backward or diagonally',
  },
  {
    id: 'TR-4',
    variant: 'turkish',
    fen: 'W:Wc6:Bc7,f8',
    moves: ['c6xc8'],
    takes: { c6xc8: ['c7'] },
    role: 'king',
    rule: 'docs/decisions.md item 8: a man on the last rank mid-capture goes on as a man; here it stops and is crowned',
  },
  {
    id: 'FR-1 (horizontal)',
    variant: 'frisian',
    fen: 'W:W28:B29',
    moves: ['28x30'],
    takes: { '28x30': ['29'] },
    rule: 'a man captures along the row of dark squares',
  },
  {
    id: 'FR-1 (vertical)',
    variant: 'frisian',
    fen: 'W:W28:B18',
    moves: ['28x8'],
    takes: { '28x8': ['18'] },
    rule: 'a man captures along the column of dark squares',
  },
  {
    id: 'FR-2',
    variant: 'frisian',
    fen: 'W:W22,35:BK18,30',
    moves: ['22x13'],
    takes: { '22x13': ['18'] },
    rule: 'value: a king is worth more than a man',
  },
  {
    id: 'FR-3',
    variant: 'frisian',
    fen: 'W:W12,22:B23,K27,30',
    moves: ['22x24x35'],
    takes: { '22x24x35': ['23', '30'] },
    rule: 'value: two men are worth more than one king',
  },
  {
    id: 'FR-4',
    variant: 'frisian',
    fen: 'W:W34,36:B19,24,28,K39,K42',
    moves: ['34x43x41'],
    takes: { '34x43x41': ['39', '42'] },
    rule: 'value: two kings are worth more than three men',
  },
  {
    id: 'FR-5',
    variant: 'frisian',
    fen: 'W:WK11,16:B6,21',
    moves: ['11x31', '11x41'],
    takes: { '11x31': ['21'], '11x41': ['21'] },
    rule: 'equal value: the king must capture',
  },
  // §7.5 Dhamet, positions built from the descriptions (White moving up, a1 open)
  ...(
    [
      ['a1', ['a1-a2', 'a1-b2']],
      ['b3', ['b3-b4']],
      ['e3', ['e3-d4', 'e3-e4', 'e3-f4']],
    ] as const
  ).map(([sq, moves]): WorkedPosition => ({
    id: `DH-1 (${sq})`,
    variant: 'dhamet',
    fen: `W:W${sq}:B`,
    moves,
    rule: 'a single white man on an empty board steps forward along the lines through its point',
  })),
  {
    id: 'DH-2 (g6)',
    variant: 'dhamet',
    fen: 'W:Wg6:Bg7,f6,g5,h6',
    moves: ['g6xg8', 'g6xe6', 'g6xg4', 'g6xi6'],
    takes: { g6xg8: ['g7'], g6xe6: ['f6'], g6xg4: ['g5'], g6xi6: ['h6'] },
    rule: 'closed g6 with an enemy on each of its 4 lines: 4 capture directions, backward included',
  },
  {
    id: 'DH-2 (g6, diagonal enemies)',
    variant: 'dhamet',
    fen: 'W:Wg6:Bf7,h7,f5,h5',
    moves: ['g6-g7'],
    rule: 'no diagonal line passes through closed g6: the diagonal neighbours cannot be taken',
  },
  // c7 (open): an enemy in each of the 8 directions, one at a time (with all 8 at once the
  // jumps chain into longer captures and only the longest are legal)
  ...(
    [
      ['b8', 'a9'],
      ['c8', 'c9'],
      ['d8', 'e9'],
      ['b7', 'a7'],
      ['d7', 'e7'],
      ['b6', 'a5'],
      ['c6', 'c5'],
      ['d6', 'e5'],
    ] as const
  ).map(([enemy, land]): WorkedPosition => ({
    id: `DH-2 (c7, enemy on ${enemy})`,
    variant: 'dhamet',
    fen: `W:Wc7:B${enemy}`,
    moves: [`c7x${land}`],
    takes: { [`c7x${land}`]: [enemy] },
    rule: 'open c7 captures along all 8 lines: forward, sideways, backward, diagonally',
  })),
  {
    id: 'DH-3',
    variant: 'dhamet',
    fen: 'W:WKb7:B',
    moves: [
      ...['a7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7', 'i7'].map((s) => `b7-${s}`),
      ...['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b8', 'b9'].map((s) => `b7-${s}`),
    ],
    rule: 'a sultan on closed b7 moves only along rank 7 and file b (16 destinations)',
  },
  {
    id: 'DH-4',
    variant: 'dhamet',
    fen: 'W:Wg7:Bh6,h4,g4,f6,d8',
    moves: ['g7xi5xg3xg5xe7xc9'],
    takes: { g7xi5xg3xg5xe7xc9: ['h6', 'h4', 'g4', 'f6', 'd8'] },
    role: 'king',
    rule: 'a 5-piece rafle over emptied points; the man ends on rank 9 and becomes a sultan',
  },
];
