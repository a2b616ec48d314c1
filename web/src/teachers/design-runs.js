// The designs students handed in (exercises whose answer is a wiring), run again as the chapter ran them at Check:
// each the kernel's runs at the numbers it was made on, in this page's workers, with a progress line and a Cancel
// button; a design already run is not run again (the same wiring on the same numbers, however many students wrote it).
import { createDesignRunner } from '../experiment/design-runs.js';
import { judgeDesigns, judgingKey, loggedDesigns } from '../exercises/design.js';
import { attemptNumbers } from '../exercises/regrade.js';
import { element, html } from '../ui/html.js';

/** host: the progress line goes after it; exercises: withDesign's. → {verdicts: Map, judged(n, inputs, wiring), runFor(states, assignment, allProps, onDone)} */
export function createDesignRuns(host, exercises) {
  const verdicts = new Map();
  const box = element(html`<div class="teachers-designs" hidden><p><span class="teachers-designs-text" role="status"></span>
    <progress max="1" value="0" aria-label="progress of the designs run again"></progress>
    <button type="button" class="teachers-designs-cancel">Stop running the designs</button></p></div>`);
  host.after(box);
  const text = box.querySelector('.teachers-designs-text');
  const bar = box.querySelector('progress');
  const stop = box.querySelector('.teachers-designs-cancel');
  // the progress and Stop only while designs run: a line that has ended offers to stop nothing
  const running = (/** @type {boolean} */ on) => {
    bar.hidden = !on;
    stop.hidden = !on;
  };
  const runner = createDesignRunner();
  let generation = 0;
  stop.addEventListener('click', () => {
    generation++;
    runner.cancel();
    box.hidden = false;
    text.textContent = 'Stopped: the designs not run yet are not graded (their flags say so).';
    running(false);
  });
  const numbersOf = (props, entry) => attemptNumbers(exercises, props, entry);

  return {
    verdicts,
    judged: (n, kernelInputs, wiring) => verdicts.get(judgingKey(n, kernelInputs, wiring)),
    /** Runs every design of these states not run yet, then onDone() (also after each design, so the table fills in). */
    async runFor(states, assignment, allProps, onDone) {
      const designs = loggedDesigns({ exercises, allProps, states, assignment, numbersOf }).filter((d) => !verdicts.has(d.key));
      if (!designs.length) return;
      const mine = ++generation;
      runner.cancel();
      box.hidden = false;
      running(true);
      try {
        await judgeDesigns({
          design: exercises.design,
          designs,
          verdicts,
          run: runner.run,
          onProgress: (done, count) => {
            if (mine !== generation) return;
            bar.value = done / count;
            text.textContent = `Running the handed-in designs again, as the chapter ran them: ${Math.floor(done)} of ${count} done.`;
          },
        });
        if (mine !== generation) return;
        text.textContent = `Every handed-in design was run again (${designs.length}).`;
        running(false);
        onDone();
      } catch (error) {
        if (mine === generation && error?.name !== 'Cancelled') text.textContent = `The designs could not be run: ${error.message}.`;
        if (mine === generation) {
          running(false);
          onDone();
        }
      }
    },
  };
}
