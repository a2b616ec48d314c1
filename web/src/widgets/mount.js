// Mounts each `.widget[data-widget]` placeholder when it comes within a screen or two of the viewport
// (the wasm download and the widget's chunk start then, not at page load).
import { registry, withoutKernels } from './registry.js';

const mounted = new Map();

async function mountOne(el) {
  const name = el.dataset.widget;
  const load = registry[name];
  if (!load) {
    el.querySelector('.widget-note')?.replaceChildren(`Unknown widget “${name}”.`);
    return;
  }
  el.classList.add('widget-loading');
  try {
    // without WebAssembly a figure that computes cannot start (its workers would fail the same way)
    if (typeof WebAssembly !== 'object' && !withoutKernels.has(name)) throw new Error('no WebAssembly');
    const props = JSON.parse(el.dataset.props || '{}');
    const module = await load();
    if (module.enhances) {
      // the widget builds around the content already on the page (an exercise's question)
      mounted.set(el, await module.mount(el, props));
    } else {
      const host = document.createElement('div');
      host.className = 'widget-body';
      const handle = await module.mount(host, props);
      el.replaceChildren(host);
      mounted.set(el, handle);
    }
    el.dataset.mount = 'done'; // "mounted", for styles and tests
  } catch (error) {
    el.dataset.mount = 'failed';
    const note = document.createElement('p');
    note.className = 'widget-error';
    note.setAttribute('role', 'alert');
    note.textContent =
      typeof WebAssembly !== 'object'
        ? 'This figure needs WebAssembly, which this browser does not offer. The text around it reads on its own.'
        : `This figure could not start: ${error?.message ?? error}. The text around it reads on its own.`;
    if (el.querySelector('.widget-note')) el.querySelector('.widget-note').replaceWith(note);
    else el.append(note);
  } finally {
    el.classList.remove('widget-loading');
  }
}

export function mountWidgets(root = document) {
  const pending = new Set(root.querySelectorAll('.widget[data-widget]'));
  // one mount per idle period: figures coming into view never stall scrolling or a running sweep
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
  const start = (el, now = false) => {
    if (!pending.delete(el)) return;
    if (now) mountOne(el);
    else idle(() => mountOne(el), { timeout: 300 });
  };
  if (!('IntersectionObserver' in window)) return [...pending].forEach(start);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        start(entry.target);
      }
    },
    { rootMargin: '150% 0px' },
  );
  pending.forEach((el) => observer.observe(el));
  // a printed page shows every figure, including those the reader never scrolled to
  window.addEventListener('beforeprint', () => [...pending].forEach((el) => start(el, true)), { once: true });
}

export function destroyWidgets() {
  for (const [el, handle] of mounted) {
    handle?.destroy?.();
    mounted.delete(el);
  }
}
