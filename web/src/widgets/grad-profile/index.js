// The article's own figure: the gradient norm of every block of one stack, the wirings on one logarithmic axis
// (at its defaults the article's three, L = 96, seed 0). One run per wiring in the worker pool; each curve
// appears as its run finishes. The reader picks the wirings, the depth, the seed and what "gradient of a block"
// means.
import { createControls } from '../../experiment/controls.js';
import { chartFrame } from '../../experiment/chart-frame.js';
import { runFigure } from '../../experiment/figure.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { getSettings } from '../../experiment/settings.js';
import { runText, wiringOf } from '../../experiment/written-wirings.js';
import { createChart } from '../../ui/chart.js';
import { element, html } from '../../ui/html.js';

// which per-block array of a run a measure draws (the penultimate measure differs only in its ratio)
const PER_BLOCK = { all: 'gradNorm', penultimate: 'gradNorm', weights: 'gradNormWeights', 'no-ln': 'gradNormNoLn', input: 'inputGradNorm' };

export async function mount(el, props) {
  const [settings, live] = await Promise.all([getSettings(), createLiveRuns({ el, render: () => render(), restart: () => start(), what: 'curves' })]);
  const prefix = props.prefix ?? 'g';
  const controls = createControls(
    [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: String(props.L ?? 96) },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: String(props.seed ?? 0) },
      { key: 'measure', label: 'Gradient measured over', kind: 'measure', fallback: 'all' },
      { key: 'placements', label: 'Wirings', kind: 'placements', fallback: props.placements ?? 'post,pre,nores' },
    ],
    { prefix, onChange: () => start() },
  );
  const { host, status, dataTable } = chartFrame(el, controls, live);
  // the figure's caption (content/ gives it): what it draws and how to read it, above its controls
  if (props.caption) el.prepend(element(html`<p class="figure-caption">${props.caption}</p>`));
  const zeroNote = element(html`<p class="exp-note"></p>`);
  status.after(zeroNote);
  const chart = createChart(host, {
    x: { label: 'block', integer: true },
    y: { label: 'gradient norm', log: true },
  });

  let current;
  let wirings = []; // the chosen wirings' entries (choices.js, or a written wiring's: written-wirings.js)

  function start() {
    current = { ...controls.values };
    wirings = current.placements.map(wiringOf);
    const runs = wirings.map((p) => ({
      id: p.key,
      options: { ...settings.values, placement: runText(p.key), L: current.L, seed: current.seed, scale: 1 },
    }));
    if (!live.start(runs)) return;
    chart.describe(
      `Line chart, logarithmic y axis: gradient norm of each of the ${current.L} blocks (block 1 to ${current.L}) ` +
        `for ${wirings.map((p) => p.label).join(', ')}, seed ${current.seed}. The values are in the data table below.`,
    );
    render();
  }

  function render() {
    const { results, progress, failed } = live;
    status.textContent = wirings
      .filter((p) => !results.has(p.key))
      .map((p) => (failed.has(p.key) ? `${p.label}: error (${failed.get(p.key)})` : `${p.label} ${Math.round((progress.get(p.key) ?? 0) * 100)} %…`))
      .join('  ·  ');
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const { L } = current;
    const field = PER_BLOCK[current.measure];
    const blocks = Array.from({ length: L }, (_, i) => i + 1);
    const columns = wirings.map((p) => results.get(p.key)?.[field]);
    // a gradient of exactly 0 (ReZero's Linear layers behind r = 0) has no place on a logarithmic axis: no point,
    // and a line under the chart that says so (the data table keeps the 0)
    const zero = wirings.filter((p, k) => columns[k] && Array.from(columns[k]).every((v) => v === 0));
    zeroNote.textContent = zero.length
      ? `${zero.map((p) => p.label).join(', ')}: every block’s gradient under this measure is exactly 0, below any logarithmic axis.`
      : '';
    chart.update(
      wirings.map((p) => ({ key: p.key, label: p.label, colour: p.colour })),
      [blocks, ...columns.map((c) => (c ? Array.from(c, (v) => (v > 0 ? v : null)) : blocks.map(() => null)))],
    );
    dataTable.update({
      caption: `Gradient norm per block, depth ${L}, seed ${current.seed}.`,
      rowHeader: 'block',
      columns: wirings,
      rows: blocks.map((b, i) => ({ key: String(b), label: String(b), values: columns.map((c) => c?.[i]) })),
    });
  }

  return runFigure(el, { settings, controls, live, start, owned: [chart] });
}
