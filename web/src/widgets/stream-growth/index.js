// The residual stream's standard deviation after every block (Pre-LN at first, any wiring on request), one curve
// per output scale s, each beside two reference curves from the kernel: √L growth from the first block's sd, and
// the power of depth the kernel fits to the run (its exponent in the legend). One run per scale in the worker pool.
import { loadStack } from '../../kernels/stack.js';
import { createControls } from '../../experiment/controls.js';
import { chartFrame } from '../../experiment/chart-frame.js';
import { runFigure } from '../../experiment/figure.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { getSettings } from '../../experiment/settings.js';
import { placementOf } from '../../experiment/choices.js';
import { createChart } from '../../ui/chart.js';
import { withMinusSigns } from '../../ui/format.js';
import { html } from '../../ui/html.js';

const SQRT_DASH = [6, 4];
const FIT_DASH = [2, 3];

export async function mount(el, props) {
  const [stack, settings, live] = await Promise.all([
    loadStack(),
    getSettings(),
    createLiveRuns({ el, render: () => render(), restart: () => start(), what: 'curves' }),
  ]);
  const prefix = props.prefix ?? 's';
  const controls = createControls(
    [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: String(props.L ?? 96), min: 2 },
      { key: 'scales', label: 'Output scales s', kind: 'scales', fallback: props.scales ?? '1, 3, 10' },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: String(props.seed ?? 0) },
      { key: 'placement', label: 'Wiring', kind: 'placement', fallback: props.placement ?? 'pre' },
    ],
    { prefix, onChange: () => start() },
  );
  const { host, status, dataTable } = chartFrame(el, controls, live);
  const chart = createChart(host, {
    x: { label: 'block', integer: true },
    y: { label: 'sd of the residual stream', log: true },
    live: false,
  });

  let current;

  function start() {
    current = { ...controls.values, scales: [...new Set(controls.values.scales)] };
    const { L, seed, scales, placement } = current;
    const runs = scales.map((scale) => ({
      id: String(scale),
      scale,
      options: { ...settings.values, placement, L, seed, scale },
    }));
    if (!live.start(runs)) return;
    chart.describe(
      `Line chart, logarithmic y axis: ${placementOf(placement).label}, seed ${seed}, standard deviation of the residual stream after each of the ` +
        `${L} blocks, for output scales ${scales.join(', ')}, each with dashed reference curves for √L growth and for ` +
        `the power of depth fitted to it. The values are in the data table below.`,
    );
    render();
  }

  function render() {
    const { results, progress, failed } = live;
    const { L, seed, scales, placement } = current;
    status.textContent = scales
      .filter((s) => !results.has(String(s)))
      .map((s) => (failed.has(String(s)) ? `s = ${s}: error (${failed.get(String(s))})` : `s = ${s} ${Math.round((progress.get(String(s)) ?? 0) * 100)} %…`))
      .join('  ·  ');
    if (!live.dataChanged) return;
    live.dataChanged = false;
    const blocks = Array.from({ length: L }, (_, i) => i + 1);
    // per scale: the measured sd, and the kernel's √L and fitted-power curves from its first block
    const curves = scales.map((s) => {
      const r = results.get(String(s));
      if (!r) return { s };
      const sd = Array.from(r.streamSd);
      const { exponent } = stack.streamGrowth(sd);
      return {
        s,
        exponent,
        sd,
        sqrt: Array.from(stack.growthCurve(sd[0], 0.5, L)),
        fit: Array.from(stack.growthCurve(sd[0], exponent, L)),
      };
    });
    const series = curves.flatMap(({ s, exponent }, k) => {
      // one wiring at several scales: its own colour, one shade per scale (never another wiring's colour)
      const c = placementOf(placement).colour;
      const shade = k;
      // the fitted power as an exponent, typeset: L raised to 0.272, not "L^0.272"
      const power = exponent === undefined ? undefined : withMinusSigns(exponent.toFixed(3));
      return [
        { key: `${s}-sd`, label: `s = ${s}`, colour: c, shade },
        { key: `${s}-sqrt`, label: `s = ${s}: √L growth`, colour: c, shade, dash: SQRT_DASH, width: 1.5, points: false },
        {
          key: `${s}-fit`,
          label: power === undefined ? `s = ${s}: fitted power` : `s = ${s}: fitted L to the power ${power}`,
          labelHtml: power === undefined ? undefined : html`s = ${s}: fitted L<span class="visually-hidden"> to the power </span><sup>${power}</sup>`,
          colour: c,
          shade,
          dash: FIT_DASH,
          width: 1.5,
          points: false,
        },
      ];
    });
    const empty = blocks.map(() => null);
    chart.update(series, [blocks, ...curves.flatMap((c) => [c.sd ?? empty, c.sqrt ?? empty, c.fit ?? empty])]);
    dataTable.update({
      caption: `${placementOf(placement).label}, depth ${L}, seed ${seed}: sd of the stream after each block, with the √L and fitted-power curves.`,
      rowHeader: 'block',
      columns: series,
      rows: blocks.map((b, i) => ({
        key: String(b),
        label: String(b),
        values: curves.flatMap((c) => [c.sd?.[i], c.sqrt?.[i], c.fit?.[i]]),
      })),
    });
  }

  return runFigure(el, { settings, controls, live, start, owned: [chart] });
}
