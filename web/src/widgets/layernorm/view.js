// Draws one norm's result, LayerNorm's or RMSNorm's (one render; what differs is the kind's entry in KINDS below):
// the output vector, the step-by-step solution in KaTeX, the degenerate cases explained, and the Jacobian with the
// terms that sum to it (the kernel's jacobian.terms, in its order) as heat maps on one colour scale. Every number
// shown arrives computed; where the steps leave float64's range, they are shown in the kernel's unit u.
import katex from 'katex';
import { formatNumber, texNumber, texVector } from '../../ui/format.js';
import { drawColourScale, drawHeatmap } from '../../ui/heatmap.js';
import { element, html, joinHtml, setHtml, trusted } from '../../ui/html.js';

// (KaTeX's rendering is markup the page made: trusted)
const tex = (source, display = false) => trusted(katex.renderToString(source, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' }));
// the output vector, each entry with its value for tests and a mark where it is NaN
const entries = (y) =>
  html`[${joinHtml(y.map((v) => html`<span class="ln-entry${Number.isNaN(v) ? ' nan' : ''}" data-value="${v}">${formatNumber(v)}</span>`), ', ')}]`;

// What a kind's steps say in words and formulas (the numbers all come from the kernel's steps): each entry gives the
// name over the output, the note above the steps, the step lines, and the Jacobian's titles and sentences.
const KINDS = {
  ln: {
    name: 'LN(x)',
    note({ steps, eps, inUnit }) {
      if (steps.sigma === 0) {
        return html`All entries are equal, so every deviation is 0 and ${tex('\\sigma^2 = 0')}. With ${tex('\\varepsilon = 0')} the
          denominator ${tex('\\sqrt{\\sigma^2+\\varepsilon}')} is 0 too: each output is ${tex('0/0')}, which has no value
          (NaN in code). Any ${tex('\\varepsilon > 0')} makes the denominator ${tex('\\sqrt{\\varepsilon}')} and the output
          ${tex('0\\cdot\\gamma + \\beta = \\beta')}: that is why real code never sets ε to 0.`;
      }
      if (steps.deviations.every((v) => v === 0)) {
        return html`All entries are equal: the deviations are 0, so the output is ${tex('\\beta')}. ε keeps the
          denominator at ${tex(`\\sqrt{\\varepsilon} = ${texNumber(steps.sigma)}`)} instead of 0.`;
      }
      if (inUnit) {
        const k = Math.log2(steps.unit); // u is a power of two
        return html`The squares of these deviations are ${steps.unit < 1 ? 'smaller than the smallest' : 'larger than the largest'}
          number float64 can hold (about ${steps.unit < 1 ? '5e−324' : '1.8e308'}), so ${tex('\\sigma^2')} cannot be written down in x’s
          units. LayerNorm ignores a common factor: x with ε gives the same output as ${tex('x/u')} with ${tex('\\varepsilon/u^2')}.
          So the kernel works in the unit ${tex(`u = 2^{${k}}`)}, and the steps below are those of ${tex('x/u')}, where
          ${tex(`\\sigma^2 = ${texNumber(inUnit.variance)}\\,u^2`)}.`;
      }
      if (steps.variance === 0) {
        return html`The squares of the deviations are smaller than the smallest number float64 can hold (about 5e−324),
          so ${tex('\\sigma^2')} shows as 0. Next to ${tex(`\\varepsilon = ${texNumber(eps)}`)} they change nothing:
          ${tex('\\sqrt{\\sigma^2+\\varepsilon} = \\sqrt{\\varepsilon}')} to every digit float64 keeps.`;
      }
      return html``;
    },
    lines: ({ d, s, steps, xs, es, xName, eName, sum }) => [
      ['Mean', `\\mu = \\tfrac{1}{${d}}\\left(${sum(xs)}\\right) = ${texNumber(s.mean)}`],
      ['Deviations', `${xName} - \\mu = ${texVector(s.deviations)}`],
      ['Squares', `(${xName} - \\mu)^2 = ${texVector(s.squares)}`],
      ['Variance (÷d)', `\\sigma^2 = \\tfrac{1}{${d}}\\left(${sum(s.squares)}\\right) = ${texNumber(s.variance)}`],
      ['Denominator', `\\sqrt{\\sigma^2 + ${eName}} = \\sqrt{${texNumber(s.variance)} + ${texNumber(es)}} = ${texNumber(s.sigma)}`],
      ['Normalise', `\\hat z = \\frac{${xName} - \\mu}{\\sqrt{\\sigma^2+${eName}}} = ${texVector(s.zhat)}`],
      ['Scale and shift', `y = \\gamma \\odot \\hat z + \\beta = ${texVector(steps.y)}`],
    ],
    titles: {
      J: 'J = all three terms',
      diagonal: 'diagonal  γₐ/√(σ²+ε) · δₐᵦ',
      meanRemoval: 'mean removal  −γₐ/√(σ²+ε) · 1/d',
      varianceRemoval: 'variance removal  −γₐ/√(σ²+ε) · ẑₐẑᵦ/d',
    },
    scale: (diag) => html`The scale ${tex(`\\gamma/\\sqrt{\\sigma^2+\\varepsilon} = ${texNumber(diag)}`)} is one number: it multiplies every entry of J and of its three terms.`,
    rowScale: () => html`Row ${tex('a')} of every term carries its own scale ${tex('\\gamma_a/\\sqrt{\\sigma^2+\\varepsilon}')}, the diagonal of the second map.`,
    finiteNote: () => html`Rows are numbered by the output ${tex('a')}, columns by the input ${tex('b')}. Each row sums to zero
      (${tex('J\\mathbf 1 = 0')}): adding the same amount to every entry of x changes nothing. Blue is negative,
      red positive, white 0, on the scale below; hover over a cell, or tap it, for its value, or open its values.`,
    infiniteNote: () => html`The Jacobian does not exist here: its scale ${tex('\\gamma/\\sqrt{\\sigma^2+\\varepsilon}')} divides by 0.`,
  },
  // RMSNorm: x̂ = x/√(mean(x²) + ε), y = g ⊙ x̂; no mean, so no deviations and two terms
  rms: {
    name: 'RMS(x)',
    note({ steps, inUnit }) {
      if (steps.rms === 0) {
        return html`Every entry is 0, so the mean of the squares is 0. With ${tex('\\varepsilon = 0')} the denominator
          ${tex('\\sqrt{\\overline{x^2}+\\varepsilon}')} is 0 too: each output is ${tex('0/0')}, which has no value (NaN in code).`;
      }
      if (inUnit) {
        const k = Math.log2(steps.unit);
        return html`The squares of these entries lie past what float64 can hold, so the kernel works in the unit
          ${tex(`u = 2^{${k}}`)}: RMSNorm of x with ε equals RMSNorm of ${tex('x/u')} with ${tex('\\varepsilon/u^2')}, and the steps below are those of ${tex('x/u')}.`;
      }
      return html`Nothing is subtracted: the output keeps the mean of x, scaled by ${tex('1/\\sqrt{\\overline{x^2}+\\varepsilon}')}
        like every entry. LayerNorm would have removed it.`;
    },
    lines: ({ d, s, steps, es, xName, eName, sum }) => [
      ['Squares', `${xName}^2 = ${texVector(s.squares)}`],
      ['Mean square (÷d)', `\\overline{${xName}^2} = \\tfrac{1}{${d}}\\left(${sum(s.squares)}\\right) = ${texNumber(s.meanSquare)}`],
      ['Denominator', `\\sqrt{\\overline{${xName}^2} + ${eName}} = \\sqrt{${texNumber(s.meanSquare)} + ${texNumber(es)}} = ${texNumber(s.rms)}`],
      ['Normalise', `\\hat x = \\frac{${xName}}{\\sqrt{\\overline{${xName}^2}+${eName}}} = ${texVector(s.xhat)}`],
      ['Scale', `y = g \\odot \\hat x = ${texVector(steps.y)}`],
    ],
    titles: {
      J: 'J = both terms',
      diagonal: 'diagonal  gₐ/rms · δₐᵦ',
      scaleRemoval: 'scale removal  −gₐ/rms · x̂ₐx̂ᵦ/d',
    },
    scale: (diag) => html`The scale ${tex(`g/\\sqrt{\\overline{x^2}+\\varepsilon} = ${texNumber(diag)}`)} is one number: it multiplies every entry of J and of its two terms.`,
    rowScale: () => html`Row ${tex('a')} of every term carries its own scale ${tex('g_a/\\sqrt{\\overline{x^2}+\\varepsilon}')}, the diagonal of the second map.`,
    finiteNote: () => html`There is no mean-removal term, so the rows do not sum to zero: adding the same amount to every entry of x
      does change the output. With ${tex('\\varepsilon = 0')} scaling x changes nothing (${tex('J x = 0')}). Blue is
      negative, red positive, white 0, on the scale below.`,
    infiniteNote: () => html`The Jacobian does not exist here: its scale divides by 0.`,
  },
};

export function createView() {
  const el = element(html`<div class="ln-view">
    <p class="ln-output"><span class="ln-name">LN(x)</span> = <output class="ln-y" aria-live="polite"></output></p>
    <p class="ln-note" role="status"></p>
    <h3 class="ln-heading">Step by step</h3>
    <ol class="ln-steps"></ol>
    <h3 class="ln-heading">The Jacobian</h3>
    <p class="ln-jac-scale"></p>
    <p class="ln-jac-note"></p>
    <div class="ln-jac-legend"></div>
    <div class="ln-jacobian"></div></div>`);
  const $ = (s) => el.querySelector(s);

  // kind: 'ln' or 'rms'; steps: the kernel's steps for x; inUnit: the same for x/u when steps.unit ≠ 1; jacobian:
  // the kernel's Jacobian with its terms, or {error} when it lies past float64
  function render({ kind, x, eps, gain, steps, inUnit, jacobian }) {
    const K = KINDS[kind];
    el.classList.remove('stale');
    $('.ln-name').textContent = K.name;
    setHtml($('.ln-y'), entries(steps.y));
    setHtml($('.ln-note'), K.note({ steps, eps, inUnit }));

    const sumOf = (values) => values.map((v) => texNumber(v)).join(' + ').replace(/\+ -/g, '- ');
    const sum = (values) => (values.length <= 8 ? sumOf(values) : '\\cdots');
    // in the unit, every step is the same formula applied to x/u and ε/u²
    const s = inUnit ?? steps;
    const [xs, es, xName, eName] = inUnit ? [steps.xInUnit, steps.epsInUnit, 'x/u', '\\varepsilon/u^2'] : [x, eps, 'x', '\\varepsilon'];
    const lines = [
      ...(inUnit ? [['In the unit u', `x/u = ${texVector(xs)}, \\quad \\varepsilon/u^2 = ${texNumber(es)}`]] : []),
      ...K.lines({ d: x.length, s, steps, xs, es, xName, eName, sum }),
    ];
    // a step too long for the screen scrolls in its own line (.scroll-x), never cut off by the widget's edge
    setHtml($('.ln-steps'), html`${lines.map(([name, t]) => html`<li><div class="scroll-x"><span class="step-name">${name}</span> ${tex(t)}</div></li>`)}`);

    const maps = $('.ln-jacobian');
    if (jacobian.error) {
      maps.replaceChildren();
      $('.ln-jac-legend').replaceChildren();
      $('.ln-jac-scale').textContent = '';
      $('.ln-jac-note').textContent = `The Jacobian cannot be shown: ${jacobian.error}.`;
      return;
    }
    // J first, then the terms that sum to it, as the kernel lists them
    const keys = ['J', ...jacobian.terms];
    const boxes = keys.map((key) => element(html`<div data-term="${key}"></div>`));
    maps.replaceChildren(...boxes);
    const finite = jacobian.J.flat().every(Number.isFinite);
    // one colour scale for J and its terms, so their sizes compare at a glance
    const scale = finite ? Math.max(...keys.flatMap((key) => jacobian[key].flat().map(Math.abs)), 1e-300) : 0;
    keys.forEach((key, i) => drawHeatmap(boxes[i], { title: K.titles[key] ?? key, matrix: jacobian[key], scale }));
    if (finite) drawColourScale($('.ln-jac-legend'), { scale });
    else $('.ln-jac-legend').replaceChildren();
    const uniformGain = gain.every((g) => g === gain[0]);
    setHtml($('.ln-jac-scale'), !finite ? html`` : uniformGain ? K.scale(jacobian.diagonal[0][0]) : K.rowScale());
    setHtml($('.ln-jac-note'), finite ? K.finiteNote() : K.infiniteNote());
  }

  return {
    el,
    render,
    markStale() {
      el.classList.add('stale');
    },
  };
}
