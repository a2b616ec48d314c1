// Paper for a class: a worksheet (every exercise's question with its own numbers, the reader's variant when
// there is one, and room to answer; no hints, no solutions) and an answer key (the same questions with every
// worked solution opened, filled by the kernels for those numbers). Both are the browser's print of the page
// with html[data-print] set (style.css hides the rest); every exercise is mounted first, wherever the reader is.
import { element, html } from '../../ui/html.js';
import { mountMatching } from '../mount.js';

const SHEETS = [
  { mode: 'worksheet', label: 'Print a worksheet' },
  { mode: 'key', label: 'Print the answer key' },
];

/** Adds the two buttons to host. → {destroy()} */
export function createPrintSheets(host) {
  const box = element(html`<div class="progress-print">${SHEETS.map(
    ({ mode, label }) => html`<button type="button" data-sheet="${mode}">${label}</button>`,
  )}<p class="progress-print-note" aria-live="polite"></p></div>`);
  const note = box.querySelector('.progress-print-note');
  let reopen = []; // the worked solutions the key opened, closed again after printing
  const done = () => {
    delete document.documentElement.dataset.print;
    for (const details of reopen) details.open = false;
    reopen = [];
  };
  window.addEventListener('afterprint', done);
  for (const button of box.querySelectorAll('button[data-sheet]')) {
    const mode = button.dataset.sheet;
    button.addEventListener('click', async () => {
      note.textContent = 'Preparing every exercise…';
      await mountMatching('.exercise');
      // each exercise at its own height on paper, not its placeholder's reserve (as mount.js does before a print)
      for (const el of document.querySelectorAll('.exercise')) el.dataset.reserve = 'released';
      if (mode === 'key') {
        reopen = [...document.querySelectorAll('.exercise .ex-solution:not([open])')];
        for (const details of reopen) details.open = true; // each fills itself from the kernels as it opens
      }
      document.documentElement.dataset.print = mode;
      note.textContent = '';
      window.print();
    });
  }
  host.append(box);
  return {
    destroy() {
      window.removeEventListener('afterprint', done);
      done();
      box.remove();
    },
  };
}
