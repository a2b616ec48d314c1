// The gradient ratio (first block over last) against depth: every seed's run as a point, the median over
// seeds as a line, for the chosen wirings (the article's three at first). The runs are Table B's (same options, same ids), so the pool
// computes each once for both; the ratio under each measure and the median come from the kernels.
import { loadStack } from '../../kernels/stack.js';
import { measureProblem } from '../../experiment/choices.js';
import { createControls } from '../../experiment/controls.js';
import { chartFrame } from '../../experiment/chart-frame.js';
import { runFigure } from '../../experiment/figure.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { getSettings } from '../../experiment/settings.js';
import { runText, wiringOf } from '../../experiment/written-wirings.js';
import { createChart } from '../../ui/chart.js';

const runId = (placement, L, seed, scale = 1) => `${placement}|${L}|${seed}|${scale}`;

export async function mount(el, props) {
  const [stack, settings, live] = await Promise.all([
    loadStack(),
    getSettings(),
    createLiveRuns({ el, render: () => render(), restart: () => start(), what: 'points' }),
  ]);
  const prefix = props.prefix ?? 'r';
  const controls = createControls(
    [
      { key: 'Ls', label: 'Depths', kind: 'depths', fallback: props.Ls ?? '6, 12, 24, 48, 96' },
      { key: 'seeds', label: 'Seeds', kind: 'seeds', fallback: props.seeds ?? '0-5' },
      { key: 'measure', label: 'Gradient measured over', kind: 'measure', fallback: 'all' },
      { key: 'placements', label: 'Wirings', kind: 'placements', fallback: props.placements ?? 'post,pre,nores' },
    ],
    { prefix, onChange: () => start() },
  );
  const { host, status, dataTable } = chartFrame(el, controls, live);

  let current;
  const chart = createChart(host, {
    x: {
      label: 'depth L (blocks)',
      log: true,
      ticks: () => current?.Ls ?? [],
      range: (u, min, max) => (min == null || max == null ? [1, 100] : [min / 1.3, max * 1.3]),
    },
    y: { label: 'ratio, block 1 / block L', log: true },
    live: false,
  });

  let runCount = 0;
  let wirings = []; // the chosen wirings' entries (choices.js, or a written wiring's: written-wirings.js)

  function start() {
    current = { ...controls.values };
    wirings = current.placements.map(wiringOf);
    const { Ls, seeds } = current;
    const problem = measureProblem(current.measure, Ls);
    controls.setMessage('Ls', problem);
    if (problem) return;
    const runs = Ls.flatMap((L) =>
      wirings.flatMap((p) =>
        seeds.map((seed) => ({ id: runId(p.key, L, seed), options: { ...settings.values, placement: runText(p.key), L, seed, scale: 1 } })),
      ),
    );
    if (!live.start(runs)) return;
    runCount = runs.length;
    chart.describe(
      `Scatter chart with lines, logarithmic axes: the ratio of block 1's gradient to block L's against depth L ` +
        `(${Ls.join(', ')}), one point per seed (${seeds.length} seeds) and a line through the median over seeds, ` +
        `for ${wirings.map((p) => p.label).join(', ')}. The values are in the data table below.`,
    );
    render();
  }

  function render() {
    const { results, failed } = live;
    const finished = results.size + failed.size;
    status.textContent = finished < runCount ? `${results.size} of ${runCount} runs finished…` : '';
    if (failed.size) status.textContent += ` ${failed.size} failed: ${[...failed.values()][0]}`;
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const { Ls, seeds, measure } = current;
    // a ratio the kernel calls undefined (NaN, with its reason) is no point: null, and no median through it
    const ratio = (p, L, seed) => {
      const r = results.get(runId(p, L, seed));
      return r === undefined ? undefined : r.undefinedRatios[measure] ? null : r.ratios[measure];
    };
    // the kernel's median, once every seed of that wiring and depth has finished with a defined ratio
    const medians = new Map();
    for (const L of Ls) {
      for (const p of wirings) {
        const values = seeds.map((s) => ratio(p.key, L, s));
        if (values.every((v) => v !== undefined && v !== null)) medians.set(`${p.key}|${L}`, stack.median(values));
      }
    }
    // one x position per (depth, seed): each seed's point sits at its depth, the median repeats across them
    const points = Ls.flatMap((L) => seeds.map((seed) => ({ L, seed })));
    const series = wirings.flatMap((p) => [
      { key: `${p.key}-seeds`, label: `${p.label}, each seed`, colour: p.colour, line: false },
      { key: `${p.key}-median`, label: `${p.label}, median`, colour: p.colour, points: true, pointSize: 7, spanGaps: true },
    ]);
    const data = [
      points.map(({ L }) => L),
      ...wirings.flatMap((p) => [points.map(({ L, seed }) => ratio(p.key, L, seed) ?? null), points.map(({ L }) => medians.get(`${p.key}|${L}`) ?? null)]),
    ];
    chart.update(series, data);
    dataTable.update({
      caption: `Ratio block 1 / block L for each seed, and the median over seeds (${seeds.length} seeds).`,
      rowHeader: 'depth, seed',
      columns: wirings,
      rows: Ls.flatMap((L) => [
        ...seeds.map((seed) => ({
          key: `${L}|${seed}`,
          label: `L = ${L}, seed ${seed}`,
          values: wirings.map((p) => ratio(p.key, L, seed)),
        })),
        {
          key: `${L}|median`,
          label: `L = ${L}, median`,
          className: 'summary-row',
          values: wirings.map((p) => medians.get(`${p.key}|${L}`)),
        },
      ]),
    });
  }

  return runFigure(el, { settings, controls, live, start, owned: [chart] });
}
