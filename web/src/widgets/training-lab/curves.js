// The lab's main view: train each configuration for every seed and watch it live: the loss and the
// block-1 / block-L gradient ratio against step, the gradient of every block as a heat map, and a summary
// of which configurations trained, beside the reader's own prediction. Runs start on Run (the prediction
// comes first); the steps stream in from the page's workers as the kernel takes them.
import { TASKS } from '../../experiment/choices.js';
import { formatSeeds, parseSeeds } from '../../experiment/params.js';
import { textOf } from '../../experiment/written-wirings.js';
import { formatNumber } from '../../ui/format.js';
import { element, html } from '../../ui/html.js';
import { createStepCharts, seedDash } from './charts.js';
import { rateControl, selectControl, selectField, setChoices, textControl } from '../../ui/controls.js';
import { configsControl } from './controls.js';
import { createHeatmaps } from './heatmap.js';
import { checkFields, checkGroups, groupRuns, labFrame, labView, showProgress } from './lab.js';
import { formatConfigs, formatRate, parseRate, parseSteps } from './params.js';
import { createPrediction } from './predict.js';
import { createSamples } from './samples.js';
import { countTrained, createSummary } from './summary.js';

/** props: {prefix, configs: [{placement, L?, warmup?}], seeds, lr?, steps?, task?}; unset values are the kernel's defaults */
export function mountCurves(el, props, { train, live }) {
  const d = train.defaults;
  const prefix = props.prefix ?? 't';
  const fallbacks = {
    task: props.task ?? d.task,
    configs: formatConfigs((props.configs ?? [{}]).map((c) => ({ placement: d.placement, L: d.L, warmup: d.warmup, ...c }))),
    lr: formatRate(props.lr ?? d.lr),
    steps: String(props.steps ?? d.steps),
    seeds: props.seeds ?? String(d.seed),
  };
  const frame = labFrame(el, live);
  const onChange = () => changed();
  const configs = configsControl({ key: 'configs', name: `${prefix}.configs`, fallback: fallbacks.configs, onChange });
  const task = selectControl({ key: 'task', name: `${prefix}.task`, label: 'Task', choices: TASKS, fallback: fallbacks.task, onChange });
  const lr = rateControl({ key: 'lr', name: `${prefix}.lr`, label: 'Learning rate', fallback: fallbacks.lr, parse: parseRate, format: formatRate, onChange });
  const steps = textControl({ key: 'steps', name: `${prefix}.steps`, label: 'Steps', fallback: fallbacks.steps, parse: parseSteps, onChange });
  const seeds = textControl({
    key: 'seeds',
    name: `${prefix}.seeds`,
    label: 'Seeds',
    fallback: fallbacks.seeds,
    parse: (t) => parseSeeds(t, { maxCount: 8 }),
    format: formatSeeds,
    hint: 'e.g. 0-2 or 0, 5',
    onChange,
  });
  const controls = [configs, task, lr, steps, seeds];
  const shared = element(html`<div class="lab-shared"></div>`);
  shared.append(task.el, lr.el, steps.el, seeds.el);
  frame.controls.append(configs.el, shared);
  const prediction = createPrediction(frame.controls);

  // results: the summary first (what trained), then the curves, then the heat maps of one seed
  const summary = createSummary(frame.results);
  const charts = createStepCharts(frame.results);
  const heatBox = element(html`<div class="lab-heat-section"><p class="lab-subtitle">Gradient of every block, step by step</p></div>`);
  const { el: seedField, select: seedSelect } = selectField({ label: 'Seed shown in the heat maps', choices: [], className: 'lab-heat-seed' });
  heatBox.append(seedField);
  seedSelect.addEventListener('change', () => {
    live.dataChanged = true;
    draw();
  });
  frame.results.append(heatBox);
  const heatmaps = createHeatmaps(heatBox);
  const samples = createSamples(frame.results, { train });
  samples.setTask(task.value);
  // the seeds a run has (or, before the first run, will have: the select waits for it, disabled)
  const listSeeds = (list) =>
    setChoices(
      seedSelect,
      list.map((s) => ({ key: String(s), label: `seed ${s}` })),
    );
  seedSelect.disabled = true;
  if (seeds.ok) listSeeds(seeds.value);

  const valid = () => controls.every((c) => c.ok);
  const groupsNow = () =>
    groupRuns(
      d,
      configs.value.map((c) => ({ ...c, placement: textOf(c.placement) })),
      { task: task.value, lr: lr.value, steps: steps.value, seeds: seeds.value },
    );

  let current = null; // what the last Run computes: {groups, steps, task}

  function changed() {
    if (task.ok && !current) samples.setTask(task.value);
    if (!valid()) return;
    if (!current) listSeeds(seeds.value);
    prediction.setConfigs(groupsNow());
    if (current) frame.status.textContent = 'The controls changed: press Run to train these configurations.';
  }

  function run() {
    if (!valid()) {
      frame.status.textContent = 'Some fields cannot be read: see the message beside each.';
      return;
    }
    if (
      !checkFields(train, [
        [lr, { lr: lr.value }],
        [steps, { steps: steps.value }],
      ])
    ) {
      frame.status.textContent = 'The kernel cannot run these settings: see the message beside the field.';
      return;
    }
    const groups = groupsNow();
    if (!checkGroups(train, groups, (k, text) => configs.setRowMessage(k, text))) {
      frame.status.textContent = 'A configuration cannot run: see the message beside it.';
      return;
    }
    current = { groups, steps: steps.value, task: task.value };
    samples.setTask(current.task);
    prediction.snapshot();
    listSeeds(seeds.value);
    seedSelect.disabled = false;
    // seed by seed across the configurations, so that every configuration's first curve comes early
    live.start(seeds.value.flatMap((_, s) => groups.map((g) => g.runs[s])));
    draw();
  }

  const recordsOf = (id) => live.results.get(id)?.steps ?? live.steps.get(id) ?? [];

  function draw() {
    if (!current) return;
    const { groups } = current;
    const outcome = showProgress({ train, live, status: frame.status, summary, groups, task: current.task, steps: current.steps, per: 'configuration' });
    prediction.mark(countTrained(groups, outcome));
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const seedShown = Number(seedSelect.value);
    samples.update({ groups, outcome });
    const threshold = train.threshold(current.task);
    const levels = [{ key: 'threshold', label: `threshold (${threshold})`, value: threshold, colour: '--muted', dash: [6, 4] }];
    if (current.task === 'char') {
      levels.push({
        key: 'chance',
        label: `chance, ln ${train.vocabulary.length} = ${formatNumber(train.chanceLoss, 4)}`,
        value: train.chanceLoss,
        colour: '--muted',
        dash: [2, 3],
      });
    }
    charts.update(
      groups.flatMap((g) =>
        g.runs.map((r, s) => ({
          id: r.id,
          label: `${g.label}, seed ${r.seed}`,
          colour: g.colour,
          shade: g.shade,
          dash: seedDash(s),
          records: recordsOf(r.id),
        })),
      ),
      current.steps,
      `one line per seed (${groups[0].runs.length} seeds), one colour per configuration (its wiring's, a shade of it for a wiring's second configuration): ${groups.map((g) => g.label).join('; ')}`,
      levels,
    );
    heatmaps.update(
      groups.map((g) => {
        const r = g.runs.find((x) => x.seed === seedShown) ?? g.runs[0];
        return { id: r.id, label: `${g.label}, seed ${r.seed}`, L: g.config.L, records: recordsOf(r.id) };
      }),
      current.steps,
    );
  }

  prediction.setConfigs(groupsNow());
  return labView({ frame, run, draw, prefix, section: props.section, controls, owned: [charts, heatmaps, summary, samples] });
}
