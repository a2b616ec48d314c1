// One student's progress file graded in a worker of the page's pool (experiment/worker.js, kind 'grade'): read as the
// chapter's import reads it (progress/validate.js), then every logged attempt of the exercises asked for graded again
// by the kernels (exercises/regrade.js gradeFile). The teachers' page's main thread only sends the File and reads the
// answer, so a class's worth of files never holds up the tab.
import { loadExerciseProps } from '../exercises/props.js';
import { gradeFile } from '../exercises/regrade.js';
import { loadExercisesWithDesign } from '../exercises/design.js';
import { MAX_IMPORT_BYTES, readProgressText } from '../progress/validate.js';

/**
 * options: {file (a File or Blob), numbers: [n…] (the exercises to grade; null: those the file's own assignment
 * lists, else every exercise it holds)}. → {read: {state, notices, logSetAside, exportedAt}, graded: {n: gradeLog's}}
 * | {unreadable: why}
 * @param {{file: Blob, numbers?: number[] | null}} job
 */
export async function gradeJob({ file, numbers }) {
  if (file.size > MAX_IMPORT_BYTES) {
    return { unreadable: `${(file.size / 1e6).toFixed(1)} MB is too large to be progress of this chapter (the limit is ${MAX_IMPORT_BYTES / 1e6} MB)` };
  }
  const [allProps, exercises, text] = await Promise.all([loadExerciseProps(), loadExercisesWithDesign(), file.text()]);
  let read;
  try {
    read = readProgressText(text);
  } catch (error) {
    return { unreadable: `it cannot be read (${error.message})` };
  }
  const asked = numbers ?? read.state.assignment?.exercises ?? Object.keys(read.state.exercises).map(Number);
  const graded = gradeFile({ exercises, allProps, state: read.state, numbers: asked });
  // when the file says it was exported (a time after which it can hold nothing: log-checks.js)
  const exportedAt = /"exportedAt"\s*:\s*"([^"]{1,40})"/.exec(text.slice(-200))?.[1] ?? '';
  return {
    read: { state: read.state, notices: read.notices, logSetAside: read.logSetAside, exportedAt: Number.isFinite(Date.parse(exportedAt)) ? exportedAt : '' },
    graded,
  };
}
