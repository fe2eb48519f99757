/**
 * PDN 3.0 for every Damka variant: read (`parsePdn`), write (`writePdn`), replay against the rules
 * (`replayGame`) and rewrite in another square notation (`convertGame`). See docs/pdn.md.
 */
export * from './types.ts';
export {
  parsePdn,
  MAX_PDN_LENGTH,
  MAX_VARIATION_DEPTH,
  type ParsePdnOptions,
  type PdnParse,
} from './parse.ts';
export { writePdn, writeGame, type WritePdnOptions } from './write.ts';
export {
  STANDARD_GAME_TYPES,
  parseGameType,
  formatGameType,
  formatVariantOptions,
  variantTags,
  isStandardVariant,
  resolveSetting,
  startingSides,
  plyLabel,
  getTag,
  withGameType,
  type GameType,
  type PdnSetting,
} from './game-type.ts';
export {
  namingFor,
  numericNames,
  algebraicNames,
  translateMove,
  translateFen,
  type SquareNaming,
  type Corner,
  type TranslateError,
} from './naming.ts';
export {
  replayGame,
  replayGames,
  startPosition,
  playWritten,
  readWritten,
  type MatchedLine,
  type ReplayError,
  type ReplayedGame,
} from './replay.ts';
export { decodePdn, encodingWarning, type DecodedPdn, type PdnEncoding } from './encoding.ts';
export { convertGame, renameMove, shortMove, makeFenIn, type PdnNotation } from './convert.ts';
