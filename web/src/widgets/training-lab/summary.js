// The lab's summary: per configuration, how many of its seeds trained, with the kernel's threshold stated,
// and every run's final loss. Each finished run is one element carrying what it was and what it measured
// (data-placement, data-L, data-warmup, data-lr, data-seed, data-final-loss, data-trained): the page's
// contract with its tests, and the marks the prediction exercise reads. The verdicts are the kernel's
// (train.summary); this file only counts them.
import { formatNumber } from '../../ui/format.js';

/**
 * groups: [{key, label, colour?, runs: [{id, seed, options}]}]; outcome(id) → {summary} of a finished run,
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

// What a run not finished waits for: a worker (queued), or the reader (nothing starts without Compute).
const WAITING = { worker: 'queued for a worker', reader: 'not started: press Compute, beside Run' };

function runItem(run, outcome, progress, waitingFor) {
  const li = document.createElement('li');
  const o = outcome(run.id);
  if (!o) {
    li.className = 'lab-run-pending';
    const p = progress(run.id);
    li.textContent = `seed ${run.seed}: ${p && waitingFor !== 'reader' ? `${Math.floor(p * 100)} %` : WAITING[waitingFor]}`;
    return li;
  }
  const { finalLoss, trained, diverged, divergedAt } = o.summary;
  li.className = `lab-run ${trained ? 'lab-trained' : diverged ? 'lab-diverged' : 'lab-stalled'}`;
  const marks = {
    'data-placement': run.options.placement,
    'data-L': run.options.L, // an HTML attribute: stored as data-l, found by [data-L] and getAttribute('data-L')
    'data-warmup': run.options.warmup,
    'data-lr': run.options.lr,
    'data-task': run.options.task,
    'data-seed': run.seed,
    'data-final-loss': finalLoss,
    'data-trained': trained,
  };
  if (diverged) marks['data-diverged-at'] = divergedAt;
  for (const [name, value] of Object.entries(marks)) li.setAttribute(name, String(value));
  // a run that blew up says where, not a NaN
  li.textContent = diverged
    ? `seed ${run.seed}: ✗ diverged at step ${divergedAt} (its loss left float64’s range)`
    : `seed ${run.seed}: ${formatNumber(finalLoss, 3)} ${trained ? '✓ trained' : '✗ did not'}`;
  return li;
}

/** The summary table in host. → {el, update({groups, outcome, progress, caption}), destroy()} */
export function createSummary(host) {
  const wrap = document.createElement('div');
  wrap.className = 'lab-summary-scroll';
  const table = document.createElement('table');
  table.className = 'lab-summary';
  wrap.append(table);
  host.append(wrap);
  return {
    el: wrap,
    /** waitingFor: what runs not started wait for, 'worker' or 'reader' (live-runs.js) */
    update({ groups, outcome, progress, caption, waitingFor = 'worker' }) {
      const counts = countTrained(groups, outcome);
      const cap = document.createElement('caption');
      cap.textContent = caption;
      const head = document.createElement('thead');
      head.innerHTML = '<tr><th scope="col">configuration</th><th scope="col">trained</th><th scope="col">final loss per seed</th></tr>';
      const body = document.createElement('tbody');
      for (const g of groups) {
        const { trained, finished, total } = counts[g.key];
        const tr = document.createElement('tr');
        tr.dataset.config = g.key;
        const name = document.createElement('th');
        name.scope = 'row';
        if (g.colour) {
          const swatch = document.createElement('span');
          swatch.className = 'lab-swatch';
          swatch.style.background = `var(${g.colour})`;
          swatch.setAttribute('aria-hidden', 'true');
          name.append(swatch);
        }
        name.append(g.label);
        const count = document.createElement('td');
        count.className = 'lab-count';
        count.textContent = finished === total ? `${trained} of ${total} seeds` : `${trained} so far (${finished} of ${total} seeds done)`;
        const runs = document.createElement('td');
        const list = document.createElement('ul');
        list.className = 'lab-runs';
        list.append(...g.runs.map((r) => runItem(r, outcome, progress, waitingFor)));
        runs.append(list);
        tr.append(name, count, runs);
        body.append(tr);
      }
      table.replaceChildren(cap, head, body);
    },
    destroy: () => wrap.remove(),
  };
}
