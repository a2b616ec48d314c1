// The lab's summary: per configuration, how many of its seeds trained, with the kernel's threshold stated,
// and every run's final loss. Each finished run is one element carrying what it was and what it measured
// (data-placement, data-L, data-warmup, data-lr, data-seed, data-final-loss, data-trained): the page's
// contract with its tests, and the marks the prediction exercise reads. The verdicts are the kernel's
// (train.summary); this file only counts them.
import { shadeCss } from '../../ui/wiring-colours.js';
import { formatNumber } from '../../ui/format.js';
import { element, html, setHtml } from '../../ui/html.js';

/**
 * groups: [{key, label, colour?, shade?, runs: [{id, seed, options}]}]; outcome(id) → {summary} of a finished run,
 * or undefined; progress(id) → fraction done. → the counts per group: {key: {trained, finished, total}}
 */
export function countTrained(groups, outcome) {
  return Object.fromEntries(
    groups.map((g) => {
      const done = g.runs.map((r) => outcome(r.id)).filter(Boolean);
      return [g.key, { trained: done.filter((o) => o.summary.trained).length, finished: done.length, total: g.runs.length }];
    }),
  );
}

/** How many of a configuration's seeds trained, in words: "all 3 seeds trained", "its one seed did not train". */
export function seedsTrained(trained, total) {
  if (total === 1) return trained ? 'its one seed trained' : 'its one seed did not train';
  if (total === 2 && trained !== 1) return trained ? 'both seeds trained' : 'neither seed trained';
  if (trained === total) return `all ${total} seeds trained`;
  if (trained === 0) return `none of the ${total} seeds trained`;
  return `${trained} of ${total} seeds trained`;
}

// What a run not finished waits for: a worker (queued), or the reader (nothing starts without Compute).
const WAITING = { worker: 'queued for a worker', reader: 'not started: press Compute, beside Run' };

function runItem(run, outcome, progress, waitingFor) {
  const o = outcome(run.id);
  if (!o) {
    const p = progress(run.id);
    return html`<li class="lab-run-pending">seed ${run.seed}: ${p && waitingFor !== 'reader' ? `${Math.floor(p * 100)} %` : WAITING[waitingFor]}</li>`;
  }
  const { finalLoss, trained, diverged, divergedAt, divergedReason } = o.summary;
  const { placement, L, warmup, lr, task } = run.options;
  // (data-L, an HTML attribute: stored as data-l, found by [data-L] and getAttribute('data-L'))
  return html`<li class="lab-run ${trained ? 'lab-trained' : diverged ? 'lab-diverged' : 'lab-stalled'}" data-placement="${placement}"
    data-L="${L}" data-warmup="${warmup}" data-lr="${lr}" data-task="${task}" data-seed="${run.seed}" data-final-loss="${finalLoss}"
    data-trained="${String(trained)}"${diverged && html` data-diverged-at="${divergedAt}"`}>${
      // a run that blew up says where, not a NaN
      diverged
        ? `seed ${run.seed}: ✗ diverged at step ${divergedAt} (${divergedReason})`
        : `seed ${run.seed}: ${trained ? '✓ trained' : '✗ did not'}, ${formatNumber(finalLoss, 3)}`
    }</li>`;
}

/** The summary table in host. → {el, update({groups, outcome, progress, caption}), destroy()} */
export function createSummary(host) {
  // (.scroll-x: on a phone the table scrolls in its box, which shows a shadow where more lies: ui/scroll-regions.js)
  const wrap = element(html`<div class="lab-summary-scroll scroll-x"><table class="lab-summary"></table></div>`);
  const table = wrap.querySelector('table');
  host.append(wrap);
  return {
    el: wrap,
    /** waitingFor: what runs not started wait for, 'worker' or 'reader' (live-runs.js); finalWindow: how many last
     * losses a run's final loss averages (the kernel's) */
    update({ groups, outcome, progress, caption, finalWindow, waitingFor = 'worker' }) {
      const counts = countTrained(groups, outcome);
      const row = (g) => {
        const { trained, finished, total } = counts[g.key];
        return html`<tr data-config="${g.key}"><th scope="row">${g.colour && html`<span class="lab-swatch" aria-hidden="true" data-colour="${g.colour}" data-shade="${g.shade ?? 0}"></span>`}${g.label}</th>
          <td class="lab-count">${finished === total ? seedsTrained(trained, total) : `${trained} so far (${finished} of ${total} seeds done)`}</td>
          <td><ul class="lab-runs">${g.runs.map((r) => runItem(r, outcome, progress, waitingFor))}</ul></td></tr>`;
      };
      setHtml(
        table,
        html`<caption>${caption}</caption>
        <thead><tr><th scope="col">configuration</th><th scope="col">did it train?</th><th scope="col">final loss per seed (the mean of its last ${finalWindow} losses)</th></tr></thead>
        <tbody>${groups.map(row)}</tbody>`,
      );
      // (a swatch's colour is set as a property: the page's policy refuses style attributes in markup)
      for (const swatch of table.querySelectorAll('.lab-swatch')) swatch.style.background = shadeCss(swatch.dataset.colour, Number(swatch.dataset.shade));
    },
    destroy: () => wrap.remove(),
  };
}
