/**
 * The browser side of "Download PDN": the game written by `game-pdn.ts`, offered as a file through
 * a Blob, an object URL and a temporary download link. The only part of the PDN code that touches
 * the DOM; loaded on demand when the button is pressed.
 */
import type { SavedGame } from '../game/record.ts';
import { pdnFileName, savedGameToPdnText } from './game-pdn.ts';

/** Start the download of `game` as a PDN file; returns the file name offered. */
export function downloadGame(game: SavedGame, now: Date = new Date()): string {
  const text = savedGameToPdnText(game, { date: now, site: location.host || 'Damka' });
  const name = pdnFileName(game.setup.variant, now);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser has taken the file by the next tasks; free the memory then
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
