// The lab's prediction exercise: before pressing Run the reader says, per configuration, "trains", "does
// not train" or nothing (the default: a configuration left alone is never graded as a "does not train");
// when every seed of a configuration has finished, the lab marks each prediction made against what the
// kernel measured (the runs' data-trained verdicts, counted by summary.js). A configuration whose seeds
// disagree is marked as neither: the measurement, not the reader, is split.
import { bareSelect } from '../../ui/controls.js';
import { seedsTrained } from './summary.js';
import { element, html } from '../../ui/html.js';

const PREDICTIONS = [
  { key: '', label: 'no prediction' },
  { key: 'trains', label: 'trains' },
  { key: 'stalls', label: 'does not train' },
];

/** host gets a fieldset. → {el, setConfigs(groups), snapshot(), mark(counts)} */
export function createPrediction(host) {
  const el = element(html`<fieldset class="lab-predict"><legend>Predict first</legend>
    <p class="lab-predict-ask">Say for each configuration whether you expect it to train (its final loss below the
    threshold stated under the table), then press Run. The lab marks each prediction when that configuration's
    seeds are done; a configuration you leave without one is not marked.</p>
    <ul class="lab-predict-list"></ul><p class="lab-predict-score" aria-live="polite"></p></fieldset>`);
  const list = el.querySelector('ul');
  const score = el.querySelector('.lab-predict-score');
  host.append(el);
  let items = new Map(); // group key → {choice, verdict}
  let predicted = null; // what was said when Run was pressed: group key → true (trains) | false (does not)

  return {
    el,
    /** groups: [{key, label}]; ticks survive for configurations still listed */
    setConfigs(groups) {
      const next = new Map();
      list.replaceChildren(
        ...groups.map((g) => {
          const li = element(html`<li><label>${g.label}: </label><span class="lab-verdict"></span></li>`);
          const choice = bareSelect(PREDICTIONS, items.get(g.key)?.choice.value ?? '');
          li.querySelector('label').append(choice);
          const verdict = li.querySelector('.lab-verdict');
          next.set(g.key, { choice, verdict });
          return li;
        }),
      );
      items = next;
      predicted = null;
      score.textContent = '';
    },
    /** Run was pressed: what is said now is the prediction; configurations without one are left out */
    snapshot() {
      predicted = new Map();
      for (const [key, { choice, verdict }] of items) {
        verdict.textContent = '';
        delete verdict.dataset.result;
        if (choice.value) predicted.set(key, choice.value === 'trains');
      }
      score.textContent = '';
    },
    /** counts: {group key: {trained, finished, total}} (summary.js countTrained) */
    mark(counts) {
      if (!predicted) return;
      let right = 0;
      let marked = 0;
      let split = 0;
      let open = 0;
      for (const [key, { verdict }] of items) {
        const c = counts[key];
        if (!c || c.finished < c.total) continue;
        if (!predicted.has(key)) {
          open++;
          verdict.dataset.result = 'none';
          verdict.textContent = ` — no prediction; ${seedsTrained(c.trained, c.total)}.`;
          continue;
        }
        marked++;
        const said = predicted.get(key) ? 'you said it trains' : 'you said it does not train';
        const all = c.trained === c.total;
        const none = c.trained === 0;
        const result = all || none ? (all === predicted.get(key) ? 'right' : 'wrong') : 'split';
        if (result === 'right') right++;
        if (result === 'split') split++;
        verdict.dataset.result = result;
        verdict.textContent =
          result === 'split'
            ? ` — ${said}; the seeds disagree: ${c.trained} of ${c.total} trained.`
            : ` — ${result === 'right' ? '✓ right' : '✗ not so'}: ${said}, and ${seedsTrained(c.trained, c.total)}.`;
      }
      const decided = marked - split;
      const splitNote = split ? ` ${split} ${split === 1 ? 'configuration is' : 'configurations are'} split across seeds.` : '';
      const openNote = open ? ` ${open} ${open === 1 ? 'configuration was' : 'configurations were'} left without one.` : '';
      score.textContent = marked + open === items.size && marked > 0 ? `${right} of ${decided} predictions right.${splitNote}${openNote}` : '';
    },
  };
}
