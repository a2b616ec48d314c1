// Helpers of the figures' widget tests: the article's tables and charts, the ε and σ instrument, the training lab,
// the experiment settings and the workers' status line. A page here is the chapter's sections that hold the figures
// a test reads, as content/ renders them, put into the document together at an address (history.replaceState on
// jsdom's origin); each figure mounts through the page's own path (mountOne), and the figures of the last page are
// ended (their runs cancelled, their listeners gone) when the next one opens, as a new visit would. What persists
// from page to page in one test file is what a tab keeps: the pool of workers, the results' memory copy, the shared
// settings (read from the address once, by the first figure that asks), the status line; newVisit drops them, as a
// reload does.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { exerciseTextByNumber, renderChapter } from '../../../web/plugins/content.js';
import { fillExerciseText } from '../../../web/src/exercises/text.js';
import { followLinksAhead } from '../../../web/src/experiment/in-place-links.js';
import { mountOne } from '../../../web/src/widgets/mount.js';
import './harness.js';

// Every experiment on the page at its smallest, as the browser's tests open the chapter (tests/e2e/reach.js LIGHT):
// a figure's tests use its own parameters and leave these to the others.
export { LIGHT, lightExcept } from '../light-settings.js';

/** An address of the page: its query from params (a null value leaves the parameter out), then hash. */
export function addressOf(/** @type {Record<string, string | null>} */ params = {}, hash = '') {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return `/?${query}${hash}`;
}

const here = dirname(fileURLToPath(import.meta.url));
/** @type {ReturnType<typeof renderChapter> | undefined} */
let sections;
/** The chapter's sections as the build renders them, once per test file. */
const chapter = () => (sections ??= renderChapter(join(here, '../../../content')));
/** Every exercise's words, as the content plugin serves them (virtual:exercise-text): for a test file's vi.mock. */
export const exerciseTexts = () => exerciseTextByNumber(chapter());

/** @type {{destroy(): void}[]} */
let figures = [];
/** the page's mount path, of this visit's modules (newVisit loads them afresh) */
let mountOneNow = mountOne;
/** @type {Map<Element, Promise<unknown>>} */
const mounts = new Map();

/** Ends the figures of the page open now: their runs are cancelled, their listeners (links, history) removed. */
export function closePage() {
  for (const figure of figures.splice(0)) figure?.destroy();
  mounts.clear();
}

/**
 * Opens the page at `address` ('/?a.L=2#table-a') with the sections that hold each selector, in the chapter's order
 * (the workers' status line stays, as it does at the foot of a page), after ending the figures of the last page.
 * Nothing mounts yet (mount does). → the elements the selectors name
 * @param {string} address  @param {...string} selectors
 */
export function showPage(address, ...selectors) {
  closePage();
  history.replaceState(null, '', address);
  const holder = document.createElement('div');
  const shown = chapter().filter((section) => {
    holder.innerHTML = section.html;
    return selectors.some((s) => holder.querySelector(s));
  });
  const bar = document.querySelector('.run-status');
  holder.innerHTML = shown.map((section) => section.html).join('\n');
  document.body.replaceChildren(...holder.childNodes);
  if (bar) document.body.append(bar);
  return selectors.map((s) => {
    const el = document.querySelector(s);
    if (!el) throw new Error(`no section of the chapter holds ${s}`);
    return /** @type {HTMLElement} */ (el);
  });
}

/**
 * Mounts the figure whose placeholder the selector names through the page's path, and fails with the page's own
 * message if it could not start. → the placeholder, holding the figure
 * @param {string} selector
 */
export async function mount(selector) {
  const el = /** @type {HTMLElement} */ (document.querySelector(selector));
  if (!el) throw new Error(`nothing on the page matches ${selector}`);
  const mounting = mountOneNow(el);
  mounts.set(el, mounting);
  figures.push(await mounting);
  expect(el.querySelector('.widget-error')?.textContent ?? '', `${selector} mounted`).toBe('');
  expect(el.dataset.mount).toBe('done');
  return el;
}

/**
 * A new visit of the page: the figures of the last end, and the page's modules load afresh (vi.resetModules), so
 * that nothing it held in memory survives (its pool and workers, the results' memory copy, the shared settings read
 * from the address, the status line), as after a reload. The page opened next (openPage) is this visit's.
 */
export async function newVisit() {
  closePage();
  for (const bar of document.querySelectorAll('.run-status')) bar.remove();
  document.body.classList.remove('run-status-shown');
  vi.resetModules();
  ({ mountOne: mountOneNow } = await import('../../../web/src/widgets/mount.js'));
}

/** Opens the page at address with the figures the selectors name, each mounted in turn. → their placeholders */
export async function openPage(/** @type {string} */ address, /** @type {string[]} */ ...selectors) {
  showPage(address, ...selectors);
  const out = [];
  for (const s of selectors) out.push(await mount(s));
  return out;
}

let following = false;
/** The page's handling of a link to a figure not yet mounted (main.js: followLinksAhead), once per test file. */
export function followLinksAheadOnce() {
  if (following) return;
  following = true;
  followLinksAhead({ whenMounted: (el) => mounts.get(el) ?? Promise.resolve() });
}

/** Puts exercise n's words into its section, as the page does as it opens (exercises/text.js). → the section */
export async function exerciseWords(/** @type {number} */ n) {
  const section = /** @type {HTMLElement} */ (document.querySelector(`#exercise-${n}`));
  await fillExerciseText(section);
  return section;
}

/**
 * Follows a link as a reader's plain click does. → true when the page took it in place (it prevented the browser's
 * own navigation, which would have loaded the page again)
 * @param {Element} link
 */
export function followLink(link) {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  link.dispatchEvent(click);
  return click.defaultPrevented;
}

/** An element's text as a reader sees it (and the browser's tests read it): runs of white space, no-break spaces
 * included, as one space, none at the ends. '' for no element. */
export const textOf = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Waits until check passes (a state of the page, never a time): polled every 50 ms, at most timeout ms. */
export const until = (/** @type {() => unknown} */ check, timeout = 300_000) => vi.waitFor(check, { timeout, interval: 50 });

/** Waits until the figure's footer says its runs are done ("12 runs, …" or "12 runs"). */
export const footerDone = (/** @type {ParentNode} */ root, timeout = 300_000) =>
  until(() => expect(root.querySelector('.exp-footer')?.textContent).toMatch(/^\d+ runs?(,|$)/), timeout);

/** The full-precision values (data-value) of root's cells matching selector. */
export const valuesOf = (/** @type {ParentNode} */ root, selector = 'tbody td[data-value]') =>
  [...root.querySelectorAll(selector)].map((td) => Number(/** @type {HTMLElement} */ (td).dataset.value));

/**
 * A chart's data table as {column: [values by row]} (full precision from data-value), once it shows its latest
 * values; opened first, as a reader opens it (an open table draws at once).
 * @param {ParentNode} figure
 */
export async function tableColumns(figure) {
  const details = /** @type {HTMLDetailsElement} */ (figure.querySelector('details.chart-data'));
  if (!details.open) /** @type {HTMLElement} */ (details.querySelector('summary')).click();
  await until(() => expect(details.dataset.pending).toBeUndefined());
  /** @type {Record<string, number[]>} */
  const out = {};
  for (const td of details.querySelectorAll('tbody tr td[data-value]')) {
    const cell = /** @type {HTMLElement} */ (td);
    (out[String(cell.dataset.col)] ??= []).push(Number(cell.dataset.value));
  }
  return out;
}

/** A chart's data table as {rowKey: {column: value}}, once it shows its latest values (closed or open). */
export async function tableRows(/** @type {ParentNode} */ figure) {
  await until(() => expect(figure.querySelector('.chart-data[data-pending]')).toBeNull());
  return Object.fromEntries(
    [...figure.querySelectorAll('.chart-data tbody tr')].map((tr) => [
      /** @type {HTMLElement} */ (tr).dataset.key,
      Object.fromEntries(
        [...tr.querySelectorAll('td[data-value]')].map((td) => [
          /** @type {HTMLElement} */ (td).dataset.col,
          Number(/** @type {HTMLElement} */ (td).dataset.value),
        ]),
      ),
    ]),
  );
}

/** The select whose label reads exactly `label`, inside root. */
export function choice(/** @type {ParentNode} */ root, /** @type {string} */ label) {
  const found = [...root.querySelectorAll('select')].filter(
    (s) => s.getAttribute('aria-label') === label || [...(s.labels ?? [])].some((l) => l.textContent?.trim() === label),
  );
  if (found.length !== 1) throw new Error(`${found.length} choices are labelled “${label}”`);
  return /** @type {HTMLSelectElement} */ (found[0]);
}

/** Chooses value in a select, as a reader's choice does (a change event). */
export function choose(/** @type {HTMLSelectElement} */ select, /** @type {string} */ value) {
  select.value = value;
  expect(select.value, `the choice ${value} is offered`).toBe(value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The inputs whose aria-label or label reads `label` (a list's fields: the lab's configurations), in page order. */
export const inputsLabelled = (/** @type {ParentNode} */ root, /** @type {string} */ label) =>
  /** @type {HTMLInputElement[]} */ (
    [...root.querySelectorAll('input')].filter(
      (i) => i.getAttribute('aria-label') === label || [...(i.labels ?? [])].some((l) => l.textContent?.trim() === label),
    )
  );

/** The current address's parameter `name` (null if absent). */
export const param = (/** @type {string} */ name) => new URLSearchParams(location.search).get(name);

/** The training lab's runs as its summary lists them (each .lab-run's data attributes). */
export const runsOf = (/** @type {ParentNode} */ widget) =>
  [...widget.querySelectorAll('.lab-run')].map((e) => ({
    placement: e.getAttribute('data-placement'),
    L: e.getAttribute('data-L'),
    warmup: e.getAttribute('data-warmup'),
    lr: e.getAttribute('data-lr'),
    seed: e.getAttribute('data-seed'),
    finalLoss: Number(e.getAttribute('data-final-loss')),
    trained: e.getAttribute('data-trained'),
  }));
