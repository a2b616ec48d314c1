// Whether this visit has an assignment, decided without loading it: the address carries one, or the saved
// progress holds one (its text names the field; the store reads and checks it properly). Only then is the
// banner's module (start.js, with the progress store) loaded. An exercise reads its variant seed once the
// assignment's seeds are in the address: assignmentApplied().
import { PARAMS } from '../exercises/assignment.js';
import { PROGRESS_KEY } from '../progress/key.js';

let pending = null;

function hasAssignment() {
  const params = new URLSearchParams(location.search);
  if (params.has(PARAMS.code) || params.has(PARAMS.exercises)) return true;
  try {
    return window.localStorage.getItem(PROGRESS_KEY)?.includes('"assignment"') ?? false;
  } catch {
    return false;
  }
}

/** Starts the assignment of this visit, if it has one (assignment/start.js). */
export function applyAssignment(doc) {
  if (!hasAssignment()) return;
  pending = import('./start.js').then((m) => m.startAssignment(doc)).catch(() => {}); // (the chapter works as without an assignment; the banner's own problems are shown in it)
}

/** Resolves once an assignment's seeds are in the address (at once when there is none). */
export const assignmentApplied = () => pending ?? Promise.resolve();
