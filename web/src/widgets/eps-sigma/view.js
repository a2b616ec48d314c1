// Draws the ε and σ instrument's results: the scale at the reader's σ with the numbers around it, the
// log–log chart of the scale against σ, and the depth strip's two products as numbers and as a chart.
// Every number arrives computed by the kernels (kernels/norm-scale.js); this file only formats and places it.
import { placementOf } from '../../experiment/choices.js';
import { createChart, createDataTable } from '../../ui/chart.js';
import { formatNumber, texNumber } from '../../ui/format.js';
import { element, html, setHtml, trusted } from '../../ui/html.js';
import { texToMathml } from '../../ui/math.js';

// Shown while an input cannot be used: the numbers below are then the last ones that could be computed,
// or there are none yet.
function staleMarker(el) {
  let drawn = false;
  const note = el.querySelector('.es-stale');
  return {
    drawn() {
      drawn = true;
      el.classList.remove('stale');
    },
    mark() {
      note.textContent = drawn
        ? 'An input above cannot be used as it is: what follows is for the last inputs that could be.'
        : 'Nothing to show yet: an input above cannot be used as it is.';
      el.classList.add('stale');
    },
    // the inputs can be used, and their run (a measured stack) has not come in
    measuring() {
      note.textContent = drawn
        ? 'The new stack’s run is not in yet: what follows is for the last stack measured.'
        : 'The stack’s run is not in yet: its numbers come here when it is.';
      el.classList.add('stale');
    },
  };
}

// (the math's rendering is markup the page made: trusted)
const tex = (source) => trusted(texToMathml(source));

// A product that may have left float64 (0 or ∞): the number itself, else the power of ten the kernel kept.
const product = (value, log10) => (Number.isFinite(value) && value > 0 ? texNumber(value, 5) : `10^{${texNumber(log10, 5)}}`);

/** The scale at one σ and its chart. → {el, render(state), markStale(), destroy()} */
export function createScaleView() {
  const el = element(html`<div class="es-view">
    <p class="es-stale"></p>
    <p class="es-result scroll-x">${tex('s = \\dfrac{\\gamma}{\\sqrt{\\sigma^2+\\varepsilon}}')} =
      <output class="es-scale" data-scale="" aria-live="polite"></output> <span class="es-at"></span></p>
    <p class="es-note" role="status"></p>
    <div class="es-facts">
      <p class="scroll-x" data-fact="no-eps"></p><p class="scroll-x" data-fact="cap"></p>
      <p class="scroll-x" data-fact="slope"></p><p class="scroll-x" data-fact="share"></p>
    </div>
    <div class="es-chart"></div>
    <p class="es-off-axis" aria-live="polite"></p></div>`);
  const $ = (s) => el.querySelector(s);
  const host = $('.es-chart');
  const chart = createChart(host, { x: { label: 'σ', log: true }, y: { label: 'scale γ/√(σ² + ε)', log: true }, live: false, height: 280 });
  chart.describe('Line chart, logarithmic axes: the scale γ/√(σ² + ε) against σ. Nothing is drawn until σ, ε and γ can be read.');
  const table = createDataTable();
  host.append(table.el);

  const stale = staleMarker(el);

  function render({ sigma, eps, gamma, r, axis }) {
    stale.drawn();
    const out = $('.es-scale');
    out.dataset.scale = String(r.scale);
    out.textContent = Number.isFinite(r.scale) ? formatNumber(r.scale, 6) : 'infinite (see below)';
    $('.es-at').textContent = `at σ = ${formatNumber(sigma)}, ε = ${formatNumber(eps)}, γ = ${formatNumber(gamma)}`;
    $('.es-note').textContent = r.note;

    const fact = (name, markup) => setHtml($(`[data-fact="${name}"]`), markup);
    fact('no-eps', html`With ${tex('\\varepsilon = 0')}: ${tex(`\\gamma/\\sigma = ${texNumber(r.scaleNoEps)}`)}`);
    fact('cap', html`The cap, the scale as ${tex('\\sigma \\to 0')}: ${tex(`\\gamma/\\sqrt{\\varepsilon} = ${texNumber(r.cap)}`)}`);
    fact(
      'slope',
      html`The log–log slope ${tex(`\\dfrac{d\\ln s}{d\\ln\\sigma} = -\\dfrac{\\sigma^2}{\\sigma^2+\\varepsilon} = ${texNumber(r.slope)}`)}
       (−1 while σ² outweighs ε, 0 once ε alone is left; −½ at ${tex(`\\sigma = \\sqrt{\\varepsilon} = ${texNumber(r.knee)}`)})`,
    );
    fact('share', html`The share of the scale ε takes away, ${tex(`1 - \\sigma/\\sqrt{\\sigma^2+\\varepsilon} = ${texNumber(r.epsEffect)}`)}`);

    const { curve } = r;
    const n = curve.sigma.length;
    const capped = Number.isFinite(r.cap);
    const onAxis = curve.reader >= 0;
    const series = [
      { key: 'eps', label: 'with your ε', colour: '--accent' },
      { key: 'zero', label: 'with ε = 0 (γ/σ)', colour: '--muted', dash: [6, 4] },
      ...(capped ? [{ key: 'cap', label: 'the cap γ/√ε', colour: '--danger', dash: [2, 3], width: 1.5, points: false }] : []),
      ...(onAxis ? [{ key: 'you', label: 'your σ', colour: '--fg', line: false, pointSize: 10 }] : []),
    ];
    $('.es-off-axis').textContent = onAxis
      ? ''
      : `Your σ = ${formatNumber(sigma)} lies outside this chart’s axis (σ from ${formatNumber(axis.min)} to ${formatNumber(axis.max)}): ` +
        'its scale is the one given above, and is not marked on the curve.';
    const you = curve.sigma.map((_, i) => (i === curve.reader ? curve.scale[i] : null));
    const data = [curve.sigma, curve.scale, curve.scaleNoEps, ...(capped ? [Array(n).fill(r.cap)] : []), ...(onAxis ? [you] : [])];
    chart.update(series, data);
    chart.describe(
      `Line chart, logarithmic axes: the scale γ/√(σ² + ε) against σ from ${formatNumber(axis.min)} to ${formatNumber(axis.max)}, ` +
        `with γ = ${formatNumber(gamma)}, for ε = ${formatNumber(eps)} and for ε = 0` +
        (capped ? `, with the cap γ/√ε = ${formatNumber(r.cap)} as a line` : '') +
        (onAxis ? `, and your σ = ${formatNumber(sigma)} marked` : `; your σ = ${formatNumber(sigma)} lies off this axis`) +
        '. The values are in the data table below.',
    );
    table.update({
      caption: `The scale against σ, γ = ${formatNumber(gamma)}, ε = ${formatNumber(eps)}.`,
      rowHeader: 'σ',
      columns: series.filter((s) => s.key !== 'you'),
      rows: curve.sigma.map((s, i) => ({
        key: String(i),
        label: formatNumber(s, 4) + (i === curve.reader ? ' (yours)' : ''),
        className: i === curve.reader ? 'summary-row' : '',
        values: [curve.scale[i], curve.scaleNoEps[i], ...(capped ? [r.cap] : [])],
      })),
    });
  }

  return {
    el,
    render,
    markStale: () => stale.mark(),
    destroy: () => chart.destroy(),
  };
}

const IMBALANCE = (n, value) => html`Over these ${n} blocks, the first block's scale over the last one's: ${value}.`;

/** The depth strip's results: the two products side by side, the imbalance, and their chart. */
export function createDepthView() {
  const el = element(html`<div class="es-view es-depth-view">
    <p class="es-stale"></p>
    <div class="es-products">
      <p class="scroll-x"><span class="es-product-name">Post-LN chain ${tex('\\prod_{i=1}^{L} \\dfrac{\\gamma}{\\sqrt{\\sigma_i^2+\\varepsilon}}')}</span>
        <output class="es-chain">${tex('= \\ldots')}</output></p>
      <p class="scroll-x"><span class="es-product-name">Pre-LN bound ${tex('(1+\\delta)^L')}</span>
        <output class="es-bound">${tex('= \\ldots')}</output></p>
    </div>
    <p class="es-imbalance">${IMBALANCE(tex('L'), tex('\\ldots'))}</p>
    <div class="es-chart"></div></div>`);
  const $ = (s) => el.querySelector(s);
  const host = $('.es-chart');
  const CHART_HEIGHT = 220;
  const chart = createChart(host, { x: { label: 'blocks crossed k', integer: true }, y: { label: 'log₁₀ of the product' }, live: false, height: CHART_HEIGHT });
  chart.describe(
    'Line chart: log₁₀ of the Post-LN chain of scales and of the Pre-LN bound against the blocks crossed. Nothing is drawn until the inputs can be read.',
  );
  const series = (points) => [
    // each line in its wiring's colour, as in every chart of the page
    { key: 'chain', label: 'Post-LN chain', colour: placementOf('post').colour, points },
    { key: 'bound', label: 'Pre-LN bound (1+δ)ᵏ', colour: placementOf('pre').colour, points },
  ];
  // the chart's room kept from the start, so a first result that comes in later (a measured stack's run) draws
  // into it and moves nothing below; not an empty frame, whose axes would resize under the reader's eyes when
  // the first values set their ticks
  chart.el.style.minHeight = `${CHART_HEIGHT}px`;
  const table = createDataTable();
  host.append(table.el);

  const stale = staleMarker(el);

  function render({ d, delta }) {
    stale.drawn();
    const n = d.sigma.length;
    const chain = $('.es-chain');
    chain.dataset.value = String(d.chain[n - 1]);
    chain.dataset.log10 = String(d.chainLog10[n - 1]);
    setHtml(chain, tex(`= ${product(d.chain[n - 1], d.chainLog10[n - 1])}`));
    const bound = $('.es-bound');
    bound.dataset.value = String(d.bound[n - 1]);
    bound.dataset.log10 = String(d.boundLog10[n - 1]);
    setHtml(bound, tex(`= ${product(d.bound[n - 1], d.boundLog10[n - 1])}`));
    setHtml(
      $('.es-imbalance'),
      IMBALANCE(n, html`<output class="es-first-over-last" data-value="${d.firstOverLast}">${tex(product(d.firstOverLast, d.firstOverLastLog10))}</output>`),
    );

    const layers = Array.from({ length: n }, (_, i) => i + 1);
    chart.update(series(n <= 12), [layers, d.chainLog10, d.boundLog10]);
    chart.describe(
      `Line chart: log₁₀ of the Post-LN chain of scales and of the Pre-LN bound (1+δ)ᵏ with δ = ${formatNumber(delta)}, ` +
        `after k = 1 to ${n} blocks. The values are in the data table below.`,
    );
    table.update({
      caption: `Block by block: σₖ, its scale γ/√(σₖ² + ε), and log₁₀ of both products after k blocks (δ = ${formatNumber(delta)}).`,
      rowHeader: 'block k',
      columns: [
        { key: 'sigma', label: 'σₖ' },
        { key: 'scale', label: 'scale γ/√(σₖ² + ε)' },
        { key: 'chain', label: 'log₁₀ Post-LN chain' },
        { key: 'bound', label: 'log₁₀ Pre-LN bound' },
      ],
      rows: layers.map((k, i) => ({ key: String(k), label: String(k), values: [d.sigma[i], d.scale[i], d.chainLog10[i], d.boundLog10[i]] })),
    });
  }

  return {
    el,
    render,
    markStale: () => stale.mark(),
    markMeasuring: () => stale.measuring(),
    destroy: () => chart.destroy(),
  };
}
