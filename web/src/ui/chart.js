// A uPlot chart for the article's figures, and the data table one click away beneath it. The chart takes
// the page's colours from its CSS variables (light and dark: redrawn when the system's scheme, the
// masthead's switch (data-theme on <html>) or print changes them), follows its container's width, names
// itself for screen readers (role="img" + aria-label) and lets a keyboard switch the series in its legend.
// Drawing only: every value comes in from a widget, which has it from the kernels; the table lists exactly
// those values, full precision in data-value.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shadeHex } from './wiring-colours.js';
import { formatNumber, formatValue } from './format.js';
import { element, html, setHtml } from './html.js';
import './chart.css';

const HEIGHT = 300;
const FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';
const LABEL_FONT = `600 ${FONT}`;
const DARK = '(prefers-color-scheme: dark)';
const PRINT = 'print';

/**
 * An axis: its label, a logarithmic scale, a range (uPlot's: [min, max], or a function of the data's min and max),
 * whole-number ticks (integer), or fixed tick positions, every one labelled (ticks).
 * @typedef {{label: string, log?: boolean, range?: uPlot.Scale.Range, integer?: boolean, ticks?: () => number[]}} ChartAxis
 * @typedef {{x: ChartAxis, y: ChartAxis, live?: boolean, height?: number}} ChartOptions  live: the legend follows the cursor
 * @typedef {ReturnType<typeof html>} Markup
 * @typedef {object} ChartSeries  one series of a chart, by its key (its style and label: a new set rebuilds the chart)
 * @property {string} key
 * @property {string} label
 * @property {Markup} [labelHtml]  the label with markup (an exponent typeset as one): legend and table
 * @property {boolean} [reference]  a line drawn for reference (a threshold): not a computed value
 * @property {string} colour  a CSS variable
 * @property {number} [shade]  0, 1, …: the same family, lighter or darker (wiring-colours.js)
 * @property {number} [width]
 * @property {number[]} [dash]
 * @property {boolean} [line]  default true; false draws points only
 * @property {boolean} [points]  true, false, or (absent) uPlot's choice
 * @property {number} [pointSize]
 * @property {boolean} [spanGaps]
 * @typedef {ArrayLike<number | null | undefined>} ChartColumn  the x values, or a series' (null or undefined: none there)
 * @typedef {{el: HTMLElement, update: (series: ChartSeries[], data: ChartColumn[]) => void, describe: (label: string) => void,
 *   destroy: () => void}} Chart
 * @typedef {{_size: number, gap: number, ticks: {size: number}, font: [string, number]}} BuiltAxis  the fields uPlot
 *   sets on an axis it has built (its types declare the options as given: a font is a string there)
 */

// The value of a CSS custom property on :root, e.g. colour('--accent') → '#0e7490'.
/** @param {string} name */
const colour = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

// a series' stroke: its CSS variable, at its shade when one chart shows a wiring more than once (wiring-colours.js)
/** @param {ChartSeries} s */
const strokeOf = (s) => shadeHex(s.colour, s.shade ?? 0, colour);

// #rrggbb → #rrggbbaa; other notations are returned as they are (opaque).
/** @param {string} c  @param {number} alpha */
const withAlpha = (c, alpha) =>
  /^#[0-9a-f]{6}$/i.test(c)
    ? c +
      Math.round(alpha * 255)
        .toString(16)
        .padStart(2, '0')
    : c;

/** @param {number | null | undefined} v */
const shown = (v) => (v == null ? '—' : formatValue(v, 4));

/** @param {Markup} markup  @returns {HTMLElement} */
const elementOf = (markup) => element(html`<span>${markup}</span>`);

// An axis as wide as its longest tick label (uPlot's own auto-size recipe), so labels like 1e-3 never clip.
/** @type {(u: uPlot, values: string[], axisIdx: number, cycleNum: number) => number} */
function autoSize(u, values, axisIdx, cycleNum) {
  const axis = /** @type {BuiltAxis} */ (/** @type {unknown} */ (u.axes[axisIdx]));
  if (cycleNum > 1) return axis._size;
  let size = axis.ticks.size + axis.gap;
  const longest = (values ?? []).reduce((a, v) => (v && v.length > a.length ? v : a), '');
  if (longest) {
    u.ctx.font = axis.font[0];
    size += u.ctx.measureText(longest).width / uPlot.pxRatio;
  }
  return Math.ceil(size);
}

/**
 * A chart in host. options: {x: {label, log?, range?, integer?, ticks?: () => positions}, y: {label, log?, range?},
 * live? (legend follows the cursor, default true), height?}.
 * update(series, data): series [{key, label, labelHtml? (the label with markup, html`…`: legend and table),
 * reference? (a line drawn for reference, a threshold: not a computed value),
 * colour: CSS variable, shade? (0, 1, …: the same family, lighter or darker: wiring-colours.js), width?, dash?, line? (default true; false
 * draws points only), points? (true / false / uPlot's choice), pointSize?, spanGaps?}], data [xs, ys…]
 * aligned with series (null = no value).
 * → {el, update, describe(label), destroy()}
 * @param {HTMLElement} host  @param {ChartOptions} options  @returns {Chart}
 */
export function createChart(host, options) {
  const el = element(html`<div class="chart" role="img"></div>`);
  // the legend sits outside the image: its entries are switches a keyboard can reach
  const legendBox = element(html`<div class="chart-legend"></div>`);
  // on paper, a chart with nothing computed yet is this line, not an empty frame under its heading
  const emptyNote = element(html`<p class="chart-empty-note">Not computed yet when this page was printed: the chart fills in once its runs are computed.</p>`);
  el.dataset.empty = 'true';
  host.append(el, legendBox, emptyNote);
  const height = options.height ?? HEIGHT;
  /** @type {uPlot | undefined} */
  let plot;
  let signature = '';
  /** @type {{series: ChartSeries[], data: ChartColumn[]}} */
  let last = { series: [], data: [[]] };
  const hidden = new Set(); // series the reader switched off in the legend, by key

  const width = () => Math.max(200, Math.floor(el.clientWidth || host.clientWidth || 640));

  /** @param {ChartAxis} spec  @returns {uPlot.Axis} */
  function axis(spec) {
    const fg = colour('--fg');
    const grid = colour('--border');
    return {
      label: spec.label,
      stroke: fg,
      font: FONT,
      labelFont: LABEL_FONT,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      values: (u, splits) => splits.map((v) => (v == null ? '' : formatNumber(v, 3))),
      size: autoSize,
      // whole-number ticks (block indices): never 2.5
      ...(spec.integer && { incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] }),
      // fixed tick positions (e.g. the depths that were run), every one labelled
      ...(spec.ticks && { splits: () => spec.ticks(), filter: (u, splits) => splits }),
    };
  }

  /** @param {ChartAxis} spec  @returns {uPlot.Scale} */
  function scale(spec) {
    if (!spec.log) return { auto: true, ...(spec.range && { range: spec.range }) };
    return {
      distr: 3,
      log: 10,
      // before any value has arrived there is nothing to range over: show one decade
      range: spec.range ?? ((u, min, max) => (min == null || max == null ? [1, 10] : uPlot.rangeLog(min, max, 10, true))),
    };
  }

  function build() {
    plot?.destroy();
    // legend markers: a filled square for series drawn as points only, an outlined one for lines
    const markerFill = [null, ...last.series.map((s) => ((s.line ?? true) ? 'transparent' : withAlpha(strokeOf(s), 0.55)))];
    /** @type {uPlot.Series[]} */
    const seriesOptions = last.series.map((s) => {
      const stroke = strokeOf(s);
      const line = s.line ?? true;
      return {
        // a label with markup (an exponent typeset as one) goes to uPlot as an element
        label: s.labelHtml ? elementOf(s.labelHtml) : s.label,
        stroke,
        width: s.width ?? 2,
        dash: s.dash,
        show: !hidden.has(s.key),
        spanGaps: !line ? false : (s.spanGaps ?? false),
        value: (u, v) => shown(v),
        ...(line ? {} : { paths: () => null }),
        points:
          s.points === true || !line
            ? { show: true, space: 0, size: s.pointSize ?? 6, stroke, fill: line ? stroke : withAlpha(stroke, 0.55) }
            : s.points === false
              ? { show: false }
              : {},
      };
    });
    plot = new uPlot(
      {
        width: width(),
        height,
        scales: { x: { time: false, ...scale(options.x) }, y: scale(options.y) },
        axes: [axis(options.x), axis(options.y)],
        series: [{ label: options.x.label, value: (u, v) => shown(v) }, ...seriesOptions],
        legend: {
          live: options.live ?? true,
          mount: (u, table) => legendBox.append(table),
          markers: { dash: (u, i) => (!u.series[i].dash ? 'solid' : u.series[i].dash[0] <= 2 ? 'dotted' : 'dashed'), fill: (u, i) => markerFill[i] },
        },
        cursor: { points: { size: 7 } },
        hooks: {
          // a live legend at rest (no cursor on the plot) shows the latest values, not dashes
          ready: [legendAtRest],
          setData: [legendAtRest],
          setCursor: [(u) => u.cursor.idx == null && legendAtRest(u)],
          setSeries: [
            (u, i, opts) => {
              if (i == null || opts.show === undefined) return;
              const key = last.series[i - 1]?.key;
              if (opts.show) hidden.delete(key);
              else hidden.add(key);
              legendLabel(i)?.setAttribute('aria-checked', String(opts.show));
            },
          ],
        },
      },
      sanitise(last.data),
      el,
    );
    legendKeys();
  }

  // The last x at which any series has a value: the legend's values when the cursor is elsewhere.
  /** @param {uPlot} u */
  function legendAtRest(u) {
    if (!(options.live ?? true) || u.cursor.idx != null) return;
    const xs = u.data[0] ?? [];
    for (let i = xs.length - 1; i >= 0; i--) {
      if (u.data.some((column, k) => k > 0 && column[i] != null)) return u.setLegend({ idx: i }, false);
    }
  }

  // A series' entry in the legend. A live legend has a row for x first; a legend at rest has none.
  /** @type {(i: number) => HTMLElement | undefined} */
  const legendLabel = (i) => legendBox.querySelectorAll('.u-legend .u-series .u-label')[(options.live ?? true) ? i : i - 1];

  // uPlot switches a series on a click on its legend entry; the same entry answers Enter and Space.
  function legendKeys() {
    plot.series.forEach((series, i) => {
      const label = legendLabel(i);
      if (i === 0 || !label) return; // the x series is not a switch
      label.tabIndex = 0;
      label.setAttribute('role', 'switch');
      label.setAttribute('aria-checked', String(plot.series[i].show));
      label.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        plot.setSeries(i, { show: !plot.series[i].show });
      });
    });
  }

  // A log axis cannot place zero, negative or non-finite values; they are left out of the drawing.
  /** @type {(data: ChartColumn[]) => uPlot.AlignedData} */
  // (the x values go as they came: numbers, as uPlot's type says a first column is)
  const sanitise = (data) =>
    /** @type {uPlot.AlignedData} */ (
      data.map((column, i) => (i === 0 ? column : Array.from(column, (v) => (v == null || !Number.isFinite(v) || (options.y.log && v <= 0) ? null : v))))
    );

  // resized in the next frame, not inside the observer: the legend's new height must not re-trigger it
  /** @type {number | undefined} */
  let resizeFrame;
  const resize = new ResizeObserver(() => {
    resizeFrame ??= requestAnimationFrame(() => {
      resizeFrame = undefined;
      if (plot && plot.width !== width()) plot.setSize({ width: width(), height });
    });
  });
  resize.observe(host);
  // new colours: the system's scheme, the reader's choice in the masthead, or paper
  const retheme = () => plot && build();
  const media = [matchMedia(DARK), matchMedia(PRINT)];
  media.forEach((m) => m.addEventListener('change', retheme));
  const themeChoice = new MutationObserver(retheme);
  themeChoice.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

  return {
    el,
    /** Draws series over data; a new set of series (keys, labels, styles) rebuilds the chart. */
    update(series, data) {
      last = { series, data };
      // (a reference line, such as a threshold, is not a computed value)
      el.dataset.empty = String(!series.some((s, k) => !s.reference && Array.from(data[k + 1] ?? [], Number).some(Number.isFinite)));
      const next = JSON.stringify(series);
      if (!plot || next !== signature) {
        signature = next;
        build();
      } else {
        plot.setData(sanitise(data));
      }
    },
    describe(label) {
      el.setAttribute('aria-label', label);
    },
    destroy() {
      resize.disconnect();
      if (resizeFrame) cancelAnimationFrame(resizeFrame);
      media.forEach((m) => m.removeEventListener('change', retheme));
      themeChoice.disconnect();
      plot?.destroy();
      plot = undefined;
      el.remove();
      legendBox.remove();
      emptyNote.remove();
    },
  };
}

/**
 * The chart's values as a table, in a <details> one click away. update({caption, rowHeader, columns:
 * [{key, label, labelHtml?}], rows: [{key, label, values: [number | undefined]}]}): undefined = not computed yet.
 * → {el, update}
 * @returns {DataTable}
 * @typedef {{key: string, label: string, labelHtml?: Markup, reason?: string}} TableColumn  reason: why a value of this
 *   column may be no number (a run that diverged), shown beside the dash in its place (formatValue)
 * @typedef {{key: string, label: string, className?: string, values: (number | null | undefined)[], reasons?: string[]}} TableRow
 *   null: computed, and undefined (a 0/0 the kernel names); undefined: not computed yet; reasons: why a value is no
 *   number, by column (else its column's reason)
 * @typedef {{caption?: string, rowHeader: string, columns: TableColumn[], rows: TableRow[]}} TableData
 * @typedef {{el: HTMLDetailsElement, update: (data: TableData) => void}} DataTable
 */
export function createDataTable() {
  const el = element(
    html`<details class="chart-data"><summary>Data table</summary><div class="chart-data-scroll"><table class="chart-table"></table></div></details>`,
  );
  el.dataset.empty = 'true'; // (not printed while it has no value)
  const table = el.querySelector('table');

  // Rebuilding the table at every result would load the main thread during a sweep or a training run (the
  // lab's tables hold thousands of cells, and the page's main thread shares the cores with the workers). An
  // open table is redrawn on the next frame. A closed one, which nobody reads until it is opened (opening it
  // draws it at once), waits until its results pause for QUIET_MS, or at most STALE_MS while they keep
  // streaming, and then for an idle moment: the lab's default view redrew its closed tables 17 times a run,
  // a quarter of the page's main-thread time (bench: the lab's default view, main thread busy).
  const QUIET_MS = 1000;
  const STALE_MS = 4000;
  /** @type {TableData | null} */
  let latest = null;
  let scheduled = false;
  let pendingSince = 0;
  let lastUpdate = 0;
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
  const flush = () => {
    scheduled = false;
    clearTimeout(timer);
    if (latest) draw(latest);
    latest = null;
    delete el.dataset.pending;
  };
  const waitClosed = () => {
    const now = performance.now();
    const due = Math.min(lastUpdate + QUIET_MS, pendingSince + STALE_MS);
    if (now >= due) idle(() => scheduled && !el.open && flush(), { timeout: 1000 });
    else timer = setTimeout(waitClosed, due - now);
  };
  el.addEventListener('toggle', () => el.open && flush());

  /** @param {TableData} data */
  function draw({ caption = '', rowHeader, columns, rows }) {
    const head = html`<tr><th scope="col">${rowHeader}</th>${columns.map((c) => html`<th scope="col">${c.labelHtml ?? c.label}</th>`)}</tr>`;
    const body = rows.map((row) => {
      const cells = row.values.map((v, k) =>
        v === undefined
          ? html`<td class="pending" data-col="${columns[k].key}">…</td>`
          : v === null // computed, and undefined (a 0/0 the kernel names): said, not left blank
            ? html`<td data-col="${columns[k].key}" data-value="undefined">undefined</td>`
            : html`<td data-col="${columns[k].key}" data-value="${v}">${formatValue(v, 4, row.reasons?.[k] || columns[k].reason)}</td>`,
      );
      return html`<tr data-key="${row.key}"${row.className && html` class="${row.className}"`}><th scope="row">${row.label}</th>${cells}</tr>`;
    });
    setHtml(table, html`<caption>${caption}</caption><thead>${head}</thead><tbody>${body}</tbody>`);
  }

  return {
    el,
    update(data) {
      latest = data;
      el.dataset.pending = 'true'; // (newer values than the table shows wait for their redraw: a reader of the table waits too)
      el.dataset.empty = String(!data.rows.some((row) => row.values.some((v) => v !== undefined)));
      lastUpdate = performance.now();
      if (scheduled) return;
      scheduled = true;
      pendingSince = lastUpdate;
      if (el.open) requestAnimationFrame(flush);
      else timer = setTimeout(waitClosed, QUIET_MS);
    },
  };
}
