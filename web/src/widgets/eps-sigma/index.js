// The ε and σ instrument: the reader sets σ, ε and γ and sees the LayerNorm Jacobian's scale γ/√(σ²+ε)
// against σ; below, a depth strip takes σᵢ block by block (by default a real stack's: the stream's sd after each
// block, measured by a run in the page's workers) and draws the Post-LN chain of scales beside the
// Pre-LN bound (1+δ)ᴸ. Every keystroke recomputes in the kernels (kernels/norm-scale.js); bad input gets
// its message beside its field and the last good result stays, marked out of date. The inputs live in the URL under
// "es." so that a link (the exercises' "open in the instrument") reproduces a view; once the instrument is mounted
// those links set it up in place (experiment/in-place-links.js).
import { PLACEMENTS, placementOf } from '../../experiment/choices.js';
import { followInPlaceLinks } from '../../experiment/in-place-links.js';
import { createLiveRuns } from '../../experiment/live-runs.js';
import { parseDepth } from '../../experiment/params.js';
import { getSettings } from '../../experiment/settings.js';
import { loadNormScale } from '../../kernels/norm-scale.js';
import { linkNote, selectControl, textControl } from '../../ui/controls.js';
import { formatNumber } from '../../ui/format.js';
import { element, html, setHtml } from '../../ui/html.js';
import { parseNumber, parseVector } from '../../ui/parse.js';
import { createDepthView, createScaleView } from './view.js';
import './style.css';

const PREFIX = 'es.';
// How the depth strip gets its σᵢ: the kernel's three sources (norm_scale.hpp).
// 'measured' is a stack's own: the stream's sd after each block, as the kernel measures it (a run in the page's
// workers, at the article's settings).
const SOURCES = [
  { key: 'measured', label: 'measured: the stream’s sd after each block of a stack' },
  { key: 'power', label: 'σ·iᵖ, growing like a power of depth' },
  { key: 'sigmas', label: 'a list of σᵢ' },
  { key: 'variances', label: 'a list of variances σᵢ²' },
];
const list = (v) => (Array.isArray(v) ? v.join(', ') : String(v));

export async function mount(el, props = {}) {
  let render = () => {};
  const [ns, settings, live] = await Promise.all([
    loadNormScale(),
    getSettings(),
    createLiveRuns({ el, render: () => render(), restart: () => update(), what: 'spreads' }),
  ]);
  // the article's values as the props give them; ε defaults to nn.LayerNorm's, from C++
  const fallback = {
    sigma: String(props.sigma ?? 1),
    eps: String(props.eps ?? ns.defaultEps),
    gamma: String(props.gamma ?? 1),
    layers: props.layers ?? 'measured',
    wiring: props.wiring ?? 'post',
    L: String(props.L ?? 24),
    p: String(props.p ?? 0.5),
    list: list(props.list ?? [0.25, 1, 4, 9]),
    delta: String(props.delta ?? 0.02),
  };
  // every input recomputes at once (the kernels take microseconds here): update() reads them all, so that a
  // message about one input depends on the others (the strip's source decides how L reads)
  const onChange = () => update();
  // each reads its value from the address (the kit's controls), the default where it has none; the source of the
  // σᵢ only if it is one the strip knows
  const source = selectControl({
    key: 'layers',
    name: `${PREFIX}layers`,
    label: 'σᵢ along the stack',
    className: 'es-source',
    choices: SOURCES,
    fallback: fallback.layers,
    onChange,
  });
  const wiring = selectControl({
    key: 'wiring',
    name: `${PREFIX}wiring`,
    label: 'Wiring',
    className: 'es-wiring',
    choices: PLACEMENTS,
    fallback: fallback.wiring,
    onChange,
  });
  /** @param {(text: string) => import('../../ui/controls.js').ReadResult} [parse] */
  const number = (key, label, hint, width, parse = parseNumber, older = []) =>
    textControl({ key, name: PREFIX + key, older, label, hint, width, fallback: fallback[key], parse, instant: true, onChange });
  const fields = {
    sigma: number('sigma', 'σ', '≥ 0: the spread entering LN', '8em'),
    eps: number('eps', 'ε', `≥ 0; PyTorch's default is ${formatNumber(ns.defaultEps)}`, '8em'),
    gamma: number('gamma', 'γ', '> 0', '8em'),
  };
  const strip = {
    p: number('p', 'p', 'σᵢ = σ·iᵖ; ½ is √L growth', '6em'),
    list: number('list', 'σᵢ, block by block', 'first block first', '', (t) => parseVector(t, { max: ns.maxDepth })),
    // a measured stack's L is a whole depth; the power strip's any number the kernel takes
    // (es.n: the power strip's count of an older link, the L of every source now)
    L: number(
      'L',
      'L, the number of blocks',
      `1 to ${ns.maxDepth}`,
      '6em',
      (t) => (source.select.value === 'measured' ? parseDepth(t, { max: ns.maxDepth }) : parseNumber(t)),
      [`${PREFIX}n`],
    ),
    delta: number('delta', 'δ', 'each Pre-LN branch has ‖Bᵢ‖ ≤ δ', '6em'),
  };

  el.classList.add('es-widget');
  const form = element(html`<form class="es-inputs" aria-label="σ, ε and γ"></form>`);
  form.addEventListener('submit', (e) => e.preventDefault());
  form.append(...Object.values(fields).map((f) => f.el));
  const scaleView = createScaleView();
  const torch = element(html`<p class="es-torch"></p>`);

  const heading = element(html`<h3 class="es-heading">Along a stack</h3>`);
  const stripForm = element(html`<form class="es-inputs es-strip-inputs" aria-label="The depth strip"></form>`);
  stripForm.addEventListener('submit', (e) => e.preventDefault());
  stripForm.append(source.el, wiring.el, strip.L.el, strip.p.el, strip.list.el, strip.delta.el);
  const stripMessage = element(html`<p class="field-message es-strip-message" aria-live="polite"></p>`);
  const measuredNote = element(html`<p class="es-measured" aria-live="polite"></p>`);
  const depthView = createDepthView();
  live.footer.classList.add('es-footer');
  // what the measured strip adds as its run comes in goes under its chart, where growing moves nothing drawn
  // what a link carries under es. that the instrument does not use
  const note = linkNote({ prefix: PREFIX, controls: [source, wiring, ...Object.values(fields), ...Object.values(strip)] });
  el.append(note.el, form, scaleView.el, torch, heading, stripForm, stripMessage, depthView.el, measuredNote, live.footer, live.compute);
  let measuring = null; // the measured run the strip shows: {id, label, L}

  renderTorchLine(torch, ns, props.streamSd ?? []);

  function update() {
    const mode = source.select.value;
    const power = mode === 'power';
    const fromStack = mode === 'measured';
    strip.p.el.hidden = !power;
    strip.list.el.hidden = power || fromStack;
    strip.L.el.hidden = !power && !fromStack;
    wiring.el.hidden = !fromStack;
    if (!fromStack) {
      measuring = null;
      measuredNote.textContent = '';
      render = () => {};
    }
    strip.list.el.querySelector('label').textContent = mode === 'variances' ? 'σᵢ², block by block' : 'σᵢ, block by block';

    const parsed = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.read()]));
    // the strip's inputs this source uses (the others are hidden)
    const used = fromStack ? ['delta', 'L'] : power ? ['delta', 'p', 'L'] : ['delta', 'list'];
    const stripParsed = {};
    for (const name of used) stripParsed[name] = strip[name].read();
    stripMessage.textContent = '';
    if (!Object.values(parsed).every((r) => r.ok)) {
      scaleView.markStale();
      depthView.markStale();
      return;
    }
    const [sigma, eps, gamma] = [parsed.sigma.value, parsed.eps.value, parsed.gamma.value];

    try {
      const r = ns.at(sigma, eps, gamma);
      scaleView.render({ sigma, eps, gamma, r, axis: { min: ns.sigmaMin, max: ns.sigmaMax } });
    } catch (error) {
      fields[error.input in fields ? error.input : 'sigma'].setMessage(error.message);
      scaleView.markStale();
    }

    if (fromStack && Object.values(stripParsed).every((r) => r.ok)) {
      const placement = wiring.select.value;
      const L = stripParsed.L.value;
      const id = `${placement}|${L}`;
      if (measuring?.id !== id) {
        measuring = { id, label: placementOf(placement).label, L };
        depthView.markMeasuring();
        measuredNote.textContent = '';
        if (!live.start([{ id, options: { ...settings.values, placement, L, seed: 0, scale: 1 } }])) {
          depthView.markStale();
        }
      }
      render = () => drawMeasured({ eps, gamma, delta: stripParsed.delta.value });
      render();
    } else if (fromStack) {
      depthView.markStale();
    } else if (Object.values(stripParsed).every((r) => r.ok)) {
      const from = power ? { sigma1: sigma, p: stripParsed.p.value, L: stripParsed.L.value } : { [mode]: stripParsed.list.value };
      try {
        depthView.render({ d: ns.depth(from, { eps, gamma, delta: stripParsed.delta.value }), delta: stripParsed.delta.value });
      } catch (error) {
        showStripError(error);
      }
    } else {
      depthView.markStale();
    }
  }

  // The strip from a measured stack: its stream's sd after each block are the σᵢ (once its run is in).
  function drawMeasured({ eps, gamma, delta }) {
    const result = measuring && live.results.get(measuring.id);
    if (!result) {
      if (measuring && live.failed.has(measuring.id)) stripMessage.textContent = live.failed.get(measuring.id);
      return;
    }
    const sigmas = Array.from(result.streamSd);
    try {
      depthView.render({ d: ns.depth({ sigmas }, { eps, gamma, delta }), delta });
    } catch (error) {
      return showStripError(error);
    }
    const first = formatNumber(sigmas[0], 3);
    const last = formatNumber(sigmas.at(-1), 3);
    measuredNote.textContent =
      `σᵢ: the standard deviation of the residual stream after each block of a ${measuring.label} stack of ${measuring.L} blocks ` +
      `(seed 0, the article’s settings), measured by the kernel: ${first} after the first block, ${last} after the last. ` +
      'This chain multiplies only the LayerNorms’ scale factors at these spreads; the ratio of the article’s tables is the ' +
      'whole gradient’s, which also passes through every branch and every LayerNorm’s projection, so the chain alone is not that ratio.';
  }

  // The kernel names the input its message is about (error.input: a field, or "list" for a block of the list): the
  // message goes beside that field when the field is shown, and under the strip's fields otherwise.
  function showStripError({ message, input }) {
    depthView.markStale();
    const target = input in strip && !strip[input].el.hidden ? strip[input] : null;
    if (target) target.setMessage(message);
    else stripMessage.textContent = message;
  }

  update();
  const stopLinks = followInPlaceLinks({
    prefix: PREFIX,
    anchor: () => el.closest('.widget[data-widget]')?.id,
    apply(params) {
      const all = [source, wiring, ...Object.values(fields), ...Object.values(strip)];
      for (const c of all) c.show(c.textFrom(params));
      note.update(params);
      update();
      for (const c of all) c.keep(); // the link's values, into the history entry it made (or came back to)
    },
    focus: () => fields.sigma.input,
  });
  return {
    destroy() {
      live.destroy();
      stopLinks();
      scaleView.destroy();
      depthView.destroy();
      el.replaceChildren();
    },
  };
}

// What PyTorch's ε does at the spread of a real stream: the spreads are the article's (published, from the
// content's props), the share of the scale ε removes and √ε are the kernel's.
function renderTorchLine(el, ns, published) {
  const spreads = published.map(Number).filter((s) => Number.isFinite(s) && s > 0);
  if (!spreads.length) return;
  const at = spreads.map((s) => ns.at(s, ns.defaultEps, 1));
  const eps = formatNumber(ns.defaultEps);
  const effects = at.map((r, k) => html`${k ? ' and ' : ''}<span data-eps-effect="${r.epsEffect}">${formatNumber(r.epsEffect, 2)}</span>`);
  setHtml(
    el,
    html`PyTorch's ε = ${eps} at a real stream's spread: at σ = ${published.join(' and ')} (published: the article's Pre-LN
    stream after its first and its last block) it takes away ${effects} of the scale; it takes over only where σ falls to about
    √ε = <span data-knee="${at[0].knee}">${formatNumber(at[0].knee, 3)}</span>.`,
  );
}
