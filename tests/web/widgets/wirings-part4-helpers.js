// Helpers of the wirings and Part 4 widget tests (wiring-builder, wirings, design-challenges, part4, part4-glance):
// several sections of the chapter in one document, as on the page, each figure mounted through the page's own path
// (widgets/mount.js mountOne); a page opened afresh at an address, as a link opens it; and the reads those tests
// share. harness.js (imported first) installs the Node worker threads, the page's files and the browser gaps.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { renderChapter } from '../../../web/plugins/content.js';
import './harness.js';
import { endWorkers } from './node-worker.js';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '../../../content');
/** @type {ReturnType<typeof renderChapter> | undefined} */
let sections;
const chapter = () => (sections ??= renderChapter(contentDir));

/** What a quiet step of a figure's runs may take, many times over (a machine shared by several test files). */
export const WAIT = { timeout: 300_000, interval: 50 };

/**
 * Puts into the document, in the chapter's order and nothing else, every section that holds one of `selectors`
 * (a placeholder's id, a heading's id), as the chapter renders them. → the document's body
 * @param {string[]} selectors
 */
export function showSections(...selectors) {
  const holder = document.createElement('div');
  const wanted = chapter().filter((section) => {
    holder.innerHTML = section.html;
    return selectors.some((s) => holder.querySelector(s));
  });
  const missing = selectors.filter((s) => !wanted.some((section) => ((holder.innerHTML = section.html), holder.querySelector(s))));
  if (missing.length) throw new Error(`no section of the chapter holds ${missing.join(', ')}`);
  document.body.innerHTML = wanted.map((s) => s.html).join('\n');
  return document.body;
}

// What the page's modules listen to on the window and the document: a reload drops it with the page, and so does
// openPage (an old lab's listener for the chapter's links would otherwise take the new page's clicks first).
/** @type {[EventTarget, string, EventListenerOrEventListenerObject | null, (boolean | EventListenerOptions)?][]} */
const pageListeners = [];
for (const target of [window, document]) {
  const add = target.addEventListener.bind(target);
  target.addEventListener = (type, listener, options) => {
    pageListeners.push([target, type, listener, options]);
    add(type, listener, options);
  };
}

/**
 * The page's modules, imported afresh for a page opened at `address` ('/?…#…'): a link's page reads its address as
 * its modules load (the written wirings, the settings, the pool's cache), so each such visit is a new module graph.
 * → mount(selector): mounts that placeholder of the document through the page's mountOne, as harness.js mountFigure
 * does, and returns it.
 * @param {string} address
 */
export async function openPage(address) {
  // the last page's runs stopped and its workers ended: its pool goes with its modules
  const { getPool } = await import('../../../web/src/experiment/pool.js');
  getPool().cancelAll();
  await endWorkers();
  for (const [target, type, listener, options] of pageListeners.splice(0)) target.removeEventListener(type, listener, options);
  history.replaceState(null, '', address);
  vi.resetModules();
  const { mountOne } = await import('../../../web/src/widgets/mount.js');
  /** @param {string} selector */
  return async (selector) => {
    const el = /** @type {HTMLElement} */ (document.querySelector(selector));
    if (!el) throw new Error(`the document holds no ${selector}`);
    await mountOne(el);
    expect(el.querySelector('.widget-error')?.textContent ?? '', `${selector} mounted`).toBe('');
    expect(el.dataset.mount).toBe('done');
    return el;
  };
}

/** The text input or select whose label's text matches `label` (a label with its key in <code>), inside root. */
export function fieldLike(/** @type {ParentNode} */ root, /** @type {RegExp} */ label) {
  const labels = [...root.querySelectorAll('label')].filter((l) => label.test((l.textContent ?? '').replace(/\s+/g, ' ').trim()));
  const found = labels.map((l) => (l.htmlFor ? l.ownerDocument.getElementById(l.htmlFor) : l.querySelector('input, select, textarea'))).filter(Boolean);
  if (found.length !== 1) throw new Error(`${found.length} fields are labelled ${label}`);
  return /** @type {HTMLInputElement & HTMLSelectElement} */ (found[0]);
}

/** Chooses an option of a select, as a reader does (the value, then input and change). */
export function choose(/** @type {HTMLSelectElement} */ select, /** @type {string} */ value) {
  if (![...select.options].some((o) => o.value === value)) throw new Error(`${select.name || select.id} has no option ${value}`);
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Ticks or unticks a checkbox or radio as a click does (only if it is not so already). */
export function check(/** @type {HTMLInputElement} */ input, on = true) {
  if (input.checked !== on) input.click();
}

/** The button (or link) inside root whose text or aria-label matches name exactly (a string) or by a RegExp. */
export function button(/** @type {ParentNode} */ root, /** @type {string | RegExp} */ name) {
  const found = [...root.querySelectorAll('button, a[href], summary')].filter((b) => {
    const text = (b.getAttribute('aria-label') || b.textContent || '').replace(/\s+/g, ' ').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (found.length !== 1) throw new Error(`${found.length} buttons read ${name}`);
  return /** @type {HTMLButtonElement} */ (found[0]);
}

/** Whether an element is shown: neither it nor an ancestor hidden (the attribute jsdom keeps; it lays nothing out). */
export const shown = (/** @type {Element | null} */ el) => Boolean(el) && !el?.closest('[hidden]');

/** Resolves once `test` returns true (checked every interval ms), or fails with `what` after timeout ms. */
export async function until(/** @type {() => unknown} */ test, /** @type {string} */ what, { timeout = WAIT.timeout, interval = WAIT.interval } = {}) {
  await vi.waitFor(
    () => {
      if (!test()) throw new Error(`still waiting: ${what}`);
    },
    { timeout, interval },
  );
}

/**
 * The computed cells of #table-placements: {"wiring|L|measure": value} (a number, or {undefined: its title}) for
 * every cell whose run has finished; `placement` keeps one wiring's (its key or its text form).
 * @param {string} [placement]
 */
export function placementCells(placement) {
  const tds = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#table-placements td[data-measure]')]);
  return Object.fromEntries(
    tds
      .filter((td) => td.dataset.value !== undefined && (placement === undefined || td.dataset.placement === placement))
      .map((td) => [
        `${td.dataset.placement}|${td.dataset.l}|${td.dataset.measure}`,
        td.dataset.value === 'undefined' ? { undefined: td.title } : Number(td.dataset.value),
      ]),
  );
}
