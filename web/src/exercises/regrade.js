// A student's saved work graded again, as the teachers' page grades it: every attempt in an exercise's log is
// read as the student typed it and graded by the kernels against the numbers it was made on (its variant seed
// and any inputs typed over them), exactly as the exercise graded it at Check. The verdicts the file itself
// states (solved, checked) count for nothing. No DOM.
import { exerciseRecord } from '../progress/validate.js';
import { gradeChoice, refusalOf } from './check.js';
import { isNumeric, readAnswer } from './read-answer.js';
import { assignedSeed, sameKey } from './assignment.js';
import { WIRING_KIND, designGrade } from './design.js';
import { isolated } from '../ui/bidi.js';
import { questionNumbers, toKernel, toKernelInputs } from './values.js';

/** How an exercise went, in the order a teacher reads them. */
export const OUTCOMES = {
  'first-try': 'solved at the first try',
  tries: 'solved after several tries',
  hints: 'solved after hints',
  solution: 'solved after the solution',
  attempted: 'attempted',
  untouched: 'untouched',
};

/** The numbers a logged attempt was made on (its variant seed and any inputs typed over it), as the kernels take them. */
export function attemptNumbers(exercises, props, entry) {
  const variant = entry.seed === null ? null : exercises.variant(props.n, entry.seed);
  return toKernelInputs(questionNumbers(props, variant, entry.inputs ?? {}).inputs);
}

/**
 * One logged attempt graded again. → {parts: {id: 'right' | 'wrong' | 'not graded' | 'explained'}, problem}
 * ('not graded': what the exercise would not have counted: unreadable, a wrong shape, too few digits;
 * problem: why the attempt's numbers cannot be rebuilt, or its design was not run, else ''). judged(n, kernelInputs,
 * wiring): a design's verdict from its runs made again, {error} when it could not be run, undefined when not yet.
 */
export function regradeAttempt({ exercises, props, entry, judged }) {
  const parts = {};
  let kernelInputs = null;
  let problem = '';
  const numeric = props.parts.some((p) => isNumeric(p.kind) || p.kind === WIRING_KIND);
  if (numeric) {
    try {
      kernelInputs = attemptNumbers(exercises, props, entry);
      exercises.solve(props.n, kernelInputs); // numbers the exercise would refuse are not graded
    } catch (error) {
      kernelInputs = null;
      problem = `its numbers cannot be rebuilt (${error.message})`;
    }
  }
  for (const [id, text] of Object.entries(entry.answers)) {
    const part = props.parts.find((p) => p.id === id);
    if (!part) continue; // a part this build does not have
    const r = readAnswer(part, text);
    if (r.empty) continue;
    if (r.error) parts[id] = 'not graded';
    else if (part.kind === 'explain') parts[id] = 'explained';
    else if (part.kind === 'choice' || part.kind === 'multi') parts[id] = gradeChoice(part, r.value).ok ? 'right' : 'wrong';
    else if (!kernelInputs) parts[id] = 'not graded';
    else if (part.kind === WIRING_KIND) {
      // a design is graded by running it: `judged` holds the verdicts of the runs made again (exercises/design.js)
      const g = designGrade(judged?.(props.n, kernelInputs, r.value));
      parts[id] = g.verdict;
      problem ||= g.problem;
    }
    else {
      const g = exercises.grade(props.n, kernelInputs, id, toKernel(r.value, r.ulp));
      parts[id] = refusalOf(g, text) ? 'not graded' : g.correct ? 'right' : 'wrong';
    }
  }
  return { parts, problem };
}

/**
 * An exercise's record graded again from its log. `expectedSeed`: the seed the assignment gives this student
 * (undefined when there is no assignment to hold it to); attempts on other numbers are graded and counted
 * apart, not towards the outcome. `unread`: entries of the log the file's reading set aside. The log keeps every attempt a teacher needs (progress/attempt-log.js); the
 * practice it summarised is counted, by numbers.
 * → {outcome (a key of OUTCOMES), tries (the attempt that solved it, counted as the exercise counted it),
 *    attempts (as the file counts them, over all numbers), logged, summarised (practice counted, not logged),
 *    offSeed (attempts on other numbers, logged or summarised), offSeedSummarised, claimed (the file says every
 *    part solved), entries: [{at, seed, hints, solution, onSeed, parts, problem}], explanations: [text…]}
 */
export function regradeExercise({ exercises, props, record, expectedSeed, unread = 0, judged }) {
  const gradable = props.parts.filter((p) => p.kind !== 'explain').map((p) => p.id);
  // the assignment's numbers: its seed, and nothing typed over them
  const onSeed = (x) => expectedSeed === undefined || (x.seed === expectedSeed && !x.inputs);
  const entries = record.log.map((entry) => ({
    at: entry.at,
    seed: entry.seed,
    hints: entry.hints,
    solution: entry.solution,
    onSeed: onSeed(entry),
    ...regradeAttempt({ exercises, props, entry, judged }),
  }));
  const right = new Set();
  let solvedAt = -1;
  entries.forEach((e, k) => {
    if (!e.onSeed || solvedAt >= 0) return;
    for (const [id, verdict] of Object.entries(e.parts)) if (verdict === 'right') right.add(id);
    if (gradable.length && gradable.every((id) => right.has(id))) solvedAt = k;
  });
  const counted = entries.filter((e) => e.onSeed);
  const summarised = record.summarised?.count ?? 0;
  const byNumbers = record.summarised?.numbers ?? [];
  const onSeedSummarised = byNumbers.filter(onSeed).reduce((sum, x) => sum + x.count, 0);
  const offSeedSummarised = summarised - onSeedSummarised;
  const attempts = record.attempts + record.variants.reduce((sum, v) => sum + v.attempts, 0);
  let outcome = counted.length || onSeedSummarised || (expectedSeed === undefined && attempts) ? 'attempted' : 'untouched';
  let tries = null;
  if (solvedAt >= 0) {
    const e = entries[solvedAt];
    const upTo = entries.slice(0, solvedAt + 1).filter((x) => x.onSeed).length;
    // its number among the attempts on these numbers (the earlier ones summarised count too); a file from an
    // earlier page numbers none, and kept only its last 20: the first one kept is attempt (attempts − logged + 1),
    // the entries it could not read (unread) aside
    const tried = record.log[solvedAt].try;
    tries = tried !== undefined ? Math.max(tried, upTo) : Math.max(0, record.attempts - entries.length - unread) + upTo;
    outcome = e.solution ? 'solution' : e.hints > 0 ? 'hints' : tries === 1 ? 'first-try' : 'tries';
  }
  const explanations = [...new Set(entries.flatMap((e, k) =>
    Object.entries(e.parts).filter(([, v]) => v === 'explained').map(([id]) => record.log[k].answers[id])))];
  return {
    outcome,
    tries,
    attempts,
    logged: entries.length,
    summarised,
    offSeed: entries.length - counted.length + offSeedSummarised,
    offSeedSummarised,
    claimed: gradable.length > 0 && gradable.every((id) => record.solved[id] === true),
    entries,
    explanations,
  };
}

const attemptsText = (k) => `${k} ${k === 1 ? 'attempt' : 'attempts'}`;

const SOLVED = new Set(['first-try', 'tries', 'hints', 'solution']);
export const isSolved = (outcome) => SOLVED.has(outcome);

/**
 * A student's progress file (read by progress/validate.js) graded again for an assignment ({code, exercises}).
 * allProps: {n: props} of every exercise; logSetAside: {n: [entry…]}, the log entries the file's reading set
 * aside (readProgress's). → {name, code, results: {n: regradeExercise's}, flags: [text…]}: flags say what the
 * teacher should look at (no name, another class's code, numbers that do not follow from the class code and the
 * name, a verdict the file states that its answers do not bear out, attempts the file counts but does not hold).
 */
export function regradeStudent({ exercises, allProps, state, assignment, logSetAside = {}, judged }) {
  const flags = [];
  const who = state.assignment ?? null;
  if (!who) flags.push('no name or class code in the file: its numbers cannot be checked against the class');
  else if (!sameKey(who.code, assignment.code)) flags.push(`class code “${isolated(who.code)}”, not this class’s “${isolated(assignment.code)}”`);
  const results = {};
  for (const n of assignment.exercises) {
    const props = allProps[n];
    if (!props) continue;
    // an exercise without numbers of its own (no inputs) has one variant: the key's (seed null)
    const varies = Object.keys(props.inputs).length > 0;
    const expectedSeed = !who ? undefined : varies ? assignedSeed(assignment.code, who.name, n) : null;
    // (an exercise the file has no record of is graded as an empty one: untouched)
    const aside = logSetAside[n]?.length ?? 0;
    const r = regradeExercise({ exercises, props, record: state.exercises[n] ?? exerciseRecord({}), expectedSeed, unread: aside, judged });
    results[n] = r;
    if (r.offSeed) {
      const off = [...r.entries.filter((e) => !e.onSeed), ...(state.exercises[n]?.summarised?.numbers ?? [])
        .filter((x) => !(x.seed === expectedSeed && !x.inputs))];
      const seeds = [...new Set(off.map((e) => (e.seed === null ? 'the key’s' : e.seed)))];
      flags.push(`exercise ${n}: ${attemptsText(r.offSeed)} on numbers that do not follow from the class code ` +
        `and the name (variant ${seeds.slice(0, 3).join(', ')}${seeds.length > 3 ? ', …' : ''}` +
        `${off.some((e) => e.seed === expectedSeed) ? ', or inputs typed over it' : ''})` +
        `${r.offSeedSummarised ? `, ${r.offSeedSummarised} of them practice the file summarises` : ''}, not counted`);
    }
    if (r.claimed && !isSolved(r.outcome)) flags.push(`exercise ${n}: the file marks it solved, but its answers graded again do not`);
    // every attempt the file counts is in its log, summarised, or set aside as unreadable (named in the file's report)
    if (aside) flags.push(`exercise ${n}: ${attemptsText(aside)} of its log could not be read (named in the file’s report), not graded`);
    const missing = r.attempts - r.logged - r.summarised - aside;
    if (missing > 0) {
      flags.push(`exercise ${n}: the file counts ${attemptsText(r.attempts)} but holds ${r.logged + r.summarised + aside}: ` +
        `${missing} not in it${r.entries.some((e, k) => state.exercises[n].log[k].try !== undefined) ? '' : ' (a file from an earlier page kept only the last 20)'}`);
    }
    for (const e of r.entries) if (e.problem) flags.push(`exercise ${n}: an attempt whose ${e.problem}`);
  }
  return { name: who?.name ?? null, code: who?.code ?? null, results, flags };
}
