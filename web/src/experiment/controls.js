// The controls of one experiment widget (depth, depths, seeds, output scales, measure, wirings), each beside its
// own message line, kept in the URL under the widget's prefix ("b.Ls=6,24"). onChange gets the parsed
// values after the reader pauses typing; a value that cannot be read keeps its message and changes nothing.
import { createField } from '../ui/field.js';
import { MEASURES, PLACEMENTS } from './choices.js';
import { formatSeeds, parseDepth, parseDepths, parsePlacements, parseScale, parseScales, parseSeeds } from './params.js';
import { readParam, writeParams } from './url-state.js';
import './controls.css';

const PARSERS = {
  placements: (t) => parsePlacements(t),
  depth: (t, spec) => {
    const r = parseDepth(t);
    return r.ok && r.value < (spec.min ?? 1) ? { ok: false, message: `This needs a depth of at least ${spec.min}.` } : r;
  },
  depths: (t, spec) => {
    const r = parseDepths(t);
    const low = r.ok && r.value.find((L) => L < (spec.min ?? 1));
    return low ? { ok: false, message: `Every depth here must be at least ${spec.min} (got ${low}).` } : r;
  },
  seeds: (t) => parseSeeds(t),
  seed: (t) => {
    const r = parseSeeds(t, { maxCount: 1 });
    return r.ok ? { ok: true, value: r.value[0] } : r;
  },
  scales: (t) => parseScales(t),
  scale: (t) => parseScale(t),
};

const CHOICES = { measure: MEASURES, placement: PLACEMENTS };
const asText = (kind, value) =>
  kind === 'seeds' ? formatSeeds(value) : kind === 'placements' ? value.join(',') : Array.isArray(value) ? value.join(', ') : String(value);

// A set of wirings as one checkbox each (kind 'placements'), folded under a summary that names the chosen ones,
// with its own message line.
function placementBoxes(spec) {
  const el = document.createElement('details');
  el.className = 'field exp-wirings';
  el.innerHTML = '<summary></summary><fieldset><legend></legend><span class="exp-wiring-boxes"></span></fieldset><span class="field-message" aria-live="polite"></span>';
  el.querySelector('legend').textContent = spec.label;
  const summary = el.querySelector('summary');
  const boxes = PLACEMENTS.map((p) => {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = p.key;
    const swatch = document.createElement('span');
    swatch.className = 'exp-swatch';
    swatch.style.setProperty('--swatch', `var(${p.colour})`);
    swatch.setAttribute('aria-hidden', 'true');
    label.append(box, swatch, ` ${p.label}`);
    el.querySelector('.exp-wiring-boxes').append(label);
    return box;
  });
  const message = el.querySelector('.field-message');
  const name = () => {
    const chosen = PLACEMENTS.filter((p, k) => boxes[k].checked).map((p) => p.label);
    summary.textContent = `${spec.label}: ${chosen.length ? chosen.join(', ') : 'none'}`;
  };
  boxes.forEach((b) => b.addEventListener('change', name));
  return {
    el,
    boxes,
    text: () => boxes.filter((b) => b.checked).map((b) => b.value).join(','),
    show(keys) {
      boxes.forEach((b) => (b.checked = keys.includes(b.value)));
      name();
    },
    setMessage: (text) => {
      message.textContent = text;
      if (text) el.open = true; // a message about the boxes is read beside them
    },
  };
}

let selectCounter = 0;

/**
 * specs: [{key, label, kind, fallback}]; prefix: URL prefix. → {el, values, isFallback(), setMessage(key, text)}
 */
export function createControls(specs, { prefix, onChange, debounceMs = 400 }) {
  const el = document.createElement('div');
  el.className = 'exp-controls';
  const inputs = {};
  const values = {};
  let timer;

  const commit = () => {
    const parsed = {};
    let ok = true;
    for (const spec of specs) {
      const input = inputs[spec.key];
      if (spec.kind in CHOICES) {
        parsed[spec.key] = input.select.value;
        continue;
      }
      const r = PARSERS[spec.kind](input.field.text?.() ?? input.field.input.value, spec);
      readError[spec.key] = r.ok ? '' : r.message;
      input.field.setMessage(readError[spec.key]);
      if (r.ok) parsed[spec.key] = r.value;
      else ok = false;
    }
    if (!ok) return;
    Object.assign(values, parsed);
    writeParams(
      Object.fromEntries(specs.map((s) => [`${prefix}.${s.key}`, [asText(s.kind, values[s.key]), asText(s.kind, initial[s.key])]])),
    );
    onChange(values);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(commit, debounceMs);
  };

  const initial = {};
  // what a field holds that cannot be read (typed, or from a link): its message stands until the field is fixed,
  // whatever the figure says about the values it does use (setMessage)
  const readError = {};
  for (const spec of specs) {
    const text = readParam(`${prefix}.${spec.key}`) ?? spec.fallback;
    if (spec.kind in CHOICES) {
      const id = `select-${++selectCounter}`;
      const wrap = document.createElement('div');
      wrap.className = 'field';
      wrap.innerHTML = `<label for="${id}"></label><select id="${id}"></select>`;
      wrap.querySelector('label').textContent = spec.label;
      const select = wrap.querySelector('select');
      for (const choice of CHOICES[spec.kind]) select.add(new Option(choice.label, choice.key));
      select.value = CHOICES[spec.kind].some((c) => c.key === text) ? text : spec.fallback;
      select.addEventListener('change', commit);
      inputs[spec.key] = { select };
      initial[spec.key] = spec.fallback;
      values[spec.key] = select.value;
      el.append(wrap);
    } else if (spec.kind === 'placements') {
      const field = placementBoxes(spec);
      field.boxes.forEach((b) => b.addEventListener('change', commit));
      inputs[spec.key] = { field };
      initial[spec.key] = PARSERS.placements(spec.fallback).value;
      const r = PARSERS.placements(text);
      values[spec.key] = r.ok ? r.value : initial[spec.key];
      field.show(values[spec.key]);
      readError[spec.key] = r.ok ? '' : `The wirings in this link cannot be read: ${r.message}`;
      field.setMessage(readError[spec.key]);
      el.append(field.el);
    } else {
      const field = createField({ label: spec.label, value: text, name: `${prefix}.${spec.key}` });
      field.input.addEventListener('input', schedule);
      field.input.addEventListener('change', () => {
        clearTimeout(timer);
        commit();
      });
      inputs[spec.key] = { field };
      initial[spec.key] = PARSERS[spec.kind](spec.fallback, spec).value;
      const r = PARSERS[spec.kind](text, spec);
      values[spec.key] = r.ok ? r.value : initial[spec.key];
      readError[spec.key] = r.ok ? '' : r.message;
      field.setMessage(readError[spec.key]);
      el.append(field.el);
    }
  }

  return {
    el,
    values,
    /** true when every control holds the article's value */
    isFallback: () => specs.every((s) => asText(s.kind, values[s.key]) === asText(s.kind, initial[s.key])),
    setMessage(key, text) {
      inputs[key]?.field?.setMessage(readError[key] || text);
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
