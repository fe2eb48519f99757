/**
 * Entry point: mounts the app and marks the first render (read by the benchmark and by anyone
 * profiling the page: `performance.getEntriesByName('damka:first-render')`).
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
