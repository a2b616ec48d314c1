// Helpers for the reach specs (accessibility, phone, print, fallbacks, offline): the chapter with every
// experiment at its smallest, and every widget mounted the way a reader gets there, by scrolling.
import { expect } from './fixtures.js';
import { LIGHT, SMALL_MODEL, lightExcept } from '../web/light-settings.js';

export { LIGHT } from '../web/light-settings.js';
/** The chapter light, but the figure of `prefix` and the shared model at the article's settings, at `hash`, with `params` beside. */
export const lightExceptUrl = (prefix, hash = '', params = {}) => `./?${new URLSearchParams({ ...lightExcept(prefix), ...params })}${hash}`;
/** The chapter light and small, at `hash`, with `params` beside (a visit's number). */
export const lightUrl = (hash = '', params = {}) => `./?${new URLSearchParams({ ...LIGHT, ...SMALL_MODEL, ...params })}${hash}`;

// the page's background in each scheme (style.css), as the browser computes it
export const LIGHT_BACKGROUND = 'rgb(253, 253, 252)';
export const DARK_BACKGROUND = 'rgb(21, 23, 27)';

/** Scrolls every widget into view in turn, then waits until each has mounted (or failed: `expected`). */
export async function mountAll(page, { expected = 'done', timeout = 90_000 } = {}) {
  const widgets = page.locator('.widget[data-widget]');
  const count = await widgets.count();
  expect(count).toBeGreaterThan(20);
  for (let i = 0; i < count; i++) {
    const widget = widgets.nth(i);
    await widget.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // stay until its mount has started: a loaded machine may skip frames, and a widget scrolled past
    // between two frames is never seen near the viewport (as with a reader flinging the page)
    await expect.poll(() => widget.evaluate((el) => el.classList.contains('widget-loading') || 'mount' in el.dataset)).toBe(true);
  }
  if (expected === 'any') {
    await expect(page.locator('.widget[data-widget]:not([data-mount])')).toHaveCount(0, { timeout });
  } else {
    await expect(page.locator(`.widget[data-widget][data-mount="${expected}"]`)).toHaveCount(count, { timeout });
  }
  return count;
}

/**
 * Whether a select's longest choice fits its box: {longest, room} in px, the text measured in the select's own
 * font, the room being the box less its padding and `arrow` px for the drop-down arrow.
 */
export function selectLabelFit(select, arrow) {
  return select.evaluate((el, arrowPx) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const longest = Math.max(...[...el.options].map((o) => context.measureText(o.text).width));
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrowPx;
    return { longest: Math.ceil(longest), room: Math.floor(room) };
  }, arrow);
}

/** Records every securitypolicyviolation the page sees from its first script on. → () => the lines so far */
export async function watchViolations(page) {
  // (the list lives on the page's window, which has no such property in the DOM's types)
  await page.addInitScript(() => {
    const lines = [];
    /** @type {any} */ (window).__violations = lines;
    document.addEventListener('securitypolicyviolation', (e) =>
      lines.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => /** @type {any} */ (window).__violations);
}

/** Waits until every experiment figure on the page has finished its runs. */
export async function experimentsDone(page, timeout = 90_000) {
  const footers = page.locator('.exp-footer');
  await expect(footers).not.toHaveCount(0);
  for (const footer of await footers.all()) await expect(footer).toHaveText(/^\d+ runs?(,|$)/, { timeout });
}

/** WCAG contrast ratio of two CSS colours as the browser computes them ("rgb(r, g, b)"). */
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Everything drawn that reaches past the box that clips it (an ancestor with overflow other than visible, or
 * paint containment), where that box cannot scroll sideways to show it, or scrolls without its visible cue
 * (ui/scroll-regions.js marks such a box data-scroll-region and says on which side more lies). → descriptions
 */
export function cutOff(page) {
  return page.evaluate(() => {
    const clips = (el) => {
      const s = getComputedStyle(el);
      return s.overflowX !== 'visible' || /paint|strict|content/.test(s.contain);
    };
    const scrolls = (el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1;
    const name = (el) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const problems = new Set();
    for (const el of document.querySelectorAll('main *, header *, nav *')) {
      // SVG's insides and screen-reader-only text (a phone's table heads too: the results', Part 4's) are not drawn, nor what a closed
      // <details> holds
      if (
        el.closest('svg *, .visually-hidden, table.results > thead, .part4-summary thead') ||
        !el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
      )
        continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (!clips(box)) continue;
        const b = box.getBoundingClientRect();
        const style = getComputedStyle(box);
        const left = b.left + parseFloat(style.borderLeftWidth);
        const right = b.right - parseFloat(style.borderRightWidth);
        if (r.right <= right + 0.5 && r.left >= left - 0.5) break; // inside: this box shows all of it
        if (!scrolls(box)) problems.add(`${name(el)} cut off by ${name(box)} in #${box.closest('[id]')?.id}`);
        else if (!('scrollRegion' in box.dataset) || !box.dataset.scrollMore) problems.add(`${name(box)} in #${box.closest('[id]')?.id} scrolls without a cue`);
        break;
      }
    }
    return [...problems];
  });
}

/** Numbers (1.7767e−01, −2, 0.5) whose characters are not all on one line. → descriptions */
export function splitNumbers(page) {
  return page.evaluate(() => {
    const NUMBER = /[−-]?\d+(?:\.\d+)?(?:e[−+-]?\d+)?/gi;
    const split = [];
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement.closest('math, .visually-hidden, script, style, [hidden]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(NUMBER)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(`“${match[0]}” in #${node.parentElement.closest('[id]')?.id}`);
      }
    }
    return split;
  });
}
