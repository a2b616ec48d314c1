// One of the article's tables (A–D), computed live: the reader's controls decide the runs, the worker pool
// computes them (cheapest first, shared with other figures, cached across visits), and each cell fills in
// as its runs finish, beside the article's printed value where the settings are the article's.
import { loadStack } from '../../kernels/stack.js';
import { createControls } from '../../experiment/controls.js';
import { runFigure } from '../../experiment/figure.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { getSettings } from '../../experiment/settings.js';
import { agreesWithPrinted, formatLike, formatNumber, reasonAfter, withMinusSigns } from '../../ui/format.js';
import { element, html, replaceWithHtml, setHtml, setText } from '../../ui/html.js';
import { fillLiveCells } from '../../experiment/live-cells.js';
import { subscribeWritten, writtenProblem, writtenWirings } from '../../experiment/written-wirings.js';
import { TABLES } from './tables.js';
import './style.css';

// the room the mark takes, held while the cell computes
const MARK_ROOM = html`<span class="mark-room" aria-hidden="true">✓</span>`;
// the article's printed value for a cell, labelled as such, with the mark saying whether the computed value
// agrees (on the same line: a cell is two lines high, computing or computed)
const publishedLine = (printed, mark) =>
  html`<span class="published" title="the article's printed value">published <span class="num">${withMinusSigns(printed)}</span>${mark}</span>`;

export async function mount(el, props) {
  const spec = TABLES[props.table];
  if (!spec) throw new Error(`no table “${props.table}”`);
  const [stack, settings, live] = await Promise.all([
    loadStack(),
    getSettings(),
    createLiveRuns({ el, render: () => render(), restart: () => start(), what: 'cells' }),
  ]);
  const prefix = props.prefix ?? props.table.toLowerCase();

  el.classList.add('exp-table');
  el.dataset.table = props.table;
  const controls = createControls(spec.controls, { prefix, onChange: () => start() });
  // on a phone the table scrolls, not the page
  const scroller = element(html`<div class="scroll-x table-scroll"><table class="results"></table></div>`);
  const table = scroller.querySelector('table');
  const note = element(html`<p class="exp-note"></p>`);
  // what the kernel says of a written wiring it cannot run at a depth of the table (its cells say "error")
  const writtenNote = element(html`<p class="exp-note field-message" aria-live="polite"></p>`);
  // why the cells that read "—" have no number: each reason a run failed with, said once, with the rows it took
  const failedNote = element(html`<p class="exp-note field-message failed-note" aria-live="polite"></p>`);
  el.append(controls.el, scroller, note, writtenNote, failedNote, live.footer, live.compute);
  const written = spec.written ? writtenWirings : () => [];
  // a wiring written or changed: its rows (re)compute, every other cell stays as it is
  const stopWritten = spec.written ? subscribeWritten(() => start({ keepCells: true })) : () => {};

  let current;
  let refused = new Map(); // run id → why the kernel cannot run it (a written wiring's, at a depth it refuses)

  function start({ keepCells = false } = {}) {
    current = { ...controls.values, written: written() };
    const problems = Object.entries(spec.problems?.(current) ?? {});
    for (const [key, message] of problems) controls.setMessage(key, message);
    if (problems.some(([, message]) => message)) return;
    const runs = spec.runs(current).map((r) => ({ ...r, options: { ...settings.values, ...r.options } }));
    // a written wiring the kernel cannot build at some depth keeps its message in its cells; the rest runs
    refused = new Map();
    for (const r of runs.filter((x) => x.written)) {
      try {
        stack.check(r.options);
      } catch (error) {
        refused.set(r.id, error.message);
      }
    }
    const why = new Map(); // a written wiring's text form → the kernel's first refusal of it
    for (const r of runs) if (refused.has(r.id) && !why.has(r.options.placement)) why.set(r.options.placement, refused.get(r.id));
    const labelOf = (text) => current.written.find((w) => w.text === text)?.label;
    writtenNote.textContent = [writtenProblem(), ...[...why].map(([text, m]) => `${labelOf(text)} cannot run here: ${m}.`)].filter(Boolean).join(' ');
    // every run must be possible before any starts: otherwise the kernel's message says why
    if (!live.start(runs.filter((r) => !refused.has(r.id)))) return;
    // new runs (other controls, or the settings drawer's model and batch): every cell computes again; a written
    // wiring changed: only its rows, whose keys are new
    if (!keepCells) {
      done = new Set();
      for (const cells of computed.values()) cells.clear();
    }
    render();
  }

  // The table's frame is drawn when the controls change; afterwards only cells whose content changed are
  // touched, so results streaming in during a sweep cost the main thread next to nothing.
  let frameKey = '';
  let drawn = new Map(); // "row|col" → the cell's last HTML
  // "row|col" of the cells whose value is in: final until the frame changes, so a result that comes in redraws
  // only the cells still waiting (Part 4's table has 72, each a median over its runs)
  let done = new Set();
  let computed = new Map(); // row → col → {text, value, reason?} of the cells computed so far (live-cells.js)
  let rowHeader = ''; // the header of the row labels' column
  let columnLabels = []; // the column headers' text, in order

  function render() {
    const c = current;
    const rows = spec.rows(c);
    const columns = spec.columns(c);
    const comparable = controls.isFallback() && settings.isDefault() && props.published;
    // (the written wirings change rows, not the frame)
    const key = JSON.stringify([{ ...c, written: undefined }, comparable, columns.map((col) => col.key)]);
    if (key !== frameKey) {
      frameKey = key;
      drawn = new Map();
      done = new Set();
      computed = new Map();
      // explicit roles: on a phone the rows are laid out as stacked cards (style.css), which would drop a
      // table's semantics in some browsers
      const head = html`<tr role="row"><th scope="col" role="columnheader">${spec.rowHeader}</th>${columns.map((col) => html`<th scope="col" role="columnheader">${col.label}</th>`)}</tr>`;
      setHtml(table, html`<caption>${props.caption ?? ''}</caption><thead role="rowgroup">${head}</thead><tbody role="rowgroup"></tbody>`);
      table.setAttribute('role', 'table');
      [rowHeader, ...columnLabels] = [...table.tHead.rows[0].cells].map((th) => th.textContent.replace(/\s+/g, ' ').trim());
      note.textContent = props.published && !comparable ? 'The published values are for the article’s settings; put the controls back to compare.' : '';
    }
    placeRows(rows, columns);
    const trs = table.tBodies[0].rows;
    rows.forEach((row, r) =>
      columns.forEach((col, k) => {
        const id = `${row.key}|${col.key}`;
        if (done.has(id)) return;
        const markup = cell(row.key, col.key, comparable ? props.published?.[row.key]?.[col.key] : undefined);
        if (computed.get(String(row.key))?.has(String(col.key))) done.add(id);
        if (drawn.get(id) === markup.text) return;
        drawn.set(id, markup.text);
        replaceWithHtml(trs[r].cells[k + 1], markup);
        trs[r].cells[k + 1].dataset.label = columnLabels[k]; // a stacked row's cell names its column
      }),
    );
    setText(failedNote, failureSentences(rows, columns, trs));
    // numbers of a row the prose names beside its columns (spec.extras): once every run of the row is in
    for (const row of spec.extras ? rows : []) {
      const cells = computed.get(String(row.key));
      if (!cells || spec.extras.every((key) => cells.has(key))) continue;
      if (!spec.needs(row.key, columns[0].key, current).every((id) => live.results.has(id))) continue;
      for (const key of spec.extras) {
        const value = spec.extraValue(row.key, key, current, live.results);
        cells.set(key, { text: withMinusSigns(formatNumber(value, 4)), value });
      }
    }
    // the figure's placeholder carries the id the prose's numbers name (mount.js puts this element inside it)
    const source = el.closest('.widget[id]')?.id;
    if (source) {
      const columnKeys = new Set([...columns.map((col) => String(col.key)), ...(spec.extras ?? [])]);
      fillLiveCells(source, (row, col) => (computed.has(row) && columnKeys.has(col) ? (computed.get(row).get(col) ?? null) : undefined));
    }
  }

  // Each reason the runs failed with (not those the kernel refused before running: writtenNote says those), once,
  // after the rows whose cells it left without a number.
  function failureSentences(rows, columns, trs) {
    const rowsOf = new Map(); // reason → the labels of the rows it took a cell of
    rows.forEach((row, r) => {
      const reasons = new Set(
        columns.flatMap((col) =>
          spec
            .needs(row.key, col.key, current)
            .map((id) => live.failed.get(id))
            .filter(Boolean),
        ),
      );
      const label = trs[r].cells[0].textContent.replace(/\s+/g, ' ').trim();
      for (const reason of reasons) rowsOf.set(reason, [...(rowsOf.get(reason) ?? []), label]);
    });
    return [...rowsOf].map(([reason, labels]) => `— (not computed) in ${labels.join(', ')}: ${reason.replace(/\.$/, '')}.`).join(' ');
  }

  // The rows in the order of spec.rows: a row whose key is kept keeps its element and its cells (a written wiring
  // added, changed or gone moves no other row's numbers); a new one starts empty.
  function placeRows(rows, columns) {
    const body = table.tBodies[0];
    const keys = rows.map((row) => String(row.key));
    const have = new Map([...body.rows].map((tr) => [tr.dataset.row, tr]));
    // (a kept row's label may change: "Your wiring" is "Your wiring 1" once a link adds a second)
    rows.forEach((row, r) => {
      const th = have.get(keys[r])?.cells[0];
      if (th) setText(th, row.label);
    });
    if (keys.join('\n') === [...body.rows].map((tr) => tr.dataset.row).join('\n')) return;
    body.replaceChildren(
      ...rows.map(
        (row, r) =>
          have.get(keys[r]) ??
          element(
            html`<tr role="row" data-row="${keys[r]}"><th scope="row" role="rowheader" data-header="${rowHeader}">${row.label}</th>${columns.map(() => html`<td role="cell"></td>`)}</tr>`,
          ),
      ),
    );
    const kept = new Set(keys);
    for (const k of have.keys()) {
      if (kept.has(k)) continue;
      computed.delete(k);
      for (const col of columns) {
        drawn.delete(`${k}|${col.key}`);
        done.delete(`${k}|${col.key}`);
      }
    }
    for (const k of keys) if (!computed.has(k)) computed.set(k, new Map());
  }

  function cell(row, col, printed) {
    const needs = spec.needs(row, col, current);
    const { results, progress, failed } = live;
    const error = needs.map((id) => refused.get(id) ?? failed.get(id)).find(Boolean);
    // no number, and no word that reads like one: a dash, its reason for a screen reader here and for every reader
    // under the table (failedNote)
    if (error)
      return html`<td class="failed" data-value="failed" title="${error}"><span class="computed">—</span><span class="visually-hidden">: not computed, ${error}</span></td>`;
    if (!needs.every((id) => results.has(id))) {
      const done = needs.reduce((sum, id) => sum + (results.has(id) ? 1 : (progress.get(id) ?? 0)), 0) / needs.length;
      // the printed value is there from the start, under the meter, so a cell keeps its two lines (and the
      // table its height) when the computed value takes the meter's place
      return html`<td class="pending" aria-busy="true"><span class="meter" style="--done:${done}"></span><span class="visually-hidden">computing, ${Math.round(done * 100)}%</span>${printed && publishedLine(printed, MARK_ROOM)}</td>`;
    }
    let value;
    try {
      value = spec.value(row, col, current, results, stack);
    } catch (error) {
      // a summary that does not exist for these runs (the kernel says why): said in the cell, not a crash
      return html`<td class="failed reason">${error.message}</td>`;
    }
    const data = spec.cellData ? Object.entries(spec.cellData(row, col, current)).map(([k, v]) => html` data-${k}="${v}"`) : '';
    if (value?.undefinedReason) {
      computed.get(String(row))?.set(String(col), { text: 'undefined', value: 'undefined', reason: value.undefinedReason });
      // a 0/0 the kernel names: the word in the cell, the reason beside it for every reader (the word said once: the
      // cell had read "undefined: undefined (0/0): …")
      return html`<td class="undefined"${data} data-value="undefined" title="${value.undefinedReason}"><span class="computed">undefined</span><span class="visually-hidden">${reasonAfter('undefined', value.undefinedReason)}</span></td>`;
    }
    const shown = withMinusSigns(printed ? formatLike(value, printed, 2) : spec.format ? spec.format(value, col) : formatNumber(value, 4));
    computed.get(String(row))?.set(String(col), { text: shown, value });
    const published =
      printed &&
      html` ${publishedLine(
        printed,
        agreesWithPrinted(value, printed)
          ? html`<span class="agrees" role="img" aria-label="agrees to the printed digits">✓</span>`
          : html`<span class="differs" role="img" aria-label="differs from the printed value">≠</span>`,
      )}`;
    return html`<td${data} data-value="${value}"${printed && html` data-published="${printed}"`}><span class="computed num">${shown}</span>${published}</td>`;
  }

  return runFigure(el, { settings, controls, live, start, owned: [{ destroy: stopWritten }] });
}
