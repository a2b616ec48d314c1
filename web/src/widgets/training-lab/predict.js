// The lab's prediction exercise: before pressing Run the reader ticks the configurations they expect to
// train; when every seed of a configuration has finished, the lab marks that prediction against what the
// kernel measured (the runs' data-trained verdicts, counted by summary.js). A configuration whose seeds
// disagree is marked as neither: the measurement, not the reader, is split.

/** host gets a fieldset. → {el, setConfigs(groups), snapshot(), mark(counts)} */
export function createPrediction(host) {
  const el = document.createElement('fieldset');
  el.className = 'lab-predict';
  el.innerHTML = `<legend>Predict first</legend>
    <p class="lab-predict-ask">Tick each configuration you expect to train (its final loss below the threshold
    stated under the table), then press Run. The lab marks each prediction when that configuration's seeds are done.</p>
    <ul class="lab-predict-list"></ul><p class="lab-predict-score" aria-live="polite"></p>`;
  const list = el.querySelector('ul');
  const score = el.querySelector('.lab-predict-score');
  host.append(el);
  let items = new Map(); // group key → {box, verdict}
  let predicted = null; // what was ticked when Run was pressed: group key → boolean

  return {
    el,
    /** groups: [{key, label}]; ticks survive for configurations still listed */
    setConfigs(groups) {
      const next = new Map();
      list.replaceChildren(
        ...groups.map((g) => {
          const li = document.createElement('li');
          const label = document.createElement('label');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.checked = items.get(g.key)?.box.checked ?? false;
          label.append(box, ` ${g.label} trains`);
          const verdict = document.createElement('span');
          verdict.className = 'lab-verdict';
          li.append(label, verdict);
          next.set(g.key, { box, verdict });
          return li;
        }),
      );
      items = next;
      predicted = null;
      score.textContent = '';
    },
    /** Run was pressed: the ticks as they are now are the prediction */
    snapshot() {
      predicted = new Map([...items].map(([key, { box, verdict }]) => {
        verdict.textContent = '';
        delete verdict.dataset.result;
        return [key, box.checked];
      }));
      score.textContent = '';
    },
    /** counts: {group key: {trained, finished, total}} (summary.js countTrained) */
    mark(counts) {
      if (!predicted) return;
      let right = 0;
      let marked = 0;
      let split = 0;
      for (const [key, { verdict }] of items) {
        const c = counts[key];
        if (!c || c.finished < c.total || !predicted.has(key)) continue;
        marked++;
        const said = predicted.get(key) ? 'you said it trains' : 'you said it does not train';
        const all = c.trained === c.total;
        const none = c.trained === 0;
        const result = all || none ? ((all === predicted.get(key)) ? 'right' : 'wrong') : 'split';
        if (result === 'right') right++;
        if (result === 'split') split++;
        verdict.dataset.result = result;
        verdict.textContent =
          result === 'split'
            ? ` — ${said}; the seeds disagree: ${c.trained} of ${c.total} trained.`
            : ` — ${result === 'right' ? '✓ right' : '✗ not so'}: ${said}, and ${c.trained} of ${c.total} seeds trained.`;
      }
      const decided = marked - split;
      const splitNote = split ? ` ${split} ${split === 1 ? 'configuration is' : 'configurations are'} split across seeds.` : '';
      score.textContent = marked === items.size && marked > 0 ? `${right} of ${decided} predictions right.${splitNote}` : '';
    },
  };
}
