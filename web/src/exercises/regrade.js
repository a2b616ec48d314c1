// A student's saved work graded again, as the teachers' page grades it, in two steps:
//   1. gradeFile / gradeLog (the kernels; in the page's workers): every attempt in an exercise's log read as the
//      student typed it and graded against the numbers it was made on (its variant seed and any inputs typed over
//      them), exactly as the exercise graded it at Check: a verdict per part and the mistake a wrong one matches.
//      This depends on the file alone, never on the teachers' form, so it is done once per exercise of a file.
//   2. assessStudent / assessExercise (no kernels; cheap): those verdicts read for an assignment (its class code
//      decides which numbers count, its due date which attempts are late) through the one outcome rule
//      (outcome.js), with the flags a teacher must see and the file's consistency checks (log-checks.js).
// The verdicts the file itself states (solved, checked, right) count for nothing. No DOM.
import { exerciseRecord } from '../progress/validate.js';
import { numbersKey } from '../progress/attempt-log.js';
import { gradeChoice } from './check.js';
import { readAnswer } from './read-answer.js';
import { sameKey } from '../progress/assignee.js';
import { WIRING_KIND, designGrade } from './design.js';
import { isolated } from '../text/bidi.js';
import { exerciseOutcome, expectedSeedOf, onCountedNumbers } from './outcome.js';
import { checkLog } from './log-checks.js';
import { questionNumbers, toKernel, toKernelInputs } from './values.js';

/**
 * @typedef {import('../progress/attempt-log.js').LogEntry} LogEntry
 * @typedef {import('../progress/validate.js').ExerciseRecord} ExerciseRecord
 * @typedef {import('../kernels/exercises.js').Inputs} Inputs
 * @typedef {{variant(n: number, seed: number): Record<string, import('./values.js').KernelValue>, solve(n: number, inputs: Inputs): unknown,
 *   gradeAll(n: number, inputs: Inputs, answers: Record<string, import('./values.js').KernelValue>): Record<string, import('../kernels/exercises.js').Grade>}} Kernels
 *   the exercise kernels (kernels/exercises.js, or with the design challenges: design.js loadExercisesWithDesign)
 * @typedef {{n: number, parts: {id: string, kind: string, options?: {key: string, correct?: boolean}[]}[], mistakes?: Record<string, unknown>, inputs: Record<string, string>,
 *   defaults: Record<string, import('./values.js').Plain>}} Props  an exercise's props (the parts of them read here)
 * @typedef {(n: number, kernelInputs: Inputs, wiring: string) => Parameters<typeof designGrade>[0]} Judged
 * @typedef {{parts: Record<string, string>, mistakes: Record<string, string>, problem: string}} GradedAttempt
 */

/** The numbers a logged attempt was made on (its variant seed and any inputs typed over it), as the kernels take them.
 * @param {Pick<Kernels, 'variant'>} exercises  @param {Props} props  @param {{seed: number | null, inputs?: Record<string, string> | null}} entry */
export function attemptNumbers(exercises, props, entry) {
  const variant = entry.seed === null ? null : exercises.variant(props.n, entry.seed);
  return toKernelInputs(questionNumbers(props, variant, entry.inputs ?? {}).inputs);
}

// A question's numbers as the kernels take them, once per numbers of a log (the same variant is checked many times).
/** @param {Kernels} exercises  @param {Props} props  @param {LogEntry} entry  @param {Map<string, {inputs?: Inputs, error?: Error}>} memo */
function numbersOf(exercises, props, entry, memo) {
  const key = numbersKey(entry);
  if (!memo.has(key)) {
    try {
      memo.set(key, { inputs: attemptNumbers(exercises, props, entry) });
    } catch (error) {
      memo.set(key, { error });
    }
  }
  return memo.get(key);
}

/**
 * One logged attempt graded again. memo: numbers already rebuilt for this log (numbersKey → kernel inputs).
 * → {parts: {id: 'right' | 'wrong' | 'not graded' | 'explained'}, mistakes: {id: the mistake a wrong answer matches},
 *    problem} ('not graded': what the exercise would not have counted: unreadable, a wrong shape, too few digits;
 *    problem: why the attempt's numbers cannot be rebuilt, or its design was not run, else '')
 * judged(n, kernelInputs, wiring): a design's verdict from its runs made again (exercises/design.js), {error} when it
 * could not be run, undefined when not yet (the page's workers grade without it; the teachers' page grades a design
 * exercise again on its main thread once the designs have run).
 * @param {{exercises: Kernels, props: Props, entry: LogEntry, memo?: Map<string, {inputs?: Inputs, error?: Error}>, judged?: Judged}} attempt
 * @returns {GradedAttempt}
 */
function regradeAttempt({ exercises, props, entry, memo = new Map(), judged }) {
  /** @type {Record<string, string>} */
  const parts = {};
  /** @type {Record<string, string>} */
  const mistakes = {};
  /** @type {Record<string, import('./values.js').KernelValue>} */
  const numeric = {};
  /** @type {Record<string, string>} */
  const designs = {}; // part id → the wiring written there (its text form)
  for (const [id, text] of Object.entries(entry.answers)) {
    const part = props.parts.find((p) => p.id === id);
    if (!part) continue; // a part this build does not have
    const r = readAnswer(part, text);
    if (r.empty) continue;
    if (r.error) parts[id] = 'not graded';
    else if (part.kind === 'explain') parts[id] = 'explained';
    else if (part.kind === 'choice' || part.kind === 'multi') {
      const g = gradeChoice(part, /** @type {string[]} */ (r.value));
      parts[id] = g.ok ? 'right' : 'wrong';
      const named = g.wrongKeys.find((k) => props.mistakes?.[k]);
      if (named) mistakes[id] = named;
    } else if (part.kind === WIRING_KIND) designs[id] = /** @type {string} */ (r.value);
    else numeric[id] = toKernel(/** @type {import('./values.js').Plain} */ (r.value), r.ulp);
  }
  if (!Object.keys(numeric).length && !Object.keys(designs).length) return { parts, mistakes, problem: '' };
  const numbers = numbersOf(exercises, props, entry, memo);
  let problem = numbers.error ? `its numbers cannot be rebuilt (${numbers.error.message})` : '';
  if (Object.keys(designs).length && !problem) {
    try {
      exercises.solve(props.n, numbers.inputs); // numbers the challenge would refuse are not graded
    } catch (error) {
      problem = `its numbers cannot be rebuilt (${error.message})`;
    }
  }
  for (const [id, wiring] of Object.entries(designs)) {
    // a design is graded by running it: `judged` holds the verdicts of the runs made again
    const g = problem ? { verdict: 'not graded', problem } : designGrade(judged?.(props.n, numbers.inputs, wiring));
    parts[id] = g.verdict;
    problem ||= g.problem;
  }
  if (!Object.keys(numeric).length) return { parts, mistakes, problem };
  /** @type {Record<string, import('../kernels/exercises.js').Grade> | null} */
  let grades = null;
  if (!problem) {
    try {
      grades = exercises.gradeAll(props.n, numbers.inputs, numeric); // one solve for every part of the attempt
    } catch (error) {
      problem = `its numbers cannot be rebuilt (${error.message})`; // numbers the exercise would refuse are not graded
    }
  }
  for (const id of Object.keys(numeric)) {
    const g = grades?.[id];
    // (a wrong shape or too few digits: not counted, as the exercise refused it: check.js refusalOf)
    if (!g || !g.shapeOk || g.moreDigits) parts[id] = 'not graded';
    else parts[id] = g.correct ? 'right' : 'wrong';
    if (g && parts[id] === 'wrong' && g.misconception) mistakes[id] = g.misconception;
  }
  return { parts, mistakes, problem };
}

/** Every attempt of a log graded again (regradeAttempt's, in log order).
 * @param {{exercises: Kernels, props: Props, log: LogEntry[], judged?: Judged}} log */
export function gradeLog({ exercises, props, log, judged }) {
  const memo = new Map();
  return log.map((entry) => regradeAttempt({ exercises, props, entry, memo, judged }));
}

/**
 * The exercises `numbers` of a progress file (readProgress's state) graded again: what the page's workers do for
 * the teachers' page. → {n: gradeLog's} (an exercise the file has no record of: [])
 * @param {{exercises: Kernels, allProps: Record<string, Props>, state: {exercises: Record<string, {log?: LogEntry[]}>}, numbers: number[],
 *   judged?: Judged}} file
 */
export function gradeFile({ exercises, allProps, state, numbers, judged = undefined }) {
  /** @type {Record<string, GradedAttempt[]>} */
  const out = {};
  for (const n of numbers) {
    if (!allProps[n]) continue;
    out[n] = gradeLog({ exercises, props: allProps[n], log: state.exercises[n]?.log ?? [], judged });
  }
  return out;
}

/**
 * A progress file's designs that cannot be run, unmarked as the chapter takes the file in (its import): the teachers'
 * page grades such an attempt "not graded" (its wiring, or its numbers, refused: design.js designGrade), so it counts
 * for nothing there, and here its mark "right" goes too, and its part is solved only where another attempt of the
 * log is marked right. A wiring that can be run keeps the page's mark (its runs are made at the next Check). In place
 * on `state` (readProgress's); exercises: the kernels with the design challenges (design.js loadExercisesWithDesign);
 * wiring: the wiring kernel (kernels/wiring.js loadWiring), whose checks are those a run makes. → a notice for each
 * attempt unmarked
 * @param {{exercises: Kernels & {design: {runs(n: number, inputs: Inputs, wiring: string): Record<string, unknown>[]}},
 *   wiring: {constants(text: string, L: number): unknown}, allProps: Record<string, Props>, state: import('../progress/validate.js').ProgressRecord}} file
 */
export function unmarkUnrunnableDesigns({ exercises, wiring, allProps, state }) {
  /** @type {string[]} */
  const notices = [];
  /** @type {Judged} */
  const judged = (n, inputs, text) => {
    try {
      // the checks each run makes of the wiring before it runs (the run would throw their message)
      for (const run of exercises.design.runs(n, inputs, text)) wiring.constants(String(run.placement), Number(run.L));
      return /** @type {any} */ ({ pass: true }); // (runnable: the page's own mark stands)
    } catch (error) {
      return { error: error.message };
    }
  };
  for (const [n, record] of Object.entries(state.exercises)) {
    const props = allProps[n];
    const designs = props?.parts.filter((p) => p.kind === WIRING_KIND).map((p) => p.id) ?? [];
    if (!designs.length) continue;
    const graded = gradeLog({ exercises, props, log: record.log, judged });
    /** @type {Set<string>} */
    const unmarked = new Set();
    record.log.forEach((entry, k) => {
      const refused = designs.filter((id) => graded[k].parts[id] === 'not graded' && (entry.right ? entry.right.includes(id) : record.solved[id] === true));
      if (!refused.length) return;
      if (entry.right) entry.right = entry.right.filter((id) => !refused.includes(id));
      for (const id of refused) unmarked.add(id);
      notices.push(
        `Exercise ${n}: attempt ${k + 1} of its log (${entry.at.slice(0, 16).replace('T', ' ')}) is marked right, but its ${graded[k].problem}: ` +
          'it is not counted as right, as the teachers’ page does not count it.',
      );
    });
    for (const id of unmarked) if (!record.log.some((e) => e.right?.includes(id))) record.solved[id] = false;
  }
  return notices;
}

/**
 * An exercise's record assessed from its graded log (gradeLog's `graded`). expectedSeed: the seed the assignment
 * gives this student (undefined when there is no assignment to hold it to); attempts on other numbers are graded and
 * counted apart, not towards the outcome. unread: entries of the log the file's reading set aside. due: the
 * student's due moment (ms) or null; lateCounts: whether attempts after it count. The log keeps every attempt a
 * teacher needs (progress/attempt-log.js); the practice it summarised is counted, by numbers.
 * → the outcome rule's result (outcome, tries, at, late, lateAttempts, marks, …) and
 *   {attempts (as the file counts them, over all numbers), logged, summarised (practice counted, not logged),
 *    offSeed (attempts on other numbers, logged or summarised), offSeedSummarised, claimed (the file says every part
 *    solved), entries: [{at, seed, inputs, hints, solution, onSeed, late, try, right, parts, mistakes, problem}],
 *    explanations: [{part, text, mark}]}
 * @param {{props: Props, record: ExerciseRecord, graded: GradedAttempt[], expectedSeed?: number | null, unread?: number, due?: number | null,
 *   lateCounts?: boolean}} exercise
 */
function assessExercise({ props, record, graded, expectedSeed = undefined, unread = 0, due = null, lateCounts = true }) {
  const gradable = props.parts.filter((p) => p.kind !== 'explain').map((p) => p.id);
  const onSeed = onCountedNumbers(expectedSeed);
  const entries = record.log.map((entry, k) => ({
    at: entry.at,
    seed: entry.seed,
    inputs: entry.inputs,
    hints: entry.hints,
    solution: entry.solution,
    onSeed: onSeed(entry),
    late: due !== null && Date.parse(entry.at) > due,
    try: entry.try,
    right: entry.right,
    ...graded[k],
  }));
  const summarised = record.summarised?.count ?? 0;
  const byNumbers = record.summarised?.numbers ?? [];
  const onSeedSummarised = byNumbers.filter(onSeed).reduce((sum, x) => sum + x.count, 0);
  const offSeedSummarised = summarised - onSeedSummarised;
  const attempts = record.attempts + record.variants.reduce((sum, v) => sum + v.attempts, 0);
  // its number among the attempts on these numbers (the earlier ones summarised count too); a file from an earlier
  // page numbers none and kept only its last 20: the first one kept is attempt (attempts − logged + 1), the entries
  // it could not read (unread) aside
  let countedSoFar = 0;
  const numbered = entries.map((e) => {
    if (e.onSeed) countedSoFar += 1;
    const tries = e.try !== undefined ? Math.max(e.try, countedSoFar) : Math.max(0, record.attempts - entries.length - unread) + countedSoFar;
    return { at: e.at, counted: e.onSeed, parts: e.parts, try: tries, hints: e.hints, solution: e.solution };
  });
  const result = exerciseOutcome({
    parts: props.parts,
    entries: numbered,
    events: record.events,
    selfCheck: record.selfCheck,
    alsoAttempted: onSeedSummarised + (expectedSeed === undefined ? attempts : 0),
    due,
    lateCounts,
  });
  // each explanation given (its latest text per part), with the student's own mark beside it
  /** @type {{part: string, text: string, mark: string | null}[]} */
  const explanations = [];
  for (const p of props.parts.filter((x) => x.kind === 'explain')) {
    const texts = [...new Set(entries.filter((e) => e.parts[p.id] === 'explained').map((e) => record.log[entries.indexOf(e)].answers[p.id]))];
    for (const text of texts) explanations.push({ part: p.id, text, mark: result.marks[p.id] ?? null });
  }
  return {
    ...result,
    attempts,
    logged: entries.length,
    summarised,
    offSeed: entries.filter((e) => !e.onSeed).length + offSeedSummarised,
    offSeedSummarised,
    claimed: gradable.length > 0 && gradable.every((id) => record.solved[id] === true),
    // the parts right on the numbers that count, at any time (late or not)
    rightOnSeed: gradable.filter((id) => entries.some((e) => e.onSeed && e.parts[id] === 'right')),
    entries,
    explanations,
  };
}

/** assessExercise on a log graded here (for one exercise, in Node or a worker).
 * @param {{exercises: Kernels, props: Props, record: ExerciseRecord, judged?: Judged, expectedSeed?: number | null, unread?: number,
 *   due?: number | null, lateCounts?: boolean}} exercise */
export function regradeExercise({ exercises, props, record, judged, ...rest }) {
  return assessExercise({ props, record, graded: gradeLog({ exercises, props, log: record.log, judged }), ...rest });
}

/** @param {number} k */
const attemptsText = (k) => `${k} ${k === 1 ? 'attempt' : 'attempts'}`;

/**
 * A student's progress file (read by progress/validate.js) assessed for an assignment ({code, exercises}), from its
 * graded logs (gradeFile's {n: graded}; an exercise missing there is graded as untouched). allProps: {n: props} of
 * every exercise; logSetAside: {n: [entry…]}, the log entries the file's reading set aside (readProgress's); due: the
 * student's due moment (ms) or null; lateCounts; exportedAt: when the file says it was exported ('' when it does not).
 * → {name, code, results: {n: assessExercise's}, flags: [text…]}: flags say what the teacher should look at (no name,
 * another class's code, numbers that do not follow from the class code and the name, a verdict the file states that
 * its answers do not bear out, attempts the file counts but does not hold, and what its consistency checks found).
 * @param {StudentFile & {graded: Record<string, GradedAttempt[]>}} student
 * @typedef {{allProps: Record<string, Props>, state: import('../progress/validate.js').ProgressRecord, assignment: {code: string, exercises: number[]},
 *   logSetAside?: Record<string, unknown[]>, due?: number | null, lateCounts?: boolean, exportedAt?: string, now?: number}} StudentFile
 */
export function assessStudent({ allProps, state, assignment, graded, logSetAside = {}, due = null, lateCounts = true, exportedAt = '', now = Date.now() }) {
  /** @type {string[]} */
  const flags = [];
  const who = state.assignment ?? null;
  if (!who) flags.push('no name or class code in the file: its numbers cannot be checked against the class');
  else if (!sameKey(who.code, assignment.code)) flags.push(`class code “${isolated(who.code)}”, not this class’s “${isolated(assignment.code)}”`);
  /** @type {Record<string, ReturnType<typeof assessExercise>>} */
  const results = {};
  for (const n of assignment.exercises) {
    const props = allProps[n];
    if (!props) continue;
    // an exercise without numbers of its own (no inputs) has one variant: the key's (seed null)
    const expectedSeed = who ? expectedSeedOf({ code: assignment.code, name: who.name, exercises: [n] }, n, props) : undefined;
    // (an exercise the file has no record of is graded as an empty one: untouched)
    const record = state.exercises[n] ?? exerciseRecord({});
    const aside = logSetAside[n]?.length ?? 0;
    const r = assessExercise({ props, record, graded: graded[n] ?? [], expectedSeed, unread: aside, due, lateCounts });
    results[n] = r;
    if (r.offSeed) {
      const off = [...r.entries.filter((e) => !e.onSeed), ...(record.summarised?.numbers ?? []).filter((x) => !onCountedNumbers(expectedSeed)(x))];
      const seeds = [...new Set(off.map((e) => (e.seed === null ? 'the key’s' : e.seed)))];
      flags.push(
        `exercise ${n}: ${attemptsText(r.offSeed)} on numbers that do not follow from the class code ` +
          `and the name (variant ${seeds.slice(0, 3).join(', ')}${seeds.length > 3 ? ', …' : ''}` +
          `${off.some((e) => e.seed === expectedSeed) ? ', or inputs typed over it' : ''})` +
          `${r.offSeedSummarised ? `, ${r.offSeedSummarised} of them practice the file summarises` : ''}, not counted`,
      );
    }
    if (r.claimed && r.rightOnSeed.length < props.parts.filter((p) => p.kind !== 'explain').length)
      flags.push(`exercise ${n}: the file marks it solved, but its answers graded again do not`);
    // every attempt the file counts is in its log, summarised, or set aside as unreadable (named in the file's report)
    if (aside) flags.push(`exercise ${n}: ${attemptsText(aside)} of its log could not be read (named in the file’s report), not graded`);
    const missing = r.attempts - r.logged - r.summarised - aside;
    if (missing > 0) {
      flags.push(
        `exercise ${n}: the file counts ${attemptsText(r.attempts)} but holds ${r.logged + r.summarised + aside}: ` +
          `${missing} not in it${r.entries.some((e) => e.try !== undefined) ? '' : ' (a file from an earlier page kept only the last 20)'}`,
      );
    }
    for (const e of r.entries) if (e.problem) flags.push(`exercise ${n}: an attempt whose ${e.problem}`);
    for (const found of checkLog({ props, record, result: r, unread: aside, exportedAt, due, now })) flags.push(`exercise ${n}: ${found}`);
  }
  return { name: who?.name ?? null, code: who?.code ?? null, results, flags };
}

/** A student's file graded and assessed here (gradeFile, then assessStudent): in Node, or where the kernels are.
 * @param {StudentFile & {exercises: Kernels, judged?: Judged}} student */
export function regradeStudent({ exercises, allProps, state, assignment, judged, ...rest }) {
  const graded = gradeFile({ exercises, allProps, state, numbers: assignment.exercises, judged });
  return assessStudent({ allProps, state, assignment, graded, ...rest });
}
