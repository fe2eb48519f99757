/**
 * The widget's stylesheet, injected once per document. Colours are CSS custom properties so that an
 * app can theme the board (light/dark) without touching the widget; every rule is scoped under
 * `.damka-board`.
 */

export const BOARD_CSS = `
.damka-board {
  --damka-light: #f0d9b5;
  --damka-dark: #b07f56;
  --damka-plain: #e6c79c;
  --damka-line: #6b4a2b;
  --damka-frame: #5a3d26;
  --damka-label: rgba(40, 25, 10, 0.7);
  --damka-label-dark: rgba(255, 245, 230, 0.85);
  --damka-white-piece: #f7f3ea;
  --damka-white-edge: #8d8272;
  --damka-black-piece: #2a2623;
  --damka-black-edge: #0b0a09;
  --damka-mark-on-white: #b8860b;
  --damka-mark-on-black: #e8c15a;
  --damka-last: rgba(255, 214, 10, 0.42);
  --damka-selected: rgba(40, 160, 90, 0.55);
  --damka-dest: rgba(20, 110, 60, 0.55);
  --damka-via: rgba(40, 160, 90, 0.35);
  --damka-target: rgba(210, 50, 40, 0.7);
  --damka-cursor: #1e6fd9;
  --damka-hint: rgba(30, 111, 217, 0.4);
  position: relative;
  display: block;
  width: 100%;
  user-select: none;
  -webkit-user-select: none;
  touch-action: none;
  border-radius: 6px;
  outline: none;
}
.damka-board:focus-visible { box-shadow: 0 0 0 3px var(--damka-cursor); }
.damka-board svg { display: block; width: 100%; height: auto; border-radius: 6px; }
.damka-board .sq-light { fill: var(--damka-light); }
.damka-board .sq-dark { fill: var(--damka-dark); }
.damka-board .sq-plain { fill: var(--damka-plain); }
.damka-board .grid-line { stroke: var(--damka-line); stroke-width: 2; opacity: 0.55; }
.damka-board .seg { stroke: var(--damka-line); stroke-width: 3; stroke-linecap: round; }
.damka-board .point { fill: var(--damka-line); }
.damka-board .label {
  font: 650 14px system-ui, sans-serif; fill: var(--damka-label); pointer-events: none;
}
.damka-board .label.on-dark { fill: var(--damka-label-dark); }
.damka-board .last { fill: var(--damka-last); }
.damka-board .sel { fill: var(--damka-selected); }
.damka-board .via { fill: var(--damka-via); }
.damka-board .dest { fill: var(--damka-dest); pointer-events: none; }
.damka-board .dest-ring { fill: none; stroke: var(--damka-dest); stroke-width: 7; pointer-events: none; }
.damka-board .target { fill: none; stroke: var(--damka-target); stroke-width: 7; stroke-dasharray: 14 8; }
.damka-board .cursor { fill: none; stroke: var(--damka-cursor); stroke-width: 6; }
.damka-board .route { fill: none; stroke: var(--damka-selected); stroke-width: 8; stroke-linecap: round; stroke-linejoin: round; opacity: 0.8; }
.damka-board .hint { fill: var(--damka-hint); }
.damka-board .hint-route { fill: none; stroke: var(--damka-cursor); stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; stroke-dasharray: 4 14; opacity: 0.85; pointer-events: none; }
.damka-board .piece { cursor: pointer; }
.damka-board .piece.dragging { pointer-events: none; }
.damka-board .pc-white .body { fill: var(--damka-white-piece); stroke: var(--damka-white-edge); }
.damka-board .pc-black .body { fill: var(--damka-black-piece); stroke: var(--damka-black-edge); }
.damka-board .body { stroke-width: 3; }
.damka-board .pc-white .ring { fill: none; stroke: var(--damka-white-edge); stroke-width: 2.5; opacity: 0.7; }
.damka-board .pc-black .ring { fill: none; stroke: #6b625a; stroke-width: 2.5; opacity: 0.8; }
.damka-board .pc-white .mark { fill: var(--damka-mark-on-white); stroke: #6d4f06; stroke-width: 2; }
.damka-board .pc-black .mark { fill: var(--damka-mark-on-black); stroke: #8a6a12; stroke-width: 2; }
.damka-board .shadow { fill: rgba(0, 0, 0, 0.22); }
.damka-board .sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;

const STYLE_ID = 'damka-board-style';

/** Add the stylesheet to `doc` unless it is already there. */
export function ensureStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = BOARD_CSS;
  doc.head.appendChild(style);
}
