// The teachers' page (web/teachers.html, web/src/teachers/main.js) and the chapter's page a student opens from its link,
// in jsdom, as tests/e2e/teachers*.spec.js used them in Chromium. Each page is opened as a browser opens it: its
// HTML's body as Vite serves it (the chapter's through the content plugin's transformIndexHtml), its inline script,
// then its own modules, fresh (vi.resetModules: a page's module state, its progress store, its pool, its address kit,
// is its own, as in a new tab). The chapter's page starts what its entry (web/src/main.js) starts before any figure,
// the assignment (assignment/pending.js applyAssignment), and mounts only the figures a test uses, through the page's
// own mount path (widgets/mount.js mountOne): its other figures, which compute as they come in view, are not needed.
//
// Several pages at once, one shown: each page has a <body> of its own, put in the document when the page is shown
// (show()), with its address; a hidden page's code keeps running, as a tab in the background does. A device is a
// browser of a student's own: its storage (localStorage's entries) is put in the window while one of its pages is
// shown, and kept aside while another device's is. Its clock: setClock (the time set, then flowing from there, as
// Playwright's clock.install). Grading runs in the page's pool, whose workers are Node worker threads running
// web/src/experiment/worker.js (harness.js).
// A file the page offers as a download (ui/download.js: a blob address on a clicked <a download>) is caught as the
// browser would save it (saveWith); files a teacher opens are handed to the file input as a browser's picker does
// (openFiles).
import { File, resolveObjectURL } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, vi } from 'vitest';
import contentPlugin from '../../../web/plugins/content.js';
import { parse } from 'csv-parse/sync';
import { click } from './harness.js'; // (and with it the page's Worker: Node threads running worker.js; its files, the wasm; the browser's gaps)

// the teacher and the students in one time zone, so a due date reads the same on every page (the specs' timezoneId)
vi.stubEnv('TZ', 'UTC');
afterAll(() => vi.unstubAllEnvs());

const here = dirname(fileURLToPath(import.meta.url));
const webDir = join(here, '../../../web');
const plugin = contentPlugin({ contentDir: join(here, '../../../content') });

/** A page's HTML as the dev server serves it: the chapter's with its sections and contents (the content plugin). */
function pageHtml(file) {
  const text = readFileSync(join(webDir, file), 'utf8');
  return file === 'index.html' ? plugin.transformIndexHtml.handler(text) : text;
}
/** @type {Map<string, {body: HTMLElement, script: string}>} */
const parsed = new Map();
/** A page's HTML parsed once: its body (each page opened gets a copy of it) and its inline script. */
function pageParts(file) {
  if (!parsed.has(file)) {
    const doc = new DOMParser().parseFromString(pageHtml(file), 'text/html');
    const inline = [...doc.querySelectorAll('head script:not([src])')].map((s) => s.textContent).join('\n');
    parsed.set(file, { body: doc.body, script: inline });
  }
  return parsed.get(file);
}

// ── devices: a browser's storage each ──

/** A browser of its own (a student's device, the teacher's): its storage. */
export const device = () => ({ storage: /** @type {[string, string][]} */ ([]) });
let deviceShown = null;
function useDevice(dev) {
  if (deviceShown === dev) return;
  if (deviceShown) deviceShown.storage = Object.entries({ ...localStorage });
  localStorage.clear();
  for (const [k, v] of dev.storage) localStorage.setItem(k, v);
  deviceShown = dev;
}

// The clock of the device in use, as Playwright's clock.install and setSystemTime set it: it reads the time it was set
// to, then runs on by the millisecond (a clock that ran in steps, as vi.useFakeTimers' shouldAdvanceTime does, gave two
// students' attempts the same moment, and with it the same work: teachers/report.js fingerprint). Timers are the DOM's.
const RealDate = Date;
let offset = 0;
class DeviceDate extends RealDate {
  constructor(/** @type {any[]} */ ...args) {
    if (args.length) super(.../** @type {[any]} */ (args));
    else super(RealDate.now() + offset);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
/** From now on the clock reads `time` (an ISO text), and runs on from there. */
export function setClock(/** @type {string} */ time) {
  offset = RealDate.parse(time) - RealDate.now();
  globalThis.Date = /** @type {DateConstructor} */ (DeviceDate);
}
afterAll(() => {
  globalThis.Date = RealDate;
});

// ── pages ──

let pageShown = null;

/**
 * Opens `address` (a path and query on the page's origin, or a full address there) on `dev` as a new tab: its body,
 * its inline script, its modules afresh. → the page ({body, show(), url(), …}); the chapter's adds mount(selector).
 */
async function openPage(dev, file, address) {
  const parts = pageParts(file);
  const body = /** @type {HTMLElement} */ (document.importNode(parts.body, true));
  const page = {
    dev,
    body,
    address: new URL(address, location.origin).href,
    /** Brings this tab to the front: its body in the document, its address in the window, its device's storage. */
    show() {
      if (pageShown && pageShown !== page) pageShown.address = location.href;
      useDevice(dev);
      history.replaceState(null, '', page.address);
      if (document.body !== body) document.documentElement.replaceChild(body, document.body);
      pageShown = page;
      return page;
    },
    url: () => new URL(pageShown === page ? location.href : page.address),
  };
  page.show();
  document.documentElement.className = '';
  delete document.documentElement.dataset.theme;
  (0, eval)(parts.script); // the page's inline script (its colour choice, the `js` class)
  vi.resetModules(); // this page's modules, its own
  return page;
}

/** The teachers' page at `address` (e.g. '/teachers.html?assign.class=…'), started as its script starts it. */
export async function openTeachers(dev, address = '/teachers.html') {
  const page = await openPage(dev, 'teachers.html', address);
  await import('../../../web/src/teachers/main.js');
  await vi.waitFor(() => expect(page.body.querySelector('#assign-link, .teachers-problem')).not.toBeNull(), { timeout: 30_000, interval: 20 });
  expect(page.body.querySelector('.teachers-problem')?.textContent ?? '', 'the teachers’ page started').toBe('');
  return page;
}

/**
 * The chapter's page at `address` (the link a student opens): what its entry starts before any figure (the
 * assignment's banner, loaded when the visit has one), then mount(selector) mounts a figure through mount.js.
 */
export async function openChapter(dev, address) {
  const page = await openPage(dev, 'index.html', address);
  const [{ applyAssignment, assignmentApplied }, { mountOne }] = await Promise.all([
    import('../../../web/src/assignment/pending.js'),
    import('../../../web/src/widgets/mount.js'),
  ]);
  applyAssignment(document);
  await assignmentApplied();
  return Object.assign(page, {
    /** Mounts the figure `selector` names (an exercise, #progress), as it mounts when it comes near the window. */
    async mount(/** @type {string} */ selector) {
      const el = /** @type {HTMLElement} */ (page.body.querySelector(selector));
      if (el.dataset.mount === 'done') return el;
      await mountOne(el);
      expect(el.querySelector('.widget-error')?.textContent ?? '', `${selector} mounted`).toBe('');
      expect(el.dataset.mount).toBe('done');
      return el;
    },
    /** The assignment's banner (aside.assignment), once it is drawn. */
    banner: () => /** @type {HTMLElement} */ (page.body.querySelector('aside.assignment')),
  });
}

// ── what a reader does and sees ──

/** A text as Playwright's toHaveText and toContainText compare it: whitespace collapsed, trimmed. */
export const squash = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').trim();
/** An element's text as Playwright's toHaveText reads it: its textContent, squashed. */
export const textOf = (/** @type {Element | null} */ el) => squash(el?.textContent ?? '');

/** The form control whose label's text matches `label` (a RegExp, or the whole text), inside root. */
export function labelled(/** @type {ParentNode} */ root, /** @type {string | RegExp} */ label) {
  const found = [...root.querySelectorAll('label')]
    .filter((l) => (typeof label === 'string' ? textOf(l) === label : label.test(textOf(l))))
    .map((l) => l.control ?? (l.htmlFor ? l.ownerDocument.getElementById(l.htmlFor) : l.querySelector('input, select, textarea')))
    .filter(Boolean);
  if (found.length !== 1) throw new Error(`${found.length} fields are labelled “${label}”`);
  return /** @type {HTMLInputElement} */ (found[0]);
}

/** Ticks a checkbox or a radio button as a click does (its input and change events), if it is not ticked. */
export function check(/** @type {HTMLInputElement | null} */ box) {
  if (!box) throw new Error('no such box');
  if (!box.checked) box.click();
  expect(box.checked).toBe(true);
}

/** Waits for a state the page reaches by itself (a grading, a redraw): `assertion` retried until it holds. */
export const eventually = (/** @type {() => void} */ assertion, timeout = 300_000) => vi.waitFor(assertion, { timeout, interval: 25 });

// ── files: downloads caught, files opened ──

/** @type {{name: string, blob: Blob}[]} */
const saved = [];
const anchorClick = HTMLAnchorElement.prototype.click;
// a click on <a download href="blob:…"> saves the file, as a browser does (ui/download.js); any other click is the DOM's
HTMLAnchorElement.prototype.click = function () {
  const blob = this.hasAttribute('download') ? resolveObjectURL(this.href) : undefined;
  if (blob) saved.push({ name: this.getAttribute('download') || 'download', blob });
  else anchorClick.call(this);
};

/**
 * Clicks `button` and returns the file it made the page save: {name (the name the page suggested), text}.
 * @param {HTMLElement} button
 */
export async function download(button) {
  const before = saved.length;
  button.click();
  expect(saved.length - before, 'one file saved').toBe(1);
  const { name, blob } = saved[saved.length - 1];
  // its bytes as a file on disk is read (readFileSync: a BOM kept; Blob.text() would drop it)
  return { name, text: Buffer.from(await blob.arrayBuffer()).toString('utf8') };
}

/** A file as a picker hands it to the page: a name, its text. @param {string} name @param {string | Uint8Array} content */
export const fileOf = (name, content) => new File([content], name, { type: 'application/json' });

/** Opens `files` in a file input, as a browser's file picker does: its files set, then its change event. */
export function openFiles(/** @type {HTMLInputElement} */ input, /** @type {File[]} */ files) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

// ── a student's work and a teacher's table, as the specs did them ──

/** Exercise 1 answered right (its two choices) and checked, on a chapter page. → the exercise's badge (.ex-state) */
export async function solveExercise1(page) {
  const ex = await page.mount('#exercise-1');
  check(ex.querySelector('.ex-part[data-part="post"] input[value="a"]'));
  check(ex.querySelector('.ex-part[data-part="highway"] input[value="b"]'));
  click(ex, 'Check');
  return /** @type {HTMLElement} */ (ex.querySelector('.ex-state'));
}

/** The student's progress exported from the chapter's panel (#progress) of `page`. → {name (the file's), text} */
export async function exportProgress(page) {
  return saveWith(await page.mount('#progress'), 'Export progress');
}

/** The rows of the teachers' table whose text holds `text` (Playwright's filter({hasText})). */
export const rowsWith = (/** @type {ParentNode} */ root, /** @type {string} */ text) =>
  [...root.querySelectorAll('.teachers-grades tbody tr')].filter((r) => textOf(r).includes(text));

/** The one row of the teachers' table whose student cell (th) holds `name`. */
export function rowOf(/** @type {ParentNode} */ root, /** @type {string} */ name) {
  const rows = [...root.querySelectorAll('.teachers-grades tbody tr')].filter((r) => textOf(r.querySelector('th')).includes(name));
  expect(rows, `rows of ${name}`).toHaveLength(1);
  return rows[0];
}

/** The file that the button reading `name` (inside root) makes the page save: {name, text}. */
export function saveWith(/** @type {ParentNode} */ root, /** @type {string} */ name) {
  const found = [...root.querySelectorAll('button')].filter((b) => textOf(b) === name);
  if (found.length !== 1) throw new Error(`${found.length} buttons read “${name}”`);
  return download(/** @type {HTMLElement} */ (found[0]));
}

/** The CSV the button reading `name` saves, read by a CSV parser: its rows as records by column. */
export async function csvOf(/** @type {ParentNode} */ root, /** @type {string} */ name) {
  return parse((await saveWith(root, name)).text, { bom: true, columns: true });
}
