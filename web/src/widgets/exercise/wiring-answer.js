// A design challenge's answer (part kind 'wiring'): the wiring editor (ui/wiring-editor.js), starting from the preset
// the task names, with a sentence that says what the wiring is; Check runs it in the page's workers (a progress bar
// and a Cancel button beside it, both reachable by keyboard before anything computes) and draws the kernel's
// verdict: one line per criterion, each with its number and its limit, and for a criterion missed, the exercise's
// word on it (its Mistakes, keyed by the criterion). Has the answer controls' interface (answers.js): el, part,
// input, read, text, setText, result, focus; and judge(), which runs it.
import { createDesignRunner } from '../../experiment/design-runs.js';
import { PLACEMENTS } from '../../experiment/choices.js';
import { Cancelled } from '../../experiment/pool.js';
import { judgeDesign, readWiringAnswer } from '../../exercises/design.js';
import { element, html, trusted } from '../../ui/html.js';
import { createWiringEditor } from '../../ui/wiring-editor.js';
import { wiringSentence } from '../../ui/wiring-words.js';
import './wiring-answer.css';

let counter = 0;

/** part: the exercise's part; wiring: loadWiring()'s kernel; from: the preset the task starts from. */
export function createWiringAnswer(part, { wiring, from }) {
  const id = `ex-wiring-${++counter}`;
  // (a part's label is HTML the build rendered from content/)
  const el = element(html`<div class="ex-part ex-part-wiring" data-part="${part.id}">
    <p class="ex-part-label" id="${id}-label">${trusted(part.label)}</p>
    <p class="ex-wiring-said" aria-live="polite"></p>
    <div class="ex-design-run" hidden><progress max="1" value="0" aria-label="progress of the runs that check your wiring"></progress>
      <span class="ex-design-status" role="status"></span> <button type="button" class="ex-design-cancel">Cancel the check</button></div>
    <div class="ex-result" id="${id}-result"></div></div>`);
  const said = el.querySelector('.ex-wiring-said');
  const runBox = el.querySelector('.ex-design-run');
  const bar = runBox.querySelector('progress');
  const status = runBox.querySelector('.ex-design-status');
  const runner = createDesignRunner();
  const tell = () => (said.textContent = editor.ok ? `Your wiring: ${wiringSentence(editor.view, PLACEMENTS)}` : '');
  const editor = createWiringEditor({
    presets: PLACEMENTS,
    kernel: wiring,
    fallback: from,
    label: 'One sublayer of your design',
    onChange: () => {
      runner.cancel(); // a check of the wiring that was there stops
      tell();
      el.dispatchEvent(new Event('input', { bubbles: true })); // the exercise keeps what was written (index.js)
    },
  });
  el.querySelector('.ex-part-label').after(editor.el);
  tell();
  runBox.querySelector('.ex-design-cancel').addEventListener('click', () => runner.cancel());

  const a = {
    el,
    part,
    input: editor.el.querySelector('select'),
    result: el.querySelector('.ex-result'),
    busy: false,
    read: () => (editor.ok ? readWiringAnswer(editor.text) : { error: editor.message }),
    text: () => editor.text,
    setText(text) {
      runner.cancel();
      if (!editor.show(text || from)) editor.show(from);
      tell();
    },
    focus: () => a.input.focus(),
    /** Runs the wiring for challenge n at these numbers. → a promise of the kernel's verdict; rejects Cancelled. */
    async judge(design, n, kernelInputs) {
      a.busy = true;
      runBox.hidden = false;
      bar.value = 0;
      status.textContent = 'Running your wiring…';
      try {
        return await judgeDesign({
          design,
          n,
          kernelInputs,
          wiring: editor.text,
          run: (kind, runs, onProgress) => {
            status.textContent = `Running your wiring: ${runs.length} ${kind === 'stack' ? 'runs of the article’s experiment' : 'training runs'}…`;
            return runner.run(kind, runs, onProgress);
          },
          onProgress: (f) => (bar.value = f),
        });
      } finally {
        a.busy = false;
        runBox.hidden = true;
      }
    },
    /** Draws a verdict: passed or not, then each criterion's sentence; a missed one with the exercise's word on it. */
    drawVerdict(verdict, mistakes) {
      a.result.replaceChildren();
      el.classList.remove('ex-right', 'ex-wrong');
      el.classList.add(verdict.pass ? 'ex-right' : 'ex-wrong');
      const missed = verdict.checks.filter((c) => !c.ok).length;
      a.result.append(
        element(
          html`<p class="ex-verdict">${
            verdict.pass
              ? '✓ Your design passes every check.'
              : `✗ Not yet: ${missed} of the ${verdict.checks.length} checks ${missed === 1 ? 'fails' : 'fail'}.`
          }</p>`,
        ),
      );
      const list = element(html`<ul class="ex-checks"></ul>`);
      for (const c of verdict.checks) {
        const li = element(html`<li data-check="${c.id}" data-ok="${String(c.ok)}"><span aria-hidden="true">${c.ok ? '✓' : '✗'}</span>
          <span class="visually-hidden">${c.ok ? 'Met:' : 'Missed:'}</span> ${c.sentence}</li>`);
        // (a mistake's explanation is HTML the build rendered from content/)
        if (!c.ok && mistakes[c.id]) li.append(element(html`<p class="ex-mistake" data-misconception="${c.id}">${trusted(mistakes[c.id])}</p>`));
        list.append(li);
      }
      a.result.append(list);
    },
    /** Says what the last Check of this wiring found, without running it again (a reload). */
    drawRemembered(right) {
      a.result.textContent = `Your last Check of this wiring ${right ? 'passed' : 'did not pass'}: Check runs it again to show each criterion.`;
      el.classList.add(right ? 'ex-right' : 'ex-wrong');
    },
    destroy() {
      runner.cancel();
      editor.destroy();
    },
  };
  return a;
}

/**
 * Check, for an exercise whose answer is a wiring: the wiring read (a form the kernel refuses is said, and not
 * counted), run, judged, drawn; then `conclude(results)` counts the attempt as any Check does. ex: the exercise
 * (index.js); refuse(refused) and conclude(results) are its own.
 */
export async function checkDesign(ex, { refuse = undefined, conclude = undefined }) {
  const { view, state } = ex;
  const a = view.answers.find((x) => x.judge);
  if (a.busy) return void (view.feedback.textContent = 'Your wiring is running: wait for its verdict, or cancel the check.');
  const r = a.read();
  if (r.error) return refuse(ex, [{ a, why: r.error }]);
  if (!state.solution) return void (view.feedback.textContent = 'The numbers in the question cannot be used: fix them first.');
  const numbers = JSON.stringify(state.inputs);
  view.feedback.textContent = '';
  let verdict;
  try {
    verdict = await a.judge(ex.exercises.design, ex.n, ex.kernelInputs());
  } catch (error) {
    if (error instanceof Cancelled) return void (view.feedback.textContent = 'The check was stopped: nothing was graded and no attempt was counted.');
    return refuse(ex, [{ a, why: error.message }]);
  }
  // the wiring or the numbers changed while it ran: this verdict is of neither
  if (a.text() !== r.value || JSON.stringify(state.inputs) !== numbers) return;
  a.drawVerdict(verdict, ex.props.mistakes);
  conclude([{ a, ok: verdict.pass }]);
}
