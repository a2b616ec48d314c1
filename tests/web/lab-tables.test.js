// @vitest-environment jsdom
/* global document */ // (a DOM: jsdom, as the environment comment above says)
// The training lab's data tables and readouts (widgets/training-lab/charts.js, heatmap.js, through ui/chart.js's
// createDataTable) for a run that diverged, and a matrix's heat map (ui/heatmap.js) with no number in it. Issue 52: a diverged run (alpha 1e300) read "0 NaN" in the loss, ratio,
// stream sd and per-block tables, though its summary said it diverged: each such cell is a dash and the reason.
import { describe, expect, it } from 'vitest';
import './widgets/browser-gaps.js';
import { createDataTable } from '../../web/src/ui/chart.js';
import { drawHeatmap } from '../../web/src/ui/heatmap.js';
import { createStepCharts } from '../../web/src/widgets/training-lab/charts.js';
import { createHeatmaps } from '../../web/src/widgets/training-lab/heatmap.js';

// a run of 2 blocks that diverged at its first step (the kernel's step record: every value NaN, diverged)
const diverged = [{ step: 0, loss: Number.NaN, ratio: Number.NaN, streamSd: Number.NaN, gradNorm: Float64Array.of(Number.NaN, Number.NaN), diverged: true }];
const healthy = [
  { step: 0, loss: 2.5, ratio: 1.25, streamSd: 1.5, gradNorm: Float64Array.of(0.5, 0.25) },
  { step: 1, loss: 2.25, ratio: 1.5, streamSd: 1.75, gradNorm: Float64Array.of(0.375, 0.25) },
];

/** Every data table in host, opened (an open table draws on the next frame), as its rows' texts. */
async function tables(host) {
  const all = [...host.querySelectorAll('details.chart-data')];
  for (const d of all) d.open = true;
  for (const d of all) d.dispatchEvent(new Event('toggle'));
  return all.map((d) => [...d.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
}

describe('a diverged run in the lab', () => {
  it('its loss, ratio and stream sd tables say "— (diverged)", never NaN', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const charts = createStepCharts(host);
    const run = (id, records) => ({ id, label: id, colour: '--accent', shade: 0, dash: undefined, records });
    charts.update([run('blown', diverged), run('fine', healthy)], 2, 'two runs');
    const [loss, ratio, stream] = await tables(host);
    expect(loss).toEqual([
      ['0', '— (diverged)', '2.5'],
      ['1', '…', '2.25'],
    ]);
    expect(ratio[0]).toEqual(['0', '— (diverged)', '1.25']);
    expect(stream[0]).toEqual(['0', '— (diverged)', '1.5']);
    expect(host.textContent).not.toMatch(/NaN|∞|Infinity/);
    charts.destroy();
  });

  it('its per-block table and the value under the pointer say "— (diverged)"', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const maps = createHeatmaps(host);
    maps.update([{ id: 'blown', label: 'blown, seed 0', L: 2, records: diverged }], 2);
    const [blocks] = await tables(host);
    expect(blocks).toEqual([['0', '— (diverged)', '— (diverged)']]);
    const canvas = host.querySelector('canvas');
    canvas.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: 0, top: 0, width: 2, height: 2 });
    canvas.dispatchEvent(Object.assign(new Event('pointermove'), { clientX: 0.5, clientY: 1.5 }));
    expect(host.querySelector('.lab-heat-readout').textContent).toBe('block 1, step 0: — (diverged)');
    maps.destroy();
  });
});

describe('createDataTable', () => {
  it('a value that is no number is a dash and why: the row’s reason, the column’s, else what the value is', async () => {
    const table = createDataTable();
    const host = document.createElement('div');
    host.append(table.el);
    table.update({
      rowHeader: 'x',
      columns: [
        { key: 'a', label: 'a' },
        { key: 'b', label: 'b', reason: 'diverged' },
        { key: 'c', label: 'c' },
      ],
      rows: [
        { key: '1', label: '1', values: [Number.NaN, Number.NaN, Infinity] },
        { key: '2', label: '2', values: [Number.NaN, 3, null], reasons: ['its loss left float64’s range', '', ''] },
      ],
    });
    const [rows] = await tables(host);
    expect(rows).toEqual([
      ['1', '— (not a number)', '— (diverged)', '— (beyond float64’s range)'],
      ['2', '— (its loss left float64’s range)', '3', 'undefined'],
    ]);
  });
});

describe('drawHeatmap', () => {
  it('a matrix entry that is no number is a dash and why, in its tooltip and its table', () => {
    const host = document.createElement('div');
    drawHeatmap(host, {
      title: 'J',
      matrix: [
        [1.5, Number.NaN],
        [Infinity, 0],
      ],
      scale: 1,
    });
    expect([...host.querySelectorAll('rect title')].map((t) => t.textContent)).toEqual([
      'row 1, column 1: 1.5',
      'row 1, column 2: — (not a number)',
      'row 2, column 1: — (beyond float64’s range)',
      'row 2, column 2: 0',
    ]);
    expect([...host.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['1.5', '— (not a number)', '— (beyond float64’s range)', '0']);
  });
});
