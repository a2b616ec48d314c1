// The figure a link points at starts loading as the page's script runs (#table-a, an element inside a figure,
// or a heading above one), so a reader who arrives by a link does not wait for the scroll-driven mount
// (mount.js) to reach it.
import { getPool } from '../experiment/pool.js';
import { registry, withoutKernels } from './registry.js';

/**
 * The figure a link points at (#table-a, an element inside a figure, or a heading above one: the figure the
 * element is or is in, else the first after it) starts loading as the page's script runs, before the first
 * layout, which its mount waits for to know what is near the window (mountWidgets): its code now, and for a
 * figure that computes, the workers and the page's own copy of the kernels once the first frame is painted
 * (before it, they would take the second core from that layout; without this they started only as the figure
 * mounted). → the widget's name, or undefined when the address names no figure.
 */
export function loadAhead(
  root = document,
  hash = location.hash,
  { load = (name) => registry[name](), startKernels = startKernelsAhead, afterFirstFrame = afterFirstPaint } = {},
) {
  const target = targetOf(root, hash);
  if (!target) return undefined;
  // the figure the element is or is in (an exercise's title), else the first after it (a figure inside the
  // element, as in a part, follows it too)
  const after = (w) => target.compareDocumentPosition(w) & FOLLOWING;
  const figure = target.closest(WIDGET) ?? [...root.querySelectorAll(WIDGET)].find(after);
  const name = figure?.dataset.widget;
  if (!Object.hasOwn(registry, name)) return undefined;
  load(name).catch(() => {}); // a failed download is the mount's to report
  // (without WebAssembly the figure says so as it mounts, and no worker could start)
  if (!withoutKernels.has(name) && typeof WebAssembly === 'object') afterFirstFrame(startKernels);
  return name;
}

/** The figure the address names itself (#table-a) or an element inside (an exercise's title): the window opens on
 * it, so it mounts at once, ahead of the scroll-driven queue (mount.js: mountWidgets' first). A heading or a part
 * names none: the figure after it may be screens below. → the placeholder, or null. */
export function linkedFigure(root = document, hash = location.hash) {
  return targetOf(root, hash)?.closest(WIDGET) ?? null;
}

function targetOf(root, hash) {
  try {
    return hash.length > 1 ? root.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null; // a malformed escape (#%E0) names nothing
  }
}

const WIDGET = '.widget[data-widget]';
const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING
const afterFirstPaint = (fn) => requestAnimationFrame(() => setTimeout(fn));

function startKernelsAhead() {
  getPool().warm();
  import('../kernels/loader.js').then(({ loadKernels }) => loadKernels()).catch(() => {});
}
