// Every exercise's words (its question with the default inputs, what it asks, its hints: HTML and MathML the build
// rendered from content/) come in a chunk of their own (the content plugin's virtual:exercise-text), not in the
// chapter's HTML, which every visit parses before its first figure can start; the exercises' page
// (exercises.html) has them in its HTML for reading without JavaScript. Each exercise's section is filled as the
// page opens (main.js, once the figures in view are done), or at once when the exercise mounts first.
import { fragment, setHtml, trusted } from '../ui/html.js';

/** @typedef {Record<string, {question: string, static: string}>} ExerciseTexts  by the exercise's number */
/** @type {Promise<ExerciseTexts> | undefined} */
let all;
/** @type {ExerciseTexts | undefined} */
let loaded; // the words once their chunk has arrived: a print fills every section with them at once (fillBeforePrint)

/** {n: {question, static}} of every exercise of the chapter. */
export function loadExerciseText() {
  all ??= import('virtual:exercise-text').then(
    (module) => (loaded = module.default),
    (error) => {
      all = undefined; // a failed download may be retried by the next exercise to fill
      throw error;
    },
  );
  return all;
}

/** Puts an exercise's words into its section of the chapter (data-text="filled" after), once. @param {HTMLElement} section */
export async function fillExerciseText(section) {
  if (section.dataset.text === 'filled') return;
  fillFrom(await loadExerciseText(), section);
}

/** @param {ExerciseTexts} texts  @param {HTMLElement} section */
function fillFrom(texts, section) {
  if (section.dataset.text === 'filled') return; // another caller filled it meanwhile
  const text = texts[section.dataset.exercise];
  if (!text) throw new Error(`there is no exercise “${section.dataset.exercise ?? section.id}” in this build`);
  setHtml(section.querySelector('.ex-question'), trusted(text.question));
  section.querySelector('.ex-elsewhere')?.replaceWith(fragment(trusted(text.static)));
  section.dataset.text = 'filled';
}

/** A print before every section is filled (the page fills them once the figures in view are done) prints every
 * exercise's words, not its link to the exercises' page: beforeprint cannot wait for a download, so the words are
 * fetched early (as the figures near the window have mounted: main.js) and put in at once, in the event. */
export function fillBeforePrint(root = document) {
  window.addEventListener('beforeprint', () => {
    if (!loaded) return void loadExerciseText().catch(() => {}); // (this print keeps the links; the next has the words)
    for (const section of root.querySelectorAll('section.exercise[data-exercise]')) {
      try {
        fillFrom(loaded, section);
      } catch {
        // (an exercise this build has no words for keeps its link)
      }
    }
  });
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
