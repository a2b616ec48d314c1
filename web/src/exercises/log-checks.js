// A progress file's exercise checked against itself, for the teachers' page: the page that wrote it keeps its
// parts in step (an attempt's marks are the kernels' grades, its counts are its log's, what it says was open is
// what its openings say), so a file edited by hand shows where the edit did not keep them in step. Each mismatch
// is named with what was found. What such checks cannot see is said on the teachers' page (UNDETECTABLE).
// No DOM, no kernels: the attempts' verdicts come graded (regrade.js assessExercise).
import { MAX_LOG_ANSWER_CHARS, FIRST_TRIES, numbersKey } from '../progress/attempt-log.js';
import { selfMarks } from '../progress/events.js';

/** What a file's checks cannot see, in the teachers' page's words. */
export const UNDETECTABLE = [
  'an answer changed together with everything that records it (the attempt’s marks, the exercise’s solved and last-checked parts, its counts), consistently',
  'the last attempts removed together with their counts',
  'openings of hints or the worked solution removed together with every attempt’s note of them',
  'times changed consistently (a device’s clock can be set to anything), so late work made to look early',
  'a file written from scratch by someone who has read this page’s code, or work done by someone else on the student’s device',
];

const MAX_SAID = 3; // mismatches of one kind said one by one; the rest counted
const CHANGE_LAG_MS = 5_000; // a record's change is stamped in the step that logs its attempt (widgets/exercise logAttempt): ms

/** An ISO time to the minute, as the flags write it: "2026-12-01 10:04". @type {(iso: string) => string} */
const minute = (iso) => iso.slice(0, 16).replace('T', ' ');
/** Times said together: to the minute, or to the second when two of them fall in one minute (so they read apart). */
const together = (/** @type {string[]} */ ...isos) =>
  new Set(isos.map(minute)).size < isos.length ? isos.map((t) => t.slice(0, 19).replace('T', ' ')) : isos.map(minute);

// "attempt 3 (2026-12-01 10:04)"
/** @type {(k: number, at: unknown) => string} */
const attemptName = (k, at) => `attempt ${k + 1} of its log (${String(at).slice(0, 16).replace('T', ' ')})`;

// Mismatches of one kind: the first few said, the rest counted.
/** @param {string[]} found  @param {string} what */
function some(found, what) {
  if (!found.length) return [];
  const rest = found.length - MAX_SAID;
  return [`${what}: ${found.slice(0, MAX_SAID).join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`];
}

/**
 * The mismatches of one exercise's record. result: assessExercise's (entries with their verdicts); unread: log
 * entries set aside; exportedAt: when the file says it was exported ('' when it does not); due: the student's due
 * moment (ms) or null; now: the teacher's clock.
 * → [text…], each a mismatch found and where
 * @param {{props: {parts: {id: string, kind: string}[]}, record: CheckedRecord, result: Assessed, unread?: number, exportedAt?: string,
 *   due?: number | null, now?: number}} file
 * @returns {string[]}
 * @typedef {{at: string, seed: number | null, inputs?: Record<string, string> | null, hints: number, solution: boolean, right?: string[],
 *   try?: number, parts: Record<string, string>, onSeed?: boolean}} AssessedEntry  an attempt with its parts' verdicts ('right',
 *   'wrong', …: regrade.js assessExercise)
 * @typedef {{entries: AssessedEntry[], logged: number, summarised: number, attempts: number, claimed?: unknown}} Assessed
 * @typedef {{solved: Record<string, unknown>, checked?: Record<string, string>, log: import('../progress/attempt-log.js').LogEntry[],
 *   events?: import('../progress/events.js').ExerciseEvent[], selfCheck: Record<string, string>, changedAt?: string}} CheckedRecord  the exercise's record in the file
 */
export function checkLog({ props, record, result, unread = 0, exportedAt = '', due = null, now = Date.now() }) {
  /** @type {string[]} */
  const out = [];
  const { entries } = result;
  const gradable = props.parts.filter((p) => p.kind !== 'explain').map((p) => p.id);
  const fromThisPage = entries.some((e) => e.try !== undefined); // an earlier page's file numbers no attempt

  // counts against the log
  const held = result.logged + result.summarised + unread;
  if (result.attempts < held) out.push(`the file counts ${result.attempts} attempts, fewer than the ${held} its log holds`);

  // each attempt's marks against its grades
  /** @type {string[]} */
  const marks = [];
  entries.forEach((e, k) => {
    if (!e.right) return;
    for (const id of gradable) {
      const verdict = e.parts[id];
      if (verdict !== 'right' && verdict !== 'wrong') continue;
      const marked = e.right.includes(id);
      if (marked !== (verdict === 'right')) marks.push(`${attemptName(k, e.at)} marks ${id} ${marked ? 'right' : 'wrong'}, graded again it is ${verdict}`);
    }
  });
  out.push(...some(marks, 'an answer and its mark disagree (the answer was changed after it was checked)'));

  // the exercise's solved parts against its log (the page never evicts the first right answer of a part)
  if (fromThisPage && !unread && !result.claimed) {
    /** @type {string[]} */
    const solved = [];
    for (const id of gradable) {
      const everRight = entries.some((e) => e.parts[id] === 'right');
      if (record.solved[id] === true && !everRight) solved.push(`${id} is marked solved, but no attempt of its log answers it right`);
      if (record.solved[id] !== true && everRight) solved.push(`its log answers ${id} right, but the file does not mark it solved`);
    }
    out.push(...some(solved, 'its solved parts disagree with its log'));
  }

  // the answers it last checked, against its attempts
  const lastChecked = Object.entries(record.checked ?? {}).filter(
    ([id, text]) => !entries.some((e, k) => record.log[k].answers[id] === text.slice(0, MAX_LOG_ANSWER_CHARS)),
  );
  if (fromThisPage && !unread && lastChecked.length) {
    out.push(`the answer it last checked for ${lastChecked.map(([id]) => id).join(', ')} is in none of its logged attempts`);
  }

  // times in order (the page logs each attempt after the one before it: one out of order is said with both times),
  // none after the record's last change, after the file was exported or in the teacher's future
  const times = entries.map((e) => e.at);
  /** @type {string[]} */
  const disorder = [];
  times.forEach((t, k) => {
    if (k > 0 && t < times[k - 1]) {
      // (in one minute, to the second: "10:02 is earlier than 10:02" said nothing)
      const [later, earlier] = together(t, times[k - 1]);
      disorder.push(`attempt ${k + 1} of its log (${later}) is earlier than attempt ${k} of its log (${earlier}), logged before it`);
    }
  });
  out.push(...some(disorder, 'its attempts are not in time order'));
  const events = record.events;
  const eventDisorder = (events ?? []).findIndex((e, k) => k > 0 && e.at < events[k - 1].at);
  if (eventDisorder > 0) out.push(`its openings are not in time order (opening ${eventDisorder + 1})`);
  const latest = [...times, ...(events ?? []).map((e) => e.at)].reduce((a, b) => (a > b ? a : b), '');
  const changed = record.changedAt ?? '';
  if (changed && latest > changed) out.push(`it holds a time (${together(latest, changed).join(') after its record’s last change (')})`);
  else if (exportedAt && latest > exportedAt) out.push(`it holds a time (${together(latest, exportedAt).join(') after the file says it was exported (')})`);
  else if (latest && Date.parse(latest) > now + 86_400_000) out.push(`it holds a time in the future (${minute(latest)})`);
  // the record changed after the due date, with nothing it logs after it (issue 51: one attempt's time moved from 18:01
  // to 17:55 took away its late mark without a word): an answer typed and not checked, or a time edited. (Showing the
  // exercise again changes nothing; an earlier page's file has no stamp.)
  const changedLate = changed && due !== null && Date.parse(changed) > due;
  const loggedOnTime = latest && Date.parse(latest) <= due && Date.parse(changed) - Date.parse(latest) > CHANGE_LAG_MS;
  if (changedLate && loggedOnTime && !unread) {
    const [c, d, l] = together(changed, new Date(due).toISOString(), latest);
    out.push(
      `its record last changed at ${c}, after the due date (${d}), but the latest time it logs is ${l}: ` +
        'an answer typed after the due date and not checked, or an attempt’s time edited',
    );
  }

  // attempt numbers: rising on each numbers; on the numbers that count, the first ones never evicted
  /** @type {Map<string, number>} */
  const lastTry = new Map();
  /** @type {string[]} */
  const numbering = [];
  entries.forEach((e, k) => {
    if (e.try === undefined) return;
    const key = numbersKey(e);
    if (e.try <= (lastTry.get(key) ?? 0)) numbering.push(`${attemptName(k, e.at)} is numbered ${e.try} after ${lastTry.get(key)}`);
    lastTry.set(key, e.try);
  });
  const counted = entries.filter((e) => e.onSeed && e.try !== undefined);
  counted.slice(0, FIRST_TRIES).forEach((e, k) => {
    if (e.try !== k + 1) numbering.push(`its attempt number ${k + 1} on the numbers that count is missing (the next kept is number ${e.try})`);
  });
  out.push(...some([...new Set(numbering)].slice(0, 10), 'its attempts’ numbers have gaps or repeats (attempts removed)'));

  // what the attempts say was open, against the openings logged
  if (fromThisPage && events === undefined && entries.length) {
    out.push(
      'it holds no log of openings (hints, worked solution, key): a file from an earlier page, or the log removed; what was open is read from its attempts alone',
    );
  }
  if (events) {
    /** @type {string[]} */
    const opened = [];
    entries.forEach((e, k) => {
      const before = events.filter((x) => x.at <= e.at);
      const solution = before.find((x) => x.kind === 'solution' || x.kind === 'key');
      if (solution && !e.solution)
        opened.push(`the worked solution was opened at ${solution.at.slice(0, 16).replace('T', ' ')}, but ${attemptName(k, e.at)} says it was not`);
      if (!solution && e.solution) opened.push(`${attemptName(k, e.at)} says the worked solution was open, but no opening of it is logged before it`);
      const hintsLogged = new Set(before.filter((x) => x.kind === 'hint').map((x) => x.hint)).size;
      if (e.hints > hintsLogged)
        opened.push(`${attemptName(k, e.at)} says ${e.hints} hints were shown, but ${hintsLogged} openings of hints are logged before it`);
    });
    out.push(...some(opened, 'what its attempts say was open disagrees with its openings'));
    const logged = selfMarks(events);
    const differ = Object.keys({ ...logged, ...record.selfCheck }).filter((id) => (logged[id] ?? null) !== (record.selfCheck[id] ?? null));
    if (differ.length)
      out.push(
        `its self-marks (${differ.map((id) => `${id}: ${record.selfCheck[id] ?? 'none'}`).join(', ')}) are not the last ones it logged (${differ.map((id) => `${id}: ${logged[id] ?? 'none'}`).join(', ')})`,
      );
  }
  return out;
}
