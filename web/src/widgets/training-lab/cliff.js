// The lab's learning-rate cliff: the final loss (the kernel's mean of the last losses) against the learning
// rate, for each chosen wiring at one depth, with the task's threshold drawn across. Where a wiring's line
// crosses the threshold is where it stops training. One run per wiring, rate and seed, on the same pool
// (a run the main view already computed comes from the cache).
import { TASKS } from '../../experiment/choices.js';
import { wiringsControl } from '../../experiment/controls.js';
import { formatSeeds, parseDepth, parseSeeds } from '../../experiment/params.js';
import { textOf, wiringOf } from '../../experiment/written-wirings.js';
import { createChart, createDataTable } from '../../ui/chart.js';
import { element, html } from '../../ui/html.js';
import { selectControl, textControl } from '../../ui/controls.js';
import { checkFields, checkGroups, groupRuns, labFrame, labView, showProgress } from './lab.js';
import { formatRate, parseRates, parseSteps, parseWarmup } from './params.js';
import { createSummary } from './summary.js';

/** props: {prefix, placements: "post,pre", lrs: "3e-4, …", seeds, L?, warmup?, steps?, task?} */
export function mountCliff(el, props, { train, live }) {
  const d = train.defaults;
  const prefix = props.prefix ?? 'tc';
  const fallbacks = {
    task: props.task ?? d.task,
    placements: props.placements ?? 'post,pre',
    L: String(props.L ?? d.L),
    warmup: String(props.warmup ?? d.warmup),
    lrs: props.lrs ?? formatRate(d.lr),
    steps: String(props.steps ?? d.steps),
    seeds: props.seeds ?? String(d.seed),
  };
  const frame = labFrame(el, live);
  const name = (key) => `${prefix}.${key}`;
  const placements = wiringsControl({ key: 'placements', name: name('placements'), fallback: fallbacks.placements, className: 'lab-checks' });
  const task = selectControl({ key: 'task', name: name('task'), label: 'Task', choices: TASKS, fallback: fallbacks.task });
  const L = textControl({ key: 'L', name: name('L'), label: 'Depth L', fallback: fallbacks.L, parse: parseDepth });
  const warmup = textControl({ key: 'warmup', name: name('warmup'), label: 'Warmup steps', fallback: fallbacks.warmup, parse: parseWarmup, hint: '0: none' });
  const lrs = textControl({
    key: 'lrs',
    name: name('lrs'),
    label: 'Learning rates',
    fallback: fallbacks.lrs,
    parse: parseRates,
    format: (v) => v.map(formatRate).join(', '),
    hint: 'a list, e.g. 3e-4, 1e-3, 3e-3',
  });
  const steps = textControl({ key: 'steps', name: name('steps'), label: 'Steps', fallback: fallbacks.steps, parse: parseSteps });
  const seeds = textControl({
    key: 'seeds',
    name: name('seeds'),
    label: 'Seeds',
    fallback: fallbacks.seeds,
    parse: (t) => parseSeeds(t, { maxCount: 8 }),
    format: formatSeeds,
  });
  const controls = [placements, task, L, warmup, lrs, steps, seeds];
  frame.controls.append(...controls.map((c) => c.el));
  const checkMessage = element(html`<p class="field-message" aria-live="polite"></p>`);
  frame.controls.append(checkMessage);

  const summary = createSummary(frame.results);
  const plot = element(html`<div></div>`);
  frame.results.prepend(plot);
  let current = null;
  const chart = createChart(plot, {
    x: {
      label: 'learning rate',
      log: true,
      ticks: () => current?.lrs ?? [],
      range: (u, min, max) => (min == null || max == null ? [1e-4, 1e-2] : [min / 1.5, max * 1.5]),
    },
    y: { label: `final loss (mean of the last ${train.finalWindow})`, log: true },
    live: false,
  });
  chart.describe('Line chart, logarithmic axes: the final loss of each run against the learning rate, drawn once you press Run.');
  const table = createDataTable();
  plot.append(table.el);

  function run() {
    if (!controls.every((c) => c.ok)) {
      frame.status.textContent = 'Some fields cannot be read: see the message beside each.';
      return;
    }
    const fields = [
      [L, { L: L.value }],
      [warmup, { warmup: warmup.value }],
      [steps, { steps: steps.value }],
    ];
    if (!checkFields(train, [...fields, ...lrs.value.map((lr) => [lrs, { lr }])])) {
      frame.status.textContent = 'The kernel cannot run these settings: see the message beside the field.';
      return;
    }
    const configs = placements.value.flatMap((p) => lrs.value.map((lr) => ({ placement: textOf(p), L: L.value, warmup: warmup.value, lr })));
    const groups = groupRuns(d, configs, { task: task.value, steps: steps.value, seeds: seeds.value }, { withRate: true });
    const messages = new Set();
    if (!checkGroups(train, groups, (k, text) => text && messages.add(text))) {
      checkMessage.textContent = [...messages].join(' ');
      frame.status.textContent = 'A configuration cannot run: see the message above.';
      return;
    }
    checkMessage.textContent = '';
    current = { groups, lrs: lrs.value, placements: placements.value, seeds: seeds.value, task: task.value, steps: steps.value };
    chart.describe(
      `Line chart, logarithmic axes: the final loss of each run against the learning rate (${current.lrs.map(formatRate).join(', ')}), ` +
        `one line per wiring and seed, and the threshold below which a run has trained. The values are in the data table below.`,
    );
    live.start(groups.flatMap((g) => g.runs));
    draw();
  }

  function draw() {
    if (!current) return;
    const { groups } = current;
    const outcome = showProgress({
      train,
      live,
      status: frame.status,
      summary,
      groups,
      task: current.task,
      steps: current.steps,
      per: 'wiring and learning rate',
    });
    const threshold = train.threshold(current.task);
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const summaryOf = (placement, lr, seed) => {
      const g = groups.find((x) => x.config.placement === textOf(placement) && x.config.lr === lr);
      return outcome(g.runs.find((r) => r.seed === seed).id)?.summary;
    };
    const final = (placement, lr, seed) => summaryOf(placement, lr, seed)?.finalLoss;
    const lines = current.placements.flatMap((p) => current.seeds.map((seed) => ({ p, seed, label: `${wiringOf(p)?.label ?? p}, seed ${seed}` })));
    chart.update(
      [
        ...lines.map(({ p, seed, label }) => ({ key: `${p}-${seed}`, label, colour: wiringOf(p)?.colour, points: true, spanGaps: true })),
        { key: 'threshold', label: `threshold (${threshold})`, colour: '--muted', dash: [6, 4], width: 1.5, points: false, reference: true },
      ],
      [current.lrs, ...lines.map(({ p, seed }) => current.lrs.map((lr) => final(p, lr, seed) ?? null)), current.lrs.map(() => threshold)],
    );
    table.update({
      caption: `Final loss (mean of the last ${train.finalWindow} losses) of each run, by learning rate; the threshold for this task is ${threshold}.`,
      rowHeader: 'learning rate',
      columns: lines.map(({ p, seed, label }) => ({ key: `${p}-${seed}`, label })),
      rows: current.lrs.map((lr) => ({
        key: formatRate(lr),
        label: formatRate(lr),
        values: lines.map(({ p, seed }) => final(p, lr, seed)),
        reasons: lines.map(({ p, seed }) => (summaryOf(p, lr, seed)?.diverged ? 'diverged' : '')),
      })),
    });
  }

  return labView({ frame, run, draw, prefix, section: props.section, controls, owned: [chart, summary] });
}
