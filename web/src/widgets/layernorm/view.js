// Draws one norm's result, LayerNorm's or RMSNorm's (one render; what differs is the kind's entry in KINDS below):
// the output vector, the step-by-step solution as math, the degenerate cases explained (in the chapter's words), and the Jacobian with the
// terms that sum to it (the kernel's jacobian.terms, in its order) as heat maps on one colour scale. Every number
// shown arrives computed; where the steps leave float64's range, they are shown in the kernel's unit u.
import { formatNumber, texNumber, texVector } from '../../ui/format.js';
import { drawColourScale, drawHeatmap } from '../../ui/heatmap.js';
import { fillTex } from '../../ui/tex-template.js';
import { element, html, joinHtml, setHtml, trusted } from '../../ui/html.js';
import { texToMathml } from '../../ui/math.js';

// (the math's rendering is markup the page made: trusted)
const tex = (source, display = false) => trusted(texToMathml(source, { display }));
// the output vector, each entry with its value for tests and a mark where it is NaN
const entries = (y) =>
  html`[${joinHtml(
    y.map((v) => html`<span class="ln-entry${Number.isNaN(v) ? ' nan' : ''}" data-value="${v}">${formatNumber(v)}</span>`),
    ', ',
  )}]`;

// What each kind draws: its name over the output, its step lines (formulas filled with the kernel's numbers) and its
// Jacobian's titles. What it says in sentences is the chapter's (content/20-layernorm.md, the directive's words, one
// group per kind), filled with the kernel's numbers where a sentence quotes one: note() picks the sentence above the
// steps and the numbers it quotes.
const KINDS = {
  ln: {
    name: 'LN(x)',
    note({ steps, eps, inUnit }) {
      if (steps.sigma === 0) return ['zeroSpread'];
      if (steps.deviations.every((v) => v === 0)) return ['equal', { sigma: steps.sigma }];
      // (u is a power of two)
      if (inUnit) return [steps.unit < 1 ? 'unitSmall' : 'unitLarge', { k: Math.log2(steps.unit), variance: inUnit.variance }];
      if (steps.variance === 0) return ['varianceUnderflow', { eps }];
      return null;
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
  },
  // RMSNorm: x̂ = x/√(mean(x²) + ε), y = g ⊙ x̂; no mean, so no deviations and two terms
  rms: {
    name: 'RMS(x)',
    note({ steps, inUnit }) {
      if (steps.rms === 0) return ['zeroSpread'];
      if (inUnit) return ['unit', { k: Math.log2(steps.unit) }];
      return ['keepsMean'];
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
  },
};

/**
 * words: the chapter's sentences for each kind ({ln: {key: text}, rms: {…}}, props.words from content/20-layernorm.md):
 * text with $…$ math, the numbers a sentence quotes written {{name}} in its math. A sentence the view asks for that the
 * chapter does not give is an error.
 */
export function createView(words) {
  // puts kind's sentence `key` in target, its math typeset with values filled in
  const say = (target, kind, key, values = {}) => {
    const sentence = words?.[kind]?.[key];
    if (typeof sentence !== 'string') throw new Error(`the chapter gives the LayerNorm instrument no words for ${kind}.${key}`);
    setHtml(target, html`${sentence.split(/\$([^$]+)\$/).map((part, i) => (i % 2 ? tex(fillTex(part, values)) : part))}`);
  };
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
    const note = K.note({ steps, eps, inUnit });
    if (note) say($('.ln-note'), kind, ...note);
    else $('.ln-note').replaceChildren();

    const sumOf = (values) =>
      values
        .map((v) => texNumber(v))
        .join(' + ')
        .replace(/\+ -/g, '- ');
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
    if (!finite) $('.ln-jac-scale').replaceChildren();
    else if (uniformGain) say($('.ln-jac-scale'), kind, 'scale', { scale: jacobian.diagonal[0][0] });
    else say($('.ln-jac-scale'), kind, 'rowScale');
    say($('.ln-jac-note'), kind, finite ? 'finite' : 'infinite');
  }

  return {
    el,
    render,
    markStale() {
      el.classList.add('stale');
    },
  };
}
