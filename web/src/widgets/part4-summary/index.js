// Part 4 at a glance: the computed columns of the table content/26 writes (#part4-summary). Its numbers are the
// prose's live cells of this widget ([[part4-summary-runs: wiring column]]): for every wiring, at L blocks, the
// median over seeds of the gradient ratio at the blocks' inputs and of the stream's growth (the article's runs,
// computed as the table comes into view, shared with Part 4's big table through the pool's cache), and, once the
// reader asks, whether it trains in the lab without warmup (the lab's runs, its kernel's verdict per seed).
// Each computed cell carries data-wiring, data-column and data-value; the verdicts come from the kernels
// (stack.median, stack.streamGrowth, train.summary); this file counts them.
import { PLACEMENTS, placementOf } from '../../experiment/choices.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { parseSeeds } from '../../experiment/params.js';
import { getSettings } from '../../experiment/settings.js';
import { loadStack } from '../../kernels/stack.js';
import { loadTrain } from '../../kernels/train.js';
import { formatNumber, withMinusSigns } from '../../ui/format.js';
import { element, fragment, html, setData, setFlag, setText } from '../../ui/html.js';
import { shadeCss } from '../../ui/wiring-colours.js';
import './style.css';

const stackRunId = (placement, L, seed) => `${placement}|${L}|${seed}|1`;
const trainRunId = (o) => [o.task, o.placement, o.L, o.warmup, o.lr, o.steps, o.seed].join('|');

const COUNT_WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * props: {wirings (the table's rows, "post,pre,…"), L, seeds (the article's runs, "0-5"), labSeeds (the lab's,
 * "0-2")}; the lab's other settings are its kernel's defaults
 */
export async function mount(el, props) {
  let view;
  const [stack, train, settings, init, lab] = await Promise.all([
    loadStack(),
    loadTrain(),
    getSettings(),
    createLiveRuns({ el, render: () => view?.draw(), restart: () => view?.startInit(), what: 'numbers' }),
    createLiveRuns({ el, render: () => view?.draw(), restart: () => view?.startLab(), what: 'verdicts', kind: 'train' }),
  ]);
  const wirings = String(props.wirings ?? PLACEMENTS.map((p) => p.key).join(','))
    .split(',')
    .map((key) => placementOf(key.trim()))
    .filter(Boolean);
  const L = Number(props.L ?? 24);
  const seeds = parseSeeds(String(props.seeds ?? '0-5')).value;
  const labSeeds = parseSeeds(String(props.labSeeds ?? '0-2')).value;
  const task = train.defaults.task;
  // the lab's footer is not an article figure's: those finish by themselves, the lab's runs only when asked for
  lab.footer.className = 'exp-note lab-footer';

  el.classList.add('part4-summary-runs');
  // (the first two columns' progress is the footer's line and the cells' own text: no line that comes and goes above
  // the button, which would move it)
  el.append(
    fragment(html`<div class="part4-lab-bar"><button type="button" class="part4-lab-run">Run all ${COUNT_WORDS[wirings.length] ?? wirings.length} at L = ${L} without warmup</button>
      <button type="button" class="part4-lab-cancel" hidden>Cancel</button>
      <p class="chart-status part4-lab-status" aria-live="polite"></p></div>
    <p class="part4-lab-verdict" aria-live="polite"></p>
    <p class="exp-note part4-lab-rule"></p>`),
  );
  el.append(init.footer, init.compute, lab.footer, lab.compute);
  const $ = (s) => el.querySelector(s);
  const runButton = $('.part4-lab-run');
  const cancelButton = $('.part4-lab-cancel');
  $('.part4-lab-rule').textContent =
    `The lab's runs: ${labSeeds.length} seeds per wiring (${labSeeds.join(', ')}), its default task (${task}), learning rate and ` +
    `${train.defaults.steps} steps, no warmup. A run has trained when the mean of its last ${train.finalWindow} losses is below ` +
    `${train.threshold(task)}, the kernel's threshold for this task.`;

  // the table's computed cells: the live cells of this widget in content/, one per wiring and column (found once
  // this element is in its placeholder, whose id they name)
  let cells = [];
  function bind() {
    const source = el.closest('.widget[id]')?.id;
    if (cells.length || !source) return;
    cells = [...document.querySelectorAll(`a.live-cell[data-source="${CSS.escape(source)}"]`)];
    for (const a of cells) {
      a.dataset.wiring = a.dataset.row;
      a.dataset.column = a.dataset.col;
      // where the number comes from: the big table for the first two columns, the lab for the last
      a.href = a.dataset.col === 'lab' ? '#training-lab' : '#table-placements';
      a.title = a.dataset.col === 'lab' ? 'computed by the lab’s kernel in your browser' : 'computed in your browser, as in the table of every wiring';
    }
    // each row's wiring in its colour, as in every chart of the page
    for (const p of wirings) {
      const name = cells.find((a) => a.dataset.row === p.key)?.closest('tr')?.cells[1];
      if (!name || name.querySelector('.part4-swatch')) continue;
      const swatch = element(html`<span class="part4-swatch" aria-hidden="true" data-colour="${p.colour}"></span>`);
      swatch.style.background = shadeCss(p.colour); // (a property: the page's policy refuses style attributes)
      name.prepend(swatch);
    }
  }

  const stackRuns = wirings.flatMap((p) =>
    seeds.map((seed) => ({ id: stackRunId(p.key, L, seed), placement: p.key, options: { ...settings.values, placement: p.key, L, seed, scale: 1 } })),
  );
  const labRuns = labSeeds.flatMap((seed) =>
    wirings.map((p) => {
      const options = { ...train.defaults, placement: p.key, L, warmup: 0, seed };
      return { id: trainRunId(options), placement: p.key, options };
    }),
  );
  let labStarted = false;

  function startInit() {
    init.start(stackRuns);
    draw();
  }

  function startLab() {
    labStarted = true;
    if (!lab.start(labRuns)) return draw();
    draw();
  }

  runButton.addEventListener('click', startLab);
  cancelButton.addEventListener('click', () => {
    lab.cancel();
    draw();
  });

  // {text, value} of a cell, or null while it computes (its own text then)
  function initCell(placement, col) {
    const results = seeds.map((s) => init.results.get(stackRunId(placement, L, s)));
    if (results.some((r) => !r)) return null;
    const value = col === 'input' ? stack.median(results.map((r) => r.ratios.input)) : stack.median(results.map((r) => stack.streamGrowth(r.streamSd).factor));
    return { text: withMinusSigns(formatNumber(value, 3)), value };
  }

  // the lab's verdicts of a wiring: {trained, finished, total}
  function labCount(placement) {
    const mine = labRuns.filter((r) => r.placement === placement);
    const done = mine.map((r) => lab.results.get(r.id)).filter(Boolean);
    return { trained: done.filter((o) => o.summary.trained).length, finished: done.length, total: mine.length };
  }

  function labText({ trained, finished, total }) {
    if (finished < total) return labStarted ? `training (${finished} of ${total} seeds done)` : 'not run yet: press the button below';
    if (trained === total) return `yes: every seed trained (${total} of ${total})`;
    if (trained === 0) return `no: no seed trained (0 of ${total})`;
    return `some seeds: ${trained} of ${total} trained`;
  }

  function draw() {
    bind();
    for (const a of cells) {
      const { row, col } = a.dataset;
      let text;
      let value;
      if (col === 'lab') {
        const count = labCount(row);
        text = labText(count);
        if (count.finished === count.total) value = count.trained;
        setData(a, 'seeds', String(count.total));
      } else {
        const cell = initCell(row, col);
        text = cell ? cell.text : init.failed.size ? 'could not be computed (see below)' : 'computing…';
        value = cell?.value;
      }
      setText(a, text);
      setData(a, 'value', value === undefined ? undefined : String(value));
    }
    const finished = labRuns.filter((r) => lab.results.has(r.id)).length;
    const running = labStarted && finished < labRuns.length && lab.waitingFor === 'worker';
    setFlag(runButton, 'disabled', running);
    setFlag(cancelButton, 'hidden', !running);
    setText(
      $('.part4-lab-status'),
      labStarted
        ? `${finished} of ${labRuns.length} training runs finished${lab.failed.size ? `; ${lab.failed.size} failed: ${[...lab.failed.values()][0]}` : ''}.`
        : '',
    );
    // when every run is in: which wirings trained and which did not, in one sentence
    const verdict = $('.part4-lab-verdict');
    if (finished < labRuns.length) {
      setText(verdict, '');
      setData(verdict, 'done', undefined);
      return;
    }
    const counts = wirings.map((p) => ({ p, ...labCount(p.key) }));
    const list = (items) => (items.length ? items.map(({ p }) => p.label).join(', ') : 'none');
    const every = counts.filter((c) => c.trained === c.total);
    const none = counts.filter((c) => c.trained === 0);
    const some = counts.filter((c) => c.trained > 0 && c.trained < c.total);
    setText(
      verdict,
      `At ${L} blocks without warmup, trained on every seed: ${list(every)}. Trained on no seed: ${list(none)}.` +
        (some.length ? ` Trained on some seeds only: ${list(some)}.` : ''),
    );
    setData(verdict, 'done', 'true');
  }

  view = { draw, startInit, startLab };
  const unsubscribe = settings.subscribe(() => startInit());
  startInit();
  requestAnimationFrame(() => draw()); // in its placeholder by then: the cells it fills are found
  return {
    destroy() {
      unsubscribe();
      init.destroy();
      lab.destroy();
      el.replaceChildren();
    },
  };
}
