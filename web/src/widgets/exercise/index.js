// One exercise, where the student works and the page checks. Built around the section the content plugin
// rendered (question, what is asked): the question's numbers (inputs.js, seeds from seed.js), one answer
// control per part (answers.js), Check with feedback per part (feedback.js, check.js), hints (hints.js), the
// worked solution filled with the kernels' numbers (live-tex.js, values.js), the exercise's state beside its
// title, and a reset (reset.js). Everything the reader does is kept in their progress (record.js) and comes
// back after a reload: answers typed, marks, the numbers, hints, what was solved; every hint and worked solution
// opened is logged with its time (progress/events.js), and how the exercise went is read by the one rule the
// teachers' page reads too (exercises/outcome.js). On an exercise of the reader's assignment the numbers are the
// assigned ones: New numbers is practice and says so, "Your assigned numbers" and a reset come back to them, an input
// typed over and restored is the assigned question again, a reset keeps the logged attempts, and the worked solution
// may stay hidden until the due date. A change the browser refuses to
// store is said beside the exercise (unsaved.js); a change another tab of the chapter saves shows here too.
import { assignmentApplied } from '../../assignment/pending.js';
import { loadExercises } from '../../kernels/exercises.js';
import { loadWiring } from '../../kernels/wiring.js';
import { hasDesign, loadExercisesWithDesign } from '../../exercises/design.js';
import { progress } from '../../progress/store.js';
import { appendAttempt, gradedNumbers, logEntry } from '../../progress/attempt-log.js';
import { eventsOf } from '../../progress/events.js';
import { MAX_VARIANTS } from '../../progress/validate.js';
import { formatNumber } from '../../ui/format.js';
import { element, html, setHtml, trusted } from '../../ui/html.js';
import { createAnswer } from './answers.js';
import { refusalOf, summaryText } from '../../exercises/check.js';
import { STATE_LABELS, expectedSeedOf, recordOutcome, stateOf } from '../../exercises/outcome.js';
import { dueAt } from '../../progress/assignee.js';
import { dueText, solutionsHidden, studentDue, whenPassed } from '../../exercises/assignment.js';
import { createGrading, needsKernels } from './grading.js';
import { createHints } from './hints.js';
import { createInputBox } from './inputs.js';
import { renderLive } from '../../exercises/live-tex.js';
import { propsOfSection } from '../../exercises/props.js';
import { fillExerciseText } from '../../exercises/text.js';
import { solutionSeen, storedRecord, withEvent } from '../../exercises/record.js';
import { createReset } from './reset.js';
import { createUnsavedNote } from './unsaved.js';
import { checkDesign, createWiringAnswer } from './wiring-answer.js';
import { seedAddress, startingVariant } from '../../exercises/seed.js';
import { questionNumbers, solutionValues, toKernelInputs } from '../../exercises/values.js';
import './style.css';

/** mount.js keeps the section's own content: this widget builds around it. */
export const enhances = true;

// The exercise as one object `ex`, passed to each small function below:
//   ex.props, ex.n, ex.exercises (the kernels, or null when no part needs them), ex.record (its saved progress);
//   ex.state: what changes as the reader works, and nothing else does
//     {inputs, typedInputs ({name: text} the reader typed, kept with the progress), base (the variant's own numbers,
//      before any typing), seed, solution (the kernels' for these numbers, or null when they cannot be used), revealed
//      (the worked solution has been opened: accepted intervals may show), elsewhere (another tab's change is about
//      to be shown), checkedHere (these numbers were checked in this visit: the badge)};
//   ex.view: the elements built around the section (question, badge, body, form, tolerance, feedback,
//     solutionBox), and its parts: answers, hints, inputBox, grading.

const toleranceText = ({ atol, rtol }) => `within ${formatNumber(atol, 2)}${rtol ? ` + ${formatNumber(rtol * 100, 2)} % of the value` : ''}, per entry`;

export async function mount(section) {
  // its words (exercises/text.js) and what working it needs, both chunks of their own, loaded together
  const [props] = await Promise.all([propsOfSection(section), fillExerciseText(section)]);
  // (a design challenge's numbers and runs are the design kernel's: exercises/design.js)
  const design = hasDesign(props.parts);
  const exercises = design ? await loadExercisesWithDesign() : needsKernels(props.parts) ? await loadExercises() : null;
  const wiring = design ? await loadWiring() : null;
  const stored = storedRecord(props.n);
  const ex = {
    props,
    n: props.n,
    exercises,
    // every change to the record says here whether it was saved
    record: { ...stored, update: (change) => ex.view.unsaved.show(stored.update(change)) },
    partIds: props.parts.map((p) => p.id),
    wiring,
    kernelInputs: () => toKernelInputs(ex.state.inputs),
    state: {
      inputs: structuredClone(props.defaults),
      typedInputs: {},
      base: structuredClone(props.defaults),
      seed: null,
      solution: null,
      revealed: false,
      elsewhere: false,
      checkedHere: false,
    },
  };
  ex.view = buildView(section, ex);

  await assignmentApplied();
  restore(ex, { fromUrl: seedAddress(ex.n).textIn() });
  const unsubscribe = progress.subscribe((why, detail) => heard(ex, why, detail));
  return {
    destroy() {
      unsubscribe();
      ex.state.solutionDue?.();
      for (const a of ex.view.answers) a.destroy?.();
      ex.view.badge.remove();
      ex.view.body.remove();
    },
  };
}

// What the progress tells every exercise: an import or a reset of everything (here or in another tab), an
// assignment's name given (its numbers are in the address: assignment/start.js), a save (which writes every
// exercise's work), another tab's change to this exercise (shown once the reader's own action here is done).
function heard(ex, why, detail) {
  // another student takes a shared computer: the worked solution the last one left open closes (left open, it showed
  // the new student their own numbers' solution, its opening never logged in their file)
  if (why === 'state replaced' && detail?.student) ex.view.solutionBox.open = false;
  if (why === 'state replaced') restore(ex);
  if (why === 'assignment') restore(ex, { fromUrl: seedAddress(ex.n).textIn() });
  if (why === 'update' && detail?.saved) ex.view.unsaved.show(true);
  if (why === 'synced' && detail.exercises.includes(ex.n) && !ex.state.elsewhere) {
    ex.state.elsewhere = true;
    queueMicrotask(() => {
      ex.state.elsewhere = false;
      restore(ex);
      ex.view.feedback.textContent = 'Another tab of this chapter changed this exercise: it shows that tab’s work with yours.';
    });
  }
}

// ---- the view: built once around the section, each control wired to the function it calls ----
function buildView(section, ex) {
  const { props, n } = ex;
  section.querySelector('.ex-static')?.remove();
  const view = { question: section.querySelector('.ex-question') };
  view.badge = element(html`<span class="ex-state"></span>`);
  section.querySelector('h3')?.append(' ', view.badge);
  view.body = element(html`<div class="ex-body"></div>`);
  section.append(view.body);

  // the question's numbers
  view.inputBox =
    Object.keys(props.inputs).length && ex.exercises
      ? createInputBox({
          n,
          kinds: props.inputs,
          values: ex.state.inputs,
          onEdit: (name, value, text) => editInput(ex, name, value, text),
          onSeed: (seed) => chooseSeed(ex, seed),
        })
      : null;
  if (view.inputBox) view.body.append(view.inputBox.el);

  // answers, Check, feedback
  view.form = element(html`<form class="ex-form" novalidate></form>`);
  const from = () => ex.exercises.design.task(n, toKernelInputs(props.defaults)).from;
  view.answers = props.parts.map((part) => (part.kind === 'wiring' ? createWiringAnswer(part, { wiring: ex.wiring, from: from() }) : createAnswer(part, '')));
  for (const a of view.answers) {
    view.form.append(a.el);
    a.el.addEventListener('input', () => editAnswer(ex, a));
  }
  view.form.append(element(html`<div class="ex-actions"><button type="submit" class="ex-check">Check</button><span class="ex-tolerance"></span></div>`));
  view.tolerance = view.form.querySelector('.ex-tolerance');
  view.feedback = element(html`<div class="ex-feedback" role="status" aria-live="polite"></div>`);
  view.unsaved = createUnsavedNote();
  view.body.append(view.form, view.feedback, view.unsaved.el);
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    check(ex);
  });

  // hints, worked solution, reset
  view.hints = createHints(props.hints, ex.record);
  if (props.hints.length) view.body.append(view.hints.el);
  // (the worked solution is HTML the build rendered from content/)
  view.solutionBox = element(html`<details class="ex-solution"><summary>Worked solution</summary>
    <div class="ex-solution-body">${trusted(props.solution)}</div></details>`);
  view.solutionBox.addEventListener('toggle', () => openSolution(ex));
  view.solutionHidden = element(html`<p class="ex-solution-hidden" hidden></p>`);
  view.body.append(
    view.solutionBox,
    view.solutionHidden,
    createReset(n, () => resetExercise(ex), { assigned: () => assigned(ex) }),
  );

  view.grading = createGrading({
    n,
    exercises: ex.exercises,
    record: ex.record,
    mistakes: props.mistakes,
    kernelInputs: () => toKernelInputs(ex.state.inputs),
    revealed: () => ex.state.revealed,
    onSelfCheck: () => selfChecked(ex),
  });
  return view;
}

// ---- solving with the kernels, drawing what follows from the numbers ----
function solve(ex) {
  const { view, state } = ex;
  if (!ex.exercises) return true;
  try {
    state.solution = ex.exercises.solve(ex.n, toKernelInputs(state.inputs));
  } catch (error) {
    state.solution = null;
    view.inputBox?.showError(error);
    return false;
  }
  view.inputBox?.setProblem(state.solution.problem);
  const tolerances = [...new Set(state.solution.parts.map(toleranceText))];
  view.tolerance.textContent = tolerances.length === 1 ? `Numbers are accepted ${tolerances[0]}.` : '';
  return true;
}

function refreshQuestion(ex) {
  const { view, state } = ex;
  renderLive(view.question, state.inputs);
  for (const a of view.answers) renderLive(a.el, state.inputs);
  if (view.solutionBox.open) refreshSolution(ex);
}

const refreshSolution = (ex) => renderLive(ex.view.solutionBox, solutionValues(ex.state.inputs, ex.state.solution));

function openSolution(ex) {
  const { view, state } = ex;
  if (!view.solutionBox.open) return;
  if (!view.solutionBox.dataset.printing) ex.record.update((r) => withEvent(r, { kind: 'solution', seed: state.seed })); // every opening, with its time
  refreshSolution(ex);
  if (state.revealed) return;
  state.revealed = true;
  for (const a of view.answers) if (a.graded) view.grading.draw(a);
}

function clearResult(a) {
  a.result.replaceChildren();
  a.el.classList.remove('ex-right', 'ex-wrong');
  a.input?.removeAttribute('aria-invalid');
  a.boxes?.forEach((b) => b.removeAttribute('aria-invalid'));
  a.graded = null;
}

function clearResults(ex) {
  ex.view.answers.forEach(clearResult);
  ex.view.feedback.textContent = '';
}

// ---- the reader's assignment, as far as this exercise goes ----
const assignment = () => progress.assignment();
/** The seed the reader's assignment gives this exercise (undefined when it is not assigned to them). */
const expectedSeed = (ex) => expectedSeedOf(assignment(), ex.n, ex.props);
const assigned = (ex) => expectedSeed(ex) !== undefined;
/** The numbers "The original numbers" stand for: the assigned ones on an assigned exercise, else the key's. */
const originalSeed = (ex) => expectedSeed(ex) ?? null;
/** Whether the numbers shown are practice: an assigned exercise on numbers other than its assigned ones. */
const practising = (ex) => assigned(ex) && (ex.state.seed !== expectedSeed(ex) || Object.keys(ex.state.typedInputs).length > 0);

// The badge reads the one outcome rule (on an assigned exercise, only the assigned numbers count). Outside an
// assignment solved once stays solved (the progress keeps it), but after New numbers the badge must not say
// "✓ Solved" of numbers nobody has answered: it says the exercise was solved on other numbers until these are, that
// is while no attempt has been made on them, or while the last Check made on them in this visit left a part not right.
function showState(ex) {
  const rec = ex.record.get();
  const due = assigned(ex) ? dueAt(studentDue(assignment()).due) : null;
  const result = recordOutcome({ record: rec, props: ex.props, expectedSeed: expectedSeed(ex), due });
  const state = stateOf(result.outcome);
  const rightHere = () => ex.view.answers.every((a) => (a.part.kind === 'explain' ? rec.selfCheck[a.part.id] === 'yes' : a.el.classList.contains('ex-right')));
  const otherNumbers =
    !assigned(ex) &&
    state === 'solved' &&
    ex.view.inputBox !== null &&
    rec.variants.length > 0 &&
    (rec.attempts === 0 || (ex.state.checkedHere && !rightHere()));
  ex.view.badge.textContent = otherNumbers ? STATE_LABELS.solvedElsewhere : `${STATE_LABELS[state]}${result.late ? ' (late)' : ''}`;
  ex.view.badge.dataset.state = state;
  if (otherNumbers) ex.view.badge.dataset.numbers = 'not yet';
  else delete ex.view.badge.dataset.numbers;
  return result;
}

// The worked solution, or, while the reader's assignment hides it, a line saying until when and why this is not proof;
// a page left open past the due date shows the solution then.
function showSolutionBox(ex) {
  const hidden = assigned(ex) && solutionsHidden(assignment());
  const { solutionBox, solutionHidden } = ex.view;
  if (hidden) solutionBox.open = false;
  solutionBox.hidden = hidden;
  solutionHidden.hidden = !hidden;
  ex.state.solutionDue?.();
  ex.state.solutionDue = hidden ? whenPassed(dueAt(studentDue(assignment()).due), () => showSolutionBox(ex)) : null;
  if (hidden) {
    setHtml(
      solutionHidden,
      html`Your teacher keeps the worked solution hidden until the assignment is due (${dueText(studentDue(assignment()).due)}).
      This is a static page: its code holds the solutions, and a determined reader can find them there; your log shows your teacher
      what you opened, as evidence for feedback, not as proof.`,
    );
  }
}

function selfChecked(ex) {
  showState(ex);
  if (ex.view.badge.dataset.state === 'solved') ex.view.feedback.textContent = 'Every part done. Well done.';
  else if (Object.values(ex.record.get().selfCheck).some((mark) => mark !== 'yes')) {
    ex.view.feedback.textContent =
      'Marked. An explanation counts as done once you can mark it “I had it”: compare it with the model answer, improve it and check again.';
  }
}

// ---- the reader changes something ----
const typedOrNull = (typed) => (Object.keys(typed).length ? { ...typed } : null);

function newNumbers(ex) {
  ex.state.checkedHere = false;
  ex.record.update((r) => {
    r.seed = ex.state.seed;
    r.inputs = typedOrNull(ex.state.typedInputs);
    r.checked = {}; // marks were for the old numbers
  });
  if (solve(ex)) refreshQuestion(ex);
  clearResults(ex);
  showState(ex);
}

// A seed chosen by New numbers, or null for "The original numbers" (the assigned ones on an assigned exercise).
function chooseSeed(ex, chosen) {
  const next = chosen ?? originalSeed(ex);
  let variant = null;
  try {
    if (next !== null) variant = ex.exercises.variant(ex.n, next);
  } catch (error) {
    return ex.view.inputBox.note(error.message);
  }
  applyNumbers(ex, next, variant, {});
  ex.view.inputBox.note('');
  startAfresh(ex);
  newNumbers(ex);
}

// Other numbers are another question: the worked solution and the hints close (they would show its answer at
// once), the answers typed for the old numbers go (one could be right again by chance), and the attempts count
// from 0; the record keeps the last numbers' count among its variants.
function startAfresh(ex) {
  const { view } = ex;
  view.solutionBox.open = false;
  ex.state.revealed = false;
  for (const a of view.answers) a.setText('');
  ex.record.update((r) => {
    if (r.attempts > 0) r.variants = [...r.variants, { seed: r.seed, attempts: r.attempts }].slice(-MAX_VARIANTS);
    r.attempts = 0;
    r.hints = 0;
    r.answers = {};
  });
  view.hints.show();
}

// A number typed over the question's: typed back to the variant's own value, it is that variant's question again
// (nothing typed over it: on an assigned exercise, the assigned question).
function editInput(ex, name, value, text) {
  const { state } = ex;
  state.inputs = { ...state.inputs, [name]: value };
  const { [name]: _, ...others } = state.typedInputs;
  state.typedInputs = JSON.stringify(value) === JSON.stringify(state.base[name]) ? others : { ...others, [name]: text };
  newNumbers(ex);
  showPractice(ex);
}

const showPractice = (ex) => ex.view.inputBox?.setAssignment({ assigned: assigned(ex), practising: practising(ex) });

function editAnswer(ex, a) {
  clearResult(a); // the marks were for what was checked, no longer in the box
  ex.record.update((r) => (r.answers[a.part.id] = a.text())); // typed but unchecked answers are kept
}

// A reset clears the exercise; on an assigned exercise it clears the answers and marks on the page and keeps the
// assigned numbers and the log (an assignment's log is append-only: the reset itself is logged, and the attempts
// since the last numbers count on, as New numbers keeps them).
function resetExercise(ex) {
  ex.view.solutionBox.open = false;
  if (assigned(ex)) {
    const seed = originalSeed(ex);
    ex.record.update((r) => {
      if (r.attempts > 0) r.variants = [...r.variants, { seed: r.seed, attempts: r.attempts }].slice(-MAX_VARIANTS);
      Object.assign(r, { attempts: 0, hints: 0, answers: {}, checked: {}, seed, inputs: null });
      withEvent(r, { kind: 'reset', seed });
    });
    restore(ex);
    ex.view.feedback.textContent =
      `Exercise ${ex.n} is reset: your answers are cleared, your assigned numbers stay, and your ` + 'checked attempts stay in the log your teacher reads.';
    return;
  }
  ex.record.reset();
  restore(ex);
  ex.view.feedback.textContent = `Exercise ${ex.n} is reset.`;
}

// The numbers: a variant's (or the key's) and then the inputs the reader typed over them.
function applyNumbers(ex, seed, variant, texts) {
  const { state, view } = ex;
  state.seed = seed;
  state.base = questionNumbers(ex.props, variant).inputs;
  ({ inputs: state.inputs, typed: state.typedInputs } = questionNumbers(ex.props, variant, texts));
  view.inputBox.setValues(state.inputs, state.typedInputs);
  view.inputBox.setSeed(seed);
  showPractice(ex);
  seedAddress(ex.n).write(seed);
}

// ---- checking ----
function check(ex) {
  const { view, state } = ex;
  if (view.answers.some((a) => a.busy)) return checkDesign(ex, {}); // (says it is running)
  clearResults(ex);
  if (view.answers.some((a) => a.judge)) return checkDesign(ex, { refuse, conclude: (results) => concluded(ex, results, results.length) });
  const read = view.answers.map((a) => ({ a, r: a.read() }));
  const unreadable = read.filter(({ r }) => r.error);
  if (unreadable.length)
    return refuse(
      ex,
      unreadable.map(({ a, r }) => ({ a, why: r.error })),
    );
  const given = read.filter(({ r }) => !r.empty);
  if (!given.length) return void (view.feedback.textContent = 'Type an answer first.');
  if (ex.exercises && !state.solution) return void (view.feedback.textContent = 'The numbers in the question cannot be used: fix them first.');
  const assessed = given.map(({ a, r }) => ({ a, r, g: view.grading.assess(a, r) }));
  const refused = assessed.map(({ a, g }) => ({ a, why: refusalOf(g, a.text()) })).filter(({ why }) => why);
  if (refused.length) return refuse(ex, refused);
  const results = assessed.map(({ a, r, g }) => ({ a, ok: view.grading.grade(a, r, g) }));
  concluded(ex, results, given.length);
}

// A Check's grades counted: the attempt logged, the summary line, the hints and the badge.
function concluded(ex, results, given) {
  const { view, state } = ex;
  state.checkedHere = true; // (the badge: these numbers have been checked in this visit)
  logAttempt(ex, results);
  const graded = results.filter(({ a }) => a.part.kind !== 'explain');
  const practice = practising(ex) ? ' Practice numbers: this attempt does not count for the assignment.' : '';
  view.feedback.textContent =
    summaryText({
      graded: graded.length,
      right: graded.filter(({ ok }) => ok).length,
      open: view.answers.length - given,
      attempts: ex.record.get().attempts,
      left: results.filter(({ a, ok }) => a.part.kind === 'explain' && !ok).length,
    }) + practice;
  view.hints.show();
  showState(ex);
}

// An attempt into the record: the answers, their marks, and the work itself for whoever reads the exported file
// (what was checked, for which numbers, with what open, which parts were right). The log keeps what a teacher needs
// and summarises older practice (attempt-log.js).
function logAttempt(ex, results) {
  const { state } = ex;
  ex.record.update((rec) => {
    rec.attempts += 1;
    rec.seed = state.seed;
    rec.inputs = typedOrNull(state.typedInputs);
    for (const a of ex.view.answers) rec.answers[a.part.id] = a.text();
    for (const { a, ok } of results) {
      rec.checked[a.part.id] = a.text();
      if (ok) rec.solved[a.part.id] = true; // solved once stays solved
    }
    const checked = Object.fromEntries(results.map(({ a }) => [a.part.id, a.text()]));
    const right = results.filter(({ ok }) => ok).map(({ a }) => a.part.id);
    rec.events = eventsOf(rec); // (every record with attempts carries its openings, none yet or some)
    // the worked solution counts as seen once it was ever opened here (or printed in the key), a reload or a reset since notwithstanding
    const solution = state.revealed || solutionSeen(rec);
    const entry = logEntry({ seed: state.seed, answers: checked, inputs: rec.inputs, hints: rec.hints, solution, right });
    const { log, summarised } = appendAttempt(rec, entry, gradedNumbers(progress.assignment(), ex.n));
    rec.log = log;
    if (summarised) rec.summarised = summarised;
  });
}

// Answers that are not graded: each says why in its own box (one message per refusal); no attempt counts.
function refuse(ex, refused) {
  for (const { a, why } of refused) {
    a.input.setAttribute('aria-invalid', 'true');
    if (a.echo?.classList.contains('ex-echo-error')) a.echo.textContent = ''; // the box below says it, once
    a.result.textContent = `Not counted as an attempt: ${why}`;
  }
  ex.view.feedback.textContent = 'Some answers cannot be graded as they stand: nothing was graded and no attempt was counted.';
}

// ---- start, import, reset: everything from the saved record (and a seed in the address) ----
function restore(ex, { fromUrl = null } = {}) {
  const { view, state } = ex;
  const rec = ex.record.get();
  state.revealed = view.solutionBox.open;
  for (const a of view.answers) a.setText(rec.answers[a.part.id] ?? '');
  let marksApply = true;
  if (view.inputBox) {
    // a record without numbers of its own yet starts on the original ones (an assigned exercise: the assigned ones)
    const start = startingVariant(ex.exercises, ex.n, { fromUrl, stored: rec.seed ?? originalSeed(ex) });
    applyNumbers(ex, start.seed, start.variant, start.seed === rec.seed ? (rec.inputs ?? {}) : {});
    view.inputBox.note(start.message);
    marksApply = start.seed === (rec.seed ?? originalSeed(ex)); // a link to other numbers: the saved marks were for the saved ones
  }
  showSolutionBox(ex);
  solve(ex);
  refreshQuestion(ex);
  clearResults(ex);
  if (marksApply && (!ex.exercises || state.solution)) {
    for (const a of view.answers) {
      const text = rec.checked[a.part.id];
      if (text === undefined || text !== a.text()) continue;
      if (a.judge) {
        // a wiring is not run again at a reload: what its last Check found is in the log
        a.drawRemembered(rec.log.findLast((e) => e.answers[a.part.id] === text)?.right?.includes(a.part.id) ?? false);
        continue;
      }
      const r = a.read();
      if (r.value !== undefined) view.grading.grade(a, r); // the marks of the last Check, drawn again
    }
  }
  view.hints.show();
  showState(ex);
}
