// Figure s01, the two wirings: Pre-LN (top) with an unbroken residual pipe and the LayerNorm on the
// branch; Post-LN (bottom) with the LayerNorm on the pipe. Hovering, focusing or tapping a row traces the
// backward (gradient) path through that block; three buttons do the same for touch and pin the choice.
// Static drawing, no kernels: the figure works without WebAssembly.
import { html, setHtml } from '../../ui/html.js';
import { rowSvg } from './view.js';
import './style.css';

let instances = 0;

const ROWS = [
  {
    kind: 'pre',
    name: 'Pre-LN',
    formula: html`x + <i>F</i>(LN(x))`,
    backward: html`∂x<sub>i+1</sub>/∂x<sub>i</sub> = <b>I</b> + J<sub>F</sub> J<sub>LN</sub>: the I skips every norm`,
    description:
      'Drawing: the cyan residual pipe runs unbroken from x i to x i+1. Below it, a branch takes a copy of x, ' +
      'passes it through a LayerNorm box and then F (attention or the feed-forward network), and adds the result ' +
      'back onto the pipe at a plus junction. Gradient path: going backwards, the gradient reaches x i straight ' +
      'along the pipe without crossing any LayerNorm, the identity term I; a second, smaller contribution comes ' +
      'back through F and the LayerNorm on the branch.',
  },
  {
    kind: 'post',
    name: 'Post-LN',
    formula: html`LN(x + <i>F</i>(x))`,
    backward: html`∂x<sub>i+1</sub>/∂x<sub>i</sub> = <b>J<sub>LN</sub></b> (I + J<sub>F</sub>): every term goes through J<sub>LN</sub>`,
    description:
      'Drawing: the same cyan pipe, but a LayerNorm box sits on the pipe itself. The branch takes x, without ' +
      'a norm, through F, and adds the result back at a plus junction; the sum then passes through the LayerNorm ' +
      'on the pipe before it becomes x i+1. Gradient path: going backwards, the gradient must first cross the ' +
      'LayerNorm on the pipe, its Jacobian J LN, before it splits between the pipe and the branch, so every path ' +
      'crosses a LayerNorm; stacked over L blocks, the L LayerNorm Jacobians multiply.',
  },
];

export function mount(el) {
  const id = `wirings-${++instances}`;
  el.classList.add('wirings');
  setHtml(
    el,
    html`
    <figure class="wirings-figure">
      <div class="wirings-controls" role="group" aria-labelledby="${id}-show">
        <span id="${id}-show">Show gradient path:</span>
        <span class="wirings-buttons">
          <button type="button" data-show="pre" aria-pressed="false">Pre-LN</button>
          <button type="button" data-show="post" aria-pressed="false">Post-LN</button>
          <button type="button" data-show="none" aria-pressed="true">None</button>
        </span>
      </div>
      ${ROWS.map(
        (r) => html`
      <div class="wirings-row" data-wiring="${r.kind}" tabindex="0" role="group"
           aria-labelledby="${id}-${r.kind}-title" aria-describedby="${id}-${r.kind}-back ${id}-${r.kind}-desc">
        <p class="wirings-title" id="${id}-${r.kind}-title"><strong>${r.name}</strong>: ${r.formula}</p>
        ${rowSvg(r.kind)}
        <p class="wirings-backward" id="${id}-${r.kind}-back">Backward: ${r.backward}.</p>
        <p class="visually-hidden" id="${id}-${r.kind}-desc">${r.description}</p>
      </div>`,
      )}
      <figcaption>
        The cyan pipe is the residual stream, <i>F</i> is attention or the feed-forward network. Top: the
        identity passes untouched and the gradient reaches x<sub>i</sub> without meeting a norm. Bottom: the norm
        sits on the pipe, so every path crosses it. Hover, focus or tap a row to trace the gradient backwards.
      </figcaption>
    </figure>`,
  );

  const rows = [...el.querySelectorAll('.wirings-row')];
  const buttons = [...el.querySelectorAll('.wirings-controls button')];
  // what is highlighted: a row under the mouse wins, then a focused row, then the buttons' choice
  const state = { hovered: null, focused: null, pinned: 'none' };

  function render() {
    const active = state.hovered ?? state.focused ?? state.pinned;
    for (const row of rows) {
      const on = row.dataset.wiring === active;
      row.classList.toggle('is-active', on);
      for (const g of row.querySelectorAll('.wr-grad')) g.classList.toggle('is-highlighted', on);
      row.querySelector('[data-box="ln"]').classList.toggle('is-crossed', on && row.dataset.wiring === 'post');
    }
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.show === state.pinned));
  }

  const controller = new AbortController();
  const opts = { signal: controller.signal };
  for (const row of rows) {
    const kind = row.dataset.wiring;
    row.addEventListener(
      'pointerenter',
      (e) => {
        if (e.pointerType !== 'touch') {
          state.hovered = kind;
          render();
        }
      },
      opts,
    );
    row.addEventListener(
      'pointerleave',
      () => {
        if (state.hovered === kind) {
          state.hovered = null;
          render();
        }
      },
      opts,
    );
    row.addEventListener(
      'focus',
      () => {
        state.focused = kind;
        render();
      },
      opts,
    );
    row.addEventListener(
      'blur',
      () => {
        if (state.focused === kind) {
          state.focused = null;
          render();
        }
      },
      opts,
    );
  }
  for (const b of buttons) {
    b.addEventListener(
      'click',
      () => {
        state.pinned = b.dataset.show;
        render();
      },
      opts,
    );
  }
  // a print shows the drawing with the chosen (or focused) path, never whatever the mouse was over
  window.addEventListener(
    'beforeprint',
    () => {
      state.hovered = null;
      render();
    },
    opts,
  );
  render();

  return {
    destroy() {
      controller.abort();
      el.classList.remove('wirings');
      el.replaceChildren();
    },
  };
}
