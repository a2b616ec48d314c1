// The teachers' page's marking settings kept in this browser (localStorage), one set per class code (issue 51: a
// lecturer's extensions, points and roster were gone when the page was opened again without its bookmark): the
// extensions, the points, whether late work counts, the penalty, the roster and whether the worked solutions are
// hidden, as typed. Nothing leaves the browser; the page says so and offers to forget a class's. A browser that
// refuses storage keeps nothing, and the page says that instead.
import { nameKey } from '../progress/assignee.js';

const KEPT_KEY = 'residual-ln-teachers-v1';
const MAX_CHARS = 200_000; // a field's text kept at most (a roster of a few thousand students)

/** @typedef {{ext: string, pts: string, late: 'count' | 'no', pen: string, roster: string, hide: boolean}} Kept */

/** The defaults: what a class with nothing kept starts with. @type {Kept} */
export const DEFAULTS = { ext: '', pts: '', late: 'count', pen: '0', roster: '', hide: false };

const text = (v, fallback) => (typeof v === 'string' ? v.slice(0, MAX_CHARS) : fallback);

function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(KEPT_KEY) ?? '{}');
    return all && typeof all.classes === 'object' && !Array.isArray(all.classes) ? all : { classes: {} };
  } catch {
    return { classes: {} };
  }
}

/** A class's kept settings (each field checked, a bad one its default), or null when none are kept. @returns {Kept | null} */
export function keptFor(code) {
  const raw = readAll().classes[nameKey(code)];
  if (!raw || typeof raw !== 'object') return null;
  return {
    ext: text(raw.ext, DEFAULTS.ext),
    pts: text(raw.pts, DEFAULTS.pts),
    late: raw.late === 'no' ? 'no' : 'count',
    pen: text(raw.pen, DEFAULTS.pen),
    roster: text(raw.roster, DEFAULTS.roster),
    hide: raw.hide === true,
  };
}

/** Keeps a class's settings. → whether the browser kept them */
export function keep(code, /** @type {Kept} */ settings) {
  const all = readAll();
  all.classes[nameKey(code)] = { ...settings, code, savedAt: new Date().toISOString() };
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a class's settings. → whether the browser keeps none now */
export function forget(code) {
  const all = readAll();
  delete all.classes[nameKey(code)];
  try {
    if (Object.keys(all.classes).length) localStorage.setItem(KEPT_KEY, JSON.stringify(all));
    else localStorage.removeItem(KEPT_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Whether settings are the defaults (nothing worth keeping for a class that has none kept). */
export const isDefault = (/** @type {Kept} */ s) => Object.entries(DEFAULTS).every(([k, v]) => s[k] === v);
