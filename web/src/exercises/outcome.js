// How an exercise went: the one rule the page (beside each exercise's title), the assignment's banner, the progress
// panel and the teachers' page all read. Its input is an exercise's attempts, each with a verdict per part, from
// whichever source graded them: the page's own marks at Check (the log's `right`, below: recordOutcome), the
// kernels again on the teachers' page (regrade.js), or, for an exercise graded by running kernels, the runs'
// verdicts once they are in; and what was opened when (progress/events.js). No DOM, no kernels.
import { assignedSeed } from '../progress/assignee.js';
import { readAnswer } from './read-answer.js';

/** How an exercise went, in the order a teacher reads them. */
export const OUTCOMES = {
  'first-try': 'solved at the first try',
  tries: 'solved after several tries',
  hints: 'solved after hints',
  solution: 'solved after the solution',
  attempted: 'attempted',
  untouched: 'untouched',
};
const SOLVED = new Set(['first-try', 'tries', 'hints', 'solution']);
/** @param {string} outcome */
export const isSolved = (outcome) => SOLVED.has(outcome);

/** How an outcome reads beside an exercise's title, in the banner and in the progress panel. */
export const STATE_LABELS = {
  solved: '✓ Solved',
  attempted: 'Attempted',
  untouched: 'Not started',
  solvedElsewhere: '✓ Solved on earlier numbers; not yet these', // (the exercise's badge only, outside an assignment: the progress says solved)
};
/** 'solved', 'attempted' or 'untouched': an outcome as the page shows it. @param {string} outcome */
export const stateOf = (outcome) => (isSolved(outcome) ? 'solved' : outcome);

/**
 * The seed an assignment gives exercise n of a student (assignment: {code, name, exercises}): undefined when the
 * assignment does not hold the exercise (no name yet, not assigned: every attempt counts), null for an exercise
 * without numbers of its own (props.inputs empty), else the seed that follows from the class code and the name.
 * @param {{code?: string, name?: string, exercises?: number[]} | null | undefined} assignment  @param {number | string} n
 * @param {{inputs?: Record<string, string>}} props  @returns {number | null | undefined}
 */
export function expectedSeedOf(assignment, n, props) {
  if (!assignment?.name || !assignment.exercises?.includes(Number(n))) return undefined;
  return Object.keys(props.inputs ?? {}).length ? assignedSeed(assignment.code, assignment.name, Number(n)) : null;
}

/** Whether an attempt (or a summarised count: {seed, inputs}) is on the numbers that count: the expected seed, nothing typed over it.
 * @type {(expectedSeed: number | null | undefined) => (x: {seed: number | null, inputs?: Record<string, string> | null}) => boolean} */
export const onCountedNumbers = (expectedSeed) => (x) => expectedSeed === undefined || (x.seed === expectedSeed && !x.inputs);

/** @type {(a: string, b: string) => string} */
const later = (a, b) => (a > b ? a : b);

/**
 * The rule.
 *   parts: the exercise's parts [{id, kind}]
 *   entries: its attempts in log order [{at, counted, parts: {id: 'right' | 'wrong' | 'not graded' | 'explained'}, try,
 *            hints, solution}]: counted, whether it is on the numbers that count (onCountedNumbers); try, its number
 *            among the attempts on its numbers
 *   events: the record's openings and self-marks (progress/events.js), or undefined for a file from an earlier page
 *            (then the attempts' own hints and solution say what was open, and selfCheck the marks)
 *   selfCheck: the record's marks {part: 'yes' | 'partly' | 'no'}, read only when there are no events
 *   alsoAttempted: attempts that count but are not among the entries (practice summarised on the counted numbers)
 *   due: the due moment (ms) or null; lateCounts: whether what was done after it counts (the teacher's choice)
 * An exercise is solved once every part graded by the page or the kernels has been right in counted attempts and
 * every explanation has been given in one and marked "I had it" (its latest mark); it was solved after the solution
 * when a worked solution was opened (or the key printed) before that moment, after hints when a hint was, else at
 * the first try or after several.
 * → {outcome (a key of OUTCOMES), tries (the try that completed it, or null), solvedAt (that entry's index, or null),
 *    at (the moment it was solved, ISO text, or ''), late (solved after the due date), lateAttempts (counted attempts
 *    after it), marks ({part: mark}, the self-marks read), right (parts right in counted attempts)}
 * @param {{parts: {id: string, kind: string}[], entries: OutcomeEntry[], events?: import('../progress/events.js').ExerciseEvent[],
 *   selfCheck?: Record<string, string>, alsoAttempted?: number, due?: number | null, lateCounts?: boolean}} exercise
 * @typedef {{at: string, counted: boolean, parts: Record<string, string>, try?: number, hints: number, solution: boolean}} OutcomeEntry
 */
export function exerciseOutcome({ parts, entries, events, selfCheck = {}, alsoAttempted = 0, due = null, lateCounts = true }) {
  /** @param {string} at */
  const isLate = (at) => due !== null && Date.parse(at) > due;
  /** @param {string} at */
  const inTime = (at) => lateCounts || !isLate(at);
  /** @param {OutcomeEntry} e */
  const counts = (e) => e.counted && inTime(e.at);
  const gradable = parts.filter((p) => p.kind !== 'explain').map((p) => p.id);
  const explain = parts.filter((p) => p.kind === 'explain').map((p) => p.id);

  /** @type {Set<string>} */
  const right = new Set();
  /** @type {Set<string>} */
  const explained = new Set();
  /** @type {number | null} */
  let solvedAt = null;
  let countedSoFar = 0;
  /** @type {number | null} */
  let tries = null;
  entries.forEach((e, k) => {
    if (!counts(e)) return;
    countedSoFar += 1;
    for (const [id, verdict] of Object.entries(e.parts)) {
      if (verdict === 'right') right.add(id);
      if (verdict === 'explained') explained.add(id);
    }
    if (solvedAt === null && gradable.every((id) => right.has(id)) && explain.every((id) => explained.has(id))) {
      solvedAt = k;
      tries = e.try ?? countedSoFar;
    }
  });

  /** @type {Record<string, string>} */
  const marks = {};
  /** @type {Record<string, string>} */
  const markedAt = {};
  if (events) {
    for (const e of events) {
      if (e.kind !== 'self' || !inTime(e.at)) continue;
      marks[/** @type {string} */ (e.part)] = /** @type {string} */ (e.mark);
      markedAt[/** @type {string} */ (e.part)] = e.at;
    }
  } else Object.assign(marks, selfCheck);

  const attempted = entries.some(counts) || alsoAttempted > 0;
  const base = {
    tries: /** @type {number | null} */ (null),
    solvedAt: /** @type {number | null} */ (null),
    at: '',
    late: false,
    lateAttempts: entries.filter((e) => e.counted && isLate(e.at)).length,
    marks,
    right: [...right],
  };
  if (solvedAt === null || !explain.every((id) => marks[id] === 'yes')) return { ...base, outcome: attempted ? 'attempted' : 'untouched' };

  const at = explain.reduce((t, id) => later(t, markedAt[id] ?? ''), entries[solvedAt].at);
  const upTo = entries.slice(0, solvedAt + 1);
  /** @param {string[]} kinds */
  const before = (kinds) => (events ?? []).some((e) => kinds.includes(e.kind) && e.at <= at);
  const solution = before(['solution', 'key']) || upTo.some((e) => e.solution);
  const hints = before(['hint']) || upTo.some((e) => e.hints > 0);
  const outcome = solution ? 'solution' : hints ? 'hints' : tries === 1 ? 'first-try' : 'tries';
  return { ...base, outcome, tries, solvedAt, at, late: isLate(at) };
}

/**
 * The page's own verdicts on a logged attempt: the parts it marked right at Check (`right`), the others it graded
 * wrong, an explanation given. An entry from an earlier page (no `right`) is read from the record's solved parts.
 * @param {{answers: Record<string, string>, right?: string[]}} entry  @param {{parts: {id: string, kind: string}[]}} props
 * @param {Record<string, unknown>} solved
 */
function pageVerdicts(entry, props, solved) {
  /** @type {Record<string, string>} */
  const parts = {};
  for (const [id, text] of Object.entries(entry.answers)) {
    const part = props.parts.find((p) => p.id === id);
    if (!part) continue;
    if (part.kind === 'explain') {
      if (readAnswer(part, text).value !== undefined) parts[id] = 'explained';
    } else parts[id] = (entry.right ? entry.right.includes(id) : solved[id] === true) ? 'right' : 'wrong';
  }
  return parts;
}

/**
 * An exercise's outcome as the page reads it from its saved record: the log's attempts with the page's own
 * marks, through the one rule. expectedSeed: expectedSeedOf's (undefined: every attempt counts). due: the
 * assignment's due date (ms) or null.
 * @param {{record: OutcomeRecord, props: {parts: {id: string, kind: string}[]}, expectedSeed?: number | null, due?: number | null}} exercise
 * @typedef {{log?: import('../progress/attempt-log.js').LogEntry[], solved?: Record<string, unknown>,
 *   summarised?: import('../progress/attempt-log.js').Summarised, attempts?: number, variants?: {attempts: number}[],
 *   events?: import('../progress/events.js').ExerciseEvent[], selfCheck?: Record<string, string>}} OutcomeRecord  an exercise's saved record
 */
export function recordOutcome({ record, props, expectedSeed, due = null }) {
  const counted = onCountedNumbers(expectedSeed);
  /** @type {OutcomeEntry[]} */
  const entries = (record.log ?? []).map((e) => ({
    at: e.at,
    counted: counted(e),
    parts: pageVerdicts(e, props, record.solved ?? {}),
    try: e.try,
    hints: e.hints,
    solution: e.solution,
  }));
  const summarised = (record.summarised?.numbers ?? []).filter(counted).reduce((sum, x) => sum + x.count, 0);
  const attempts = (record.attempts ?? 0) + (record.variants ?? []).reduce((sum, v) => sum + v.attempts, 0);
  if (expectedSeed === undefined) {
    // outside an assignment an earlier page's record may hold attempts its log no longer does (it kept the last 20):
    // the parts it marked solved stand for them, before the log
    const logged = entries.length + (record.summarised?.count ?? 0);
    const solvedParts = Object.keys(record.solved ?? {}).filter((id) => record.solved[id]);
    if (attempts > logged && solvedParts.length) {
      /** @param {string} id */
      const verdict = (id) => (props.parts.find((p) => p.id === id)?.kind === 'explain' ? 'explained' : 'right');
      entries.unshift({ at: '', counted: true, parts: Object.fromEntries(solvedParts.map((id) => [id, verdict(id)])), hints: 0, solution: false });
    }
  }
  return exerciseOutcome({
    parts: props.parts,
    entries,
    events: record.events,
    selfCheck: record.selfCheck ?? {},
    due,
    alsoAttempted: summarised + (expectedSeed === undefined ? attempts : 0),
  });
}
