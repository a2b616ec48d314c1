// A matrix drawn as a grid of coloured cells (diverging: blue < 0 < red, white at 0) with its row and column
// numbers, each value in the cell's tooltip, and the whole matrix one click away as a table; and the colour
// scale that a group of heat maps shares. Draws only: the numbers come in.
import { formatNumber, formatValue } from './format.js';
import { element, html } from './html.js';

const SVG = 'http://www.w3.org/2000/svg';
const NEGATIVE = [40, 90, 200];
const POSITIVE = [200, 40, 40];
/** @param {number[]} rgb */
const rgb = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

// t in [−1, 1] → colour: white mixed towards the end colour in proportion to |t|
function colour(t) {
  const a = Math.min(1, Math.abs(t));
  return rgb((t >= 0 ? POSITIVE : NEGATIVE).map((c) => Math.round(255 + (c - 255) * a)));
}

function svgElement(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  return node;
}

function label(x, y, text, anchor) {
  const t = svgElement('text', { x, y, 'text-anchor': anchor, 'dominant-baseline': 'central', class: 'heatmap-index' });
  t.textContent = text;
  return t;
}

/**
 * @param {HTMLElement} host
 * @param {{title: string, matrix: number[][], scale: number, cell?: number}} spec scale = |value| drawn at full colour
 */
export function drawHeatmap(host, { title, matrix, scale, cell = 0 }) {
  const d = matrix.length;
  const size = cell || Math.max(6, Math.min(40, Math.floor(200 / d)));
  const every = Math.ceil(12 / size); // number every row and column, or every 2nd, 3rd … when cells are small
  const numbered = (i) => i === 0 || (i + 1) % every === 0;
  const left = 8 + 7 * String(d).length; // room for the row numbers
  const top = 14; // room for the column numbers
  host.replaceChildren();
  const figure = element(html`<figure class="heatmap"></figure>`);
  const svg = svgElement('svg', {
    viewBox: `0 0 ${left + d * size + 1} ${top + d * size + 1}`,
    width: left + d * size + 1,
    height: top + d * size + 1,
    role: 'img',
    'aria-label': `${title}: ${d} by ${d} matrix, rows a and columns b numbered from 1; its values are in the table below`,
  });
  for (let i = 0; i < d; i++) {
    if (!numbered(i)) continue;
    svg.append(label(left - 4, top + (i + 0.5) * size, i + 1, 'end'), label(left + (i + 0.5) * size, top / 2, i + 1, 'middle'));
  }
  matrix.forEach((row, i) =>
    row.forEach((v, j) => {
      const rect = svgElement('rect', {
        x: left + j * size,
        y: top + i * size,
        width: size,
        height: size,
        fill: Number.isFinite(v) ? colour(scale > 0 ? v / scale : 0) : '#888',
      });
      rect.dataset.value = String(v);
      const tip = document.createElementNS(SVG, 'title');
      tip.textContent = `row ${i + 1}, column ${j + 1}: ${formatValue(v)}`;
      rect.append(tip);
      svg.append(rect);
    }),
  );
  svg.append(svgElement('rect', { x: left, y: top, width: d * size, height: d * size, fill: 'none', class: 'heatmap-frame' }));
  const head = matrix.map((_, j) => html`<th scope="col">${j + 1}</th>`);
  const details = element(html`<details><summary>values</summary><table class="matrix-table">
    <caption class="visually-hidden">${title}</caption><thead><tr><td></td>${head}</tr></thead><tbody>${matrix.map(
      (row, i) => html`<tr><th scope="row">${i + 1}</th>${row.map((v) => html`<td data-value="${v}">${formatValue(v, 4)}</td>`)}</tr>`,
    )}</tbody></table></details>`);
  figure.append(svg, element(html`<figcaption>${title}</figcaption>`), details);
  host.append(figure);
}

let gradients = 0;

/** The colour scale of heat maps drawn with `scale`: blue at −scale, white at 0, red at +scale. */
export function drawColourScale(host, { scale }) {
  const id = `heatmap-scale-${++gradients}`;
  const width = 200;
  const svg = svgElement('svg', {
    viewBox: `0 0 ${width + 40} 30`,
    width: width + 40,
    height: 30,
    role: 'img',
    class: 'heatmap-scale',
    'aria-label': `Colour scale: full blue is −${formatNumber(scale)}, white is 0, full red is ${formatNumber(scale)}`,
  });
  const gradient = svgElement('linearGradient', { id });
  for (const [offset, c] of [
    [0, rgb(NEGATIVE)],
    [0.5, 'rgb(255, 255, 255)'],
    [1, rgb(POSITIVE)],
  ]) {
    gradient.append(svgElement('stop', { offset, 'stop-color': c }));
  }
  const defs = svgElement('defs', {});
  defs.append(gradient);
  svg.append(defs, svgElement('rect', { x: 20, y: 2, width, height: 10, fill: `url(#${id})`, class: 'heatmap-frame' }));
  for (const [x, text] of [
    [20, formatNumber(-scale)],
    [20 + width / 2, '0'],
    [20 + width, formatNumber(scale)],
  ]) {
    const t = svgElement('text', { x, y: 23, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'heatmap-index' });
    t.textContent = text;
    svg.append(t);
  }
  host.replaceChildren(svg);
}
