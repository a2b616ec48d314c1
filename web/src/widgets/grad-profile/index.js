// The article's own figure: the gradient norm of every block of one stack, the three wirings on one
// logarithmic axis (at its defaults L = 96, seed 0). One run per wiring in the worker pool; each curve
// appears as its run finishes. The reader picks the depth, the seed and what "gradient of a block" means.
import { PLACEMENTS } from '../../experiment/choices.js';
import { createControls } from '../../experiment/controls.js';
import { chartFrame } from '../../experiment/chart-frame.js';
import { runFigure } from '../../experiment/figure.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { getSettings } from '../../experiment/settings.js';
import { createChart } from '../../ui/chart.js';

// which per-block array of a run a measure draws (the penultimate measure differs only in its ratio)
const PER_BLOCK = { all: 'gradNorm', penultimate: 'gradNorm', weights: 'gradNormWeights', 'no-ln': 'gradNormNoLn', input: 'inputGradNorm' };
const COLOURS = { post: '--accent', pre: '--fg', nores: '--danger' };

export async function mount(el, props) {
  const [settings, live] = await Promise.all([
    getSettings(), createLiveRuns({ el, render: () => render(), restart: () => start(), what: 'curves' }),
  ]);
  const prefix = props.prefix ?? 'g';
  const controls = createControls(
    [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: String(props.L ?? 96) },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: String(props.seed ?? 0) },
      { key: 'measure', label: 'Gradient measured over', kind: 'measure', fallback: 'all' },
    ],
    { prefix, onChange: () => start() },
  );
  const { host, status, dataTable } = chartFrame(el, controls, live);
  const chart = createChart(host, {
    x: { label: 'block', integer: true },
    y: { label: 'gradient norm', log: true },
  });

  let current;

  function start() {
    current = { ...controls.values };
    const runs = PLACEMENTS.map((p) => ({
      id: p.key,
      options: { ...settings.values, placement: p.key, L: current.L, seed: current.seed, scale: 1 },
    }));
    if (!live.start(runs)) return;
    chart.describe(
      `Line chart, logarithmic y axis: gradient norm of each of the ${current.L} blocks (block 1 to ${current.L}) ` +
        `for ${PLACEMENTS.map((p) => p.label).join(', ')}, seed ${current.seed}. The values are in the data table below.`,
    );
    render();
  }

  function render() {
    const { results, progress, failed } = live;
    status.textContent = PLACEMENTS.filter((p) => !results.has(p.key))
      .map((p) =>
        failed.has(p.key) ? `${p.label}: error (${failed.get(p.key)})` : `${p.label} ${Math.round((progress.get(p.key) ?? 0) * 100)} %…`,
      )
      .join('  ·  ');
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const { L } = current;
    const field = PER_BLOCK[current.measure];
    const blocks = Array.from({ length: L }, (_, i) => i + 1);
    const columns = PLACEMENTS.map((p) => results.get(p.key)?.[field]);
    chart.update(
      PLACEMENTS.map((p) => ({ key: p.key, label: p.label, colour: COLOURS[p.key] })),
      [blocks, ...columns.map((c) => (c ? Array.from(c) : blocks.map(() => null)))],
    );
    dataTable.update({
      caption: `Gradient norm per block, depth ${L}, seed ${current.seed}.`,
      rowHeader: 'block',
      columns: PLACEMENTS,
      rows: blocks.map((b, i) => ({ key: String(b), label: String(b), values: columns.map((c) => c?.[i]) })),
    });
  }

  return runFigure(el, { settings, controls, live, start, owned: [chart] });
}
