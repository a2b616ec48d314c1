// The teachers' page (teachers.html): an assignment link built from a form (builder.js, kept in this page's address,
// so a bookmark keeps it), a student's numbers recomputed from the class code and their name (numbers.js), how the
// files are marked (settings.js: extensions, late work, points, a roster), and the progress files students hand in
// graded again by the kernels in the page's workers (grader.js), read as a gradebook with statistics, flags and
// CSVs (report.js, report-view.js). A file that cannot be read is reported and skipped; nothing is fatal. Every
// string a student or a file brings (a name, a file's name, an explanation) is shown isolated, its direction
// controls written out (text/bidi.js): <bdi> in a cell, FSI … PDI inside a sentence.
import '../style.css';
import './style.css';
import { loadExerciseProps } from '../exercises/props.js';
import { loadExercisesWithDesign } from '../exercises/design.js';
import { html, setHtml } from '../ui/html.js';
import { watchFieldLengths } from '../ui/length-notice.js';
import { watchScrollRegions } from '../ui/scroll-regions.js';
import { mountThemeSwitch } from '../ui/theme.js';
import { createBuilder } from './builder.js';
import { createGrader } from './grader.js';
import { createNumbers } from './numbers.js';
import { createSettings } from './settings.js';

mountThemeSwitch(document);
watchScrollRegions(document.body);
watchFieldLengths(document.body);
start().catch((error) => {
  const box = document.querySelector('#assign-builder');
  setHtml(box, html`<p class="teachers-problem">This page could not start: ${error.message}. Reload it to try again.</p>`);
});

async function start() {
  const [allProps, exercises] = await Promise.all([loadExerciseProps(), loadExercisesWithDesign()]);
  const known = Object.keys(allProps)
    .map(Number)
    .sort((a, b) => a - b);
  const assignment = createBuilder(document.querySelector('#assign-builder'), allProps, known);
  const numbers = createNumbers(document.querySelector('#assign-numbers'), allProps, exercises, assignment);
  const marking = createSettings(document.querySelector('#assign-marking'), assignment);
  const grader = createGrader(document.querySelector('#assign-grader'), { allProps, exercises, assignment, marking });
  assignment.onChange(() => {
    numbers.update();
    marking.update();
    grader.update();
  });
  marking.onChange(() => grader.update());
}
