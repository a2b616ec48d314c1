// Every exercise's words (its question with the default inputs, what it asks, its hints: KaTeX markup the build
// rendered from content/) come in a chunk of their own (the content plugin's virtual:exercise-text), not in the
// chapter's HTML, which every visit parses before its first figure can start; the exercises' page
// (exercises.html) has them in its HTML for reading without JavaScript. Each exercise's section is filled as the
// page opens (main.js, once the figures in view are done), or at once when the exercise mounts first.
import { fragment, setHtml, trusted } from '../ui/html.js';

let all;

/** {n: {question, static}} of every exercise of the chapter. */
function loadExerciseText() {
  all ??= import('virtual:exercise-text').then(
    (module) => module.default,
    (error) => {
      all = undefined; // a failed download may be retried by the next exercise to fill
      throw error;
    },
  );
  return all;
}

/** Puts an exercise's words into its section of the chapter (data-text="filled" after), once. */
export async function fillExerciseText(section) {
  if (section.dataset.text === 'filled') return;
  const text = (await loadExerciseText())[section.dataset.exercise];
  if (!text) throw new Error(`there is no exercise “${section.dataset.exercise ?? section.id}” in this build`);
  if (section.dataset.text === 'filled') return; // another caller filled it meanwhile
  setHtml(section.querySelector('.ex-question'), trusted(text.question));
  section.querySelector('.ex-elsewhere')?.replaceWith(fragment(trusted(text.static)));
  section.dataset.text = 'filled';
}

/** Fills every exercise of root, one in each idle period (the 21 at once are a long task): a reader who prints,
 * searches or scrolls meets every word. */
export async function fillAllExerciseText(root = document) {
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
  await loadExerciseText().catch(() => {}); // (offline without it: each section keeps its link to the exercises' page)
  for (const section of root.querySelectorAll('section.exercise[data-exercise]')) {
    await new Promise((resolve) => idle(resolve, { timeout: 500 }));
    await fillExerciseText(section).catch(() => {});
  }
}
