// A chart figure's frame around its own drawing: controls, plot, per-run status line, data table, the runs'
// footer. Apart from figure.js, so that a table (article-table) never loads the chart library with it.
import { createDataTable } from '../ui/chart.js';
import { element, html } from '../ui/html.js';

/**
 * Fills el with a chart figure's parts in reading order. → {host (for createChart), status, dataTable}
 * @param {HTMLElement} el  @param {{el: HTMLElement}} controls  the figure's (experiment/controls.js createControls)
 * @param {{footer: HTMLElement, compute: HTMLElement}} live  the figure's runs (experiment/live-runs.js createLiveRuns)
 * @returns {{host: HTMLElement, status: HTMLElement, dataTable: import('../ui/chart.js').DataTable}}
 */
export function chartFrame(el, controls, live) {
  const host = element(html`<div></div>`);
  const status = element(html`<p class="chart-status"></p>`);
  const dataTable = createDataTable();
  el.classList.add('exp-chart');
  el.append(controls.el, host, status, dataTable.el, live.footer, live.compute);
  return { host, status, dataTable };
}
