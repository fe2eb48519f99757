/**
 * Which variant a PDN game is played under, and how its squares are named.
 *
 * Standard PDN says it with the GameType tag, `Type[,StartColour,Width,Height,Notation[,Invert]]`
 * (rules.md §1a): 20 International, 21 English, 22 Italian, 23 Pool, 24 Spanish, 25 Russian,
 * 26 Brazilian, 27 Canadian, 28 Portuguese, 29 Czech, 30 Turkish, 31 Thai, 40 Frisian. Variants with no number of their own, and house-rule
 * options, are said with Damka's tags `[Variant "israeli-6x6"]` and
 * `[VariantOptions "noForcedCapture=true"]`; a reader prefers Variant when present. Damka writes a
 * GameType for every game (the nearest standard board) so other programs can still show it.
 */
import { err, ok, type Color, type Result } from '../types.ts';
import { getVariant, type Variant } from '../variant.ts';
import { OPTION_NAMES, VARIANTS, parseOptions, type Options } from '../variants/registry.ts';
import { namingFor, type Corner, type SquareNaming } from './naming.ts';
import type { PdnGame } from './types.ts';

/** The variant each standard GameType number stands for. */
export const STANDARD_GAME_TYPES: Readonly<Record<number, string>> = {
  20: 'international',
  21: 'english',
  22: 'italian',
  23: 'pool',
  24: 'spanish',
  25: 'russian',
  26: 'brazilian',
  27: 'canadian',
  28: 'portuguese',
  29: 'czech',
  30: 'turkish',
  31: 'thai',
  40: 'frisian',
};

/** A GameType tag, parsed; fields after the type number are optional. */
export interface GameType {
  readonly type: number;
  readonly firstPlayer?: Color;
  readonly width?: number;
  readonly height?: number;
  readonly notation?: { readonly style: 'numeric' | 'algebraic'; readonly corner: Corner };
  readonly invert?: boolean;
}

/** Read a GameType value such as `20` or `21,B,8,8,N1,0`. */
export function parseGameType(text: string): Result<GameType, string> {
  if (text.length > 100) return err('GameType value too long');
  const fields = text.split(',').map((f) => f.trim());
  const num = (f: string | undefined) => (f !== undefined && /^\d{1,3}$/.test(f) ? Number(f) : NaN);
  const type = num(fields[0]);
  if (Number.isNaN(type)) return err(`GameType must start with a number, not '${fields[0]}'`);
  let gameType: {
    type: number;
    firstPlayer?: Color;
    width?: number;
    height?: number;
    notation?: { style: 'numeric' | 'algebraic'; corner: Corner };
    invert?: boolean;
  } = { type };
  if (fields.length > 1) {
    const colour = fields[1]!.toUpperCase();
    if (colour !== 'W' && colour !== 'B')
      return err(`GameType start colour must be W or B, not '${fields[1]}'`);
    gameType.firstPlayer = colour === 'W' ? 'white' : 'black';
  }
  if (fields.length > 2) {
    const width = num(fields[2]);
    const height = num(fields[3]);
    if (Number.isNaN(width) || Number.isNaN(height))
      return err('GameType board width and height must be numbers');
    gameType = { ...gameType, width, height };
  }
  if (fields.length > 4) {
    const m = /^([AN])([0-3])$/i.exec(fields[4]!);
    if (!m) return err(`GameType notation must be A or N and a corner 0-3, not '${fields[4]}'`);
    gameType.notation = {
      style: m[1]!.toUpperCase() === 'A' ? 'algebraic' : 'numeric',
      corner: Number(m[2]) as Corner,
    };
  }
  if (fields.length > 5) {
    if (fields[5] !== '0' && fields[5] !== '1')
      return err(`GameType invert flag must be 0 or 1, not '${fields[5]}'`);
    gameType.invert = fields[5] === '1';
  }
  if (fields.length > 6) return err('GameType has too many fields');
  return ok(gameType);
}

/** The first number of a GameType value. */
function typeNumber(pdnGameType: string): number {
  return Number(pdnGameType.split(',')[0]);
}

/** Is this variant (with these options) exactly what its GameType number means? */
export function isStandardVariant(variant: Variant): boolean {
  return (
    STANDARD_GAME_TYPES[typeNumber(variant.rules.pdnGameType)] === variant.id &&
    Object.values(variant.options).every((v) => v === undefined)
  );
}

/** Corner as the GameType writes it: seen from the side that moves first. */
function cornerFor(firstPlayer: Color, whiteCorner: Corner): Corner {
  return (firstPlayer === 'white' ? whiteCorner : 3 - whiteCorner) as Corner;
}

/** The GameType invert flag of a board: 0 when White's bottom-left corner square is playable. */
function invertOf(variant: Variant): 0 | 1 {
  return variant.topology.grid[0]! >= 0 ? 0 : 1;
}

/**
 * The full GameType value for a variant whose squares are written in `naming`, for a game whose
 * first move is `first`'s (the variant's first player unless the game says otherwise, as Thai
 * files in PDN's standard form `31,B,8,8,N2,0` do).
 */
export function formatGameType(
  variant: Variant,
  naming: SquareNaming = namingFor(variant),
  first: Color = variant.rules.firstPlayer,
): string {
  const t = variant.topology;
  const invert = invertOf(variant);
  const style = naming.style === 'numeric' ? 'N' : 'A';
  return [
    typeNumber(variant.rules.pdnGameType),
    first === 'white' ? 'W' : 'B',
    t.width,
    t.height,
    style + cornerFor(first, naming.corner),
    invert,
  ].join(',');
}

/** The VariantOptions value for a variant's options, e.g. `noForcedCapture=true,kingSplit=false`. */
export function formatVariantOptions(options: Options): string {
  return OPTION_NAMES.filter((name) => options[name] !== undefined)
    .map((name) => `${name}=${String(options[name])}`)
    .join(',');
}

/**
 * The tags that name a variant: GameType always, Variant and VariantOptions when the GameType
 * number alone would not say it.
 */
export function variantTags(variant: Variant, naming?: SquareNaming): Array<[string, string]> {
  const tags: Array<[string, string]> = [['GameType', formatGameType(variant, naming)]];
  if (!isStandardVariant(variant)) tags.push(['Variant', variant.id]);
  const options = formatVariantOptions(variant.options);
  if (options) tags.push(['VariantOptions', options]);
  return tags;
}

/** A tag's value by exact name, else by name in any letter case. */
export function getTag(tags: ReadonlyMap<string, string>, name: string): string | undefined {
  const exact = tags.get(name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of tags) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/**
 * The game with `[GameType "<gameType>"]` added when its tags name neither a GameType nor a
 * Variant: how a reader says which game a file of untagged games holds (`damka pdn check
 * --game-type 21`), without changing the file.
 */
export function withGameType(game: PdnGame, gameType: string): PdnGame {
  if (getTag(game.tags, 'GameType') !== undefined || getTag(game.tags, 'Variant') !== undefined) {
    return game;
  }
  const tags = new Map(game.tags);
  tags.set('GameType', gameType);
  return { ...game, tags };
}

/** What the tags of a game say about its rules, its squares and who moves first. */
export interface PdnSetting {
  readonly variant: Variant;
  readonly naming: SquareNaming;
  /**
   * The colour that makes the game's first move from the start position: the GameType's start
   * colour when the tag gives one, else the variant's first player. The pieces stand where the
   * variant puts them either way: Thai files in PDN's standard form (`31,B,8,8,N2,0`) let Black,
   * on the rows 7-8, begin, where Damka's Thai lets White begin (docs/decisions.md item 9).
   */
  readonly firstPlayer: Color;
}

/**
 * The variant and square naming of a game: Variant (+ VariantOptions) when present, else the
 * GameType (a standard number, or a full value matching one of Damka's boards), else International
 * (PDN's default). The notation field of the GameType, when given, says how squares are named.
 */
export function resolveSetting(tags: ReadonlyMap<string, string>): Result<PdnSetting, string> {
  let options: Options = {};
  const optionText = getTag(tags, 'VariantOptions')?.trim();
  if (optionText) {
    const parsed = parseOptions(
      optionText
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    );
    if (!parsed.ok) return err(`VariantOptions: ${parsed.error}`);
    options = parsed.value;
  }
  const gameTypeText = getTag(tags, 'GameType')?.trim();
  const gameType = gameTypeText ? parseGameType(gameTypeText) : undefined;
  if (gameType && !gameType.ok) return err(`GameType '${gameTypeText}': ${gameType.error}`);
  const variantId = getTag(tags, 'Variant')?.trim();
  let id: string;
  if (variantId) id = variantId.toLowerCase();
  else if (gameType) {
    const byType = variantForGameType(gameType.value);
    if (!byType.ok) return byType;
    id = byType.value;
  } else id = 'international';
  const variant = getVariant(id, options);
  if (!variant.ok)
    return err(variantId ? `Variant '${variantId}': ${variant.error}` : variant.error);
  const v = variant.value;
  const gt = gameType?.value;
  if (
    gt?.width !== undefined &&
    (gt.width !== v.topology.width || gt.height !== v.topology.height)
  ) {
    return err(
      `GameType '${gameTypeText}' is a ${gt.width}x${gt.height} board; ${v.id} is played on ${v.topology.width}x${v.topology.height}`,
    );
  }
  if (gt?.invert !== undefined && Number(gt.invert) !== invertOf(v)) {
    const corner = invertOf(v) === 0 ? 'is playable' : 'is not playable';
    return err(
      `GameType '${gameTypeText}' has invert flag ${Number(gt.invert)}, but on the ${v.id} board White's bottom-left corner square ${corner} (flag ${invertOf(v)})`,
    );
  }
  const firstPlayer = gt?.firstPlayer ?? v.rules.firstPlayer;
  if (gt?.notation) {
    const corner = cornerFor(firstPlayer, gt.notation.corner); // the same flip turns it back
    return ok({ variant: v, naming: namingFor(v, gt.notation.style, corner), firstPlayer });
  }
  return ok({ variant: v, naming: namingFor(v), firstPlayer });
}

/** The variant a GameType stands for: the standard one for its number and board size. */
function variantForGameType(gt: GameType): Result<string, string> {
  const standard = STANDARD_GAME_TYPES[gt.type];
  const fits = (id: string) => {
    if (gt.width === undefined) return true;
    const v = getVariant(id);
    return v.ok && v.value.topology.width === gt.width && v.value.topology.height === gt.height;
  };
  if (standard && fits(standard)) return ok(standard);
  const other = VARIANTS.find((r) => typeNumber(r.pdnGameType) === gt.type && fits(r.id));
  if (other) return ok(other.id);
  if (!standard) {
    return err(`GameType ${gt.type} is not a game Damka plays (add a Variant tag to name one)`);
  }
  return err(`GameType ${gt.type} on a ${gt.width}x${gt.height} board is not a game Damka plays`);
}

/** Who moves first in the game's variant and who moves first in this game (FEN tag). */
export function startingSides(tags: ReadonlyMap<string, string>): {
  firstPlayer: Color;
  turn: Color;
} {
  const setting = resolveSetting(tags);
  let firstPlayer: Color = 'white';
  if (setting.ok) firstPlayer = setting.value.firstPlayer;
  else {
    const gt = parseGameType(getTag(tags, 'GameType')?.trim() ?? '');
    if (gt.ok && gt.value.firstPlayer) firstPlayer = gt.value.firstPlayer;
  }
  const fen = getTag(tags, 'FEN');
  let turn = firstPlayer;
  if (fen !== undefined) {
    const head = fen.trim().replace(/^"/, '')[0]?.toUpperCase();
    if (head === 'W') turn = 'white';
    else if (head === 'B') turn = 'black';
  }
  return { firstPlayer, turn };
}

/**
 * The move-number label of a ply (0-based from the game's first move): `12.` for the first
 * player's move, `12...` for the other's.
 */
export function plyLabel(ply: number, startNumber: number, offset: 0 | 1): string {
  const half = ply + offset;
  const n = startNumber + Math.floor(half / 2);
  return half % 2 === 0 ? `${n}.` : `${n}...`;
}
