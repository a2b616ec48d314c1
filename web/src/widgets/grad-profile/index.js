// The article's own figure: the gradient norm of every block of one stack, the three wirings on one
// logarithmic axis (at its defaults L = 96, seed 0). One run per wiring in the worker pool; each curve
// appears as its run finishes. The reader picks the depth, the seed and what "gradient of a block" means.
import { loadStack } from '../../kernels/stack.js';
import { PLACEMENTS } from '../../experiment/choices.js';
import { createControls } from '../../experiment/controls.js';
import { createRunSet } from '../../experiment/runs.js';
import { getSettings } from '../../experiment/settings.js';
import { createChart, createDataTable } from '../../ui/chart.js';

// which per-block array of a run a measure draws (the penultimate measure differs only in its ratio)
const PER_BLOCK = { all: 'gradNorm', penultimate: 'gradNorm', weights: 'gradNormWeights', 'no-ln': 'gradNormNoLn', input: 'inputGradNorm' };
const COLOURS = { post: '--accent', pre: '--fg', nores: '--danger' };

export async function mount(el, props) {
  const [stack, settings, runSet] = await Promise.all([loadStack(), getSettings(), createRunSet()]);
  const prefix = props.prefix ?? 'g';
  const controls = createControls(
    [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: String(props.L ?? 96) },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: String(props.seed ?? 0) },
      { key: 'measure', label: 'Gradient measured over', kind: 'measure', fallback: 'all' },
    ],
    { prefix, onChange: () => start() },
  );
  const host = document.createElement('div');
  const status = document.createElement('p');
  status.className = 'chart-status';
  const dataTable = createDataTable();
  const footer = document.createElement('p');
  footer.className = 'exp-footer';
  footer.setAttribute('aria-live', 'polite');
  const restart = document.createElement('button');
  restart.type = 'button';
  restart.textContent = 'Compute';
  restart.hidden = true;
  restart.addEventListener('click', () => start());
  el.classList.add('exp-chart');
  el.append(controls.el, host, status, dataTable.el, footer, restart);
  const chart = createChart(host, {
    x: { label: 'block', integer: true },
    y: { label: 'gradient norm', log: true },
  });

  let current;
  let results = new Map();
  let progress = new Map();
  let failed = new Map();
  let computeSeconds = 0;
  let dataChanged = true;

  function start() {
    current = { ...controls.values };
    const runs = PLACEMENTS.map((p) => ({
      id: p.key,
      options: { ...settings.values, placement: p.key, L: current.L, seed: current.seed, scale: 1 },
    }));
    try {
      for (const r of runs) stack.check(r.options);
    } catch (error) {
      footer.textContent = `Cannot run: ${error.message}`;
      runSet.cancel();
      return;
    }
    results = new Map();
    progress = new Map();
    failed = new Map();
    computeSeconds = 0;
    dataChanged = true;
    restart.hidden = true;
    footer.textContent = `Computing ${runs.length} runs in your browser…`;
    chart.describe(
      `Line chart, logarithmic y axis: gradient norm of each of the ${current.L} blocks (block 1 to ${current.L}) ` +
        `for ${PLACEMENTS.map((p) => p.label).join(', ')}, seed ${current.seed}. The values are in the data table below.`,
    );
    render();
    runSet.start(runs, {
      onProgress: (r, p) => {
        progress.set(r.id, p);
        renderSoon();
      },
      onResult: (r, { result, seconds, cached }) => {
        results.set(r.id, result);
        if (!cached) computeSeconds += seconds;
        dataChanged = true;
        renderSoon();
      },
      onError: (r, error) => {
        failed.set(r.id, error.message);
        renderSoon();
      },
      onCancelled: () => {
        footer.textContent = 'Cancelled. The curves computed so far stay; Compute finishes the rest.';
        restart.hidden = false;
      },
      onDone: () => {
        footer.textContent =
          `${runs.length} runs` +
          (computeSeconds > 0 ? `, ${computeSeconds.toFixed(1)} s of computing in your browser's workers.` : ', all from this browser’s cache.');
      },
    });
  }

  let frame;
  const renderSoon = () => {
    frame ??= requestAnimationFrame(() => {
      frame = undefined;
      render();
    });
  };

  function render() {
    status.textContent = PLACEMENTS.filter((p) => !results.has(p.key))
      .map((p) =>
        failed.has(p.key) ? `${p.label}: error (${failed.get(p.key)})` : `${p.label} ${Math.round((progress.get(p.key) ?? 0) * 100)} %…`,
      )
      .join('  ·  ');
    if (!dataChanged) return;
    dataChanged = false;
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

  const unsubscribe = settings.subscribe(() => start());
  start();
  return {
    destroy() {
      unsubscribe();
      controls.destroy();
      runSet.cancel();
      if (frame) cancelAnimationFrame(frame);
      chart.destroy();
      el.replaceChildren();
    },
  };
}
