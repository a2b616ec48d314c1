// One line at the bottom of the window while the workers compute: how many runs are done, running and
// waiting, and a Cancel button that stops everything at once. It shows only while a run is running (runs
// that only wait, a figure's prefetch held back for a moment, do not bring it up), and while it shows the
// page gets room at its end, so the last lines of the chapter can scroll clear of it.
import { element, html, setText } from '../ui/html.js';

/** @type {HTMLElement | undefined} */
let bar;

/**
 * @param {{cancelAll(): void, status(): Status, onStatus(listener: (status: Status) => void): unknown}} pool  the page's
 *   RunPool (pool.js: its status() is a PoolStatus; named here by shape, so that this module's types do not bring in the pool's)
 * @typedef {{running: number, queued: number, finished: number, progress: number[]}} Status
 */
export function mountStatusBar(pool) {
  if (bar) return;
  bar = element(html`<div class="run-status" hidden><span class="run-status-text" role="status" aria-live="polite"></span>
    <progress max="1" value="0" aria-label="progress of the running computations"></progress>
    <button type="button" class="run-status-cancel">Cancel</button></div>`);
  document.body.append(bar);
  const text = bar.querySelector('.run-status-text');
  const progress = bar.querySelector('progress');
  bar.querySelector('.run-status-cancel').addEventListener('click', () => pool.cancelAll());
  let shownAt = 0;
  pool.onStatus((s) => {
    const busy = s.running > 0;
    if (busy) {
      if (bar.hidden) {
        shownAt = performance.now();
        bar.hidden = false;
        document.body.classList.add('run-status-shown'); // (once: classList.add writes the attribute even when it has the class)
      }
      /** @type {(n: number, w: string) => string} */
      const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
      const line = `Computing in ${plural(s.running, 'worker')}: ${plural(s.queued, 'run')} waiting, ${s.finished} done.`;
      setText(text, line);
      const mean = s.progress.length ? s.progress.reduce((a, b) => a + b, 0) / s.progress.length : 0;
      if (Math.abs(progress.value - mean) > 0.02) progress.value = mean;
    } else if (!bar.hidden) {
      // keep it up long enough to be read, then hide
      setTimeout(
        () => {
          if (pool.status().running > 0) return;
          bar.hidden = true;
          document.body.classList.remove('run-status-shown');
        },
        Math.max(0, 600 - (performance.now() - shownAt)),
      );
      setText(text, `Done: ${s.finished} runs.`);
    }
  });
}
