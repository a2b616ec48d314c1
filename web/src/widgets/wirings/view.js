// Figure s01 drawn by hand: one SVG per wiring, same coordinates in both, so the two rows line up.
//   - the residual stream is a thick cyan pipe from x_i (left) to x_{i+1} (right);
//   - the branch leaves the pipe, runs below it through its boxes and rejoins at the "+" junction;
//   - the gradient overlay (hidden until the row is active) traces the backward path, drawn from the
//     output towards the input so that the dashes flow right to left.
// Pre-LN: LN and F sit on the branch, the pipe is never interrupted. Post-LN: only F is on the branch;
// the LN box sits on the pipe after the "+", so every path, forward and backward, goes through it.
// Every piece is an html`…` template (ui/html.js), nested in the next.
import { html } from '../../ui/html.js';

const W = 400; // viewBox width; the SVG scales to its column (about 320 px on a phone, 510 px at most)
const H = 126;
const PIPE_Y = 36;
const BRANCH_Y = 98;
const BOX_H = 36;
const BOX_W = 54;
const PIPE_X0 = 36;
const PIPE_X1 = 336; // where the arrowhead starts
const SPLIT_X = 82;
const R = 13; // radius of the "+" junction

// x with a subscript, as SVG text: "x" then a lowered, smaller subscript
const xSub = (x, y, sub, anchor = 'start') =>
  html`<text class="wr-var" x="${x}" y="${y}" dy="0.35em" text-anchor="${anchor}">x<tspan class="wr-sub" baseline-shift="sub">${sub}</tspan></text>`;

const box = (kind, cx, cy, label, h = BOX_H) => html`
  <g class="wr-box wr-box-${kind}" data-box="${kind}">
    <rect x="${cx - BOX_W / 2}" y="${cy - h / 2}" width="${BOX_W}" height="${h}" rx="5"/>
    <text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle">${label}</text>
  </g>`;

// a small forward-direction arrowhead on the branch, pointing right (dir 'r') or up (dir 'u'), tip at (x, y)
const tip = (x, y, dir) => (dir === 'r' ? html`<path class="wr-tip" d="M${x} ${y} l-8 -5 v10 z"/>` : html`<path class="wr-tip" d="M${x} ${y} l-5 8 h10 z"/>`);

const junction = (cx) => html`
  <g class="wr-plus">
    <circle cx="${cx}" cy="${PIPE_Y}" r="${R}"/>
    <path d="M${cx - 6.5} ${PIPE_Y} h13 M${cx} ${PIPE_Y - 6.5} v13"/>
  </g>`;

const pipe = () => html`
  <path class="wr-pipe" d="M${PIPE_X0} ${PIPE_Y} H${PIPE_X1 + 1}"/>
  <path class="wr-pipe-head" d="M${PIPE_X1} ${PIPE_Y - 11} L${PIPE_X1 + 16} ${PIPE_Y} L${PIPE_X1} ${PIPE_Y + 11} z"/>`;

// The gradient overlay: a dashed path with a halo (so it reads on the cyan pipe and on the page), and an
// arrowhead where it arrives. `weight` is 'main' (full strength) or 'side' (fainter).
const gradPath = (d, weight) => html`
  <g class="wr-grad wr-grad-${weight}" data-grad="${weight}">
    <path class="wr-grad-halo" d="${d}"/>
    <path class="wr-grad-line" d="${d}"/>
  </g>`;

const gradHead = (x, y) => html`<path class="wr-grad wr-grad-head" data-grad="head" d="M${x} ${y} l11 -7 v14 z"/>`;

// What both wirings share: the pipe, and the branch that leaves it at the split and rejoins at plusX.
const residual = (plusX) => html`
    ${pipe()}
    <path class="wr-branch" d="M${SPLIT_X} ${PIPE_Y + 5} V${BRANCH_Y} H${plusX} V${PIPE_Y + R}"/>
    <circle class="wr-split" cx="${SPLIT_X}" cy="${PIPE_Y}" r="4.5"/>`;

// The backward paths over it: back through the branch (side) and straight along the pipe (main).
const gradientOverlay = (plusX) => html`
    ${gradPath(`M${plusX} ${PIPE_Y} V${BRANCH_Y} H${SPLIT_X} V${PIPE_Y}`, 'side')}
    ${gradPath(`M${PIPE_X1 + 12} ${PIPE_Y} H${PIPE_X0 + 10}`, 'main')}
    ${gradHead(PIPE_X0 - 2, PIPE_Y)}`;

function preLN() {
  const lnX = 138;
  const fX = 226;
  const plusX = 296;
  return html`
    ${residual(plusX)}
    ${tip(lnX - BOX_W / 2, BRANCH_Y, 'r')}
    ${tip(fX - BOX_W / 2, BRANCH_Y, 'r')}
    ${tip(plusX, PIPE_Y + R, 'u')}
    ${gradientOverlay(plusX)}
    ${box('ln', lnX, BRANCH_Y, 'LN')}
    ${box('f', fX, BRANCH_Y, 'F')}
    ${junction(plusX)}
    <text class="wr-note" x="${(PIPE_X0 + plusX) / 2 + 20}" y="${PIPE_Y - 17}" text-anchor="middle">identity I: no norm on this path</text>`;
}

function postLN() {
  const fX = 160;
  const plusX = 236;
  const lnX = 296;
  return html`
    ${residual(plusX)}
    ${tip(fX - BOX_W / 2, BRANCH_Y, 'r')}
    ${tip(plusX, PIPE_Y + R, 'u')}
    ${gradientOverlay(plusX)}
    ${box('f', fX, BRANCH_Y, 'F')}
    ${junction(plusX)}
    ${box('ln', lnX, PIPE_Y, 'LN', 40)}
    <text class="wr-note" x="${plusX + 12}" y="${PIPE_Y + 46}">every path × J<tspan class="wr-sub" baseline-shift="sub">LN</tspan></text>`;
}

/** The SVG markup of one row: kind is 'pre' or 'post'. */
export function rowSvg(kind) {
  return html`
  <svg class="wr-svg" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">
    ${xSub(4, PIPE_Y, 'i')}
    ${xSub(W - 4, PIPE_Y, 'i+1', 'end')}
    ${kind === 'pre' ? preLN() : postLN()}
  </svg>`;
}
