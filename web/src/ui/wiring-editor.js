// The wiring editor: one sublayer's data flow drawn as controls, so that the reader writes a wiring by changing its
// parts. The stream comes in at the top; the branch takes it through the norm on its input, the scale on its input,
// F (attention or the feed-forward network), the norm on its output, the scale on its output and the gate; the add
// takes α times the stream (or nothing, without the residual) and the branch; the norm after the add gives the
// stream to the next sublayer. Below: the presets it can start from, every norm's kind, and what belongs to the
// whole stack (a final norm, plain Post-LN first blocks, the divisor of four weight matrices at initialisation).
// Every part is a real button, select or text field with its label, in the order the data flows.
//
// The kernel reads what the form holds (kernels/wiring.js describe) and refuses what it cannot build with a sentence
// that names the key: the sentence goes beside that key's field, and the editor keeps its last good wiring. Given
// depths, the kernel also checks the wiring at each (a formula not finite at some block, first_post past L).
// Like the kit's controls (controls.js): its value kept in the URL through the caller's address entry (url-state.js
// addressEntry: the first of the parameter's values, as a link may add more of them, older spellings read), a
// message beside what it cannot use, onChange(text, view).
//
//   const editor = createWiringEditor({ kernel: await loadWiring(), address: addressEntry({ name: 'ex22.wiring' }), fallback: 'post',
//     depths: [96], onChange: (text, view) => … });
//   host.append(editor.el);   editor.ok, editor.text, editor.view, editor.message;   editor.setText('deepnorm')
import { debounced, selectField } from './controls.js';
import { createField } from './field.js';
import { element, fragment, html } from './html.js';
import { FORMULA_KEYS, formOf, formText, keyOfMessage, SWITCH_KEYS } from './wiring-form.js';
import './wiring-editor.css';

const NORM_CHOICES = [
  { key: 'ln', label: 'LayerNorm' },
  { key: 'rms', label: 'RMSNorm' },
];
const NORM_MARK = { ln: 'LN', rms: 'RMS' };
const GATE_CHOICES = [
  { key: 'none', label: 'none' },
  { key: 'block', label: 'per block (ReZero)' },
  { key: 'sublayer', label: 'per sublayer' },
  { key: 'channel', label: 'per channel (LayerScale)' },
];
// what each switch is called (its visible caption and its name)
const SWITCHES = {
  in: 'norm on the branch’s input',
  out: 'norm on the branch’s output',
  after: 'norm after the add',
  final: 'norm after the last block',
  residual: 'stream added back (residual)',
};
const key = (k) => html` <code class="we-key">${k}</code>`;
const FORMULAS = {
  alpha: { label: html`× α, on the stream${key('alpha')}` },
  scale_in: { label: html`× scale on the input${key('scale_in')}` },
  scale_out: { label: html`× scale on the output${key('scale_out')}`, hint: 'a number or a formula in L and i: 1/sqrt(2*L)' },
  gate0: { label: html`the gate’s start${key('gate0')}` },
  beta: { label: html`Wv, Wo, W1, W2 ÷ at init, by 1/κ${key('beta')}`, hint: 'a formula in L: (8*L)^0.25 (DeepNorm)' },
  first_post: { label: html`first blocks plain Post-LN${key('first_post')}`, hint: 'a formula in L: L/4 (Mix-LN)' },
};

/** A switch drawn as the part it switches: a norm's box ("LN", or "none" dashed) or the stream's link to the add. */
function switchButton(k) {
  const mark = k === 'residual' ? '' : html`<span class="we-box" aria-hidden="true"></span>`;
  return element(
    html`<button type="button" class="we-switch we-switch-${k}" data-key="${k}" aria-pressed="false">${mark}<span class="we-caption">${SWITCHES[k]}</span></button>`,
  );
}

/**
 * kernel: loadWiring()'s wrapper. address: the addressEntry its text form is kept in (null for none). fallback: the
 * wiring it starts from without a link. text: what it starts from (by default the link's, else fallback).
 * depths: the depths the kernel must accept it at. presets: the wirings it may start from, [{key, label, wiring}]
 * (experiment/choices.js PLACEMENTS, passed in so that ui/ stays below experiment/). label: the drawing's name for
 * assistive technology.
 * onChange(text, view) after every change that the kernel accepts.
 * → {el, ok, text, view, message, setText(text), show(text), destroy()}: ok false while the form holds what the kernel
 * refuses (message says why, beside the field it is about); text and view are the last wiring it accepted.
 */
export function createWiringEditor({
  kernel,
  address = null,
  fallback = 'pre',
  text = undefined,
  depths = [],
  presets,
  label = 'One sublayer of your wiring',
  onChange,
}) {
  const el = element(html`<div class="wiring-editor">
    <div class="we-head"></div>
    <p class="field-message we-message" aria-live="polite"></p>
    <div class="we-drawing" role="group" aria-label="${label}, in the order the data flows">
      <p class="we-x we-x-in"><var>x</var> the stream</p>
      <div class="we-split" aria-hidden="true"></div>
      <ol class="we-branch" aria-label="the branch"></ol>
      <div class="we-pipe"></div>
      <div class="we-join"><span class="we-plus" aria-hidden="true">+</span><span class="visually-hidden">the add</span></div>
      <div class="we-after"></div>
      <p class="we-x we-x-out"><var>x</var> to the next sublayer</p>
    </div>
    <fieldset class="we-stack"><legend>For the whole stack</legend></fieldset>
  </div>`);
  const $ = (selector) => el.querySelector(selector);
  const message = $('.we-message');

  const preset = selectField({ label: 'Start from', choices: presets, value: fallback, className: 'we-preset' });
  const norm = selectField({ label: html`Every norm${key('norm')}`, choices: NORM_CHOICES, className: 'we-norm' });
  const gate = selectField({ label: html`× a learned gate${key('gate')}`, choices: GATE_CHOICES, className: 'we-gate' });
  const fields = Object.fromEntries(
    FORMULA_KEYS.map((k) => [k, createField({ label: FORMULAS[k].label, value: '', hint: FORMULAS[k].hint ?? '', width: '8rem' })]),
  );
  for (const [k, f] of Object.entries(fields)) f.el.classList.add(`we-field`, `we-field-${k}`);
  const switches = Object.fromEntries(SWITCH_KEYS.map((k) => [k, switchButton(k)]));

  $('.we-head').append(preset.el, norm.el);
  const item = (...parts) => {
    const li = element(html`<li></li>`);
    li.append(...parts);
    return li;
  };
  const f = fragment(html`<div class="we-f"><i>F</i><span class="we-caption">attention or the feed-forward network</span></div>`);
  const gatePart = element(html`<div class="we-gate-part"></div>`);
  gatePart.append(gate.el, fields.gate0.el);
  $('.we-branch').append(item(switches.in), item(fields.scale_in.el), item(f), item(switches.out), item(fields.scale_out.el), item(gatePart));
  $('.we-pipe').append(switches.residual, fields.alpha.el);
  $('.we-after').append(switches.after);
  $('.we-stack').append(switches.final, fields.first_post.el, fields.beta.el);

  let form = {};
  let presetView = {};
  const editor = { el, ok: true, text: '', view: null, message: '' };

  // the form, drawn: every control shows what the form holds
  function draw() {
    preset.select.value = form.from;
    norm.select.value = form.norm;
    gate.select.value = form.gate;
    for (const k of FORMULA_KEYS) if (fields[k].input.value !== form[k]) fields[k].input.value = form[k];
    for (const k of SWITCH_KEYS) {
      switches[k].setAttribute('aria-pressed', String(form[k]));
      const box = switches[k].querySelector('.we-box');
      if (box) box.textContent = form[k] ? NORM_MARK[form.norm] : 'none';
    }
    $('.we-drawing').classList.toggle('we-no-residual', !form.residual);
  }

  // the messages: one sentence of the kernel's, beside the field of the key it names (else under the presets)
  function say(text) {
    editor.message = text;
    const at = keyOfMessage(text);
    for (const [k, field] of Object.entries(fields)) field.setMessage(k === at ? text : '');
    message.textContent = at in fields ? '' : text;
  }

  // What the form holds, read by the kernel (and checked at each depth). → the view, or throws the kernel's message
  function judge(formTextNow) {
    const view = kernel.describe(formTextNow);
    for (const L of depths) kernel.constants(view.text, L);
    return view;
  }

  function accept(view) {
    editor.ok = true;
    editor.text = view.text;
    editor.view = view;
    say('');
  }

  function commit() {
    wait.cancel();
    try {
      accept(judge(formText(form, presetView)));
    } catch (error) {
      editor.ok = false;
      say(error.message);
      return;
    }
    address?.writeFirst(editor.text, fallback);
    onChange?.(editor.text, editor.view);
  }
  const wait = debounced(commit);

  function startFrom(view) {
    form = formOf(view);
    presetView = presets.find((p) => p.key === view.from).wiring;
    draw();
  }

  /** Puts a wiring's text form in the editor (a link being applied: no URL, no onChange). → true if the kernel reads it */
  editor.show = (t) => {
    wait.cancel();
    try {
      const view = judge(t);
      startFrom(view);
      accept(view);
      return true;
    } catch (error) {
      const start = kernel.describe(fallback);
      startFrom(start);
      accept(start);
      say(`The wiring in this link cannot be used: ${error.message}`);
      return false;
    }
  };
  /** As if the reader had built the wiring t. */
  editor.setText = (t) => {
    editor.show(t);
    commit();
  };
  editor.destroy = () => wait.cancel();

  preset.select.addEventListener('change', () => {
    startFrom(presets.find((p) => p.key === preset.select.value).wiring);
    commit();
  });
  for (const [k, control] of /** @type {[string, {select: HTMLSelectElement}][]} */ ([
    ['norm', norm],
    ['gate', gate],
  ])) {
    control.select.addEventListener('change', () => {
      form[k] = control.select.value;
      draw();
      commit();
    });
  }
  for (const k of SWITCH_KEYS) {
    switches[k].addEventListener('click', () => {
      form[k] = !form[k];
      draw();
      commit();
    });
  }
  for (const k of FORMULA_KEYS) {
    const input = fields[k].input;
    input.addEventListener('input', () => {
      form[k] = input.value;
      wait.schedule();
    });
    input.addEventListener('change', () => wait.now());
  }

  editor.show(text ?? (address?.textIn() || fallback));
  return editor;
}
