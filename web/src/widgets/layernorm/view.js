// Draws one LayerNorm result: the output vector, the step-by-step solution in KaTeX, the degenerate cases
// explained, and the Jacobian with its three terms as heat maps. Every number shown arrives computed.
import katex from 'katex';
import { formatNumber, texNumber, texVector } from '../../ui/format.js';
import { drawHeatmap } from '../../ui/heatmap.js';

const tex = (source, display = false) => katex.renderToString(source, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });

export function createView() {
  const el = document.createElement('div');
  el.className = 'ln-view';
  el.innerHTML = `
    <p class="ln-output">LN(x) = <output class="ln-y" aria-live="polite"></output></p>
    <p class="ln-note" role="status"></p>
    <h3 class="ln-heading">Step by step</h3>
    <ol class="ln-steps"></ol>
    <h3 class="ln-heading">The Jacobian <span class="ln-jac-scale"></span></h3>
    <p class="ln-jac-note"></p>
    <div class="ln-jacobian">
      <div data-term="J"></div><div data-term="diagonal"></div>
      <div data-term="meanRemoval"></div><div data-term="varianceRemoval"></div>
    </div>`;
  const $ = (s) => el.querySelector(s);

  function render({ x, eps, gamma, steps, jacobian }) {
    el.classList.remove('stale');
    const d = x.length;
    const undefinedOutput = steps.sigma === 0;

    $('.ln-y').innerHTML = `[${steps.y
      .map((v) => `<span class="ln-entry${Number.isNaN(v) ? ' nan' : ''}" data-value="${v}">${formatNumber(v)}</span>`)
      .join(', ')}]`;

    const note = $('.ln-note');
    if (undefinedOutput) {
      note.innerHTML = `All entries are equal, so every deviation is 0 and ${tex('\\sigma^2 = 0')}. With ${tex('\\varepsilon = 0')} the
        denominator ${tex('\\sqrt{\\sigma^2+\\varepsilon}')} is 0 too: each output is ${tex('0/0')}, which has no value
        (NaN in code). Any ${tex('\\varepsilon > 0')} makes the denominator ${tex('\\sqrt{\\varepsilon}')} and the output
        ${tex('0\\cdot\\gamma + \\beta = \\beta')}: that is why real code never sets ε to 0.`;
    } else if (steps.variance === 0) {
      note.innerHTML = `All entries are equal: the deviations are 0, so the output is ${tex('\\beta')}. ε keeps the
        denominator at ${tex(`\\sqrt{\\varepsilon} = ${texNumber(steps.sigma)}`)} instead of 0.`;
    } else {
      note.textContent = '';
    }

    const sumOf = (values) => values.map((v) => texNumber(v)).join(' + ').replace(/\+ -/g, '- ');
    const shortSum = (values) => (values.length <= 8 ? sumOf(values) : '\\cdots');
    const lines = [
      ['Mean', `\\mu = \\tfrac{1}{${d}}\\left(${shortSum(x)}\\right) = ${texNumber(steps.mean)}`],
      ['Deviations', `x - \\mu = ${texVector(steps.deviations)}`],
      ['Squares', `(x - \\mu)^2 = ${texVector(steps.squares)}`],
      ['Variance (÷d)', `\\sigma^2 = \\tfrac{1}{${d}}\\left(${shortSum(steps.squares)}\\right) = ${texNumber(steps.variance)}`],
      ['Denominator', `\\sqrt{\\sigma^2 + \\varepsilon} = \\sqrt{${texNumber(steps.variance)} + ${texNumber(eps)}} = ${texNumber(steps.sigma)}`],
      ['Normalise', `\\hat z = \\frac{x - \\mu}{\\sqrt{\\sigma^2+\\varepsilon}} = ${texVector(steps.zhat)}`],
      ['Scale and shift', `y = \\gamma \\odot \\hat z + \\beta = ${texVector(steps.y)}`],
    ];
    // a step too long for the screen scrolls in its own line (.scroll-x), never cut off by the widget's edge
    $('.ln-steps').innerHTML = lines.map(([name, t]) => `<li><div class="scroll-x"><span class="step-name">${name}</span> ${tex(t)}</div></li>`).join('');

    const terms = [
      ['J', 'J = all three terms'],
      ['diagonal', 'diagonal  γₐ/√(σ²+ε) · δₐᵦ'],
      ['meanRemoval', 'mean removal  −γₐ/√(σ²+ε) · 1/d'],
      ['varianceRemoval', 'variance removal  −γₐ/√(σ²+ε) · ẑₐẑᵦ/d'],
    ];
    const finite = jacobian.J.flat().every(Number.isFinite);
    const scale = finite ? Math.max(...jacobian.J.flat().map(Math.abs), 1e-300) : 0;
    for (const [key, title] of terms) drawHeatmap(el.querySelector(`[data-term="${key}"]`), { title, matrix: jacobian[key], scale });
    const uniformGamma = gamma.every((g) => g === gamma[0]);
    $('.ln-jac-scale').innerHTML = uniformGamma && finite ? tex(`\\tfrac{\\gamma}{\\sqrt{\\sigma^2+\\varepsilon}} = ${texNumber(jacobian.diagonal[0][0])}`) : '';
    $('.ln-jac-note').innerHTML = finite
      ? `Each row sums to zero (${tex('J\\mathbf 1 = 0')}): adding the same amount to every entry of x changes nothing.
         Blue is negative, red positive; hover over a cell, or tap it, for its value.`
      : `The Jacobian does not exist here: its scale ${tex('\\gamma/\\sqrt{\\sigma^2+\\varepsilon}')} divides by 0.`;
  }

  return {
    el,
    render,
    markStale() {
      el.classList.add('stale');
    },
  };
}
