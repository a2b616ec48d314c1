import { loadExerciseProps } from '../../exercises/props.js';

// The exercises on this page, as the progress panel lists them: {n, title, parts (ids), props} in page order, the
// sections the content plugin rendered (data-exercise: the number) with their props from the exercises' chunk.
export async function exercisesOnPage(root) {
  const all = await loadExerciseProps();
  return [...root.querySelectorAll('section.exercise[data-exercise]')].flatMap((section) => {
    const props = all[section.dataset.exercise];
    // a section the chunk does not know is not listed; the rest are
    return props ? [{ n: props.n, title: String(props.title ?? ''), parts: props.parts.map((p) => p.id), props }] : [];
  });
}
