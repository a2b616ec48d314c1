// Mounts each `.widget[data-widget]` placeholder when it comes within a screen or two of the viewport
// (the wasm download and the widget's chunk start then, not at page load, except for the figure a link points
// at: load-ahead.js), one at a time, nearest first. The placeholders answer the two readers who arrive before:
//   the keyboard: each starts with a button that stands in for the figure's controls (stand-in.js);
//   the eye: a placeholder keeps the usual height of its kind of figure (style.css, from the first paint) until
//     the mounted figure is out of sight, so the text around it never jumps as it mounts and fills in.
import { element, html } from '../ui/html.js';
import { registry, withoutKernels } from './registry.js';
import { addStandIn } from './stand-in.js';

const mounting = new Map(); // el → the promise of its mount

// linked: el is the figure the address names (mountWidgets' first). Exported for the widget tests, which mount one
// placeholder through this same path (tests/web/widgets/harness.js). → the figure's {destroy} (the page never calls it: a
// figure lives as long as the page; a widget test that opens the page again ends the figures of the last one with it)
export async function mountOne(el, { linked = false } = {}) {
  const name = el.dataset.widget;
  const load = registry[name];
  if (!load) {
    el.querySelector('.widget-note')?.replaceChildren(`Unknown widget “${name}”.`);
    return;
  }
  el.classList.add('widget-loading');
  if (!performance.getEntriesByName?.('figure module started').length) performance.mark?.('figure module started'); // (npm run bench)
  // A figure that starts above the window, its lower part in view, grows downward under the text the reader
  // is looking at. The browser's scroll anchoring holds that text still only if it anchors on the text; a
  // box partly in view is itself a candidate, and one that grows at its bottom never moves its top, so the
  // text below went down with it (exercise 7 growing by 27rem moved exercise 8's question by 463 px). While
  // it changes, such a figure stands out of the anchor choice.
  // The figure a link names is mounted as the page's script runs, and the window opens on it: reading its place then
  // laid the whole chapter out inside the script whenever the browser had not yet, before the first paint, on a loaded
  // machine (article.spec's first-layout test; docs/measurements.md, "The linked figure's place is not read in the
  // page's script").
  const startsAbove = !linked && el.getBoundingClientRect().top < 0;
  if (startsAbove) el.style.overflowAnchor = 'none';
  let figure;
  try {
    // without WebAssembly a figure that computes cannot start (its workers would fail the same way)
    if (typeof WebAssembly !== 'object' && !withoutKernels.has(name)) throw new Error('no WebAssembly');
    const props = JSON.parse(el.dataset.props || '{}');
    const module = await load();
    // what a widget may ask of this loader is handed to it, never imported: a widget that imported mount.js closed
    // a circle (mount.js → registry.js → the widget → mount.js)
    const loader = { mountMatching };
    if (module.enhances) {
      // the widget builds around the content already on the page (an exercise's question)
      figure = await module.mount(el, props, loader);
    } else {
      const host = element(html`<div class="widget-body"></div>`);
      figure = await module.mount(host, props, loader); // (a figure lives as long as the page)
      // the keyboard's stand-in stays (never taken out and put back, which would drop its focus) until it
      // has handed its focus on (addStandIn)
      for (const node of [...el.childNodes]) if (!node.classList?.contains('widget-wake')) node.remove();
      el.append(host);
    }
    el.dataset.mount = 'done'; // "mounted", for styles and tests
  } catch (error) {
    el.dataset.mount = 'failed';
    const why =
      typeof WebAssembly !== 'object'
        ? 'This figure needs WebAssembly, which this browser does not offer. The text around it reads on its own.'
        : `This figure could not start: ${error?.message ?? error}. The text around it reads on its own.`;
    // (tabindex −1: the keyboard's stand-in may hand its focus here)
    const note = element(html`<p class="widget-error" role="alert" tabindex="-1">${why}</p>`);
    if (el.querySelector('.widget-note')) el.querySelector('.widget-note').replaceWith(note);
    else el.append(note);
  } finally {
    el.classList.remove('widget-loading');
    // back in the choice once the change has been laid out (the next frame's layout)
    if (startsAbove) requestAnimationFrame(() => requestAnimationFrame(() => el.style.removeProperty('overflow-anchor')));
  }
  return figure;
}

/** Resolves in the next frame, before its drawing. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// how far a placeholder is from the window (0: in it)
const distance = (el) => {
  const r = el.getBoundingClientRect();
  return r.bottom < 0 ? -r.bottom : r.top > window.innerHeight ? r.top - window.innerHeight : 0;
};

/** The promise of a placeholder's mount once it has started (undefined before). */
export const whenMounted = (el) => mounting.get(el);

let nearMounted = Promise.resolve();
/** Resolves once the figures near the window as the page opened have mounted (each has asked for its runs). */
export const whenNearMounted = () => nearMounted;

// Mounts at once every placeholder of the page that matches selector (mountWidgets sets it). → a promise that
// settles when they all have (printing the exercises needs them, wherever the reader has scrolled).
/** @type {(selector: string) => Promise<unknown>} */
let mountMatchingNow = () => Promise.resolve();
const mountMatching = (selector) => mountMatchingNow(selector);

/** first: the placeholder of the figure the page's address names (load-ahead.js linkedFigure), mounted at once: the
 * window opens on it, and it would otherwise wait for the first report of what is near the window and an idle period
 * (issue 38's wait, docs/measurements.md, "The linked figure mounts first"), while its code was already loading. */
export function mountWidgets(root = document, { first = null } = {}) {
  const pending = new Set(root.querySelectorAll('.widget[data-widget]'));
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
  let reported = false; // the first report of which placeholders are near the window has been taken in
  let opened;
  let firstMounted = Promise.resolve(); // (its runs asked for, as the queue's are before the page counts as opened)
  nearMounted = new Promise((resolve) => (opened = resolve));
  const openedIfDone = () => reported && !queued.size && !draining && firstMounted.then(() => opened());

  const mountNow = (el, options) => {
    if (pending.delete(el)) {
      queued.delete(el);
      mounting.set(el, mountOne(el, options));
    }
    return mounting.get(el);
  };

  // Figures near the window mount one at a time, nearest first, each in an idle period and each changing
  // the page in a frame of its own: the browser's scroll anchoring then keeps the text in view still while
  // figures above it take their height (two changes in one frame, one of them where the reader is, defeat it).
  const queued = new Set();
  let draining = false;
  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (queued.size) {
        await new Promise((resolve) => idle(resolve, { timeout: 300 }));
        if (!queued.size) break; // the keyboard mounted the last one meanwhile
        const next = [...queued].reduce((a, b) => (distance(b) < distance(a) ? b : a));
        await Promise.race([mountNow(next), delay(5000)]); // a figure that hangs never holds up the others
        await nextFrame();
      }
    } finally {
      draining = false;
      openedIfDone();
    }
  }
  const enqueue = (el) => {
    if (!pending.has(el)) return;
    queued.add(el);
    drain();
  };

  mountMatchingNow = (selector) => Promise.allSettled([...root.querySelectorAll(`.widget[data-widget]${selector}`)].map(mountNow));

  for (const el of pending) addStandIn(el, () => mountNow(el));
  if (pending.size === 0 || !('IntersectionObserver' in window)) {
    reported = true;
    [...pending].forEach(enqueue);
    openedIfDone();
    return;
  }
  // a number in the prose that a table computes (live-cells.js) brings that table to mount as it comes near,
  // wherever the table is: the sentence needs it
  const sourceOf = new Map();
  for (const cell of root.querySelectorAll('a.live-cell[data-source]')) {
    const source = root.getElementById?.(cell.dataset.source) ?? document.getElementById(cell.dataset.source);
    if (source && pending.has(source)) sourceOf.set(cell, source);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        enqueue(sourceOf.get(entry.target) ?? entry.target);
      }
      reported = true;
      openedIfDone();
    },
    { rootMargin: '150% 0px' },
  );
  pending.forEach((el) => observer.observe(el));
  sourceOf.forEach((_, cell) => observer.observe(cell));
  // A mounted figure gives up its reserved height once the reader has seen it and it is below the window
  // again, where nothing the reader sees can move (above it, the browser would have to hold the text still
  // by scroll anchoring, which a figure mounting in view in the same frame defeats). Until then the reserve
  // also takes in what the figure adds as its results arrive (a footer line that grows to two).
  const seen = new WeakSet();
  const sight = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && /** @type {HTMLElement} */ (entry.target).dataset.mount !== undefined) seen.add(entry.target);
      const below = entry.boundingClientRect.top > (entry.rootBounds?.height ?? window.innerHeight);
      if (!below || !seen.has(entry.target)) continue;
      /** @type {HTMLElement} */ (entry.target).dataset.reserve = 'released';
      sight.unobserve(entry.target);
    }
  });
  pending.forEach((el) => sight.observe(el));
  if (first && pending.has(first)) firstMounted = mountNow(first, { linked: true }).catch(() => {});
  // a printed page shows every figure, including those the reader never scrolled to
  window.addEventListener(
    'beforeprint',
    () => {
      [...pending].forEach(mountNow);
      root.querySelectorAll('.widget[data-widget]').forEach((el) => (el.dataset.reserve = 'released'));
    },
    { once: true },
  );
}
