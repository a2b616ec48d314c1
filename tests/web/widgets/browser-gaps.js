// What a browser offers and jsdom does not, which the page's code calls. jsdom lays nothing out, so these answer as
// a browser does for a page whose every figure is in view and whose size never changes:
//   IntersectionObserver  each observed element is reported in view, once, a task after it is observed
//   ResizeObserver        nothing is ever resized: no report
//   matchMedia            no query matches (light colours, the screen, no reduced motion)
//   scrollIntoView        scrolls nothing
//   scrollBy, scrollTo    scroll nothing (jsdom's say "not implemented"): a page that fits its window
//   CSS.escape            the CSSOM's algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier)
//   a canvas's 2D context a canvas drawn where nobody looks: every drawing call is taken and leaves no pixel,
//                         text measures 0.6 em a character, a new image is blank (Path2D likewise takes its
//                         calls); the charts' values are in their data tables and legends, never read from pixels
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
window.scrollBy = () => {};
window.scrollTo = () => {};

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

// (jsdom offers getContext only with the canvas package: without it, it answers null and says "not implemented")
const PATH_CALLS = ['moveTo', 'lineTo', 'rect', 'roundRect', 'arc', 'arcTo', 'ellipse', 'closePath', 'bezierCurveTo', 'quadraticCurveTo', 'addPath'];
scope.Path2D ??= class {};
for (const name of PATH_CALLS) scope.Path2D.prototype[name] ??= function () {};
const DRAWING_CALLS = [
  ...PATH_CALLS.filter((name) => name !== 'addPath'),
  'save',
  'restore',
  'scale',
  'rotate',
  'translate',
  'transform',
  'setTransform',
  'resetTransform',
  'beginPath',
  'fill',
  'stroke',
  'clip',
  'clearRect',
  'fillRect',
  'strokeRect',
  'fillText',
  'strokeText',
  'drawImage',
  'putImageData',
  'setLineDash',
  'drawFocusIfNeeded',
];
/** @type {WeakMap<HTMLCanvasElement, object>} */
const contexts = new WeakMap();
/** @param {HTMLCanvasElement} canvas */
const context2d = (canvas) => {
  const ctx = {
    canvas,
    font: '10px sans-serif',
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    globalAlpha: 1,
    textAlign: 'start',
    textBaseline: 'alphabetic',
    getLineDash: () => [],
    isPointInPath: () => false,
    isPointInStroke: () => false,
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    measureText(/** @type {string} */ text) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(ctx.font)?.[1] ?? 10);
      return { width: String(text).length * 0.6 * size, actualBoundingBoxAscent: 0.8 * size, actualBoundingBoxDescent: 0.2 * size };
    },
    createImageData: (/** @type {number} */ width, /** @type {number} */ height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    getImageData: (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ width, /** @type {number} */ height) =>
      ctx.createImageData(width, height),
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
    createPattern: () => null,
  };
  for (const name of DRAWING_CALLS) /** @type {any} */ (ctx)[name] = () => {};
  return ctx;
};
HTMLCanvasElement.prototype.getContext = /** @type {any} */ (
  function (/** @type {string} */ kind) {
    if (kind !== '2d') return null;
    if (!contexts.has(this)) contexts.set(this, context2d(this));
    return contexts.get(this);
  }
);
