// Numbers in the prose that a table of the page computes ([[table-id: row col]] in content/, rendered by
// web/plugins/markdown.js as a.live-cell): the table fills each one in with the text of its own cell as that
// cell computes, so a sentence carries the very number the table shows, never one typed into the prose.

/**
 * sourceId: the table's element id. cellOf(row, col) → {text, value} once computed; null while it computes;
 * undefined when the table's controls leave that cell out.
 */
export function fillLiveCells(sourceId, cellOf) {
  for (const a of document.querySelectorAll(`a.live-cell[data-source="${CSS.escape(sourceId)}"]`)) {
    const cell = cellOf(a.dataset.row, a.dataset.col);
    const text = cell === undefined ? '(not in the table as it is set now)' : cell === null ? '(computing in the table)' : cell.text;
    if (a.textContent !== text) a.textContent = text;
    if (cell) a.dataset.value = String(cell.value);
    else delete a.dataset.value;
    a.title = cell?.reason ?? (cell ? 'computed in the table: follow the link to see it' : '');
  }
}
