// The LayerNorm instrument: the reader edits x, ε, γ, β; every keystroke recomputes LN step by step and its
// Jacobian in the kernels, and the view redraws. A switch shows RMSNorm instead (Part 4: the same steps without
// the mean, a gain g and no β). Bad input gets a message beside its field; the last good result stays on
// screen, dimmed.
import { loadNorm } from '../../kernels/norm.js';
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
  const norm = await loadNorm();
  const instance = ++instances;
  const fields = {
    x: createField({ label: 'x', value: list(props.x ?? [2, 4, 4, 6]), hint: `up to ${MAX_D} numbers`, name: 'x' }),
    eps: createField({ label: 'ε', value: String(props.eps ?? norm.defaultEps.ln), hint: '≥ 0', name: 'eps', width: '7em' }),
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
  const view = createView(props.words);
  el.append(form, presets, view.el);

  // one number is used for every entry; otherwise the list must match x (the kernel checks that)
  const perEntry = (parsed, d) => (parsed.length === 1 ? Array(d).fill(parsed[0]) : parsed);

  const gammaLabel = fields.gamma.el.querySelector('label');

  // one path for both kinds: the kernel's steps and Jacobian of the kind the switch shows
  function update() {
    const kind = radios.find((r) => r.checked)?.value === 'rmsnorm' ? 'rms' : 'ln';
    fields.beta.el.hidden = kind === 'rms';
    gammaLabel.textContent = kind === 'rms' ? 'g (gain)' : 'γ';
    const x = parseVector(fields.x.input.value, { max: MAX_D });
    const eps = parseNumber(fields.eps.input.value);
    const gamma = parseVector(fields.gamma.input.value, { max: MAX_D });
    const beta =
      kind === 'rms'
        ? /** @type {{ok: boolean, value: number[], message?: string}} */ ({ ok: true, value: [0] })
        : parseVector(fields.beta.input.value, { max: MAX_D });
    const parsed = { x, eps, gamma, beta };
    for (const [name, result] of Object.entries(parsed)) fields[name].setMessage(result.ok ? '' : result.message);
    if (!Object.values(parsed).every((r) => r.ok)) return view.markStale();

    const d = x.value.length;
    const gain = perEntry(gamma.value, d);
    const b = perEntry(beta.value, d);
    let steps;
    let inUnit;
    try {
      steps = norm.steps(kind, x.value, gain, b, eps.value);
      // past float64's range the kernel works in a unit u: show the steps of that same question, x/u
      if (steps.unit !== 1) inUnit = norm.steps(kind, steps.xInUnit, gain, b, steps.epsInUnit);
    } catch (error) {
      // the kernel names the input it refuses (error.input: x, eps, gamma, gain or beta)
      fields[FIELD_OF_INPUT[error.input] ?? 'x'].setMessage(error.message);
      return view.markStale();
    }
    let jacobian;
    try {
      jacobian = norm.jacobian(kind, x.value, gain, eps.value);
    } catch (error) {
      jacobian = { error: error.message }; // e.g. its entries lie past float64: the steps still stand
    }
    view.render({ kind, x: x.value, eps: eps.value, gain, steps, inUnit, jacobian });
  }

  for (const f of Object.values(fields)) f.input.addEventListener('input', update);
  update();
  return {
    destroy() {
      el.replaceChildren();
    },
  };
}

// The field of each input the kernel may name (RMSNorm's gain is typed in the γ field).
const FIELD_OF_INPUT = { x: 'x', eps: 'eps', gamma: 'gamma', gain: 'gamma', beta: 'beta' };
