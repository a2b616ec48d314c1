// Draws one LayerNorm result: the output vector, the step-by-step solution in KaTeX, the degenerate cases
// explained, and the Jacobian with its three terms as heat maps on one colour scale; or the same for RMSNorm
// (renderRms: no mean, so no deviations and two terms). Every number shown
// arrives computed; where the steps leave float64's range, they are shown in the kernel's unit u.
import katex from 'katex';
import { formatNumber, texNumber, texVector } from '../../ui/format.js';
import { drawColourScale, drawHeatmap } from '../../ui/heatmap.js';
import { element, html, joinHtml, setHtml, trusted } from '../../ui/html.js';

// (KaTeX's rendering is markup the page made: trusted)
const tex = (source, display = false) => trusted(katex.renderToString(source, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' }));
// the output vector, each entry with its value for tests and a mark where it is NaN
const entries = (y) =>
  html`[${joinHtml(y.map((v) => html`<span class="ln-entry${Number.isNaN(v) ? ' nan' : ''}" data-value="${v}">${formatNumber(v)}</span>`), ', ')}]`;

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
    <div class="ln-jacobian">
      <div data-term="J"></div><div data-term="diagonal"></div>
      <div data-term="meanRemoval"></div><div data-term="varianceRemoval"></div>
    </div></div>`);
  const $ = (s) => el.querySelector(s);

  // steps: the kernel's steps for x; inUnit: the same for x/u when steps.unit ≠ 1; jacobian: the
  // kernel's Jacobian, or {error} when it lies past float64
  function render({ x, eps, gamma, steps, inUnit, jacobian }) {
    el.classList.remove('stale');
    const d = x.length;
    const undefinedOutput = steps.sigma === 0;
    const allEqual = steps.deviations.every((v) => v === 0);

    setHtml($('.ln-y'), entries(steps.y));

    const note = $('.ln-note');
    if (undefinedOutput) {
      setHtml(note, html`All entries are equal, so every deviation is 0 and ${tex('\\sigma^2 = 0')}. With ${tex('\\varepsilon = 0')} the
        denominator ${tex('\\sqrt{\\sigma^2+\\varepsilon}')} is 0 too: each output is ${tex('0/0')}, which has no value
        (NaN in code). Any ${tex('\\varepsilon > 0')} makes the denominator ${tex('\\sqrt{\\varepsilon}')} and the output
        ${tex('0\\cdot\\gamma + \\beta = \\beta')}: that is why real code never sets ε to 0.`);
    } else if (allEqual) {
      setHtml(note, html`All entries are equal: the deviations are 0, so the output is ${tex('\\beta')}. ε keeps the
        denominator at ${tex(`\\sqrt{\\varepsilon} = ${texNumber(steps.sigma)}`)} instead of 0.`);
    } else if (inUnit) {
      const k = Math.log2(steps.unit); // u is a power of two
      setHtml(note, html`The squares of these deviations are ${steps.unit < 1 ? 'smaller than the smallest' : 'larger than the largest'}
        number float64 can hold (about ${steps.unit < 1 ? '5e−324' : '1.8e308'}), so ${tex('\\sigma^2')} cannot be written down in x’s
        units. LayerNorm ignores a common factor: x with ε gives the same output as ${tex('x/u')} with ${tex('\\varepsilon/u^2')}.
        So the kernel works in the unit ${tex(`u = 2^{${k}}`)}, and the steps below are those of ${tex('x/u')}, where
        ${tex(`\\sigma^2 = ${texNumber(inUnit.variance)}\\,u^2`)}.`);
    } else if (steps.variance === 0) {
      setHtml(note, html`The squares of the deviations are smaller than the smallest number float64 can hold (about 5e−324),
        so ${tex('\\sigma^2')} shows as 0. Next to ${tex(`\\varepsilon = ${texNumber(eps)}`)} they change nothing:
        ${tex('\\sqrt{\\sigma^2+\\varepsilon} = \\sqrt{\\varepsilon}')} to every digit float64 keeps.`);
    } else {
      note.textContent = '';
    }

    const sumOf = (values) => values.map((v) => texNumber(v)).join(' + ').replace(/\+ -/g, '- ');
    const shortSum = (values) => (values.length <= 8 ? sumOf(values) : '\\cdots');
    // in the unit, every step is the same formula applied to x/u and ε/u²
    const s = inUnit ?? steps;
    const [xs, es, xName, eName] = inUnit ? [steps.xInUnit, steps.epsInUnit, 'x/u', '\\varepsilon/u^2'] : [x, eps, 'x', '\\varepsilon'];
    const lines = [
      ...(inUnit ? [['In the unit u', `x/u = ${texVector(xs)}, \\quad \\varepsilon/u^2 = ${texNumber(es)}`]] : []),
      ['Mean', `\\mu = \\tfrac{1}{${d}}\\left(${shortSum(xs)}\\right) = ${texNumber(s.mean)}`],
      ['Deviations', `${xName} - \\mu = ${texVector(s.deviations)}`],
      ['Squares', `(${xName} - \\mu)^2 = ${texVector(s.squares)}`],
      ['Variance (÷d)', `\\sigma^2 = \\tfrac{1}{${d}}\\left(${shortSum(s.squares)}\\right) = ${texNumber(s.variance)}`],
      ['Denominator', `\\sqrt{\\sigma^2 + ${eName}} = \\sqrt{${texNumber(s.variance)} + ${texNumber(es)}} = ${texNumber(s.sigma)}`],
      ['Normalise', `\\hat z = \\frac{${xName} - \\mu}{\\sqrt{\\sigma^2+${eName}}} = ${texVector(s.zhat)}`],
      ['Scale and shift', `y = \\gamma \\odot \\hat z + \\beta = ${texVector(steps.y)}`],
    ];
    // a step too long for the screen scrolls in its own line (.scroll-x), never cut off by the widget's edge
    setHtml($('.ln-steps'), html`${lines.map(([name, t]) => html`<li><div class="scroll-x"><span class="step-name">${name}</span> ${tex(t)}</div></li>`)}`);

    const terms = [
      ['J', 'J = all three terms'],
      ['diagonal', 'diagonal  γₐ/√(σ²+ε) · δₐᵦ'],
      ['meanRemoval', 'mean removal  −γₐ/√(σ²+ε) · 1/d'],
      ['varianceRemoval', 'variance removal  −γₐ/√(σ²+ε) · ẑₐẑᵦ/d'],
    ];
    const boxes = terms.map(([key]) => el.querySelector(`[data-term="${key}"]`));
    if (jacobian.error) {
      boxes.forEach((box) => box.replaceChildren());
      $('.ln-jac-legend').replaceChildren();
      $('.ln-jac-scale').textContent = '';
      $('.ln-jac-note').textContent = `The Jacobian cannot be shown: ${jacobian.error}.`;
      return;
    }
    const finite = jacobian.J.flat().every(Number.isFinite);
    // one colour scale for J and its three terms, so their sizes compare at a glance
    const scale = finite ? Math.max(...terms.flatMap(([key]) => jacobian[key].flat().map(Math.abs)), 1e-300) : 0;
    terms.forEach(([key, title], i) => drawHeatmap(boxes[i], { title, matrix: jacobian[key], scale }));
    if (finite) drawColourScale($('.ln-jac-legend'), { scale });
    else $('.ln-jac-legend').replaceChildren();
    const uniformGamma = gamma.every((g) => g === gamma[0]);
    setHtml($('.ln-jac-scale'), !finite
      ? html``
      : uniformGamma
        ? html`The scale ${tex(`\\gamma/\\sqrt{\\sigma^2+\\varepsilon} = ${texNumber(jacobian.diagonal[0][0])}`)} is one number: it multiplies every entry of J and of its three terms.`
        : html`Row ${tex('a')} of every term carries its own scale ${tex('\\gamma_a/\\sqrt{\\sigma^2+\\varepsilon}')}, the diagonal of the second map.`);
    setHtml($('.ln-jac-note'), finite
      ? html`Rows are numbered by the output ${tex('a')}, columns by the input ${tex('b')}. Each row sums to zero
         (${tex('J\\mathbf 1 = 0')}): adding the same amount to every entry of x changes nothing. Blue is negative,
         red positive, white 0, on the scale below; hover over a cell, or tap it, for its value, or open its values.`
      : html`The Jacobian does not exist here: its scale ${tex('\\gamma/\\sqrt{\\sigma^2+\\varepsilon}')} divides by 0.`);
  }

  // RMSNorm: x̂ = x/√(mean(x²) + ε), y = g ⊙ x̂; its Jacobian's two terms (diagonal, scale removal)
  function renderRms({ x, eps, gain, steps, inUnit, jacobian }) {
    el.classList.remove('stale');
    const d = x.length;
    setHtml($('.ln-y'), entries(steps.y));
    const note = $('.ln-note');
    if (steps.rms === 0) {
      setHtml(note, html`Every entry is 0, so the mean of the squares is 0. With ${tex('\\varepsilon = 0')} the denominator
        ${tex('\\sqrt{\\overline{x^2}+\\varepsilon}')} is 0 too: each output is ${tex('0/0')}, which has no value (NaN in code).`);
    } else if (inUnit) {
      const k = Math.log2(steps.unit);
      setHtml(note, html`The squares of these entries lie past what float64 can hold, so the kernel works in the unit
        ${tex(`u = 2^{${k}}`)}: RMSNorm of x with ε equals RMSNorm of ${tex('x/u')} with ${tex('\\varepsilon/u^2')}, and the steps below are those of ${tex('x/u')}.`);
    } else {
      setHtml(note, html`Nothing is subtracted: the output keeps the mean of x, scaled by ${tex('1/\\sqrt{\\overline{x^2}+\\varepsilon}')}
        like every entry. LayerNorm would have removed it.`);
    }
    const sumOf = (values) => (values.length <= 8 ? values.map((v) => texNumber(v)).join(' + ') : '\\cdots');
    const s = inUnit ?? steps;
    const [xs, es, xName, eName] = inUnit ? [steps.xInUnit, steps.epsInUnit, 'x/u', '\\varepsilon/u^2'] : [x, eps, 'x', '\\varepsilon'];
    const lines = [
      ...(inUnit ? [['In the unit u', `x/u = ${texVector(xs)}, \\quad \\varepsilon/u^2 = ${texNumber(es)}`]] : []),
      ['Squares', `${xName}^2 = ${texVector(s.squares)}`],
      ['Mean square (÷d)', `\\overline{${xName}^2} = \\tfrac{1}{${d}}\\left(${sumOf(s.squares)}\\right) = ${texNumber(s.meanSquare)}`],
      ['Denominator', `\\sqrt{\\overline{${xName}^2} + ${eName}} = \\sqrt{${texNumber(s.meanSquare)} + ${texNumber(es)}} = ${texNumber(s.rms)}`],
      ['Normalise', `\\hat x = \\frac{${xName}}{\\sqrt{\\overline{${xName}^2}+${eName}}} = ${texVector(s.xhat)}`],
      ['Scale', `y = g \\odot \\hat x = ${texVector(steps.y)}`],
    ];
    setHtml($('.ln-steps'), html`${lines.map(([name, t]) => html`<li><div class="scroll-x"><span class="step-name">${name}</span> ${tex(t)}</div></li>`)}`);

    const terms = [
      ['J', 'J = both terms'],
      ['diagonal', 'diagonal  gₐ/rms · δₐᵦ'],
      ['scaleRemoval', 'scale removal  −gₐ/rms · x̂ₐx̂ᵦ/d'],
    ];
    const boxes = terms.map((_, i) => el.querySelectorAll('.ln-jacobian > div')[i]);
    el.querySelectorAll('.ln-jacobian > div')[3].replaceChildren();
    if (jacobian.error) {
      boxes.forEach((box) => box.replaceChildren());
      $('.ln-jac-legend').replaceChildren();
      $('.ln-jac-scale').textContent = '';
      $('.ln-jac-note').textContent = `The Jacobian cannot be shown: ${jacobian.error}.`;
      return;
    }
    const finite = jacobian.J.flat().every(Number.isFinite);
    const scale = finite ? Math.max(...terms.flatMap(([key]) => jacobian[key].flat().map(Math.abs)), 1e-300) : 0;
    terms.forEach(([key, title], i) => drawHeatmap(boxes[i], { title, matrix: jacobian[key], scale }));
    if (finite) drawColourScale($('.ln-jac-legend'), { scale });
    else $('.ln-jac-legend').replaceChildren();
    const uniformGain = gain.every((g) => g === gain[0]);
    setHtml($('.ln-jac-scale'), !finite
      ? html``
      : uniformGain
        ? html`The scale ${tex(`g/\\sqrt{\\overline{x^2}+\\varepsilon} = ${texNumber(jacobian.diagonal[0][0])}`)} is one number: it multiplies every entry of J and of its two terms.`
        : html`Row ${tex('a')} of every term carries its own scale ${tex('g_a/\\sqrt{\\overline{x^2}+\\varepsilon}')}, the diagonal of the second map.`);
    setHtml($('.ln-jac-note'), finite
      ? html`There is no mean-removal term, so the rows do not sum to zero: adding the same amount to every entry of x
         does change the output. With ${tex('\\varepsilon = 0')} scaling x changes nothing (${tex('J x = 0')}). Blue is
         negative, red positive, white 0, on the scale below.`
      : html`The Jacobian does not exist here: its scale divides by 0.`);
  }

  return {
    el,
    render,
    renderRms,
    /** 'layernorm' or 'rmsnorm': the name over the output */
    setNorm(norm) {
      $('.ln-name').textContent = norm === 'rmsnorm' ? 'RMS(x)' : 'LN(x)';
    },
    markStale() {
      el.classList.add('stale');
    },
  };
}
