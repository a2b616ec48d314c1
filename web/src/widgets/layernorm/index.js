// The LayerNorm instrument: the reader edits x, ε, γ, β; every keystroke recomputes LN step by step and its
// Jacobian in the kernels, and the view redraws. A switch shows RMSNorm instead (Part 4: the same steps without
// the mean, a gain g and no β). Bad input gets a message beside its field; the last good result stays on
// screen, dimmed.
import { loadLayerNorm } from '../../kernels/layernorm.js';
import { loadRmsNorm } from '../../kernels/rmsnorm.js';
import { createField } from '../../ui/field.js';
import { element, html } from '../../ui/html.js';
import { parseNumber, parseVector } from '../../ui/parse.js';
import { createView } from './view.js';
import './style.css';

const MAX_D = 32; // the Jacobian is d×d; beyond this the heat maps stop being readable

const PRESETS = [
  { label: '[2, 4, 4, 6], ε = 0', x: '2, 4, 4, 6', eps: '0' },
  { label: '[5, 5, 5, 5], ε = 0', x: '5, 5, 5, 5', eps: '0' },
  { label: '[5, 5, 5, 5], ε = 1e-5', x: '5, 5, 5, 5', eps: '1e-5' },
  { label: '[1.5, 2], ε = 0', x: '1.5, 2', eps: '0' },
  { label: '[1e-300, 2e-300, 3e-300], ε = 0', x: '1e-300, 2e-300, 3e-300', eps: '0' },
];

let instances = 0;
const list = (v) => (Array.isArray(v) ? v.join(', ') : String(v));

export async function mount(el, props = {}) {
  const [ln, rms] = await Promise.all([loadLayerNorm(), loadRmsNorm()]);
  const instance = ++instances;
  const fields = {
    x: createField({ label: 'x', value: list(props.x ?? [2, 4, 4, 6]), hint: `up to ${MAX_D} numbers`, name: 'x' }),
    eps: createField({ label: 'ε', value: String(props.eps ?? ln.defaultEps), hint: '≥ 0', name: 'eps', width: '7em' }),
    gamma: createField({ label: 'γ', value: list(props.gamma ?? 1), hint: 'one number, or one per entry', name: 'gamma' }),
    beta: createField({ label: 'β', value: list(props.beta ?? 0), hint: 'one number, or one per entry', name: 'beta' }),
  };

  el.classList.add('ln-widget');
  const form = element(html`<form class="ln-inputs" aria-label="LayerNorm inputs"></form>`);
  form.addEventListener('submit', (e) => e.preventDefault());
  // the norm: LayerNorm, or RMSNorm (no mean subtracted, no β); one group of radios per instrument on the page
  const group = `ln-norm-${instance}`;
  const normSwitch = element(html`<fieldset class="ln-norm-switch"><legend>Norm</legend>
    <label><input type="radio" name="${group}" value="layernorm"> LayerNorm</label>
    <label><input type="radio" name="${group}" value="rmsnorm"> RMSNorm (no mean, no β)</label></fieldset>`);
  const radios = [...normSwitch.querySelectorAll('input')];
  radios.forEach((r) => {
    r.checked = r.value === (props.norm === 'rmsnorm' ? 'rmsnorm' : 'layernorm');
    r.addEventListener('change', () => update());
  });
  form.append(normSwitch, ...Object.values(fields).map((f) => f.el));
  const presets = element(html`<div class="ln-presets"><span>Try:</span>${PRESETS.map((p) => html`<button type="button">${p.label}</button>`)}</div>`);
  presets.querySelectorAll('button').forEach((b, k) =>
    b.addEventListener('click', () => {
      fields.x.input.value = PRESETS[k].x;
      fields.eps.input.value = PRESETS[k].eps;
      update();
    }),
  );
  const view = createView();
  el.append(form, presets, view.el);

  // one number is used for every entry; otherwise the list must match x (the kernel checks that)
  const perEntry = (parsed, d) => (parsed.length === 1 ? Array(d).fill(parsed[0]) : parsed);

  const gammaLabel = fields.gamma.el.querySelector('label');

  function update() {
    const isRms = radios.find((r) => r.checked)?.value === 'rmsnorm';
    fields.beta.el.hidden = isRms;
    gammaLabel.textContent = isRms ? 'g (gain)' : 'γ';
    view.setNorm(isRms ? 'rmsnorm' : 'layernorm');
    const x = parseVector(fields.x.input.value, { max: MAX_D });
    const eps = parseNumber(fields.eps.input.value);
    const gamma = parseVector(fields.gamma.input.value, { max: MAX_D });
    const beta = isRms ? { ok: true, value: [0] } : parseVector(fields.beta.input.value, { max: MAX_D });
    const parsed = { x, eps, gamma, beta };
    for (const [name, result] of Object.entries(parsed)) fields[name].setMessage(result.ok ? '' : result.message);
    if (!Object.values(parsed).every((r) => r.ok)) return view.markStale();

    const d = x.value.length;
    const g = perEntry(gamma.value, d);
    const b = perEntry(beta.value, d);
    if (isRms) return updateRms(x.value, g, eps.value);
    let steps;
    let inUnit;
    try {
      steps = ln.steps(x.value, g, b, eps.value);
      // past float64's range the kernel works in a unit u: show the steps of that same question, x/u
      if (steps.unit !== 1) inUnit = ln.steps(steps.xInUnit, g, b, steps.epsInUnit);
    } catch (error) {
      fields[fieldOf(error.message)].setMessage(error.message);
      return view.markStale();
    }
    let jacobian;
    try {
      jacobian = ln.jacobian(x.value, g, eps.value);
    } catch (error) {
      jacobian = { error: error.message }; // e.g. its entries lie past float64: the steps still stand
    }
    view.render({ x: x.value, eps: eps.value, gamma: g, beta: b, steps, inUnit, jacobian });
  }

  function updateRms(x, g, eps) {
    let steps;
    let inUnit;
    try {
      steps = rms.steps(x, g, eps);
      if (steps.unit !== 1) inUnit = rms.steps(steps.xInUnit, g, steps.epsInUnit);
    } catch (error) {
      fields[fieldOf(error.message)].setMessage(error.message);
      return view.markStale();
    }
    let jacobian;
    try {
      jacobian = rms.jacobian(x, g, eps);
    } catch (error) {
      jacobian = { error: error.message };
    }
    view.renderRms({ x, eps, gain: g, steps, inUnit, jacobian });
  }

  for (const f of Object.values(fields)) f.input.addEventListener('input', update);
  update();
  return {
    destroy() {
      el.replaceChildren();
    },
  };
}

// The kernel names the argument it rejects first in its message ("ε must be …", "gamma has …").
function fieldOf(message) {
  if (/^ε/.test(message)) return 'eps';
  if (/^gamma|^the gain/.test(message)) return 'gamma';
  if (/^beta/.test(message)) return 'beta';
  return 'x';
}
