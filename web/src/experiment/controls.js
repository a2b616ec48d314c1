// The controls of one experiment figure (depth, depths, seeds, output scales, measure, wirings), made with the
// page's one kit (ui/controls.js) and kept in the URL under the figure's prefix ("b.Ls=6,24"). onChange gets the
// parsed values of them all once every one of them reads; a value that cannot be read keeps its message and
// changes nothing. What the link carries under the prefix that no control uses is said in one line under them.
import { checkboxControl, linkNote, selectControl, textControl } from '../ui/controls.js';
import { element, html } from '../ui/html.js';
import { MEASURES, PLACEMENTS } from './choices.js';
import { formatSeeds, parseDepth, parseDepths, parsePlacements, parseScale, parseScales, parseSeeds } from './params.js';
import { subscribeWritten, textOf, wiringChoices } from './written-wirings.js';
import './controls.css';

/**
 * One control of a figure, as its widget describes it: kind is how its text reads (a text kind of TEXT_KINDS, a
 * choice of CHOICES, or 'placements': the wirings); min, a depth's or depths' least value.
 * @typedef {{key: string, label: string, kind: string, fallback: string, min?: number}} ControlSpec
 * @typedef {import('../ui/controls.js').Control} Control
 * @typedef {import('../ui/controls.js').ReadResult} ReadResult
 * @typedef {{parse: (text: string, spec: ControlSpec) => ReadResult, format?: (value: any) => string}} TextKind  how a
 *   text kind reads and is written back (format's value is the one its parse gave: a number or a list, by kind)
 */

/** r, unless a value of it is below min: then message. @type {(min: number, r: ReadResult, message: string) => ReadResult} */
const atLeast = (min, r, message) => (r.ok && (Array.isArray(r.value) ? r.value : [r.value]).some((v) => v < min) ? { ok: false, message } : r);

// kind → how its text reads and is written back
/** @type {Record<string, TextKind>} */
const TEXT_KINDS = {
  depth: { parse: (t, spec) => atLeast(spec.min ?? 1, parseDepth(t), `This needs a depth of at least ${spec.min}.`) },
  depths: {
    parse: (t, spec) => {
      const r = parseDepths(t);
      return atLeast(spec.min ?? 1, r, r.ok && `Every depth here must be at least ${spec.min} (got ${r.value.find((L) => L < spec.min)}).`);
    },
    format: (/** @type {number[]} */ v) => v.join(', '),
  },
  seeds: { parse: (t) => parseSeeds(t), format: formatSeeds },
  seed: {
    parse: (t) => {
      const r = parseSeeds(t, { maxCount: 1 });
      return r.ok ? { ok: true, value: r.value[0] } : r;
    },
  },
  scales: { parse: (t) => parseScales(t), format: (/** @type {number[]} */ v) => v.join(', ') },
  scale: { parse: (t) => parseScale(t) },
};
/** @type {Record<string, import('../ui/controls.js').Choice[]>} */
const CHOICES = { measure: MEASURES, placement: PLACEMENTS };

/**
 * The wirings, one checkbox each under a summary naming the chosen ones: the figures' and the lab's. The presets,
 * then the wirings the reader has written (experiment/written-wirings.js): a written wiring that is chosen and
 * changes (or goes) is a change of the control (onChange).
 * @param {{key: string, name: string, fallback: string, legend?: any, folded?: boolean, className?: string,
 *   onChange?: (control: Control) => void}} spec
 * @returns {Control}
 */
export function wiringsControl({ onChange, ...options }) {
  const keys = () => wiringChoices().map((c) => c.key);
  const texts = () => JSON.stringify(control.value.map(textOf)); // the chosen wirings' text forms
  let ran = '';
  const changed = () => {
    ran = texts();
    onChange?.(control);
  };
  const control = checkboxControl({
    legend: 'Wirings',
    choices: wiringChoices(),
    parse: (text) => parsePlacements(text, keys()),
    linkProblem: (message) => `The wirings in this link cannot be read: ${message}`,
    onChange: changed,
    ...options,
  });
  ran = texts();
  const stop = subscribeWritten(() => {
    control.setChoices(wiringChoices());
    if (texts() === ran) return;
    control.keep();
    changed();
  });
  control.destroy = stop;
  return control;
}

/** The kit's control for spec, kept in the address as name. @param {ControlSpec} spec  @param {string} name  @param {(control: Control) => void} onChange  @returns {Control} */
function controlOf(spec, name, onChange) {
  const { key, label, fallback } = spec;
  if (spec.kind in CHOICES) return selectControl({ key, name, label, choices: CHOICES[spec.kind], fallback, onChange });
  if (spec.kind === 'placements') return wiringsControl({ key, name, legend: label, fallback, folded: true, className: 'field exp-wirings', onChange });
  const { parse, format = String } = TEXT_KINDS[spec.kind];
  return textControl({ key, name, label, fallback, parse: (t) => parse(t, spec), format, onChange });
}

/**
 * specs: [{key, label, kind, fallback, min?}]; prefix: URL prefix. → {el, values, isFallback(), setMessage(key, text), destroy()}
 * @param {ControlSpec[]} specs  @param {{prefix: string, onChange: (values: ControlValues) => void}} options
 * @returns {FigureControls}
 * @typedef {Record<string, any>} ControlValues  each control's value by its key, of its spec's kind (a depth, a list of
 *   seeds, a measure's key, the wirings' keys): the widget that wrote the specs reads them by key (any: the kind is
 *   its spec's, a string at run time)
 * @typedef {{el: HTMLElement, values: ControlValues, isFallback: () => boolean, setMessage: (key: string, text: string) => void,
 *   destroy: () => void}} FigureControls
 */
export function createControls(specs, { prefix, onChange }) {
  const el = element(html`<div class="exp-controls"></div>`);
  /** @type {ControlValues} */
  const values = {};
  const changed = () => {
    if (!controls.every((c) => c.ok)) return;
    for (const c of controls) values[c.key] = c.value;
    onChange(values);
  };
  const controls = specs.map((spec) => controlOf(spec, `${prefix}.${spec.key}`, changed));
  // what the link sets where it reads (a field that cannot be read keeps its fallback and says so)
  for (const c of controls) values[c.key] = c.value;
  el.append(...controls.map((c) => c.el), linkNote({ prefix: `${prefix}.`, controls }).el);
  /** @type {(a: unknown, b: unknown) => boolean} */
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  return {
    el,
    values,
    /** true when every control holds the article's value */
    isFallback: () => controls.every((c) => same(values[c.key], c.fallbackValue)),
    setMessage: (key, text) => controls.find((c) => c.key === key)?.setMessage(text),
    destroy: () => controls.forEach((c) => c.destroy()),
  };
}
