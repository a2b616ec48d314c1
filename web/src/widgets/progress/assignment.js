// The assignment the reader works on, as the progress panel and its printed sheets read it: the one the page's
// address carries (a teacher's link: its exercises count and print whether or not a name has been typed yet), with
// the name saved for its class, else the one saved with a name; as assignment/start.js decides it for the banner.
// Its exercises are those on this page. → {code, exercises, due, name?, hide?, extension?} or null
import { assignmentOf } from '../../exercises/assignment.js';
import { sameKey } from '../../progress/assignee.js';
import { progress } from '../../progress/store.js';

export function readerAssignment(doc = document) {
  const known = [...doc.querySelectorAll('section.exercise[data-exercise]')].map((s) => Number(s.dataset.exercise));
  const saved = progress.assignment();
  const linked = assignmentOf(new URLSearchParams(location.search), known)?.assignment;
  const same = linked && saved && sameKey(saved.code, linked.code);
  const a = linked
    ? {
        ...linked,
        ...(same && saved.name && { name: saved.name }),
        ...(same && !linked.extension && saved.extension && saved.due === linked.due && { extension: saved.extension }),
      }
    : saved?.name
      ? saved
      : null;
  const here = a ? a.exercises.filter((n) => known.includes(n)) : [];
  return here.length ? { ...a, exercises: here } : null;
}
