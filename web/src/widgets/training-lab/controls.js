// The training lab's list of configurations (wiring, depth, warmup per row), kept in the page URL under the lab's
// prefix ("t.configs=post-24-0,pre-24-0"), each row's fields with their messages; the lab's other controls are the
// page's kit (ui/controls.js). Nothing runs from here: the lab runs on its Run button.
import { placementOf } from '../../experiment/choices.js';
import { parseDepth } from '../../experiment/params.js';
import { addressEntry } from '../../ui/url-state.js';
import { subscribeWritten, wiringChoices, wiringOf } from '../../experiment/written-wirings.js';
import { shadeCss, shadesOf } from '../../ui/wiring-colours.js';
import { debounced, selectField, setChoices } from '../../ui/controls.js';
import { createField } from '../../ui/field.js';
import { element, html } from '../../ui/html.js';
import { formatConfigs, parseConfigs, parseWarmup } from './params.js';

/**
 * The configurations to train, one row each (wiring, depth L, warmup steps), kept in the URL as
 * "post-24-0,post-24-50,w1-24-0". The wirings: the presets, then the written ones (experiment/written-wirings.js),
 * which come and go as the reader writes them. Kept in the address by the page's kit (ui/url-state.js), as every
 * control is. → {el, key, name, names, value: [{placement, L, warmup}], ok, textFrom(params), setText,
 * setRowMessage(i, text), destroy()}
 */
export function configsControl({ key, name, fallback, max = 6, onChange }) {
  const el = element(html`<fieldset class="lab-configs"><legend>Configurations</legend><ol class="lab-config-list"></ol>
    <button type="button" class="lab-add">Add a configuration</button>
    <span class="field-message lab-configs-message" aria-live="polite"></span></fieldset>`);
  const list = el.querySelector('ol');
  const add = el.querySelector('.lab-add');
  const message = el.querySelector('.lab-configs-message');
  const address = addressEntry({ name });
  const control = { key, name, names: address.names, el, value: [], ok: true, rows: [] };

  function row(config) {
    const li = element(html`<li class="lab-config"></li>`);
    // the colour this configuration is drawn in: its wiring's (a shade of it for a wiring's second row)
    const swatch = element(html`<span class="lab-swatch lab-config-swatch" aria-hidden="true"></span>`);
    const { el: wiring, select } = selectField({ label: 'Wiring', choices: wiringChoices(), value: config.placement });
    const depth = createField({ label: 'Depth L', value: String(config.L) });
    const warmup = createField({ label: 'Warmup steps', value: String(config.warmup), hint: '0: none' });
    const remove = element(html`<button type="button" class="lab-remove">Remove</button>`);
    const check = element(html`<p class="field-message lab-config-message" aria-live="polite"></p>`);
    wiring.querySelector('label').prepend(swatch); // (beside its label: the select keeps its whole width)
    li.append(wiring, depth.el, warmup.el, remove, check);
    const r = { li, swatch, select, depth, warmup, remove, check };
    select.addEventListener('change', commit);
    for (const f of [depth, warmup]) {
      const wait = debounced(commit);
      f.input.addEventListener('input', wait.schedule);
      f.input.addEventListener('change', wait.now);
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
    const colours = control.rows.map((r) => wiringOf(r.select.value)?.colour);
    shadesOf(colours).forEach((shade, k) => {
      const { swatch } = control.rows[k];
      swatch.dataset.colour = colours[k] ?? '';
      swatch.dataset.shade = String(shade);
      // (set as a property: the page's policy refuses style attributes in markup)
      swatch.style.background = colours[k] ? shadeCss(colours[k], shade) : 'transparent';
    });
    control.ok = ok;
    if (ok) control.value = value;
  }

  function commit() {
    message.textContent = '';
    read();
    if (control.ok) address.write(formatConfigs(control.value), formatConfigs(parseConfigs(fallback).value));
    onChange?.(control);
  }

  function show(text) {
    const known = wiringChoices().map((c) => c.key);
    let r = parseConfigs(text, { max, known });
    if (!r.ok) {
      message.textContent = `The link asked for configurations the lab cannot read: ${r.message}`;
      r = parseConfigs(fallback, { max, known });
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

  show(address.textIn() ?? fallback);
  // a wiring written, changed or gone: every row offers the wirings there are now; a row that trained a written
  // wiring is a change of the configurations, and a row whose written wiring is gone says what it trains now
  const stopWritten = subscribeWritten(() => {
    const before = control.rows.map((r) => r.select.value);
    for (const r of control.rows) setChoices(r.select, wiringChoices());
    const gone = control.rows.filter((r, k) => r.select.value !== before[k]);
    if (!before.some((key) => !placementOf(key))) return;
    commit();
    for (const r of gone) r.check.textContent = 'The written wiring this configuration trained is no longer on the page: it trains the wiring shown.';
  });
  control.destroy = stopWritten;
  control.setText = (text) => {
    show(text);
    commit();
  };
  control.textFrom = (params) => address.textIn(params) ?? fallback;
  /** the kernel's message for configuration i (train.check), or '' */
  control.setRowMessage = (i, text) => {
    if (control.rows[i]) control.rows[i].check.textContent = text;
  };
  return control;
}
