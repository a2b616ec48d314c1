// What the article's figures share around their own drawing: a chart's frame (controls, plot, per-run
// status line, data table, the runs' footer) and the life of every figure (start now, start again when
// the advanced settings change, and on destroy stop listening, cancel its runs and empty its element).
import { createDataTable } from '../ui/chart.js';

/** Fills el with a chart figure's parts in reading order. → {host (for createChart), status, dataTable} */
export function chartFrame(el, controls, live) {
  const host = document.createElement('div');
  const status = document.createElement('p');
  status.className = 'chart-status';
  const dataTable = createDataTable();
  el.classList.add('exp-chart');
  el.append(controls.el, host, status, dataTable.el, live.footer, live.compute);
  return { host, status, dataTable };
}

/** Starts the figure and keeps it following the settings. `owned`: more things to destroy with it (a chart). → {destroy} */
export function runFigure(el, { settings, controls, live, start, owned = [] }) {
  const unsubscribe = settings.subscribe(() => start());
  start();
  return {
    destroy() {
      unsubscribe();
      controls.destroy();
      live.destroy();
      for (const part of owned) part.destroy();
      el.replaceChildren();
    },
  };
}
