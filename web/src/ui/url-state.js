// Control state in the page URL (history.replaceState), so a link reproduces a view. Parameters equal to
// their default are left out, which keeps the article's own view at a bare URL.

/** The page's address parameters (none where there is no page: a module imported by a test in Node). */
export const addressParams = () => new URLSearchParams(typeof location === 'object' ? location.search : '');

/**
 * One value kept in the address, the one place its parameter's name is spelt: every control of the page, the shared
 * settings, the lab's list of configurations, the written wirings and an exercise's seed (exercises/seed.js) keep
 * themselves through one of these. name: the parameter written; older: names an older link spelt it with (read where
 * name is absent; written over, they leave the address).
 * → {name, names, textIn(params = the page's address) → its text or null, allIn(params) → every text, write(text,
 * fallbackText), writeFirst(text, fallbackText)}: written, the fallback's text leaves the parameter out, so the
 * article's own view stays at a bare address. allIn and writeFirst are for a parameter a link may repeat
 * (?wiring=…&wiring=…): allIn reads every value in the link's order, writeFirst sets the first value and keeps the
 * others (textIn reads the first).
 * @param {{name: string, older?: string[]}} spelling
 * @returns {AddressEntry}
 * @typedef {{name: string, names: string[], textIn(params?: URLSearchParams): string | null, allIn(params?: URLSearchParams): string[],
 *   write(text: unknown, fallbackText: unknown): void, writeFirst(text: unknown, fallbackText: unknown): void}} AddressEntry
 */
export function addressEntry({ name, older = [] }) {
  const names = [name, ...older];
  /** @type {() => Record<string, [null, null]>} */
  const dropped = () => Object.fromEntries(older.map((n) => /** @type {[string, [null, null]]} */ ([n, [null, null]])));
  return {
    name,
    names,
    textIn(params = addressParams()) {
      for (const n of names) {
        const text = params.get(n);
        if (text !== null) return text;
      }
      return null;
    },
    allIn(params = addressParams()) {
      for (const n of names) {
        const texts = params.getAll(n);
        if (texts.length) return texts;
      }
      return [];
    },
    write(text, fallbackText) {
      writeParams({ [name]: [text, fallbackText], ...dropped() });
    },
    writeFirst(text, fallbackText) {
      if (older.length) writeParams(dropped());
      writeFirstParam(name, text, fallbackText);
    },
  };
}

// The query of the history entry the reader is on, as the page last found or wrote it: on Back or Forward it
// is the query of the entry just left, which the browser no longer tells.
let shown = typeof location === 'object' ? location.search : ''; // (no page: a module imported by a test in Node)

/** entries: {name: [value, defaultValue]}; values are written as strings. @param {Record<string, [unknown, unknown]>} entries */
function writeParams(entries) {
  const url = new URL(location.href);
  for (const [name, [value, fallback]] of Object.entries(entries)) {
    if (value === undefined || value === null || String(value) === String(fallback)) url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  if (url.href !== location.href) history.replaceState(history.state, '', url);
  shown = location.search;
}

/**
 * Sets the first value of a repeatable parameter, keeping the others where they are: left out when it is the
 * fallback and the only one (a later value would otherwise take the first one's place on the next visit).
 * @param {string} name  @param {unknown} value  @param {unknown} fallback
 */
function writeFirstParam(name, value, fallback) {
  const url = new URL(location.href);
  const before = url.searchParams.getAll(name);
  const others = before.slice(1);
  const kept = String(value) === String(fallback) && others.length === 0 ? [] : [String(value), ...others];
  if (kept.join('\n') === before.join('\n')) return;
  // (the values go to the end of the query, in their order: read back, they are the same list)
  url.searchParams.delete(name);
  for (const v of kept) url.searchParams.append(name, v);
  if (url.href !== location.href) history.replaceState(history.state, '', url);
  shown = location.search;
}

/** A new history entry at url (same page), as a link within the page makes one. @param {string | URL} url */
export function pushEntry(url) {
  history.pushState(null, '', url);
  shown = location.search;
}

// the parameters under one prefix ("t."), in a form that compares
/** @type {(search: string, prefix: string) => string} */
const paramsUnder = (search, prefix) =>
  [...new URLSearchParams(search)]
    .filter(([name]) => name.startsWith(prefix))
    .map((pair) => pair.join('='))
    .sort()
    .join('&');

/** @type {Set<(before: string, after: string) => void>} */
const moves = new Set();
const onPopState = () => {
  const before = shown;
  shown = location.search;
  for (const move of moves) move(before, shown);
};

/**
 * Calls apply(params of the new entry) when Back or Forward lands on an entry whose parameters under `prefix`
 * differ from those of the entry left (moves that keep them, as the contents' links do, change nothing). → stop()
 * @param {string} prefix  @param {(params: URLSearchParams) => void} apply
 */
export function followHistory(prefix, apply) {
  /** @type {(before: string, after: string) => void} */
  const move = (before, after) => {
    if (paramsUnder(before, prefix) !== paramsUnder(after, prefix)) apply(new URLSearchParams(after));
  };
  // (listening from the first figure that asks: the module also serves pages and tests that never move)
  if (!moves.size) window.addEventListener('popstate', onPopState);
  moves.add(move);
  return () => {
    moves.delete(move);
    if (!moves.size) window.removeEventListener('popstate', onPopState);
  };
}
