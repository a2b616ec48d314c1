// One line at the bottom of the window while the workers compute: how many of the runs asked for since it showed
// are done and how many wait, a bar of the same share (the running runs' own progress between), and a Cancel
// button that stops everything at once. It shows only while a run is running (runs that only wait, a figure's
// prefetch held back for a moment, do not bring it up). On a wide screen it stands in the margin beside the text
// (style.css), covering none of it; on a narrower one the page gets room at its end while it shows, so the last
// lines of the chapter can scroll clear of it.
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
  /** @type {(n: number, w: string) => string} */
  const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
  let shownAt = 0;
  let finishedBefore = 0; // the runs finished before the line showed: not the work it reports on
  pool.onStatus((s) => {
    const busy = s.running > 0;
    if (busy) {
      if (bar.hidden) {
        shownAt = performance.now();
        finishedBefore = s.finished;
        bar.hidden = false;
        document.body.classList.add('run-status-shown'); // (once: classList.add writes the attribute even when it has the class)
      }
      const done = s.finished - finishedBefore;
      const all = done + s.running + s.queued;
      setText(text, `Computing in ${plural(s.running, 'worker')}: ${done} of ${plural(all, 'run')} done, ${s.queued} waiting.`);
      // the same share as the words, the running runs' progress between one done and the next
      const share = (done + s.progress.reduce((a, b) => a + b, 0)) / all;
      if (Math.abs(progress.value - share) > 0.01) progress.value = share;
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
      setText(text, `Done: ${plural(s.finished - finishedBefore, 'run')}.`);
    }
  });
}
