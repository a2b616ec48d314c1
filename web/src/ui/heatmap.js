// A matrix drawn as a grid of coloured cells (diverging: blue < 0 < red, white at 0), with each value in
// the cell's tooltip and the whole matrix one click away as a table. Draws only: the numbers come in.
import { formatNumber } from './format.js';
import { html, setHtml } from './html.js';

const SVG = 'http://www.w3.org/2000/svg';

// t in [−1, 1] → colour; the two ends are the page's accent colours mixed with the background
function colour(t) {
  const a = Math.min(1, Math.abs(t));
  const [r, g, b] = t >= 0 ? [200, 40, 40] : [40, 90, 200];
  const mix = (c) => Math.round(255 + (c - 255) * a);
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

/**
 * @param {HTMLElement} host
 * @param {{title: string, matrix: number[][], scale: number, cell?: number}} spec scale = |value| drawn at full colour
 */
export function drawHeatmap(host, { title, matrix, scale, cell = 0 }) {
  const d = matrix.length;
  const size = cell || Math.max(6, Math.min(40, Math.floor(200 / d)));
  host.replaceChildren();
  const figure = document.createElement('figure');
  figure.className = 'heatmap';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${d * size} ${d * size}`);
  svg.setAttribute('width', String(d * size));
  svg.setAttribute('height', String(d * size));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${title}: ${d} by ${d} matrix; its values are in the table below`);
  matrix.forEach((row, i) =>
    row.forEach((v, j) => {
      const rect = document.createElementNS(SVG, 'rect');
      rect.setAttribute('x', String(j * size));
      rect.setAttribute('y', String(i * size));
      rect.setAttribute('width', String(size));
      rect.setAttribute('height', String(size));
      rect.setAttribute('fill', Number.isFinite(v) ? colour(scale > 0 ? v / scale : 0) : '#888');
      rect.dataset.value = String(v);
      const tip = document.createElementNS(SVG, 'title');
      tip.textContent = `(${i + 1}, ${j + 1}) = ${formatNumber(v)}`;
      rect.append(tip);
      svg.append(rect);
    }),
  );
  const caption = document.createElement('figcaption');
  caption.textContent = title;
  const details = document.createElement('details');
  details.innerHTML = '<summary>values</summary>';
  const table = document.createElement('table');
  table.className = 'matrix-table';
  setHtml(
    table,
    html`<caption class="visually-hidden">${title}</caption><tbody>${matrix.map(
      (row) => html`<tr>${row.map((v) => html`<td data-value="${v}">${formatNumber(v, 4)}</td>`)}</tr>`,
    )}</tbody>`,
  );
  details.append(table);
  figure.append(svg, caption, details);
  host.append(figure);
}
