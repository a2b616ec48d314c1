// The training lab's controls: text fields, choices, the learning rate on a logarithmic slider, and the
// list of configurations (wiring, depth, warmup per row). Every control keeps its value in the page URL
// under the lab's prefix ("t.lr=1e-3"), so a link reproduces the lab, and shows a message beside itself
// when what was typed (or linked) cannot be read. Nothing runs from here: the lab runs on its Run button.
import { createField } from '../../ui/field.js';
import { readParam, writeParams } from '../../experiment/url-state.js';
import { formatConfigs, formatRate, parseConfigs, parseRate, parseWarmup } from './params.js';
import { parseDepth } from '../../experiment/params.js';

const DEBOUNCE_MS = 300;
let counter = 0;
const uid = (what) => `lab-${what}-${++counter}`;

/**
 * A text field kept in the URL as `name`. parse(text) → {ok, value} | {ok: false, message};
 * format(value) → the text written back. → {el, input, key, value, ok, setText(text), setMessage(text)}
 */
export function textControl({ key, name, label, fallback, parse, format = String, hint = '', onChange }) {
  const field = createField({ label, value: readParam(name) ?? fallback, name, hint });
  const fallbackValue = parse(fallback).value;
  let timer;
  const control = {
    key,
    el: field.el,
    input: field.input,
    value: fallbackValue,
    ok: true,
    setMessage: field.setMessage,
    /** sets the text as if typed (the slider beside the learning rate, a link followed in the page) */
    setText(text) {
      field.input.value = text;
      commit();
    },
  };
  const read = () => {
    const r = parse(field.input.value);
    control.ok = r.ok;
    field.setMessage(r.ok ? '' : r.message);
    if (r.ok) control.value = r.value;
    return r;
  };
  const commit = () => {
    clearTimeout(timer);
    if (read().ok) writeParams({ [name]: [format(control.value), format(fallbackValue)] });
    onChange?.(control);
  };
  read();
  field.input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(commit, DEBOUNCE_MS);
  });
  field.input.addEventListener('change', commit);
  return control;
}

/** A <select> of choices [{key, label}], kept in the URL as `name`. → {el, select, key, value, ok: true, setText} */
export function selectControl({ key, name, label, choices, fallback, onChange }) {
  const id = uid('select');
  const el = document.createElement('div');
  el.className = 'field';
  el.innerHTML = `<label for="${id}"></label><select id="${id}"></select>`;
  el.querySelector('label').textContent = label;
  const select = el.querySelector('select');
  for (const c of choices) select.add(new Option(c.label, c.key));
  const linked = readParam(name);
  select.value = choices.some((c) => c.key === linked) ? linked : fallback;
  const control = { key, el, select, value: select.value, ok: true };
  const commit = () => {
    control.value = select.value;
    writeParams({ [name]: [select.value, fallback] });
    onChange?.(control);
  };
  control.setText = (text) => {
    select.value = choices.some((c) => c.key === text) ? text : fallback;
    commit();
  };
  select.addEventListener('change', commit);
  return control;
}

/** The learning rate: a text field for the exact value and a slider over its logarithm beside it. */
export function rateControl({ key, name, label, fallback, onChange }) {
  const [lo, hi] = [-5, 0]; // the slider spans 1e-5 … 1; the field takes any rate the kernel accepts
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = String(lo);
  slider.max = String(hi);
  slider.step = '0.05';
  slider.className = 'lab-rate-slider';
  slider.setAttribute('aria-label', `${label}, logarithmic scale`);
  const place = (rate) => {
    slider.value = String(Math.min(hi, Math.max(lo, Math.log10(rate))));
    slider.setAttribute('aria-valuetext', formatRate(rate));
  };
  const control = textControl({
    key, name, label, fallback, parse: parseRate, format: formatRate, hint: 'or slide (logarithmic scale)',
    onChange: (c) => {
      if (c.ok) place(c.value);
      onChange?.(c);
    },
  });
  place(control.value);
  // the slider moves in steps of 0.05 decades: its rate is rounded to two digits for the field
  slider.addEventListener('input', () => control.setText(formatRate(Number((10 ** Number(slider.value)).toPrecision(2)))));
  control.input.after(slider);
  return control;
}

/** Checkboxes for a set of choices, kept in the URL as "a,b". → {el, key, value: [keys], ok, setText} */
export function checkboxControl({ key, name, legend, choices, fallback, parse, onChange }) {
  const el = document.createElement('fieldset');
  el.className = 'lab-checks';
  el.innerHTML = `<legend></legend><span class="field-message" aria-live="polite"></span>`;
  el.querySelector('legend').textContent = legend;
  const message = el.querySelector('.field-message');
  const boxes = choices.map((c) => {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = c.key;
    label.append(box, ` ${c.label}`);
    message.before(label);
    return box;
  });
  const control = { key, el, value: parse(fallback).value, ok: true };
  const show = (text) => {
    const r = parse(text);
    const keys = r.ok ? r.value : parse(fallback).value;
    boxes.forEach((b) => (b.checked = keys.includes(b.value)));
    return r;
  };
  const commit = () => {
    const r = parse(boxes.filter((b) => b.checked).map((b) => b.value).join(','));
    control.ok = r.ok;
    message.textContent = r.ok ? '' : r.message;
    if (r.ok) {
      control.value = r.value;
      writeParams({ [name]: [r.value.join(','), fallback] });
    }
    onChange?.(control);
  };
  const linked = show(readParam(name) ?? fallback);
  if (!linked.ok) message.textContent = `The wirings in this link cannot be read: ${linked.message}`;
  control.value = boxes.filter((b) => b.checked).map((b) => b.value);
  control.setText = (text) => {
    show(text);
    commit();
  };
  boxes.forEach((b) => b.addEventListener('change', commit));
  return control;
}

/**
 * The configurations to train, one row each (wiring, depth L, warmup steps), kept in the URL as
 * "post-24-0,post-24-50,pre-24-0". → {el, key, value: [{placement, L, warmup}], ok, setText, setRowMessage(i, text)}
 */
export function configsControl({ key, name, placements, fallback, max = 6, onChange }) {
  const el = document.createElement('fieldset');
  el.className = 'lab-configs';
  el.innerHTML = `<legend>Configurations</legend><ol class="lab-config-list"></ol>
    <button type="button" class="lab-add">Add a configuration</button>
    <span class="field-message lab-configs-message" aria-live="polite"></span>`;
  const list = el.querySelector('ol');
  const add = el.querySelector('.lab-add');
  const message = el.querySelector('.lab-configs-message');
  const control = { key, el, value: [], ok: true, rows: [] };

  function row(config) {
    const li = document.createElement('li');
    li.className = 'lab-config';
    const id = uid('wiring');
    const wiring = document.createElement('div');
    wiring.className = 'field';
    wiring.innerHTML = `<label for="${id}">Wiring</label><select id="${id}"></select>`;
    const select = wiring.querySelector('select');
    for (const p of placements) select.add(new Option(p.label, p.key));
    select.value = config.placement;
    const depth = createField({ label: 'Depth L', value: String(config.L) });
    const warmup = createField({ label: 'Warmup steps', value: String(config.warmup), hint: '0: none' });
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'lab-remove';
    remove.textContent = 'Remove';
    const check = document.createElement('p');
    check.className = 'field-message lab-config-message';
    check.setAttribute('aria-live', 'polite');
    li.append(wiring, depth.el, warmup.el, remove, check);
    const r = { li, select, depth, warmup, remove, check };
    select.addEventListener('change', commit);
    for (const f of [depth, warmup]) {
      let timer;
      f.input.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(commit, DEBOUNCE_MS);
      });
      f.input.addEventListener('change', commit);
    }
    remove.addEventListener('click', () => {
      const at = control.rows.indexOf(r);
      control.rows.splice(at, 1);
      li.remove();
      commit();
      (control.rows[at] ?? control.rows[at - 1])?.select.focus();
    });
    return r;
  }

  // reads every row; a row that cannot be read keeps its message and the list keeps its last good value
  function read() {
    let ok = true;
    const value = control.rows.map((r, k) => {
      const L = parseDepth(r.depth.input.value);
      const warmup = parseWarmup(r.warmup.input.value);
      r.depth.setMessage(L.ok ? '' : L.message);
      r.warmup.setMessage(warmup.ok ? '' : warmup.message);
      r.select.setAttribute('aria-label', `Wiring of configuration ${k + 1}`);
      r.depth.input.setAttribute('aria-label', `Depth L of configuration ${k + 1}`);
      r.warmup.input.setAttribute('aria-label', `Warmup steps of configuration ${k + 1}`);
      r.remove.setAttribute('aria-label', `Remove configuration ${k + 1}`);
      r.remove.disabled = control.rows.length === 1;
      ok &&= L.ok && warmup.ok;
      return { placement: r.select.value, L: L.value, warmup: warmup.value };
    });
    add.disabled = control.rows.length >= max;
    control.ok = ok;
    if (ok) control.value = value;
  }

  function commit() {
    message.textContent = '';
    read();
    if (control.ok) writeParams({ [name]: [formatConfigs(control.value), formatConfigs(parseConfigs(fallback).value)] });
    onChange?.(control);
  }

  function show(text) {
    let r = parseConfigs(text, { max });
    if (!r.ok) {
      message.textContent = `The link asked for configurations the lab cannot read: ${r.message}`;
      r = parseConfigs(fallback, { max });
    }
    control.rows = r.value.map(row);
    list.replaceChildren(...control.rows.map((x) => x.li));
    read();
  }

  add.addEventListener('click', () => {
    const last = control.value.at(-1);
    const r = row({ ...last });
    control.rows.push(r);
    list.append(r.li);
    commit();
    r.select.focus();
  });

  show(readParam(name) ?? fallback);
  control.setText = (text) => {
    show(text);
    commit();
  };
  /** the kernel's message for configuration i (train.check), or '' */
  control.setRowMessage = (i, text) => {
    if (control.rows[i]) control.rows[i].check.textContent = text;
  };
  return control;
}
