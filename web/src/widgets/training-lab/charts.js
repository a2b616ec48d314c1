// The lab's step charts: the loss, the block-1 / block-L gradient ratio and the residual stream's sd after the
// last block, each against step, one line per run (colour: its wiring, shaded when a wiring comes twice; dash: its seed), on logarithmic y
// axes, each with its data table. Drawing only: every value is a step record the kernel produced (train.js, run.step()).
import { createChart, createDataTable } from '../../ui/chart.js';
import { element, html } from '../../ui/html.js';

const DASHES = [undefined, [8, 4], [2, 3], [10, 3, 2, 3], [4, 4]];

/** The dash of the seed at index s. */
export const seedDash = (s) => DASHES[s % DASHES.length];

function stepChart(host, { title, y, field }) {
  const box = element(html`<figure class="lab-chart"><figcaption>${title}</figcaption><div></div></figure>`);
  const plot = box.querySelector('div');
  host.append(box);
  // x: the updates done before the step's loss was measured (step k's record is taken before its update), the one
  // count the lab uses, the samples' "after N updates" included
  const chart = createChart(plot, { x: { label: 'updates done', integer: true }, y: { label: y, log: true }, height: 260 });
  chart.describe(`Line chart, logarithmic y axis: ${title.toLowerCase()}, drawn as the steps arrive once you press Run.`);
  const table = createDataTable();
  box.append(table.el);

  return {
    chart,
    /** runs: [{id, label, colour, shade, dash, records}] (records so far, in step order); steps: the run length;
     * levels: [{key, label, value, colour, dash}] drawn across the chart (the kernel's threshold, the chance level) */
    update(runs, steps, levels = []) {
      const xs = Array.from({ length: steps }, (_, k) => k);
      const columns = runs.map((r) => {
        const ys = new Array(steps).fill(null);
        for (const rec of r.records) ys[rec.step] = rec[field];
        return ys;
      });
      chart.update(
        [
          ...runs.map((r) => ({ key: r.id, label: r.label, colour: r.colour, shade: r.shade, dash: r.dash, width: 1.5, points: false })),
          ...levels.map((l) => ({ key: l.key, label: l.label, colour: l.colour, dash: l.dash, width: 1.5, points: false, reference: true })),
        ],
        [xs, ...columns, ...levels.map((l) => xs.map(() => l.value))],
      );
      const longest = Math.max(0, ...runs.map((r) => r.records.length));
      table.update({
        caption: `${title}: one column per run, one row per step (steps computed so far).`,
        rowHeader: 'updates done',
        // (a run that diverged has no number at its last step: its cell says so, not "NaN")
        columns: runs.map((r) => ({ key: r.id, label: r.label, ...(r.records.some((rec) => rec.diverged) && { reason: 'diverged' }) })),
        rows: xs.slice(0, longest).map((k) => ({ key: String(k), label: String(k), values: columns.map((c) => c[k] ?? undefined) })),
      });
    },
    destroy: () => chart.destroy(),
  };
}

/** The three step charts in host. → {update(runs, steps, description), destroy()} */
export function createStepCharts(host) {
  const loss = stepChart(host, { title: 'Loss against step', y: 'loss', field: 'loss' });
  const ratio = stepChart(host, { title: 'Gradient ratio, block 1 / block L, against step', y: 'ratio, block 1 / block L', field: 'ratio' });
  const stream = stepChart(host, { title: 'Stream sd after the last block, against step', y: 'sd of the residual stream', field: 'streamSd' });
  return {
    /** levels: lines across the loss chart ({key, label, value, colour, dash}) */
    update(runs, steps, description, levels = []) {
      loss.update(runs, steps, levels);
      ratio.update(runs, steps);
      stream.update(runs, steps);
      const across = levels.length ? ` Drawn across: ${levels.map((l) => l.label).join('; ')}.` : '';
      loss.chart.describe(
        `Line chart, logarithmic y axis: the training loss at each of ${steps} steps, ${description}.${across} The values are in the data table below.`,
      );
      ratio.chart.describe(
        `Line chart, logarithmic y axis: the gradient norm of block 1 divided by that of the last block at each step, ${description}. ` +
          'The values are in the data table below.',
      );
      stream.chart.describe(
        `Line chart, logarithmic y axis: the standard deviation of the residual stream after the last block (before any ` +
          `final norm) at each step, ${description}. The values are in the data table below.`,
      );
    },
    destroy() {
      loss.destroy();
      ratio.destroy();
      stream.destroy();
    },
  };
}
