/**
 * Entry point: mounts the app and marks the first render (read by the benchmark and by anyone
 * profiling the page: `performance.getEntriesByName('damka:first-render')`). The keyboard hints
 * show where a keyboard is likely (see styles.css) and from the first key pressed on.
 */
import { render } from 'preact';
import { App } from './ui/app.tsx';
import './styles.css';
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
