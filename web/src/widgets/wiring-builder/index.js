// Part 4's "Build a wiring": the wiring editor (ui/wiring-editor.js), one sublayer drawn as controls, with a sentence
// that says what the wiring is, what it changes from the preset it started from and its text form. The wiring lives
// in the address (the first `wiring` parameter: experiment/written-wirings.js), so a link reproduces it, and from
// there it goes wherever the page takes wirings: rows of its own in Part 4's table, a choice in the charts' wirings,
// and, in one click, the training lab, trained without warmup and with, beside the preset it started from.
// Computes nothing itself: the kernel reads the wiring (kernels/wiring.js), the figures it joins run it.
import { PLACEMENTS } from '../../experiment/choices.js';
import { followHistory } from '../../ui/url-state.js';
import { refreshWritten, subscribeWritten, wiringAddress, writtenWirings } from '../../experiment/written-wirings.js';
import { loadWiring } from '../../kernels/wiring.js';
import { element, html, joinHtml, setHtml } from '../../ui/html.js';
import { createWiringEditor } from '../../ui/wiring-editor.js';
import { changeWords, wiringSentence } from '../../ui/wiring-words.js';
import './style.css';

const labelOf = (key) => PLACEMENTS.find((p) => p.key === key)?.label ?? key;

/** props: {fallback: the preset it starts from, table: the id of the table it joins, lab: {id, L, warmup}} */
export async function mount(el, props) {
  const kernel = await loadWiring();
  const fallback = props.fallback ?? 'pre';
  // the wiring written here is the first of the address's ?wiring=… (a link may list more: the written wirings)
  const address = wiringAddress;
  const lab = { id: 'training-lab', L: 24, warmup: 50, ...props.lab };
  el.classList.add('wiring-builder');
  const said = element(html`<div class="wb-said" aria-live="polite">
    <p class="wb-sentence"></p>
    <p class="wb-changes"></p>
    <p class="wb-text">Its text form: <code></code></p>
    <p class="wb-goes"></p></div>`);
  const $ = (selector) => said.querySelector(selector);

  function tell(view) {
    $('.wb-sentence').textContent = wiringSentence(view, PLACEMENTS);
    const from = PLACEMENTS.find((p) => p.key === view.from);
    const changes = changeWords(view, from.wiring);
    setHtml(
      $('.wb-changes'),
      changes.length
        ? html`Changed from ${from.label}: ${joinHtml(
            changes.map((c) => html`<code>${c.key}</code> ${c.before} → <strong>${c.after}</strong>`),
            '; ',
          )}.`
        : html`Nothing changed from ${from.label}: change a part of the drawing to write your own.`,
    );
    $('.wb-text code').textContent = view.text;
    // where it goes: a preset has its rows already; a written wiring has its own (its key among the written ones)
    const written = writtenWirings().find((w) => w.text === view.text);
    const key = written?.key ?? view.same ?? view.from;
    const configs = [`${key}-${lab.L}-0`, `${key}-${lab.L}-${lab.warmup}`, `${view.from}-${lab.L}-0`];
    const train = html`<a href="?t.configs=${configs.join(',')}#${lab.id}">Train it in the lab</a> (at L = ${lab.L}, without warmup and with ${lab.warmup} steps of it, beside ${labelOf(view.from)})`;
    setHtml(
      $('.wb-goes'),
      written
        ? html`It has its own rows, “${written.label}”, at the end of <a href="#${props.table ?? 'table-placements'}">the table of every wiring</a>, and a place among the charts’ wirings. ${train}.`
        : html`It is a preset: its rows are ${labelOf(key)}’s in <a href="#${props.table ?? 'table-placements'}">the table of every wiring</a>. ${train}.`,
    );
  }

  const editor = createWiringEditor({
    presets: PLACEMENTS,
    kernel,
    address,
    fallback,
    depths: props.depths ?? [6, 24, 48, 96],
    onChange: (text, view) => {
      refreshWritten(); // the table, the charts and the lab hear of it
      tell(view);
    },
  });
  el.append(editor.el, said);
  tell(editor.view);
  // (a link's wiring is named by its text form once the kernel has read it)
  const stopWritten = subscribeWritten(() => tell(editor.view));

  // Back and Forward: the wiring of the entry the reader lands on
  const stopHistory = followHistory(address.name, (params) => {
    editor.show(address.textIn(params) ?? fallback);
    tell(editor.view);
  });
  return {
    destroy() {
      stopHistory();
      stopWritten();
      editor.destroy();
      el.replaceChildren();
    },
  };
}
