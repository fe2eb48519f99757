/**
 * Entry point: mounts the app and marks the first render (read by the benchmark and by anyone
 * profiling the page: `performance.getEntriesByName('damka:first-render')`). The keyboard hints
 * show where a keyboard is likely (see styles/game.css) and from the first key pressed on.
 */
import { render } from 'preact';
import { App } from './ui/app.tsx';
// the stylesheets in cascade order: a later file's rules win over an earlier one's
import './styles/theme.css';
import './styles/shell.css';
import './styles/controls.css';
import './styles/new-game.css';
import './styles/game.css';
import './styles/dialogs.css';
import './styles/board-themes.css';
import './styles/narrow-screens.css';
import './styles/rules-pages.css';
import './styles/computer.css';
import './styles/notation.css';
import './styles/clocks.css';
import './styles/home.css';
import './styles/new-game-dialog.css';
import './styles/touch.css';
import { registerServiceWorker } from './offline/register.ts';

const root = document.getElementById('app');
if (root) {
  render(<App />, root);
  performance.mark('damka:first-render');
}
registerServiceWorker();

// a key pressed (a phone with a keyboard attached, say) shows the keyboard hints from then on
document.addEventListener(
  'keydown',
  () => document.documentElement.classList.add('keyboard-used'),
  { once: true },
);
