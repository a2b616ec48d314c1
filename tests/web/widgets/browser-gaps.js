// What a browser offers and jsdom does not, which the page's code calls. jsdom lays nothing out, so these answer as
// a browser does for a page whose every figure is in view and whose size never changes:
//   IntersectionObserver  each observed element is reported in view, once, a task after it is observed
//   ResizeObserver        nothing is ever resized: no report
//   matchMedia            no query matches (light colours, the screen, no reduced motion)
//   scrollIntoView        scrolls nothing
//   CSS.escape            the CSSOM's algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier)
// Nothing here computes what the chapter teaches; the widgets' own code runs unchanged.
const scope = /** @type {any} */ (globalThis);

scope.IntersectionObserver ??= class {
  /** @param {(entries: object[], observer: object) => void} report */
  constructor(report) {
    this.report = report;
    this.live = true;
  }
  /** @param {Element} target */
  observe(target) {
    setTimeout(
      () => this.live && this.report([{ target, isIntersecting: true, intersectionRatio: 1, boundingClientRect: target.getBoundingClientRect() }], this),
    );
  }
  unobserve() {}
  disconnect() {
    this.live = false;
  }
  takeRecords() {
    return [];
  }
};

scope.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

scope.matchMedia ??= (/** @type {string} */ media) => ({
  media,
  matches: false,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});
window.matchMedia = scope.matchMedia;

Element.prototype.scrollIntoView ??= function () {};

scope.CSS ??= {};
scope.CSS.escape ??= (/** @type {string} */ value) => {
  const s = String(value);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) out += '\uFFFD';
    else if ((c >= 0x1 && c <= 0x1f) || c === 0x7f || (i === 0 && c >= 0x30 && c <= 0x39) || (i === 1 && c >= 0x30 && c <= 0x39 && s.charCodeAt(0) === 0x2d)) {
      out += `\\${c.toString(16)} `;
    } else if (i === 0 && c === 0x2d && s.length === 1) out += `\\${s[i]}`;
    else if (c >= 0x80 || c === 0x2d || c === 0x5f || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) out += s[i];
    else out += `\\${s[i]}`;
  }
  return out;
};
