// What the char model learned: the training text, each finished run's continuation of the kernel's prompt
// at step 0, midway and at the end (the run carries them, training-run.js), and the reader's own prompt
// continued by the model of a chosen run after a chosen step, with the probabilities of the next character as
// bars. Every character and probability is the kernel's (run.sample); a prompt at a step retrains the run to
// that step in a worker (the same run, so the same weights), which the reader can cancel.
// Contract for tests: each sample is an element with data-sample (the continuation) and data-step.
import { parseWhole } from '../../experiment/params.js';
import { Cancelled, getPool } from '../../experiment/pool.js';
import { selectField, setChoices } from '../../ui/controls.js';
import { createField } from '../../ui/field.js';
import { element, html } from '../../ui/html.js';
import { formatNumber } from '../../ui/format.js';

const BARS = 8; // the most probable next characters drawn
const shown = (ch) => (ch === ' ' ? '␣' : ch);

// step: the updates done (the run's steps_done), the count the charts' x axis uses too
function sampleLine({ step, prompt, text }) {
  const when = step === 0 ? 'before any update' : `after ${step} update${step === 1 ? '' : 's'}`;
  return element(html`<p class="lab-sample" data-sample="${text}" data-step="${step}"><span class="lab-sample-step">${when}: </span><span
    class="lab-sample-prompt">${prompt}</span><span class="lab-sample-text">${text}</span></p>`);
}

function probabilityBars(probabilities, vocabulary) {
  const order = Array.from(probabilities, (p, i) => [p, i])
    .sort((a, b) => b[0] - a[0])
    .slice(0, BARS);
  const list = element(
    html`<ol class="lab-probs" aria-label="The ${BARS} most probable next characters">${order.map(
      ([
        p,
        i,
      ]) => html`<li data-char="${vocabulary[i]}" data-p="${p}"><span class="lab-prob-char" title="${vocabulary[i] === ' ' ? 'space' : vocabulary[i]}">${shown(vocabulary[i])}</span><span
      class="lab-prob-bar" aria-hidden="true"></span><span class="lab-prob-value">${formatNumber(p, 3)}</span></li>`,
    )}</ol>`,
  );
  // (a bar's width is set as a property: the page's policy refuses style attributes in markup)
  list.querySelectorAll('.lab-prob-bar').forEach((bar, k) => (bar.style.width = `${(100 * order[k][0]).toFixed(2)}%`));
  return list;
}

/** The samples section in host. → {setTask(task), update({groups, outcome, steps}), destroy()} */
export function createSamples(host, { train }) {
  const el = element(html`<section class="lab-samples" hidden><p class="lab-subtitle">What the char model learned</p>
    <details class="lab-text"><summary>The training text (${train.text.length} characters, V = ${train.vocabulary.length} distinct)</summary><p
      class="lab-text-body">${train.text}</p></details>
    <div class="lab-sample-runs"></div>
    <form class="lab-ask" novalidate><p class="lab-ask-title">Your prompt</p><div class="lab-ask-fields"></div>
    <div class="lab-ask-actions"><button type="submit">Continue</button><button type="button" class="lab-ask-cancel" hidden>Cancel</button></div>
    <p class="lab-ask-status" aria-live="polite"></p><div class="lab-ask-out"></div></form></section>`);
  host.append(el);

  const runsBox = el.querySelector('.lab-sample-runs');
  const form = el.querySelector('form');
  const { el: runField, select: runSelect } = selectField({ label: 'Run', choices: [] });
  const prompt = createField({ label: 'Prompt', value: train.samplePrompt, hint: 'a to z, space and .', maxLength: 200 });
  const at = createField({ label: 'After how many updates', value: '', hint: '0 to the run’s steps' });
  el.querySelector('.lab-ask-fields').append(runField, prompt.el, at.el);
  const cancelButton = el.querySelector('.lab-ask-cancel');
  const status = el.querySelector('.lab-ask-status');
  const out = el.querySelector('.lab-ask-out');
  let finished = []; // [{id, label, options}] runs that can be asked
  let pending = null;

  function stop() {
    pending?.cancel();
    pending = null;
    cancelButton.hidden = true;
  }
  cancelButton.addEventListener('click', () => {
    stop();
    status.textContent = 'Cancelled.';
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const run = finished.find((r) => r.id === runSelect.value);
    if (!run) return void (status.textContent = 'No run has finished yet: press Run above first.');
    const steps = run.options.steps;
    const step =
      at.input.value.trim() === ''
        ? /** @type {import('../../experiment/params.js').Parsed<number>} */ ({ ok: true, value: steps })
        : parseWhole(at.input.value, { min: 0, max: steps, what: 'The number of updates' });
    at.setMessage(step.ok ? '' : step.message);
    if (!step.ok) return;
    const options = { ...run.options, at: step.value, prompt: prompt.input.value, length: train.sampleChars };
    try {
      train.checkSample(options.prompt, options.length);
      prompt.setMessage('');
    } catch (error) {
      return prompt.setMessage(`${error.message[0].toUpperCase()}${error.message.slice(1)}.`);
    }
    stop();
    status.textContent = `Computing the model after ${step.value} updates…`;
    cancelButton.hidden = false;
    const fields = [...Object.keys(train.defaults), 'at', 'prompt', 'length'];
    pending = getPool().request({ kind: 'sample', fields, options }, { cost: step.value });
    const mine = pending;
    try {
      const { result } = await mine.promise;
      if (pending !== mine) return;
      pending = null;
      cancelButton.hidden = true;
      status.textContent = result.diverged
        ? `This run diverged at step ${result.step}: it has no model to ask after that.`
        : `${run.label}, after ${result.step} updates: the continuation, and the next character’s probabilities.`;
      out.replaceChildren();
      if (!result.diverged) out.append(sampleLine(result), probabilityBars(result.probabilities, train.vocabulary));
    } catch (error) {
      if (pending !== mine || error instanceof Cancelled) return;
      pending = null;
      cancelButton.hidden = true;
      status.textContent = '';
      prompt.setMessage(error.message);
    }
  });

  return {
    setTask(task) {
      el.hidden = task !== 'char';
    },
    /** groups as lab.js's groupRuns; outcome(id) → a finished run's result ({summary, samples}) or undefined */
    update({ groups, outcome }) {
      const rows = [];
      finished = [];
      for (const g of groups) {
        for (const r of g.runs) {
          const o = outcome(r.id);
          if (!o?.samples?.length) continue;
          finished.push({ id: r.id, label: `${g.label}, seed ${r.seed}`, options: r.options });
          const box = element(html`<div class="lab-sample-run" data-run="${r.id}"><p class="lab-sample-title">${g.label}, seed ${r.seed}</p></div>`);
          box.append(...o.samples.map((s) => sampleLine(s)));
          rows.push(box);
        }
      }
      runsBox.replaceChildren(...rows);
      setChoices(
        runSelect,
        finished.map((r) => ({ key: r.id, label: r.label })),
      );
    },
    destroy() {
      stop();
      el.remove();
    },
  };
}
