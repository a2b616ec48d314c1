// Links elsewhere in the chapter that carry a figure's parameters ("?t.configs=…#training-lab",
// "?es.sigma=0…#eps-sigma-instrument") open the figure in place once it is mounted, instead of loading the page
// again (which would restart every figure near it): the figure takes the link's values (missing ones its
// defaults), scrolls into view and hands the focus to `focus`. Like any link within the page the jump is a new
// entry in the history: Back returns the reader to where they clicked (leaveFrom, below) and the figure to that
// entry's values; Forward sets the link's values again. Before the figure has mounted,
// followLinksAhead (below) does the same through the URL the figure mounts from.
import { followHistory, pushEntry } from '../ui/url-state.js';

// The link a plain click follows (main button, no key held that opens it elsewhere): {a, url}, else null.
/** @param {MouseEvent} event  @returns {{a: HTMLAnchorElement, url: URL} | null} */
function followedLink(event) {
  const a = /** @type {HTMLAnchorElement | null | undefined} */ (/** @type {Element} */ (event.target).closest?.('a[href]'));
  if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  return { a, url: new URL(a.href, location.href) };
}

// Back to the entry a link was followed from puts the reader where they clicked: the element holding the link
// (the nearest with an id, an exercise) at the height it had in the window. The browser would restore the entry's
// scroll offset, which lands elsewhere once the page above has changed meanwhile (a figure that had mounted there
// gives up its reserved height when the reader is away: exercise 14's link came back out of the window), and at a
// moment of its own: such an entry's restoration is manual until the reader is back on it (the mode belongs to the
// entry; the new entry gets auto back at once, the old one once its place is restored, so a reload restores as usual).
let returning = false;
/** @param {Element} a */
function leaveFrom(a) {
  const holder = a.parentElement?.closest('[id]');
  if (!holder) return;
  history.replaceState({ ...history.state, place: { id: holder.id, top: holder.getBoundingClientRect().top } }, '');
  history.scrollRestoration = 'manual';
  if (returning) return;
  returning = true;
  window.addEventListener('popstate', (event) => {
    const place = event.state?.place;
    if (!place) return;
    // the figures take the entry's values in their own listener (ui/url-state.js), which may come before or after
    // this one: once now, and once more after the frame they lay out in
    const put = () => {
      const holder = document.getElementById(place.id);
      if (holder) window.scrollBy(0, holder.getBoundingClientRect().top - place.top);
    };
    put();
    requestAnimationFrame(put);
    history.scrollRestoration = 'auto';
  });
}

/** A new history entry at url for a link followed from `a` (see leaveFrom). @param {Element} a  @param {string} url */
function follow(a, url) {
  leaveFrom(a);
  pushEntry(url);
  history.scrollRestoration = 'auto';
}

/**
 * prefix: the figure's parameters ("t."); anchor(): the id the links point at (asked at each click: a figure's
 * element may not be in the page yet while it mounts); apply(params): sets the figure from a URLSearchParams.
 * → stop()
 * @param {{prefix: string, anchor: () => string | null | undefined, apply: (params: URLSearchParams) => void,
 *   focus: () => HTMLElement | null | undefined}} figure
 */
export function followInPlaceLinks({ prefix, anchor, apply, focus }) {
  /** @param {MouseEvent} event */
  const onClick = (event) => {
    const { a, url } = followedLink(event) ?? {};
    const id = anchor();
    if (!url || !id || url.pathname !== location.pathname || url.hash !== `#${id}`) return;
    if (![...url.searchParams.keys()].some((k) => k.startsWith(prefix))) return;
    event.preventDefault();
    follow(a, `${location.pathname}${location.search}#${id}`);
    apply(url.searchParams); // (the figure writes its values into the new entry's URL)
    // the window opens on the figure, its controls at the top, not on the section the link names (the lab's links
    // name Part 3, whose figure stood a screen below its heading, with the focus out of view on its Run button)
    const control = focus();
    const figure = /** @type {HTMLElement | null} */ (control?.closest('.widget[data-widget]') ?? document.getElementById(id));
    figure?.scrollIntoView();
    // the focus on the figure's own choice when the window shows it, else on the figure, whence Tab goes on into
    // its controls (a focus out of view is lost to a keyboard's reader)
    const shown = control && control.getBoundingClientRect().bottom <= window.innerHeight;
    const target = shown ? control : figure;
    if (target === figure && figure && !figure.hasAttribute('tabindex')) figure.tabIndex = -1;
    target?.focus({ preventScroll: true });
  };
  document.addEventListener('click', onClick);
  const stopHistory = followHistory(prefix, apply);
  return () => {
    document.removeEventListener('click', onClick);
    stopHistory();
  };
}

// A parameter's figure prefix: "t." of "t.configs" (the chapter's figures name theirs so)
/** @type {(name: string) => string | undefined} */
const prefixOf = (name) => /^[a-z]+\./i.exec(name)?.[0];

/** A figure's placeholder's props (the chapter writes them as JSON in data-props), or {} @param {Element} el */
function propsOf(el) {
  try {
    return JSON.parse(/** @type {HTMLElement} */ (el).dataset.props ?? '{}') ?? {};
  } catch {
    return {};
  }
}

const MOUNT_WAIT_MS = 5000;
/** @type {WeakSet<Element>} */
const waited = new WeakSet(); // links waiting for their figure's mount

/**
 * The same links before their figure has mounted (a reader who went to the exercises first): the page does not
 * load again, which would restart every figure and drop the others' parameters from the URL. The link's
 * parameters replace those under the same prefixes, in a new history entry, and the page goes to the link's
 * anchor, where the figure mounts with them (each figure reads its parameters from the URL as it mounts).
 * A figure that has mounted takes its links first (followInPlaceLinks, on the document); this listens on the
 * window, after it. A figure in the middle of mounting has read its parameters already: the link waits for it
 * (whenMounted(el), the promise of its mount) and is followed again, by its handler then. A link whose figures
 * have all mounted without taking it is left to the browser.
 * @param {{whenMounted: (el: Element) => Promise<unknown>}} page
 */
export function followLinksAhead({ whenMounted }) {
  /** @param {MouseEvent} event */
  const onClick = (event) => {
    const { a, url } = followedLink(event) ?? {};
    if (!url || url.origin !== location.origin || url.pathname !== location.pathname || !url.hash || !url.search) return;
    const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
    const prefixes = new Set([...url.searchParams.keys()].map(prefixOf));
    if (!target || prefixes.has(undefined)) return;
    const figures = [...(target.matches('.widget[data-widget]') ? [target] : target.querySelectorAll('.widget[data-widget]'))];
    const loading = figures.filter((el) => el.classList.contains('widget-loading'));
    if (loading.length && !waited.has(a)) {
      event.preventDefault();
      waited.add(a); // once: a mount that takes longer than a few seconds is not waited for again
      const mounted = Promise.allSettled(loading.map(whenMounted));
      Promise.race([mounted, new Promise((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]).then(() => {
        a.click();
        waited.delete(a);
      });
      return;
    }
    if (!figures.some((el) => !el.dataset.mount)) return;
    event.preventDefault();
    const params = new URLSearchParams([...new URLSearchParams(location.search)].filter(([name]) => !prefixes.has(prefixOf(name))));
    for (const [name, value] of url.searchParams) params.append(name, value);
    follow(a, `${location.pathname}?${params}${url.hash}`);
    // the figure the link's parameters are for, when the anchor is a section holding several (its props name its
    // prefix): the window opens on it, and Tab goes on from it into its controls, as after any link within the page
    const figure = figures.find((el) => prefixes.has(`${propsOf(el).prefix}.`)) ?? target;
    figure.scrollIntoView();
    if (!figure.matches('a[href], button, input, select, textarea, [tabindex]')) figure.tabIndex = -1;
    figure.focus({ preventScroll: true });
  };
  window.addEventListener('click', onClick);
  return () => window.removeEventListener('click', onClick);
}
