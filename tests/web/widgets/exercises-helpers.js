// The chapter's page as the exercises, the progress panel, the card deck and an assignment meet it (moved from the
// e2e specs exercises, hidden-solutions, progress, storage, tabs, assignment and cards: docs/testing/moved-exercises.md).
//
// A visit (openPage) is what a browser's load of the page is, less what only a browser does:
//   - the page's body is web/index.html's, its <!--chapter--> the sections as content/ renders them (the masthead the
//     assignment's banner goes under, every exercise the progress panel lists);
//   - the page's modules are loaded afresh (vi.resetModules, then import): a new visit's progress store reads
//     localStorage as the page does when it loads, so "after a reload" is a new visit over the same storage, and
//     nothing a visit held in memory survives it;
//   - what main.js runs before any figure mounts and that concerns these figures runs as it does there (a teacher's
//     assignment applied: assignment/pending.js applyAssignment);
//   - a figure mounts when the test looks at it (mount), through mount.js's mountOne, as it does when the reader
//     scrolls to it.
// The address is set before the visit (history.replaceState), as a link or a reload gives it.
import { File, resolveObjectURL } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { cardProps, renderChapter } from '../../../web/plugins/content.js';
import './harness.js';

// (paths from this file's own, as harness.js finds them: Vite rewrites `new URL(…, import.meta.url)` for a page's assets)
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const repo = (/** @type {string} */ path) => join(root, path);

/** The ids of every card of the deck, from the chapter's source (the page loads them as a chunk of their own). */
export function cardIds() {
  const { cloze, practice } = cardProps(renderChapter(repo('content')));
  return [...cloze, ...practice].map((c) => c.id);
}

/** @type {HTMLTemplateElement | undefined} the page's body, parsed once: index.html's with the chapter in it */
let body;
function pageBody() {
  if (body === undefined) {
    const index = readFileSync(repo('web/index.html'), 'utf8');
    const chapter = renderChapter(repo('content'))
      .map((s) => s.html)
      .join('\n');
    body = document.createElement('template');
    body.innerHTML = (/<body>([\s\S]*)<\/body>/.exec(index)?.[1] ?? '').replace('<!--chapter-->', () => chapter);
  }
  return document.importNode(body.content, true); // (a new copy of the parsed page for each visit)
}

/**
 * @typedef {object} Page  one visit of the page
 * @property {(selector: string) => Promise<HTMLElement>} mount  mounts the figure the selector names (as scrolling to
 *   it does; once), and fails with the page's message if it could not start → its placeholder
 * @property {(n: number | string) => Promise<HTMLElement>} exercise  exercise n's section, mounted
 * @property {() => Promise<HTMLElement>} panel  the progress panel (#progress), mounted
 * @property {() => Promise<HTMLElement>} deck  the card deck (#card-deck), mounted
 * @property {any} modules  this visit's own modules: {mount, store} (web/src/widgets/mount.js, progress/store.js)
 */

/**
 * A visit of the page at `address` (a path with its query and fragment, on the DOM's origin http://localhost:3000).
 * The storage is the browser's (the DOM window's localStorage), kept from visit to visit as a browser keeps it.
 * @param {string} [address]
 * @returns {Promise<Page>}
 */
/**
 * Mounts a placeholder of `doc` once, through the page's mount path (`mountOne` of the page's own modules), and fails
 * with the page's message if it could not start. → (selector) => the placeholder's promise, the same for a selector
 * asked again.
 * @param {Document} doc  @param {(el: HTMLElement) => Promise<unknown>} mountOne
 */
function mounter(doc, mountOne) {
  /** @type {Map<string, Promise<HTMLElement>>} */
  const mounted = new Map();
  return (/** @type {string} */ selector) => {
    if (!mounted.has(selector)) {
      mounted.set(
        selector,
        (async () => {
          const el = /** @type {HTMLElement} */ (doc.querySelector(selector));
          expect(el, `the page holds ${selector}`).not.toBeNull();
          await mountOne(el);
          expect(el.querySelector('.widget-error')?.textContent ?? '', 'the figure mounted').toBe('');
          expect(el.dataset.mount).toBe('done');
          return el;
        })(),
      );
    }
    return /** @type {Promise<HTMLElement>} */ (mounted.get(selector));
  };
}

export async function openPage(address = '/') {
  history.replaceState(null, '', address);
  document.documentElement.removeAttribute('data-print');
  document.body.replaceChildren(pageBody());
  vi.resetModules(); // a new visit: the page's modules and what they hold (its progress store) start afresh
  const mount = await import('../../../web/src/widgets/mount.js');
  const store = await import('../../../web/src/progress/store.js');
  const { applyAssignment } = await import('../../../web/src/assignment/pending.js');
  applyAssignment(document); // (main.js: before any exercise reads its seed)
  const mountHere = mounter(document, mount.mountOne);
  return {
    mount: mountHere,
    exercise: (n) => mountHere(`#exercise-${n}`),
    panel: () => mountHere('#progress'),
    deck: () => mountHere('#card-deck'),
    modules: { mount, store },
  };
}

// ── a second tab of the same browser ──

/** @type {Promise<import('vite').ViteDevServer> | undefined} */
let server;
/** The page's modules as Vite serves them, for a second tab's realm (one server per test file, closed with closeTabs). */
const pageServer = () =>
  (server ??= import('vite').then(async ({ createServer }) => {
    const { default: content } = await import('../../../web/plugins/content.js');
    return createServer({
      configFile: false,
      root,
      plugins: [content({ contentDir: repo('content') })],
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      appType: 'custom',
      logLevel: 'error',
    });
  }));

/** Ends what second tabs needed: the module server (a test file's afterAll). */
export async function closeTabs() {
  await (await server)?.close();
  server = undefined;
}

/**
 * Another tab of the same browser at `address`: a window of its own (a same-origin iframe's: jsdom shares one
 * origin's localStorage between its windows, and fires the 'storage' event, a task later, on every window of the
 * origin but the one that wrote, as a browser fires it on its other tabs), whose JavaScript realm runs a copy of the
 * page's modules of its own (Vite's module runner, evaluating each module with that realm's AsyncFunction, so `window`,
 * `document`, `localStorage` and `location` in them are the tab's), its body the page's, and main.js's start
 * (applyAssignment) run there. The first tab is the test's own window (openPage). close() closes it, as closing
 * the tab (or reloading it, before a new one opens at its address) does.
 * @param {string} address  a path, query and fragment on the DOM's origin
 */
export async function openTab(address) {
  const [{ createServerModuleRunner }, keys] = await Promise.all([import('vite'), import('vite/module-runner')]);
  const frame = document.createElement('iframe');
  frame.src = new URL(address, location.origin).href;
  frame.hidden = true;
  document.documentElement.append(frame); // (outside the first tab's body, which each of its visits replaces)
  const win = /** @type {any} */ (frame.contentWindow);
  const doc = /** @type {Document} */ (win.document);
  // its page (a frame's document starts empty: jsdom loads nothing): standards mode, then the page's body
  doc.append(doc.implementation.createDocumentType('html', '', ''));
  const htmlEl = doc.createElement('html');
  htmlEl.lang = 'en';
  htmlEl.append(doc.createElement('head'), doc.createElement('body'));
  doc.append(htmlEl);
  doc.body.replaceChildren(doc.importNode(pageBody(), true));
  // what harness.js and browser-gaps.js give the first tab's window: the page's Worker (a Node thread), its files
  // (fetch), and the browser's APIs jsdom lacks, answering as they do there
  for (const name of [
    'Worker',
    'fetch',
    'Response',
    'Request',
    'Headers',
    'IntersectionObserver',
    'ResizeObserver',
    'matchMedia',
    'CSS',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
  ]) {
    win[name] = /** @type {any} */ (globalThis)[name];
  }
  win.Element.prototype.scrollIntoView = function () {};
  const AsyncFunction = win.eval('(async function () {}).constructor');
  const names = [keys.ssrModuleExportsKey, keys.ssrImportMetaKey, keys.ssrImportKey, keys.ssrDynamicImportKey, keys.ssrExportAllKey, keys.ssrExportNameKey];
  const runner = createServerModuleRunner((await pageServer()).environments.ssr, {
    hmr: false,
    evaluator: {
      /** @param {any} context @param {string} code */
      async runInlinedModule(context, code) {
        await new AsyncFunction(...names, `"use strict";\n${code}`)(...names.map((name) => context[name]));
        Object.seal(context[keys.ssrModuleExportsKey]);
      },
      runExternalModule: (/** @type {string} */ file) => import(file),
    },
  });
  const mount = await runner.import('/web/src/widgets/mount.js');
  const { applyAssignment } = await runner.import('/web/src/assignment/pending.js');
  applyAssignment(doc);
  const mountHere = mounter(doc, mount.mountOne);
  return {
    window: win,
    exercise: (/** @type {number | string} */ n) => mountHere(`#exercise-${n}`),
    /** The tab's address now (the page may have written its state into it). */
    address: () => `${win.location.pathname}${win.location.search}${win.location.hash}`,
    async close() {
      win.close(); // (its listeners and timers go with it, as a closed tab's)
      frame.remove();
      await runner.close();
    },
  };
}

/** Forgets the site's storage and the address, as a new browser profile would (each test's start). */
export function freshBrowser() {
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
}

// ── an exercise ──

/** The part `id` of an exercise section (.ex-part[data-part]). @param {ParentNode} ex @param {string} id */
export const partOf = (ex, id) => /** @type {HTMLElement} */ (ex.querySelector(`.ex-part[data-part="${id}"]`));
/** The answer field of part `id`. */
export const answerOf = (/** @type {ParentNode} */ ex, /** @type {string} */ id) =>
  /** @type {HTMLInputElement} */ (partOf(ex, id).querySelector('.ex-answer'));

/** Types `text` into part `id`'s answer field, as the reader's edit arrives (an input event). */
export function answer(/** @type {ParentNode} */ ex, /** @type {string} */ id, /** @type {string} */ text) {
  const input = answerOf(ex, id);
  expect(input.getAttribute('aria-label')).toMatch(/^Answer/);
  input.focus();
  input.value = text.slice(0, input.maxLength > 0 ? input.maxLength : undefined); // (the browser cuts a paste to maxlength)
  input.dispatchEvent(new (windowOf(input).Event)('input', { bubbles: true }));
}

/** Types `keys` one character at a time at the end of the field's text, an input event for each, as keystrokes do. */
export function typeKeys(/** @type {HTMLInputElement} */ input, /** @type {string} */ keys) {
  input.focus();
  for (const key of keys) {
    input.value += key;
    input.dispatchEvent(new (windowOf(input).Event)('input', { bubbles: true }));
  }
}

/** The window an element belongs to (a second tab's element: that tab's). @type {(el: Element) => any} */
const windowOf = (el) => el.ownerDocument.defaultView ?? window;

/** The one button (or link, summary) whose visible text or aria-label is `name` in root, found without pressing it. */
export function buttonNamed(/** @type {ParentNode} */ root, /** @type {string | RegExp} */ name) {
  const matches = [...root.querySelectorAll('button, a, summary')].filter((b) => {
    const said = (b.textContent || b.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
    return typeof name === 'string' ? said === name : name.test(said);
  });
  if (matches.length !== 1) throw new Error(`${matches.length} buttons read “${name}”`);
  return /** @type {HTMLButtonElement} */ (matches[0]);
}

/** Presses the exercise's Check button (a submit of its form, as the browser makes it). */
export function check(/** @type {HTMLElement} */ ex) {
  /** @type {HTMLButtonElement} */ (ex.querySelector('.ex-form button.ex-check')).click();
}

/** The exercise's status line (role=status: Check's summary). */
export const statusOf = (/** @type {ParentNode} */ ex) => ex.querySelector('.ex-feedback')?.textContent ?? '';
/** The state badge beside the exercise's title. */
export const badgeOf = (/** @type {ParentNode} */ ex) => ex.querySelector('.ex-state')?.textContent ?? '';

/** Chooses (checks) the option of a choice part whose label matches `label`, as a click on it does. */
export function choose(/** @type {ParentNode} */ part, /** @type {RegExp | string} */ label) {
  const options = [...part.querySelectorAll('label.ex-option')].filter((l) => {
    const text = (l.textContent ?? '').replace(/\s+/g, ' ').trim();
    return typeof label === 'string' ? text === label : label.test(text);
  });
  if (options.length !== 1) throw new Error(`${options.length} options read “${label}”`);
  const box = /** @type {HTMLInputElement} */ (options[0].querySelector('input'));
  if (box.type === 'radio' || !box.checked) box.click(); // (a checkbox's click toggles it: check() ticks it once)
}

/** Opens or closes an exercise's worked solution, as a click on its summary does (the toggle event follows). */
export async function toggleSolution(/** @type {ParentNode} */ ex) {
  /** @type {HTMLElement} */ (ex.querySelector('.ex-solution summary')).click();
  await new Promise((resolve) => setTimeout(resolve)); // (details' toggle event is a task after the click)
}

/** The exercise's record in the saved progress (localStorage), or undefined when nothing is saved for it. */
export const storedRecord = (/** @type {number | string} */ n) =>
  JSON.parse(localStorage.getItem('residual-ln-progress-v1') ?? '{"exercises":{}}').exercises[n];
/** How many attempts the saved progress counts for exercise n (0 when nothing is saved). */
export const storedAttempts = (/** @type {number | string} */ n) => storedRecord(n)?.attempts ?? 0;

/** A field of the question's numbers (its label, exactly) in an exercise. */
export function inputField(/** @type {ParentNode} */ ex, /** @type {string} */ label) {
  const found = [...ex.querySelectorAll('.ex-inputs .field label')].filter((l) => l.textContent?.trim() === label);
  if (found.length !== 1) throw new Error(`${found.length} fields are labelled “${label}”`);
  return /** @type {HTMLInputElement} */ (document.getElementById(/** @type {HTMLLabelElement} */ (found[0]).htmlFor));
}

/** The seed exercise n's number has in the address, or null. */
export const seedInAddress = (/** @type {number | string} */ n) => new URL(location.href).searchParams.get(`ex${n}.seed`);

// ── files: what the browser downloads, and a file the reader picks ──

/**
 * Records every download the page starts from now on: an <a download> it clicks (ui/download.js), which a browser
 * hands to its downloads and jsdom does not implement, taken here as the browser takes it (the file is read from
 * the blob address at once: the page revokes it a second later). → {next(): the next download's {name, text}, stop()}
 */
export function watchDownloads() {
  /** @type {{name: string, blob: Blob}[]} */
  const seen = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (!this.hasAttribute('download') || !this.href.startsWith('blob:')) return click.call(this);
    const blob = resolveObjectURL(this.href);
    expect(blob, `the download's address ${this.href} holds a file`).toBeDefined();
    seen.push({ name: this.download, blob: /** @type {Blob} */ (blob) });
  };
  return {
    /** The next download the page started (waits for it). */
    async next() {
      await until(() => expect(seen.length, 'a download').toBeGreaterThan(0));
      const { name, blob } = /** @type {{name: string, blob: Blob}} */ (seen.shift());
      return { name, text: await blob.text() };
    },
    stop() {
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

/**
 * Picks a file in a file input, as the reader's choice in the browser's file dialog arrives (files set, a change
 * event). The file is Node's File (the File API's name, size and text()), which, as a browser's, can be posted to a
 * worker (the teachers' page grades in its workers; jsdom's File cannot cross to a Node thread).
 */
export function pickFile(/** @type {HTMLInputElement} */ input, /** @type {string} */ name, /** @type {string} */ text) {
  const file = new File([text], name, { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
  delete (/** @type {any} */ (input).files);
}

// ── storage the browser refuses ──

/** Makes every localStorage write throw the browser's QuotaExceededError, as a blocked storage does. → undo() */
export function refuseStorage() {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return () => {
    Storage.prototype.setItem = setItem;
  };
}

/** Fills this origin's storage to the last character the browser's quota allows, as other sites of one github.io name fill it. */
export function fillStorage() {
  let k = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const chunk = 'x'.repeat(size);
    try {
      for (;;) localStorage.setItem(`another-site-${k++}`, chunk);
    } catch {
      // full at this size: the next, smaller one fills what is left
    }
  }
}

/** Waits for a state (not a time): `check` passing, tried every 20 ms for up to `timeout` ms. */
export const until = (/** @type {() => unknown} */ check, timeout = 60_000) => vi.waitFor(check, { timeout, interval: 20 });
