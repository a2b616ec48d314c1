// Every exercise's props (its parts, hints, worked solution and mistakes, as HTML with MathML) come in a chunk of
// their own (the content plugin's virtual:exercise-props), loaded once, as the first exercise or the progress
// panel mounts: not with the page, whose every visit parsed them before its first figure could mount.
/** @type {Promise<Record<string, any>> | undefined} the exercises' props by number, as the content plugin gives them */
let all;

/** {n: props} of every exercise of the chapter. */
export function loadExerciseProps() {
  all ??= import('virtual:exercise-props').then(
    (module) => module.default,
    (error) => {
      all = undefined; // a failed download may be retried by the next exercise to mount
      throw error;
    },
  );
  return all;
}

/** The props of the exercise a section shows (its data-exercise: the exercise's number). @param {HTMLElement} section */
export async function propsOfSection(section) {
  const props = (await loadExerciseProps())[section.dataset.exercise];
  if (!props) throw new Error(`there is no exercise “${section.dataset.exercise ?? section.id}” in this build`);
  return props;
}
