// Widgets under test in a DOM (Vitest's happy-dom environment), each mounted through the page's own path
// (widgets/mount.js mountOne) from its placeholder as the chapter renders it (web/plugins/content.js), against the
// real wasm module: the page's runs go to the page's pool (experiment/pool.js), whose workers run the page's
// worker.js in Node worker threads (node-worker.js). No kernel, pool or result is stood in for.
// A test file that imports this: `// @vitest-environment jsdom` on its first line.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, vi } from 'vitest';
import { renderChapter } from '../../../web/plugins/content.js';
import './browser-gaps.js';
import { NodeModuleWorker, endWorkers } from './node-worker.js';

/** @type {any} */ (globalThis).Worker = NodeModuleWorker;
afterAll(endWorkers);
// a page in standards mode, as the chapter's doctype makes it (KaTeX refuses quirks mode)
if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);

// (paths from this file's own: Vite rewrites `new URL(…, import.meta.url)` for a page's assets)
const here = dirname(fileURLToPath(import.meta.url));
const contentDir = join(here, '../../../content');
const root = join(here, '../../..');

// The page's own files, as the dev server serves them: Vite turns a module's `new URL(file, import.meta.url)` into an
// address on the page's origin (the kernels' wasm), which this DOM has no server for; the repository answers it.
const pageFetch = globalThis.fetch;
/** @param {RequestInfo | URL} input @param {RequestInit} [init] */
const fetchPageFiles = async (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input), location.href);
  if (url.origin !== location.origin) return pageFetch(input, init);
  const path = join(root, decodeURIComponent(url.pathname));
  if (!path.startsWith(root) || !existsSync(path)) return new Response('', { status: 404 });
  const type = path.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return new Response(await readFile(path), { headers: { 'Content-Type': type } });
};
globalThis.fetch = /** @type {typeof fetch} */ (fetchPageFiles);
window.fetch = globalThis.fetch;
/** @type {ReturnType<typeof renderChapter> | undefined} */
let sections;
/** The chapter's sections as the build renders them (content plugin), rendered once per test file. */
const chapter = () => (sections ??= renderChapter(contentDir));

/**
 * Puts the section that holds `selector` (a widget's placeholder, an id) into the document, alone, and returns the
 * element the selector names in it.
 * @param {string} selector
 * @returns {HTMLElement}
 */
function showSection(selector) {
  const holder = document.createElement('div');
  for (const section of chapter()) {
    holder.innerHTML = section.html;
    const found = holder.querySelector(selector);
    if (!found) continue;
    document.body.replaceChildren(...holder.childNodes);
    return /** @type {HTMLElement} */ (document.body.querySelector(selector));
  }
  throw new Error(`no section of the chapter holds ${selector}`);
}

/**
 * Mounts the figure whose placeholder `selector` names, through the page's mount path, and fails with the page's
 * own message if it could not start. → the placeholder, now holding the figure.
 * @param {string} selector  e.g. '[data-widget="layernorm"]', '#exercise-4'
 */
export async function mountFigure(selector) {
  const el = showSection(selector);
  const { mountOne } = await import('../../../web/src/widgets/mount.js');
  await mountOne(el);
  expect(el.querySelector('.widget-error')?.textContent ?? '', 'the figure mounted').toBe('');
  expect(el.dataset.mount).toBe('done');
  return el;
}

/**
 * Mounts several figures on one page, as a link that starts them together does: every section that holds one of the
 * selectors goes into the document (in the chapter's order), then each figure mounts, in the order given.
 * → their placeholders, in that order.
 * @param {string[]} selectors
 */
export async function mountFigures(selectors) {
  const holder = document.createElement('div');
  const kept = [];
  for (const section of chapter()) {
    holder.innerHTML = section.html;
    if (selectors.some((selector) => holder.querySelector(selector))) kept.push(...holder.childNodes);
  }
  document.body.replaceChildren(...kept);
  const { mountOne } = await import('../../../web/src/widgets/mount.js');
  const placeholders = selectors.flatMap((selector) => /** @type {HTMLElement[]} */ ([...document.body.querySelectorAll(selector)]));
  for (const el of placeholders) {
    await mountOne(el);
    expect(el.querySelector('.widget-error')?.textContent ?? '', `${el.id || el.dataset.widget} mounted`).toBe('');
  }
  return placeholders;
}

/**
 * A new visit, as a reload makes it: the old page's runs cancelled and its workers ended, every module of the page
 * loaded again (their state, the pool, the budget's measured speed and the run cache are the new page's), the
 * document emptied, and the address set to `url` (relative to the site's root) when given. The browser's storage
 * stays, as a reload keeps it.
 * @param {string} [url]
 */
export async function freshPage(url) {
  const { getPool } = await import('../../../web/src/experiment/pool.js');
  getPool().cancelAll();
  await endWorkers();
  vi.resetModules();
  document.body.replaceChildren();
  if (url !== undefined) history.replaceState(null, '', url);
}

// ── what a reader does, as the browser's events carry it ──

/** The text input whose label reads exactly `label`, inside root. @param {ParentNode} root @param {string} label */
export function field(root, label) {
  const labels = [...root.querySelectorAll('label')].filter((l) => l.textContent?.trim() === label);
  const inputs = labels.map((l) => (l.htmlFor ? l.ownerDocument.getElementById(l.htmlFor) : l.querySelector('input, select, textarea')));
  const found = inputs.filter(Boolean);
  if (found.length !== 1) throw new Error(`${found.length} fields are labelled “${label}”`);
  return /** @type {HTMLInputElement} */ (found[0]);
}

/** The message shown beside a field (createField's line). @param {HTMLInputElement} input */
export const messageOf = (input) => input.closest('.field')?.querySelector('.field-message')?.textContent ?? '';

/** Types `text` into an input as a reader's edit does: the value, then an input and a change event. */
export function fill(/** @type {HTMLInputElement} */ input, /** @type {string} */ text) {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Clicks the button (or other element) whose visible text is `name`, inside root. */
export function click(/** @type {ParentNode} */ root, /** @type {string | RegExp} */ name) {
  const matches = [...root.querySelectorAll('button, a, summary, [role="button"], input[type="radio"], input[type="checkbox"]')].filter((b) => {
    const text = (b.textContent || b.getAttribute('aria-label') || '').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (matches.length !== 1) throw new Error(`${matches.length} buttons read “${name}”`);
  /** @type {HTMLElement} */ (matches[0]).click();
  return matches[0];
}

/** The visible texts of every element matching selector in root. */
export const texts = (/** @type {ParentNode} */ root, /** @type {string} */ selector) =>
  [...root.querySelectorAll(selector)].map((e) => (e.textContent ?? '').trim());
