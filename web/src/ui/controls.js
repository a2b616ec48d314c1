// The one kit for a figure's controls: a text field, a choice, a set of checkboxes and a rate on a logarithmic
// slider. A control kept in the URL reads its value from the link (else its fallback), shows a message beside
// itself when what was typed or linked cannot be read (keeping its last good value), writes what it reads back
// to the URL under its name (nothing when it is the fallback) and tells onChange(control). A text field commits
// when the reader pauses typing, or at once when it is left; an instrument that computes in an instant commits
// on every keystroke (instant).
// What a link under a figure's prefix carries that the figure does not use (a choice it does not offer, a parameter
// none of its controls reads, a typo's p.L for p.Ls) is said in the figure's one line about its link (linkNote).
// Every control keeps itself in the address through its addressEntry (ui/url-state.js: its parameter's name, and
// the older names a link may still carry, spelt once), and is
// {key, name, names, el, value, ok, read(), textFrom(params), show(text), keep(), setText(text), setMessage(text), destroy()}:
//   read() reads what the control holds (its message set), textFrom(params) is what a link's parameters say for it
//   (its fallback where they say nothing), show(text) puts text in it and reads it (no URL, no onChange: a link
//   being applied), keep() writes its value to the URL if it reads, setText(text) as if the
//   reader had typed it, setMessage(text) a message from elsewhere (the kernel's), which a message about what
//   the control holds takes precedence over.
import { addressEntry, addressParams } from './url-state.js';
import { isolated } from '../text/bidi.js';
import { createField } from './field.js';
import { element, html, setHtml } from './html.js';
import './controls.css';

/** How long a text field waits for the reader to pause typing. */
const DEBOUNCE_MS = 400;

/**
 * fn, run once the calls stop for ms: schedule() (re)starts the wait, now() runs it at once, cancel() drops it.
 * @param {() => void} fn  @param {number} [ms]
 */
export function debounced(fn, ms = DEBOUNCE_MS) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    },
    now() {
      clearTimeout(timer);
      fn();
    },
    cancel: () => clearTimeout(timer),
  };
}

let counter = 0;

/**
 * @typedef {{key: string, label: string, about?: string, colour?: string}} Choice  one option of a choice or a set
 * @typedef {{ok: boolean, value?: any, message?: string}} ReadResult  what a parse gives: the value, or why not
 * @typedef {object} Control  every control of the kit (the header says what each method does)
 * @property {string} key
 * @property {string} name  its URL parameter
 * @property {string[]} names  the parameters it reads: its name, then older spellings a link may carry
 * @property {HTMLElement} el
 * @property {any} value  the value it last read
 * @property {any} fallbackValue
 * @property {boolean} ok  whether what it holds reads
 * @property {string} [linkProblem]  what the link asked of it that it could not take (a choice; a set)
 * @property {HTMLSelectElement} [select]  a choice's
 * @property {HTMLInputElement} [input]  a text field's
 * @property {HTMLInputElement[]} [boxes]  a set's
 * @property {() => any} read
 * @property {(params?: URLSearchParams) => string} textFrom  what a link's parameters say for it (its fallback when nothing)
 * @property {(text: string) => any} show
 * @property {(text: string) => void} setText
 * @property {(text?: string) => void} setMessage
 * @property {() => void} keep
 * @property {() => void} destroy
 * @property {(list: Choice[]) => void} [setChoices]  a set's: another set of choices
 */

/**
 * A labelled <select> of choices [{key, label}]: the one way a figure offers a choice. → {el, select}
 * @param {{label: any, choices: Choice[], value?: string, name?: string, className?: string}} spec
 * @returns {{el: HTMLElement, select: HTMLSelectElement}}
 */
export function selectField({ label, choices, value, name = '', className = '' }) {
  const id = `select-${++counter}`;
  const el = element(html`<div class="${className ? `field ${className}` : 'field'}"><label for="${id}">${label}</label></div>`);
  const select = bareSelect(choices, value);
  select.id = id;
  if (name) select.name = name;
  el.append(select);
  return { el, select };
}

/**
 * A <select> of choices for a label that wraps it (a sentence with the choice inside it).
 * @param {Choice[]} choices  @param {string} [value]  @returns {HTMLSelectElement}
 */
export function bareSelect(choices, value) {
  const select = element(html`<select class="choice-select"></select>`);
  setChoices(select, choices, value);
  return select;
}

/**
 * Puts choices [{key, label}] in a select, keeping value (by default its chosen one) when it is still offered.
 * @param {HTMLSelectElement} select  @param {Choice[]} choices  @param {string} [value]
 */
export function setChoices(select, choices, value = select.value) {
  setHtml(select, html`${choices.map((c) => html`<option value="${c.key}">${c.label}</option>`)}`);
  if (choices.some((c) => c.key === value)) select.value = value;
}

/**
 * A text field kept in the URL as `name` (read also from `older` names). parse(text) → {ok, value} | {ok: false,
 * message}; format(value) → the text written back (without one, the text as typed, trimmed). text: what it starts
 * with (by default the link's).
 * @param {{key: string, name: string, older?: string[], label: any, fallback: string, parse: (text: string) => ReadResult,
 *   format?: (value: any) => string, hint?: string, width?: string, text?: string, instant?: boolean,
 *   onChange?: (control: Control) => void}} spec
 * @returns {Control}
 */
export function textControl({ key, name, older, label, fallback, parse, format, hint = '', width = '', text, instant = false, onChange }) {
  const address = addressEntry({ name, older });
  const field = createField({ label, value: text ?? address.textIn() ?? fallback, name, hint, width });
  const fallbackValue = parse(fallback).value;
  let readError = '';
  /** @type {Control} */
  const control = {
    key,
    name,
    names: address.names,
    el: field.el,
    input: field.input,
    value: fallbackValue,
    fallbackValue,
    ok: true,
    read() {
      const r = parse(field.input.value);
      control.ok = r.ok;
      readError = r.ok ? '' : r.message;
      field.setMessage(readError);
      if (r.ok) control.value = r.value;
      return r;
    },
    show(text) {
      field.input.value = text;
      return control.read();
    },
    textFrom: (params) => address.textIn(params) ?? fallback,
    setText(text) {
      field.input.value = text;
      wait.now();
    },
    setMessage: (text) => field.setMessage(readError || text),
    keep() {
      if (control.ok) address.write(format ? format(control.value) : field.input.value.trim(), format ? format(fallbackValue) : fallback);
    },
    destroy: () => wait.cancel(),
  };
  const commit = () => {
    control.read();
    control.keep();
    onChange?.(control);
  };
  const wait = debounced(commit);
  field.input.addEventListener('input', instant ? commit : wait.schedule);
  field.input.addEventListener('change', wait.now);
  control.read();
  return control;
}

/**
 * A choice of [{key, label}] kept in the URL as `name` (read also from `older` names); a key it does not know is the
 * fallback, and linkProblem says so (the figure's linkNote shows it) until the reader chooses.
 * @param {{key: string, name: string, older?: string[], label: any, choices: Choice[], fallback: string, className?: string,
 *   text?: string, onChange?: (control: Control) => void}} spec
 * @returns {Control}
 */
export function selectControl({ key, name, older, label, choices, fallback, className = '', text, onChange }) {
  const address = addressEntry({ name, older });
  text = text === undefined ? address.textIn() : text;
  /** @type {(t: string | null | undefined) => string} */
  const known = (t) => (choices.some((c) => c.key === t) ? t : fallback);
  /** @type {(t: string | null | undefined) => string} */
  const problem = (t) =>
    t === null || t === undefined || known(t) === t ? '' : `${name}=“${shown(t)}”, not one of ${choices.map((c) => c.key).join(', ')}: ${fallback} is used`;
  const { el, select } = selectField({ label, choices, value: known(text), name, className });
  // choices that say what they mean ({about}): the chosen one's meaning under the select, where it is offered
  const about = choices.some((c) => c.about) ? element(html`<span class="field-hint choice-about" id="${select.id}-about"></span>`) : null;
  if (about) {
    el.append(about);
    select.setAttribute('aria-describedby', about.id);
  }
  const explain = () => about && (about.textContent = choices.find((c) => c.key === select.value)?.about ?? '');
  explain();
  /** @type {Control} */
  const control = {
    key,
    name,
    names: address.names,
    el,
    select,
    value: select.value,
    fallbackValue: fallback,
    ok: true,
    linkProblem: problem(text),
    read: () => {
      explain();
      return (control.value = select.value);
    },
    show(t) {
      select.value = known(t);
      control.linkProblem = problem(t);
      control.read();
    },
    textFrom: (params) => address.textIn(params) ?? fallback,
    setText(t) {
      control.show(t);
      commit();
    },
    setMessage() {},
    keep: () => address.write(control.value, fallback),
    destroy() {},
  };
  const commit = () => {
    control.read();
    control.keep();
    onChange?.(control);
  };
  select.addEventListener('change', () => {
    control.linkProblem = ''; // the reader's own choice
    commit();
  });
  return control;
}

/**
 * Checkboxes for a set of choices [{key, label, colour?}], kept in the URL as "a,b". parse("a,b") → the keys
 * ({ok, value}); linkProblem(message): what is said when a link's set cannot be read. folded: the boxes under a
 * summary naming the chosen ones (a long set), opened when there is something to say about them. setChoices(list)
 * offers another set (the written wirings come and go), keeping the chosen ones still offered.
 * @param {{key: string, name: string, older?: string[], legend: any, choices: Choice[], fallback: string, parse: (text: string) => ReadResult,
 *   linkProblem: (message: string) => string, folded?: boolean, className?: string, text?: string,
 *   onChange?: (control: Control) => void}} spec
 * @returns {Control}
 */
export function checkboxControl({ key, name, older, legend, choices, fallback, parse, linkProblem, folded = false, className = '', text, onChange }) {
  const address = addressEntry({ name, older });
  const set = html`<legend>${legend}</legend><span class="choice-boxes"></span>`;
  const message = html`<span class="field-message" aria-live="polite"></span>`;
  const el = folded
    ? element(html`<details class="${className}"><summary></summary><fieldset>${set}</fieldset>${message}</details>`)
    : element(html`<fieldset class="${className}">${set}${message}</fieldset>`);
  const summary = el.querySelector('summary');
  const messageEl = el.querySelector('.field-message');
  const fallbackValue = parse(fallback).value;
  let readError = '';
  /** @type {(t: string) => void} */
  const say = (t) => {
    messageEl.textContent = t;
    if (t && folded) el.open = true; // a message about the boxes is read beside them
  };
  const checked = () =>
    control.boxes
      .filter((b) => b.checked)
      .map((b) => b.value)
      .join(',');
  const name_ = () => {
    if (!folded) return;
    const chosen = choices.filter((c, k) => control.boxes[k].checked).map((c) => c.label);
    summary.textContent = `${legend}: ${chosen.length ? chosen.join(', ') : 'none'}`;
  };
  // the boxes of a set of choices (a swatch's colour is set as a property: the page's policy refuses style
  // attributes in markup), none checked
  /** @param {Choice[]} list */
  function placeBoxes(list) {
    choices = list;
    const host = el.querySelector('.choice-boxes');
    setHtml(
      host,
      html`${list.map((c) => html`<label><input type="checkbox" value="${c.key}">${c.colour && html`<span class="choice-swatch" aria-hidden="true"></span>`} ${c.label}</label>`)}`,
    );
    control.boxes = [...host.querySelectorAll('input[type="checkbox"]')];
    control.boxes.forEach((box, k) => {
      box.parentElement.querySelector('.choice-swatch')?.style.setProperty('--swatch', `var(${list[k].colour})`);
      box.addEventListener('change', commit);
    });
  }
  /** @type {Control & {boxes: HTMLInputElement[]}} */
  const control = {
    key,
    name,
    names: address.names,
    el,
    boxes: [],
    value: fallbackValue,
    fallbackValue,
    ok: true,
    read() {
      const r = parse(checked());
      control.ok = r.ok;
      readError = r.ok ? '' : r.message;
      say(readError);
      if (r.ok) control.value = r.value;
      name_();
      return r;
    },
    show(t) {
      const r = parse(t);
      const keys = r.ok ? r.value : fallbackValue;
      control.boxes.forEach((b) => (b.checked = keys.includes(b.value)));
      control.value = keys;
      control.ok = true;
      readError = r.ok ? '' : linkProblem(r.message);
      say(readError);
      name_();
      return r;
    },
    textFrom: (params) => address.textIn(params) ?? fallback,
    setText(t) {
      control.show(t);
      commit();
    },
    setChoices(list) {
      const chosen = control.value;
      placeBoxes(list);
      control.boxes.forEach((b) => (b.checked = chosen.includes(b.value)));
      control.read();
    },
    setMessage: (t) => say(readError || t),
    keep() {
      if (control.ok) address.write(control.value.join(','), fallbackValue.join(','));
    },
    destroy() {},
  };
  const commit = () => {
    control.read();
    control.keep();
    onChange?.(control);
  };
  placeBoxes(choices);
  control.show(text ?? address.textIn() ?? fallback);
  return control;
}

// A value from a link, as a message quotes it: short, its direction controls written out
/** @param {string} t */
const shown = (t) => isolated(t.length > 24 ? `${t.slice(0, 24)}…` : t);

/**
 * The figure's one line about its link: what the address carries under `prefix` ("t.") that the figure does not use,
 * a choice it does not offer (a control's linkProblem) or a parameter none of its controls reads (named with the
 * one the reader likely meant: p.L for p.Ls). controls: the figure's controls (each with the names it reads, an
 * older spelling's too). → {el, update(params = the page's address)}: update when a link applies.
 * @param {{prefix: string, controls: Pick<Control, 'name' | 'names' | 'linkProblem' | 'select'>[]}} spec
 * @returns {{el: HTMLElement, update: (params?: URLSearchParams) => void}}
 */
export function linkNote({ prefix, controls }) {
  const el = element(html`<p class="field-message link-note" aria-live="polite"></p>`);
  const names = controls.flatMap((c) => c.names ?? [c.name]);
  /** @param {string} name */
  const meant = (name) => names.find((n) => n.toLowerCase() === name.toLowerCase()) ?? names.find((n) => n.startsWith(name) || name.startsWith(n));
  function update(params = addressParams()) {
    const unknown = [...params]
      .filter(([name]) => name.startsWith(prefix) && !names.includes(name))
      .map(([name, value]) => {
        const guess = meant(name);
        return `${shown(name)}=“${shown(value)}”, no setting of this figure${guess ? ` (${guess}?)` : ''}`;
      });
    const items = [...controls.map((c) => c.linkProblem).filter(Boolean), ...unknown];
    el.textContent = items.length ? `Not used from this link: ${items.join('; ')}.` : '';
  }
  // a choice the reader makes answers what the link said about it
  for (const c of controls) if (c.select) c.select.addEventListener('change', () => update());
  update();
  return { el, update };
}

/**
 * A rate: a text field for the exact value and a slider over its logarithm beside it, from 10^decades[0] to
 * 10^decades[1] in steps of 0.05 decades (the field takes any rate parse accepts; the slider's rate is rounded
 * to two digits for the field).
 * @param {Parameters<typeof textControl>[0] & {decades?: [number, number]}} spec  a text field's, and the slider's range
 * @returns {Control}
 */
export function rateControl({ decades: [lo, hi] = [-5, 0], onChange, ...options }) {
  const slider = element(html`<input type="range" min="${lo}" max="${hi}" step="0.05" class="rate-slider" aria-label="${options.label}, logarithmic scale">`);
  /** @param {number} rate */
  const place = (rate) => {
    slider.value = String(Math.min(hi, Math.max(lo, Math.log10(rate))));
    slider.setAttribute('aria-valuetext', options.format(rate));
  };
  const control = textControl({
    hint: 'or slide (logarithmic scale)',
    ...options,
    onChange: (c) => {
      if (c.ok) place(c.value);
      onChange?.(c);
    },
  });
  place(control.value);
  slider.addEventListener('input', () => control.setText(options.format(Number((10 ** Number(slider.value)).toPrecision(2)))));
  control.input.after(slider);
  return control;
}
