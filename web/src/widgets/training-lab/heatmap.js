// The gradient norm of every block at every step as a heat map (x: step, y: block, block 1 at the bottom),
// one per configuration, all on one logarithmic colour scale whose legend sits beneath them, each with its
// data table. Drawing only: the norms are the kernel's step records (gradNorm, one per block).
import { createDataTable } from '../../ui/chart.js';
import { formatValue } from '../../ui/format.js';
import { element, html } from '../../ui/html.js';

// a perceptually ordered scale, dark (small gradient) to bright (large): viridis at six points
const STOPS = [
  [68, 1, 84],
  [65, 68, 135],
  [42, 120, 142],
  [34, 168, 132],
  [122, 209, 81],
  [253, 231, 37],
];
const MAX_COLUMNS = 1500; // a longer run shows every k-th step (its data table keeps every step)

function colourAt(t) {
  const x = Math.min(1, Math.max(0, t)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  return STOPS[i].map((c, k) => Math.round(c + f * (STOPS[i + 1][k] - c)));
}

/** The range of log10 of every positive value drawn, widened to at least one decade. */
function logRange(maps) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of maps) {
    for (const r of m.records) {
      for (const v of r.gradNorm) {
        if (v > 0 && Number.isFinite(v)) {
          lo = Math.min(lo, Math.log10(v));
          hi = Math.max(hi, Math.log10(v));
        }
      }
    }
  }
  if (!Number.isFinite(lo)) return null;
  lo = Math.floor(lo);
  hi = Math.max(lo + 1, Math.ceil(hi));
  return { lo, hi };
}

/**
 * The decades the colour bar labels, from lo to hi: at most about `most`, evenly spaced, both ends always, and
 * never one closer to the last than the spacing (1e−1 beside 1e0 ran together as "1e−11e0").
 */
export function legendDecades(lo, hi, most = 7) {
  const decades = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
  const every = Math.ceil(decades.length / most);
  const last = decades.length - 1;
  return decades.filter((_, k) => k === last || (k % every === 0 && last - k >= every));
}

function legend() {
  const el = element(html`<div class="lab-heat-legend"><span class="lab-heat-legend-title">gradient norm of a block (colour, logarithmic scale)</span>
    <div class="lab-heat-legend-bar" aria-hidden="true"></div><div class="lab-heat-legend-ticks"></div></div>`);
  const bar = el.querySelector('.lab-heat-legend-bar');
  bar.style.background = `linear-gradient(to right, ${STOPS.map((c) => `rgb(${c.join(',')})`).join(', ')})`;
  const ticks = el.querySelector('.lab-heat-legend-ticks');
  return {
    el,
    update(range) {
      el.hidden = !range;
      if (!range) return;
      ticks.replaceChildren(
        ...legendDecades(range.lo, range.hi).map((p) => {
          const tick = element(html`<span>${`1e${p}`.replace('-', '−')}</span>`);
          // (positioned as a property: the page's policy refuses style attributes in markup)
          tick.style.left = `${(100 * (p - range.lo)) / (range.hi - range.lo)}%`;
          return tick;
        }),
      );
      el.setAttribute('aria-label', `Colour scale from 1e${range.lo} (dark) to 1e${range.hi} (bright)`);
    },
  };
}

function heatmap(host) {
  const figure = element(html`<figure class="lab-heat"><figcaption></figcaption><div class="lab-heat-frame"><span class="lab-heat-top"></span>
    <canvas role="img"></canvas><span class="lab-heat-bottom">block 1</span>
    <span class="lab-heat-x"></span></div><p class="lab-heat-readout" aria-live="off"></p></figure>`);
  const caption = figure.querySelector('figcaption');
  const canvas = figure.querySelector('canvas');
  const readout = figure.querySelector('.lab-heat-readout');
  const table = createDataTable();
  figure.append(table.el);
  host.append(figure);
  let current = null;

  // the value under the pointer, for readers with a mouse (the data table has every value for everyone)
  canvas.addEventListener('pointermove', (event) => {
    if (!current) return;
    const box = canvas.getBoundingClientRect();
    const col = Math.floor(((event.clientX - box.left) / box.width) * canvas.width);
    const block = current.L - Math.floor(((event.clientY - box.top) / box.height) * current.L);
    const step = current.columnStep(col);
    const v = current.records[step]?.gradNorm[block - 1];
    const diverged = current.records[step]?.diverged ? 'diverged' : '';
    readout.textContent = v === undefined ? '' : `block ${block}, step ${step}: ${formatValue(v, 4, diverged)}`;
  });
  canvas.addEventListener('pointerleave', () => (readout.textContent = ''));

  return {
    el: figure,
    update(map, steps, range) {
      const { L, records, label } = map;
      const columns = Math.min(steps, MAX_COLUMNS);
      const columnStep = (c) => Math.floor((c * steps) / columns);
      current = { L, records, columnStep };
      caption.textContent = label;
      figure.querySelector('.lab-heat-top').textContent = `block ${L}`;
      figure.querySelector('.lab-heat-x').textContent = `step 0 … ${steps - 1} →`;
      if (canvas.width !== columns || canvas.height !== L) {
        canvas.width = columns;
        canvas.height = L;
      }
      const ctx = canvas.getContext('2d');
      const image = ctx.createImageData(columns, L);
      if (range) {
        for (let c = 0; c < columns; c++) {
          const rec = records[columnStep(c)];
          if (!rec) continue;
          for (let b = 0; b < L; b++) {
            const v = rec.gradNorm[b];
            if (!(v > 0) || !Number.isFinite(v)) continue;
            const [r, g, bl] = colourAt((Math.log10(v) - range.lo) / (range.hi - range.lo));
            const at = 4 * ((L - 1 - b) * columns + c); // block 1 on the bottom row
            image.data.set([r, g, bl, 255], at);
          }
        }
      }
      ctx.putImageData(image, 0, 0);
      canvas.setAttribute(
        'aria-label',
        `Heat map: ${label}. The gradient norm of each of the ${L} blocks (rows, block 1 at the bottom) at each step ` +
          `(columns, ${records.length} of ${steps} computed), coloured on a logarithmic scale. The values are in the data table below.`,
      );
      // (a run that diverged has no number at its last step: its cells say so, not "NaN")
      const diverged = records.some((r) => r.diverged) ? { reason: 'diverged' } : {};
      table.update({
        caption: `${label}: gradient norm of each block (columns) at each step (rows).`,
        rowHeader: 'updates done',
        columns: Array.from({ length: L }, (_, b) => ({ key: `b${b + 1}`, label: `block ${b + 1}`, ...diverged })),
        rows: records.map((r) => ({ key: String(r.step), label: String(r.step), values: Array.from(r.gradNorm) })),
      });
    },
    destroy: () => figure.remove(),
  };
}

/** Heat maps in host, one per entry of update's maps, over one shared colour scale. */
export function createHeatmaps(host) {
  const box = element(html`<div class="lab-heats"></div>`);
  const scale = legend();
  host.append(box, scale.el);
  let shown = [];
  return {
    /** maps: [{id, label, L, records}] (records in step order); steps: the run length */
    update(maps, steps) {
      if (shown.length !== maps.length) {
        shown.forEach((h) => h.destroy());
        shown = maps.map(() => heatmap(box));
      }
      const range = logRange(maps);
      maps.forEach((m, k) => shown[k].update(m, steps, range));
      scale.update(range);
    },
    destroy() {
      shown.forEach((h) => h.destroy());
      box.remove();
      scale.el.remove();
    },
  };
}
