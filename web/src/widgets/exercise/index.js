// One exercise, where the student works and the page checks. Built around the section the content plugin
// rendered (question, what is asked): editable inputs with "New numbers", one answer control per part, a
// Check button, feedback in a status region, hints that unlock with attempts, and the worked solution
// filled with the kernels' numbers. Answers, attempts, hints and the seed persist (progress/store.js).
import katex from 'katex';
import { readParam, writeParams } from '../../experiment/url-state.js';
import { loadExercises } from '../../kernels/exercises.js';
import { progress, seedFromText } from '../../progress/store.js';
import { createField } from '../../ui/field.js';
import { formatNumber } from '../../ui/format.js';
import { parseMatrix, parseNumber, parseVector } from '../../ui/parse.js';
import { fillTex } from '../../ui/tex-template.js';
import { createAnswer } from './answers.js';
import { asText, fromKernel, toKernel } from './values.js';
import './style.css';

/** mount.js keeps the section's own content: this widget builds around it. */
export const enhances = true;

const NUMERIC = new Set(['number', 'vector', 'matrix']);
// how the kernels' input names read on the page
const INPUT_LABELS = { eps: 'ε', gamma: 'γ', delta: 'δ', sigma2: 'σ² per layer', sigma2_deep: 'σ² of the deep layer', sigma2_shallow: 'σ² of the shallow layer' };
const INPUT_PARSERS = {
  number: (t) => parseNumber(t),
  vector: (t) => parseVector(t, { max: 12 }),
  matrix: (t) => parseMatrix(t, { maxRows: 6, maxCols: 6 }),
};

function renderLive(root, values) {
  for (const span of root.querySelectorAll('.tex-live')) {
    span.innerHTML = katex.renderToString(fillTex(span.dataset.tex, values), {
      displayMode: span.dataset.display === '1', throwOnError: false, output: 'htmlAndMathml',
    });
  }
}

const tolerance = ({ atol, rtol }) =>
  `within ${formatNumber(atol, 2)}${rtol ? ` + ${formatNumber(rtol * 100, 2)} % of the value` : ''}, per entry`;

export async function mount(section, props) {
  const { n } = props;
  const kernelParts = props.parts.some((p) => NUMERIC.has(p.kind));
  const exercises = kernelParts ? await loadExercises() : null;
  const rec = () => progress.exercise(n); // re-read: an import replaces the whole record
  const seedParam = `ex${n}.seed`;

  section.querySelector('.ex-static')?.remove();
  const question = section.querySelector('.ex-question');
  const body = document.createElement('div');
  body.className = 'ex-body';
  section.append(body);

  // ---- inputs ----
  let inputs = structuredClone(props.defaults);
  let seed = null;
  let solution = null;
  const fields = {};
  const inputBox = document.createElement('div');
  inputBox.className = 'ex-inputs';
  if (Object.keys(props.inputs).length) {
    inputBox.innerHTML = '<p class="ex-inputs-title">The numbers in the question</p><div class="ex-input-fields"></div><div class="ex-input-actions"></div>';
    for (const [name, kind] of Object.entries(props.inputs)) {
      fields[name] = createField({ label: INPUT_LABELS[name] ?? name, value: asText(inputs[name]), name: `ex${n}-${name}` });
      fields[name].input.addEventListener('input', () => onInputEdit(name, kind));
      inputBox.querySelector('.ex-input-fields').append(fields[name].el);
    }
    const actions = inputBox.querySelector('.ex-input-actions');
    const fresh = button('New numbers', () => useSeed(Math.floor(Math.random() * 2 ** 31)));
    const reset = button('The original numbers', () => useSeed(null));
    const seedNote = document.createElement('span');
    seedNote.className = 'ex-seed';
    actions.append(fresh, reset, seedNote);
    body.append(inputBox);
  }

  // ---- answers, check, feedback ----
  const form = document.createElement('form');
  form.className = 'ex-form';
  form.noValidate = true;
  const answers = props.parts.map((part) => createAnswer(part, rec().answers[part.id]));
  answers.forEach((a) => form.append(a.el));
  const actions = document.createElement('div');
  actions.className = 'ex-actions';
  const check = document.createElement('button');
  check.type = 'submit';
  check.textContent = 'Check';
  check.className = 'ex-check';
  const tol = document.createElement('span');
  tol.className = 'ex-tolerance';
  actions.append(check, tol);
  form.append(actions);
  const feedback = document.createElement('div');
  feedback.className = 'ex-feedback';
  feedback.setAttribute('role', 'status');
  feedback.setAttribute('aria-live', 'polite');
  body.append(form, feedback);

  // ---- hints and solution ----
  const hintsBox = document.createElement('div');
  hintsBox.className = 'ex-hints';
  hintsBox.innerHTML = '<ol class="ex-hint-list"></ol>';
  const hintButton = button('Show a hint', () => {
    progress.update(() => (rec().hints = Math.min(props.hints.length, rec().hints + 1)));
    showHints();
  });
  hintsBox.append(hintButton);
  const solutionBox = document.createElement('details');
  solutionBox.className = 'ex-solution';
  solutionBox.innerHTML = `<summary>Worked solution</summary><div class="ex-solution-body">${props.solution}</div>`;
  solutionBox.addEventListener('toggle', () => solutionBox.open && refreshSolution());
  if (props.hints.length) body.append(hintsBox);
  body.append(solutionBox);

  function button(text, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', onClick);
    return b;
  }

  function showHints() {
    const shown = rec().hints;
    const unlocked = Math.min(props.hints.length, 1 + rec().attempts);
    hintsBox.querySelector('.ex-hint-list').innerHTML = props.hints.slice(0, shown).map((h) => `<li>${h}</li>`).join('');
    if (shown >= props.hints.length) {
      hintButton.hidden = true;
    } else {
      hintButton.hidden = false;
      hintButton.disabled = shown >= unlocked;
      hintButton.textContent = shown >= unlocked
        ? 'Next hint after another attempt'
        : `Show hint ${shown + 1} of ${props.hints.length}`;
    }
  }

  // ---- solving with the kernels ----
  const kernelInputs = () => Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, toKernel(v)]));
  function values() {
    const v = { ...inputs };
    if (solution) {
      for (const part of solution.parts) v[part.id] = part.answer;
      Object.assign(v, solution.steps);
    }
    return v;
  }
  function solve() {
    if (!exercises) return true;
    try {
      solution = exercises.solve(n, kernelInputs());
      for (const f of Object.values(fields)) f.setMessage('');
    } catch (error) {
      solution = null;
      const field = Object.keys(fields).find((name) => error.message.includes(name)) ?? Object.keys(fields)[0];
      fields[field]?.setMessage(error.message);
      return false;
    }
    const tolerances = [...new Set(solution.parts.map(tolerance))];
    tol.textContent = tolerances.length === 1 ? `Numbers are accepted ${tolerances[0]}.` : '';
    return true;
  }
  function refreshQuestion() {
    renderLive(question, inputs);
    for (const a of answers) renderLive(a.el, inputs);
    if (solutionBox.open) refreshSolution();
  }
  function refreshSolution() {
    renderLive(solutionBox, values());
  }
  function clearResults() {
    for (const a of answers) {
      a.result.replaceChildren();
      a.el.classList.remove('ex-right', 'ex-wrong');
      a.input?.removeAttribute('aria-invalid');
    }
    feedback.textContent = '';
  }

  function useSeed(next) {
    seed = next;
    if (seed === null) inputs = structuredClone(props.defaults);
    else {
      const variant = exercises.variant(n, seed);
      inputs = Object.fromEntries(Object.entries(variant).map(([k, v]) => [k, fromKernel(v, props.inputs[k] ?? 'number')]));
    }
    for (const [name, f] of Object.entries(fields)) f.input.value = asText(inputs[name]);
    inputBox.querySelector('.ex-seed').textContent = seed === null ? '' : `variant ${seed}`;
    writeParams({ [seedParam]: [seed, null] });
    progress.update(() => (rec().seed = seed));
    solve();
    refreshQuestion();
    clearResults();
  }

  function onInputEdit(name, kind) {
    const r = INPUT_PARSERS[kind](fields[name].input.value);
    if (!r.ok) return fields[name].setMessage(r.message);
    fields[name].setMessage('');
    inputs = { ...inputs, [name]: r.value };
    if (solve()) {
      refreshQuestion();
      clearResults();
    }
  }

  // ---- checking ----
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearResults();
    const read = answers.map((a) => ({ a, r: a.read() }));
    const unreadable = read.filter(({ r }) => r.error);
    if (unreadable.length) {
      for (const { a, r } of unreadable) {
        a.input.setAttribute('aria-invalid', 'true');
        a.result.textContent = `Not counted as an attempt: ${r.error}`;
      }
      feedback.textContent = 'Check the format of your answer: nothing was graded and no attempt was counted.';
      return;
    }
    const given = read.filter(({ r }) => !r.empty);
    if (!given.length) {
      feedback.textContent = 'Type an answer first.';
      return;
    }
    if (kernelParts && !solution) {
      feedback.textContent = 'The numbers in the question cannot be used: fix them first.';
      return;
    }
    let right = 0;
    const solved = {};
    for (const { a, r } of given) {
      const ok = grade(a, r.value);
      solved[a.part.id] = ok;
      if (ok) right++;
    }
    progress.update(() => {
      rec().attempts += 1;
      for (const a of answers) rec().answers[a.part.id] = a.text();
      Object.assign(rec().solved, solved);
    });
    const graded = given.filter(({ a }) => a.part.kind !== 'explain').length;
    const open = answers.length - given.length;
    const rest = open ? ` ${open} part${open === 1 ? '' : 's'} not answered yet.` : '';
    if (graded === 0) feedback.textContent = `Compare your explanation with the model answer below.${rest}`;
    else if (right === graded) feedback.textContent = `${graded === 1 ? 'Right.' : `All ${graded} answers right.`}${open ? rest : ' Well done.'}`;
    else if (graded === 1) feedback.textContent = `Not right yet (attempt ${rec().attempts}).${rest}`;
    else feedback.textContent = `${right} of ${graded} answers right (attempt ${rec().attempts}).${rest}`;
    showHints();
  });

  function grade(a, value) {
    const { part } = a;
    if (NUMERIC.has(part.kind)) return gradeNumeric(a, value);
    if (part.kind === 'explain') return showModel(a);
    const correct = part.options.filter((o) => o.correct).map((o) => o.key).sort();
    const chosen = [...value].sort();
    const ok = correct.length === chosen.length && correct.every((k, i) => k === chosen[i]);
    a.el.classList.add(ok ? 'ex-right' : 'ex-wrong');
    for (const box of a.boxes) {
      const wrongChoice = box.checked !== correct.includes(box.value);
      box.setAttribute('aria-invalid', String(!ok && wrongChoice && box.checked));
    }
    a.result.textContent = ok ? '✓ Right.' : part.kind === 'multi' ? '✗ Not quite: some choices are missing or wrong.' : '✗ Not this one.';
    return ok;
  }

  function gradeNumeric(a, value) {
    const g = exercises.grade(n, kernelInputs(), a.part.id, toKernel(value));
    if (!g.shapeOk) {
      a.input.setAttribute('aria-invalid', 'true');
      a.el.classList.add('ex-wrong');
      a.result.textContent = `✗ ${g.message}`;
      return false;
    }
    a.el.classList.add(g.correct ? 'ex-right' : 'ex-wrong');
    if (!g.correct) a.input.setAttribute('aria-invalid', 'true');
    const entries = toKernel(value).values;
    const list = document.createElement('ul');
    list.className = 'ex-entries';
    entries.forEach((v, i) => {
      const li = document.createElement('li');
      li.className = g.entryOk[i] ? 'ok' : 'wrong';
      li.dataset.entry = String(i);
      if (!g.entryOk[i]) li.setAttribute('aria-invalid', 'true');
      li.textContent = `${formatNumber(v, 6)} ${g.entryOk[i] ? '✓' : '✗'}${g.correct ? '' : ''}`;
      li.title = `accepted from ${formatNumber(g.lo[i], 6)} to ${formatNumber(g.hi[i], 6)}`;
      list.append(li);
    });
    const head = document.createElement('p');
    head.textContent = g.correct ? '✓ Right.' : entries.length > 1 ? `✗ ${g.entryOk.filter((x) => !x).length} of ${entries.length} entries are off (marked ✗).` : '✗ Not quite.';
    const interval = document.createElement('p');
    interval.className = 'ex-interval';
    interval.textContent = `Accepted: ${g.lo.map((lo, i) => `[${formatNumber(lo, 6)}, ${formatNumber(g.hi[i], 6)}]`).join(' ')}`;
    a.result.append(head);
    if (entries.length > 1) a.result.append(list);
    a.result.append(interval);
    if (!g.correct && g.misconception && props.mistakes[g.misconception]) {
      const m = document.createElement('p');
      m.className = 'ex-mistake';
      m.dataset.misconception = g.misconception;
      m.innerHTML = `<strong>A known slip:</strong> ${props.mistakes[g.misconception]}`;
      a.result.append(m);
    }
    return g.correct;
  }

  function showModel(a) {
    const box = document.createElement('div');
    box.className = 'ex-model';
    box.innerHTML = `<p><strong>Model answer.</strong></p>${a.part.model}<p>How did yours compare?</p>`;
    const choices = document.createElement('div');
    choices.className = 'ex-selfcheck';
    for (const [key, label] of [['yes', 'I had it'], ['partly', 'Partly'], ['no', 'Not yet']]) {
      const b = button(label, () => {
        progress.update(() => {
          rec().selfCheck[a.part.id] = key;
          rec().solved[a.part.id] = key === 'yes';
        });
        choices.querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
      });
      b.setAttribute('aria-pressed', String(rec().selfCheck[a.part.id] === key));
      choices.append(b);
    }
    box.append(choices);
    a.result.append(box);
    return rec().selfCheck[a.part.id] === 'yes';
  }

  // ---- start: seed from the URL, else from saved progress ----
  const fromUrl = readParam(seedParam);
  const asked = fromUrl === null ? null : seedFromText(fromUrl);
  const startSeed = asked?.seed ?? rec().seed;
  if (startSeed !== null && startSeed !== undefined && exercises && Object.keys(props.inputs).length) useSeed(startSeed);
  else {
    solve();
    refreshQuestion();
  }
  if (asked?.message) feedback.textContent = asked.message;
  showHints();
  const unsubscribe = progress.subscribe((why) => {
    if (why !== 'import') return;
    const r = rec();
    answers.forEach((a) => {
      if (a.boxes) a.boxes.forEach((b) => (b.checked = String(r.answers[a.part.id] ?? '').split(',').includes(b.value)));
      else a.input.value = r.answers[a.part.id] ?? '';
      a.input?.dispatchEvent(new Event('input'));
    });
    if (Object.keys(props.inputs).length && exercises) useSeed(r.seed ?? null);
    clearResults();
    showHints();
  });
  return {
    destroy() {
      unsubscribe();
      body.remove();
    },
  };
}
