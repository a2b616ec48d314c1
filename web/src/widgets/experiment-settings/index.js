// The "advanced" drawer: the experiment settings every figure of Part 1 shares (d, heads, FFN multiple,
// B, T, causal mask, activation). Defaults are the protocol's, reported by the kernel; a change that the
// kernel cannot run gets its message here and changes nothing.
import { loadStack } from '../../kernels/stack.js';
import { getSettings } from '../../experiment/settings.js';
import { ACTIVATIONS } from '../../experiment/choices.js';
import { parseWhole } from '../../experiment/params.js';
import { debounced, selectField } from '../../ui/controls.js';
import { createField } from '../../ui/field.js';
import { element, html, setHtml } from '../../ui/html.js';
import './style.css';

const NUMBERS = [
  { key: 'd', label: 'width d' },
  { key: 'heads', label: 'heads' },
  { key: 'ffnMult', label: 'FFN multiple' },
  { key: 'B', label: 'sequences B' },
  { key: 'T', label: 'tokens T' },
];

export async function mount(el) {
  const [stack, settings] = await Promise.all([loadStack(), getSettings()]);
  el.classList.add('exp-settings');
  setHtml(
    el,
    html`<details><summary>Advanced: model and batch <span class="exp-settings-state"></span></summary>
    <div class="exp-settings-body"><div class="exp-settings-fields"></div>
    <p class="exp-settings-message" role="alert"></p>
    <button type="button" class="exp-settings-reset">Back to the article’s settings</button></div></details>`,
  );
  const fieldsEl = el.querySelector('.exp-settings-fields');
  const message = el.querySelector('.exp-settings-message');
  const state = el.querySelector('.exp-settings-state');

  const fields = {};
  for (const { key, label } of NUMBERS) {
    fields[key] = createField({ label, value: String(settings.values[key]), name: key, width: '6em' });
    fieldsEl.append(fields[key].el);
  }
  const causal = element(html`<label class="exp-settings-check"><input type="checkbox" name="causal"> causal mask</label>`);
  const causalBox = causal.querySelector('input');
  const { el: activation, select: activationSelect } = selectField({ label: 'activation', choices: ACTIVATIONS, value: settings.values.activation });
  fieldsEl.append(activation, causal);

  const show = (values) => {
    for (const { key } of NUMBERS) fields[key].input.value = String(values[key]);
    causalBox.checked = values.causal;
    activationSelect.value = values.activation;
    state.textContent = settings.isDefault() ? '(the article’s)' : '(changed)';
  };
  show(settings.values);
  // a setting in the link that could not be read is said here, the drawer open, where it would be fixed
  if (settings.linkProblems.length) {
    message.textContent = settings.linkProblems.join(' ');
    el.querySelector('details').open = true;
  }

  const apply = () => {
    const next = { causal: causalBox.checked, activation: activationSelect.value };
    let ok = true;
    for (const { key } of NUMBERS) {
      const r = parseWhole(fields[key].input.value, { what: `The ${NUMBERS.find((n) => n.key === key).label}`, min: 1 });
      fields[key].setMessage(r.ok ? '' : r.message);
      if (r.ok) next[key] = r.value;
      else ok = false;
    }
    if (!ok) return;
    try {
      stack.check({ ...next, L: 2 }); // the kernel's limits, at the smallest depth any figure uses
      message.textContent = '';
    } catch (error) {
      message.textContent = error.message;
      return;
    }
    settings.set(next);
    state.textContent = settings.isDefault() ? '(the article’s)' : '(changed)';
  };
  const wait = debounced(apply);
  for (const { key } of NUMBERS) {
    fields[key].input.addEventListener('input', wait.schedule);
    fields[key].input.addEventListener('change', wait.now);
  }
  causalBox.addEventListener('change', apply);
  activationSelect.addEventListener('change', apply);
  el.querySelector('.exp-settings-reset').addEventListener('click', () => {
    show(settings.defaults);
    for (const { key } of NUMBERS) fields[key].setMessage('');
    message.textContent = '';
    settings.set({ ...settings.defaults });
    state.textContent = '(the article’s)';
  });

  return {
    destroy() {
      wait.cancel();
      el.replaceChildren();
    },
  };
}
