// The setup the grading tests share (outcome, regrade, report): the real exercise kernels and the chapter's exercises
// rendered from content/, and a student's right answers as text, computed by the kernels. Not a test file itself
// (vitest.config.js includes *.test.js only). A test file imports ex and allProps (live bindings: set once
// loadExerciseKernels has run) and calls beforeAll(loadExerciseKernels).
import { fileURLToPath } from 'node:url';
import { exercisePropsByNumber, renderChapter } from '../../web/plugins/content.js';
import { asText, fromKernel, questionNumbers, toKernelInputs } from '../../web/src/exercises/values.js';
import { loadExercises } from '../../web/src/kernels/exercises.js';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));

/** The exercise kernels (kernels/exercises.js), once loaded. */
export let ex = null;
/** The chapter's exercises' props by number, once loaded. */
export let allProps = null;

export async function loadExerciseKernels() {
  ex = await loadExercises();
  allProps = exercisePropsByNumber(renderChapter(contentDir));
}

/** The right answers to exercise n at a seed (null: the exercise's own numbers), as text a student would type. */
export function rightAnswers(n, seed) {
  const props = allProps[n];
  const { inputs } = questionNumbers(props, seed === null ? null : ex.variant(n, seed));
  const solved = ex.solve(n, toKernelInputs(inputs));
  return Object.fromEntries(
    solved.parts.map((p) => [p.id, asText(fromKernel({ rows: p.rows, cols: p.cols, values: p.answer }, props.parts.find((x) => x.id === p.id).kind))]),
  );
}

/** A moment of the tests' week: minute k after 10:00 UTC on 1 December 2026. */
export const minute = (k) => new Date(Date.UTC(2026, 11, 1, 10, k));
