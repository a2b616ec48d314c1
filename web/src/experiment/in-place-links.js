// Links elsewhere in the chapter that carry a figure's parameters ("?t.configs=…#training-lab",
// "?es.sigma=0…#eps-sigma-instrument") open the figure in place once it is mounted, instead of loading the page
// again (which would restart every figure near it): the figure takes the link's values (missing ones its
// defaults), scrolls into view and hands the focus to `focus`. Like any link within the page the jump is a new
// entry in the history: Back returns the reader to where they clicked (the browser restores the scroll) and the
// figure to that entry's values; Forward sets the link's values again. Without the figure mounted the link
// simply loads the page with those parameters.
import { followHistory } from './url-state.js';

/**
 * prefix: the figure's parameters ("t."); anchor(): the id the links point at (asked at each click: a figure's
 * element may not be in the page yet while it mounts); apply(params): sets the figure from a URLSearchParams.
 * → stop()
 */
export function followInPlaceLinks({ prefix, anchor, apply, focus }) {
  const onClick = (event) => {
    const a = event.target.closest?.('a[href]');
    if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(a.href, location.href);
    const id = anchor();
    if (!id || url.pathname !== location.pathname || url.hash !== `#${id}`) return;
    if (![...url.searchParams.keys()].some((k) => k.startsWith(prefix))) return;
    event.preventDefault();
    history.pushState(null, '', `${location.pathname}${location.search}#${id}`);
    apply(url.searchParams); // (the figure writes its values into the new entry's URL)
    document.getElementById(id)?.scrollIntoView();
    focus()?.focus({ preventScroll: true });
  };
  document.addEventListener('click', onClick);
  const stopHistory = followHistory(prefix, apply);
  return () => {
    document.removeEventListener('click', onClick);
    stopHistory();
  };
}
