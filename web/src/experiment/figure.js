// The life every article figure shares, a table's or a chart's (a chart's frame: chart-frame.js): start now,
// start again when the advanced settings change, and on destroy stop listening, cancel its runs and empty its
// element.

/**
 * Starts the figure and keeps it following the settings. `owned`: more things to destroy with it (a chart). → {destroy}
 * @param {Element} el
 * @param {{settings: {subscribe(f: () => void): () => void}, controls: Destroyable, live: Destroyable, start: () => void,
 *   owned?: Destroyable[]}} parts
 * @typedef {{destroy(): void}} Destroyable
 */
export function runFigure(el, { settings, controls, live, start, owned = [] }) {
  const unsubscribe = settings.subscribe(() => start());
  start();
  return {
    destroy() {
      unsubscribe();
      controls.destroy();
      live.destroy();
      for (const part of owned) part.destroy();
      el.replaceChildren();
    },
  };
}
