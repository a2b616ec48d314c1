// One exercise, where the student works and the page checks. Built around the section the content plugin
// rendered (question, what is asked): the question's numbers (inputs.js, seeds from seed.js), one answer
// control per part (answers.js), Check with feedback per part (feedback.js, check.js), hints (hints.js), the
// worked solution filled with the kernels' numbers (live-tex.js, values.js), the exercise's state beside its
// title, and a reset (reset.js). Everything the reader does is kept in their progress (record.js) and comes
// back after a reload: answers typed, marks, the numbers, hints, what was solved.
import { assignmentApplied } from '../../assignment/pending.js';
import { readParam, writeParams } from '../../experiment/url-state.js';
import { loadExercises } from '../../kernels/exercises.js';
import { progress } from '../../progress/store.js';
import { MAX_LOG, MAX_VARIANTS, logEntry } from '../../progress/validate.js';
import { formatNumber } from '../../ui/format.js';
import { createAnswer } from './answers.js';
import { STATE_LABELS, refusalOf, summaryText } from '../../exercises/check.js';
import { createGrading, needsKernels } from './grading.js';
import { createHints } from './hints.js';
import { createInputBox } from './inputs.js';
import { renderLive } from '../../exercises/live-tex.js';
import { propsOfSection } from '../../exercises/props.js';
import { exerciseState, storedRecord } from '../../exercises/record.js';
import { createReset } from './reset.js';
import { seedParam, startingVariant } from '../../exercises/seed.js';
import { questionNumbers, solutionValues, toKernelInputs } from '../../exercises/values.js';
import './style.css';

/** mount.js keeps the section's own content: this widget builds around it. */
export const enhances = true;

const toleranceText = ({ atol, rtol }) =>
  `within ${formatNumber(atol, 2)}${rtol ? ` + ${formatNumber(rtol * 100, 2)} % of the value` : ''}, per entry`;

export async function mount(section) {
  const props = await propsOfSection(section);
  const { n } = props;
  const exercises = needsKernels(props.parts) ? await loadExercises() : null;
  const record = storedRecord(n);
  const partIds = props.parts.map((p) => p.id);

  let inputs = structuredClone(props.defaults);
  let typedInputs = {}; // {name: text} of the inputs the reader typed, kept with the progress
  let seed = null;
  let solution = null;
  let revealed = false; // the worked solution has been opened: accepted intervals may show

  section.querySelector('.ex-static')?.remove();
  const question = section.querySelector('.ex-question');
  const badge = document.createElement('span');
  badge.className = 'ex-state';
  section.querySelector('h3')?.append(' ', badge);
  const body = document.createElement('div');
  body.className = 'ex-body';
  section.append(body);

  // ---- the question's numbers ----
  const inputBox = Object.keys(props.inputs).length && exercises
    ? createInputBox({ n, kinds: props.inputs, values: inputs, onEdit, onSeed })
    : null;
  if (inputBox) body.append(inputBox.el);

  // ---- answers, Check, feedback ----
  const form = document.createElement('form');
  form.className = 'ex-form';
  form.noValidate = true;
  const answers = props.parts.map((part) => createAnswer(part, ''));
  for (const a of answers) {
    form.append(a.el);
    a.el.addEventListener('input', () => onAnswerEdit(a));
  }
  const actions = document.createElement('div');
  actions.className = 'ex-actions';
  actions.innerHTML = '<button type="submit" class="ex-check">Check</button><span class="ex-tolerance"></span>';
  form.append(actions);
  const tolerance = actions.querySelector('.ex-tolerance');
  const feedback = document.createElement('div');
  feedback.className = 'ex-feedback';
  feedback.setAttribute('role', 'status');
  feedback.setAttribute('aria-live', 'polite');
  body.append(form, feedback);

  // ---- hints, worked solution, reset ----
  const hints = createHints(props.hints, record);
  if (props.hints.length) body.append(hints.el);
  const solutionBox = document.createElement('details');
  solutionBox.className = 'ex-solution';
  solutionBox.innerHTML = `<summary>Worked solution</summary><div class="ex-solution-body">${props.solution}</div>`;
  solutionBox.addEventListener('toggle', () => {
    if (!solutionBox.open) return;
    refreshSolution();
    if (!revealed) {
      revealed = true;
      for (const a of answers) if (a.graded) grading.draw(a);
    }
  });
  body.append(solutionBox, createReset(n, onReset));

  // ---- solving with the kernels, grading ----
  const kernelInputs = () => toKernelInputs(inputs);
  const grading = createGrading({
    n, exercises, record, mistakes: props.mistakes, kernelInputs, revealed: () => revealed, onSelfCheck,
  });
  const grade = grading.grade;
  function solve() {
    if (!exercises) return true;
    try {
      solution = exercises.solve(n, kernelInputs());
    } catch (error) {
      solution = null;
      inputBox?.showError(error);
      return false;
    }
    inputBox?.setProblem(solution.problem);
    const tolerances = [...new Set(solution.parts.map(toleranceText))];
    tolerance.textContent = tolerances.length === 1 ? `Numbers are accepted ${tolerances[0]}.` : '';
    return true;
  }
  function refreshQuestion() {
    renderLive(question, inputs);
    for (const a of answers) renderLive(a.el, inputs);
    if (solutionBox.open) refreshSolution();
  }
  const refreshSolution = () => renderLive(solutionBox, solutionValues(inputs, solution));

  function clearResult(a) {
    a.result.replaceChildren();
    a.el.classList.remove('ex-right', 'ex-wrong');
    a.input?.removeAttribute('aria-invalid');
    a.boxes?.forEach((b) => b.removeAttribute('aria-invalid'));
    a.graded = null;
  }
  function clearResults() {
    answers.forEach(clearResult);
    feedback.textContent = '';
  }
  function onSelfCheck() {
    showState();
    if (badge.dataset.state === 'solved') feedback.textContent = 'Every part done. Well done.';
  }
  function showState() {
    const state = exerciseState(record.get(), partIds);
    badge.textContent = STATE_LABELS[state];
    badge.dataset.state = state;
  }

  // ---- the reader changes something ----
  function newNumbers() {
    record.update((r) => {
      r.seed = seed;
      r.inputs = Object.keys(typedInputs).length ? { ...typedInputs } : null;
      r.checked = {}; // marks were for the old numbers
    });
    if (solve()) refreshQuestion();
    clearResults();
  }
  function onSeed(next) {
    let variant = null;
    try {
      if (next !== null) variant = exercises.variant(n, next);
    } catch (error) {
      return inputBox.note(error.message);
    }
    applyNumbers(next, variant, {});
    inputBox.note('');
    startAfresh();
    newNumbers();
  }
  // Other numbers are another question: the worked solution and the hints close (they would show its answer at
  // once), the answers typed for the old numbers go (one could be right again by chance), and the attempts count
  // from 0; the record keeps the last numbers' count among its variants.
  function startAfresh() {
    solutionBox.open = false;
    revealed = false;
    for (const a of answers) a.setText('');
    record.update((r) => {
      if (r.attempts > 0) r.variants = [...r.variants, { seed: r.seed, attempts: r.attempts }].slice(-MAX_VARIANTS);
      r.attempts = 0;
      r.hints = 0;
      r.answers = {};
    });
    hints.show();
  }
  function onEdit(name, value, text) {
    inputs = { ...inputs, [name]: value };
    typedInputs = { ...typedInputs, [name]: text };
    newNumbers();
  }
  function onAnswerEdit(a) {
    clearResult(a); // the marks were for what was checked, no longer in the box
    record.update((r) => (r.answers[a.part.id] = a.text())); // typed but unchecked answers are kept
  }
  function onReset() {
    record.reset();
    solutionBox.open = false;
    restore();
    feedback.textContent = `Exercise ${n} is reset.`;
  }

  // The numbers: a variant's (or the key's) and then the inputs the reader typed over them.
  function applyNumbers(nextSeed, variant, texts) {
    seed = nextSeed;
    ({ inputs, typed: typedInputs } = questionNumbers(props, variant, texts));
    inputBox.setValues(inputs, typedInputs);
    inputBox.setSeed(seed);
    writeParams({ [seedParam(n)]: [seed, null] });
  }

  // ---- checking ----
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearResults();
    const read = answers.map((a) => ({ a, r: a.read() }));
    const unreadable = read.filter(({ r }) => r.error);
    if (unreadable.length) return refuse(unreadable.map(({ a, r }) => ({ a, why: r.error })));
    const given = read.filter(({ r }) => !r.empty);
    if (!given.length) return void (feedback.textContent = 'Type an answer first.');
    if (exercises && !solution) return void (feedback.textContent = 'The numbers in the question cannot be used: fix them first.');
    const assessed = given.map(({ a, r }) => ({ a, r, g: grading.assess(a, r) }));
    const refused = assessed.map(({ a, g }) => ({ a, why: refusalOf(g, a.text()) })).filter(({ why }) => why);
    if (refused.length) return refuse(refused);
    const results = assessed.map(({ a, r, g }) => ({ a, ok: grade(a, r, g) }));
    record.update((rec) => {
      rec.attempts += 1;
      rec.seed = seed;
      rec.inputs = Object.keys(typedInputs).length ? { ...typedInputs } : null;
      for (const a of answers) rec.answers[a.part.id] = a.text();
      for (const { a, ok } of results) {
        rec.checked[a.part.id] = a.text();
        if (ok) rec.solved[a.part.id] = true; // solved once stays solved
      }
      // the work itself, for whoever reads the exported file: what was checked, for which numbers, with what open
      const checked = Object.fromEntries(results.map(({ a }) => [a.part.id, a.text()]));
      rec.log = [...rec.log, logEntry({ seed, answers: checked, inputs: rec.inputs, hints: rec.hints, solution: revealed })].slice(-MAX_LOG);
    });
    const graded = results.filter(({ a }) => a.part.kind !== 'explain');
    feedback.textContent = summaryText({
      graded: graded.length,
      right: graded.filter(({ ok }) => ok).length,
      open: answers.length - given.length,
      attempts: record.get().attempts,
      left: results.filter(({ a, ok }) => a.part.kind === 'explain' && !ok).length,
    });
    hints.show();
    showState();
  });

  // Answers that are not graded: each says why in its own box (one message per refusal); no attempt counts.
  function refuse(refused) {
    for (const { a, why } of refused) {
      a.input.setAttribute('aria-invalid', 'true');
      if (a.echo?.classList.contains('ex-echo-error')) a.echo.textContent = ''; // the box below says it, once
      a.result.textContent = `Not counted as an attempt: ${why}`;
    }
    feedback.textContent = 'Some answers cannot be graded as they stand: nothing was graded and no attempt was counted.';
  }

  // ---- start, import, reset: everything from the saved record (and a seed in the address) ----
  function restore({ fromUrl = null } = {}) {
    const rec = record.get();
    revealed = solutionBox.open;
    for (const a of answers) a.setText(rec.answers[a.part.id] ?? '');
    let marksApply = true;
    if (inputBox) {
      const start = startingVariant(exercises, n, { fromUrl, stored: rec.seed });
      applyNumbers(start.seed, start.variant, start.seed === rec.seed ? rec.inputs ?? {} : {});
      inputBox.note(start.message);
      marksApply = start.seed === rec.seed; // a link to other numbers: the saved marks were for the saved ones
    }
    solve();
    refreshQuestion();
    clearResults();
    if (marksApply && (!exercises || solution)) {
      for (const a of answers) {
        const text = rec.checked[a.part.id];
        if (text === undefined || text !== a.text()) continue;
        const r = a.read();
        if (r.value !== undefined) grade(a, r); // the marks of the last Check, drawn again
      }
    }
    hints.show();
    showState();
  }

  await assignmentApplied();
  restore({ fromUrl: readParam(seedParam(n)) });
  const unsubscribe = progress.subscribe((why) => {
    if (why === 'state replaced') restore(); // an import, or every exercise reset
    // an assignment's name given: its numbers are in the address (assignment/start.js)
    if (why === 'assignment') restore({ fromUrl: readParam(seedParam(n)) });
  });
  return {
    destroy() {
      unsubscribe();
      badge.remove();
      body.remove();
    },
  };
}
