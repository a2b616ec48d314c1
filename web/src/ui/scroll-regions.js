// A box that scrolls sideways (a code block, a wide display equation, a table on a phone) must be
// reachable by keyboard, or a keyboard cannot scroll it: each one that actually overflows gets
// tabindex="0" (and loses it when it fits again). Boxes added later by widgets are picked up too.
// It must also look like it scrolls (a phone shows no scroll bar): data-scroll-more says on which side
// more lies ("right", "left", "left right"), and style.css draws a shadow at that edge.
// Every box is measured once in idle time (so Tab finds it wherever it is), again when it or its content
// is resized, when it comes near the viewport, and when a web font arrives while it is near (the math font
// widens a line of math without resizing any box): a font never makes the page measure boxes far away.
import { setData } from './html.js';

const SELECTOR = 'pre, .math-display, .scroll-x, .chart-data-scroll, .heatmap details';

// which sides of a box have more to show
function cue(box) {
  const more = [];
  if (box.scrollLeft > 1) more.push('left');
  if (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) more.push('right');
  const text = more.join(' ');
  setData(box, 'scrollMore', text);
}

const following = new WeakSet();
function followScrolling(box) {
  if (following.has(box)) return;
  following.add(box);
  let frame;
  box.addEventListener('scroll', () => (frame ??= requestAnimationFrame(() => ((frame = undefined), cue(box)))), { passive: true });
}

function update(box) {
  // sideways, or down where the box lets its content scroll (a data table taller than its box)
  const down = box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY);
  const scrolls = box.scrollWidth > box.clientWidth + 1 || down;
  if (scrolls && !('scrollRegion' in box.dataset)) {
    if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
    box.dataset.scrollRegion = '';
    followScrolling(box);
  } else if (!scrolls && 'scrollRegion' in box.dataset) {
    box.removeAttribute('tabindex');
    delete box.dataset.scrollRegion;
    delete box.dataset.scrollMore;
  }
  if (scrolls) cue(box);
}

export function watchScrollRegions(root = document.body) {
  const near = new Set();
  const views = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) near.delete(entry.target);
        else if (entry.target.isConnected) {
          near.add(entry.target);
          update(entry.target);
        }
      }
    },
    { rootMargin: '100% 0px' },
  );
  // the box's own size and its content's (a table that fills in grows inside a box that keeps its width)
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.target.matches(SELECTOR) ? entry.target : entry.target.parentElement?.closest(SELECTOR);
      if (box) update(box);
    }
  });
  // the first measure of each box, a few at a time when the page is idle
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
  const queue = [];
  const drain = (deadline) => {
    while (queue.length && (deadline?.timeRemaining?.() ?? 1) > 2) {
      const box = queue.shift();
      if (box.isConnected) update(box);
    }
    if (queue.length) idle(drain);
  };
  const watch = (box) => {
    if (queue.push(box) === 1) idle(drain);
    views.observe(box);
    sizes.observe(box);
    if (box.firstElementChild) sizes.observe(box.firstElementChild);
  };
  document.fonts?.addEventListener('loadingdone', () => near.forEach((box) => (box.isConnected ? update(box) : near.delete(box))));
  root.querySelectorAll(SELECTOR).forEach(watch);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(SELECTOR)) watch(node);
        node.querySelectorAll(SELECTOR).forEach(watch);
      }
    }
  }).observe(root, { childList: true, subtree: true });
}
