// A class's files read as a gradebook, for the teachers' page: each file assessed for the teacher's settings (the
// assignment, extensions, whether late attempts count, points, the penalty for a worked solution seen first), files
// of one student or of one piece of work grouped and shown once, a roster matched, per-exercise statistics, and the
// two CSVs. Pure: no DOM, no kernels (the files come graded: regrade.js gradeFile, in the page's workers); the page
// runs assessFile a few files at a time, so the tab stays responsive for any class.
import { assignedSeed, dueAt, nameKey, readName } from '../progress/assignee.js';
import { dueFor, dueText } from '../exercises/assignment.js';
import { OUTCOMES, expectedSeedOf, isSolved, onCountedNumbers } from '../exercises/outcome.js';
import { assessStudent } from '../exercises/regrade.js';
import { isolated, visibleControls } from '../text/bidi.js';

const MAX_POINTS = 1000;

/** Points per exercise as a teacher writes them ("4: 2, 11: 0.5"; the others are worth 1). → {value: {n: points}, problems} */
export function readPoints(text, exercises) {
  const value = Object.fromEntries(exercises.map((n) => [n, 1]));
  const problems = [];
  for (const item of String(text ?? '')
    .split(/[,;\n]+/)
    .map((t) => t.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,3})\s*[:=]\s*(\d+(?:\.\d+)?)$/.exec(item);
    if (!m || !exercises.includes(Number(m[1])) || Number(m[2]) > MAX_POINTS) {
      problems.push(`“${isolated(item.slice(0, 20))}” is not an assigned exercise’s points (4: 2)`);
      continue;
    }
    value[Number(m[1])] = Number(m[2]);
  }
  return { value, problems };
}

/** A penalty in percent ("50"), from 0 to 100. → {ok, value (a fraction)} | {ok: false, message} */
export function readPenalty(text) {
  const t = String(text ?? '')
    .trim()
    .replace(/\s*%$/, '');
  if (!t) return { ok: true, value: 0 };
  const v = /^\d+(?:\.\d+)?$/.test(t) ? Number(t) : NaN;
  return v >= 0 && v <= 100 ? { ok: true, value: v / 100 } : { ok: false, message: 'a penalty is a percentage from 0 to 100' };
}

/**
 * A roster pasted from a spreadsheet or typed: one student a line, a name and an ID separated by a tab, a comma or a
 * semicolon (an ID alone is a student known by it). → {value: [{name, id}], problems}
 */
export function readRoster(text) {
  const value = [];
  const problems = [];
  String(text ?? '')
    .split(/\r?\n/)
    .forEach((line, k) => {
      if (!line.trim()) return;
      // a spreadsheet's tab, else a semicolon, else the last comma ("Lovelace, Ada, 12345": the name keeps its comma)
      const cut = line.includes('\t') ? line.indexOf('\t') : line.includes(';') ? line.indexOf(';') : line.lastIndexOf(',');
      const [first, second] = cut < 0 ? [line.trim(), ''] : [line.slice(0, cut).trim(), line.slice(cut + 1).trim()];
      const name = readName(first);
      const id = second.replace(/\s+/g, ' ').slice(0, 80);
      if (!name.ok) problems.push(`line ${k + 1}: ${name.message}`);
      else value.push({ name: name.value, id: id || name.value });
    });
  return { value, problems };
}

// A short fingerprint of a file's work (every attempt's time, numbers and answers, every opening): files that hold
// the same work under different names share it. null for a file with no attempt.
function fingerprint(state) {
  const work = Object.entries(state.exercises)
    .filter(([, r]) => r.log.length)
    .map(([n, r]) => [n, r.log.map((e) => [e.at, e.seed, e.inputs, e.answers]), r.events ?? null]);
  if (!work.length) return null;
  let h = 0x811c9dc5;
  const text = JSON.stringify(work);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${h.toString(16)}:${text.length}`;
}

// The latest time a file's work holds (its last attempt or opening), else when it says it was exported.
function lastWork(state, exportedAt) {
  let latest = '';
  for (const r of Object.values(state.exercises)) {
    for (const e of r.log) if (e.at > latest) latest = e.at;
    for (const e of r.events ?? []) if (e.at > latest) latest = e.at;
  }
  return latest || exportedAt || '';
}

const round2 = (x) => Math.round(x * 100) / 100;

const attemptsText = (k) => `${k} ${k === 1 ? 'attempt' : 'attempts'}`;

// The flag assessStudent (exercises/regrade.js) gives attempts on other numbers than the student's: here they are
// practice, said in the exercise's cell, and flagged only when they are on another student's numbers (groupStudents).
const offNumbersFlag = (n, k) => `exercise ${n}: ${attemptsText(k)} on numbers that do not follow from the class code and the name`;

// An exercise's attempts on other numbers than the student's, logged and summarised: [{seed, typed, count}]
function otherNumbers(state, n, r, assignment, props) {
  const who = state.assignment;
  const counted = onCountedNumbers(who ? expectedSeedOf({ code: assignment.code, name: who.name, exercises: [n] }, n, props) : undefined);
  return [
    ...r.entries.filter((e) => !e.onSeed).map((e) => ({ seed: e.seed, typed: !!e.inputs, count: 1 })),
    ...(state.exercises[n]?.summarised?.numbers ?? []).filter((x) => !counted(x)).map((x) => ({ seed: x.seed, typed: !!x.inputs, count: x.count })),
  ];
}

/**
 * One file assessed for the settings. file: {id, name (the file's), state, logSetAside, exportedAt, graded};
 * settings: {assignment: {code, exercises, due}, extensions: [{name, due}], lateCounts, points: {n}, penalty}.
 * An exercise solved only after the due date, when late work does not count, is said so (its result's solvedLate:
 * the student's own page says "✓ Solved (late)"); attempts on other numbers than the student's are practice,
 * counted apart (otherNumbers: {n: [{seed, typed, count}]}), not flagged here (groupStudents flags those on another
 * student's). → {file, fileId, name, code, results, flags, points: {n: points}, total, lateAttempts, due, lastWork,
 * fingerprint, otherNumbers}
 */
export function assessFile(file, settings, allProps, now = Date.now()) {
  const who = file.state.assignment?.name ?? null;
  const due = dueFor(settings.assignment.due, settings.extensions, who);
  const student = {
    allProps,
    state: file.state,
    assignment: settings.assignment,
    graded: file.graded,
    logSetAside: file.logSetAside,
    due: dueAt(due),
    exportedAt: file.exportedAt ?? '',
    now,
  };
  const a = assessStudent({ ...student, lateCounts: settings.lateCounts });
  /** @type {Record<string, (typeof a.results)[string] & {solvedLate?: boolean}>} */
  const results = { ...a.results };
  // late work not counted: which exercises it solved (assessed again with it counted; no kernels, cheap)
  const unsolvedLate = Object.values(a.results).some((r) => r.lateAttempts && !isSolved(r.outcome));
  if (!settings.lateCounts && unsolvedLate) {
    const counted = assessStudent({ ...student, lateCounts: true });
    for (const [n, r] of Object.entries(a.results)) {
      if (!isSolved(r.outcome) && isSolved(counted.results[n]?.outcome)) results[n] = { ...r, solvedLate: true };
    }
  }
  const others = {};
  const flags = [...a.flags];
  // an extension the student's own link gave them (their page showed it), which the teacher's list does not hold:
  // both dates said, this page's the one graded by
  const carried = file.state.assignment?.extension;
  if (carried && who !== null && nameKey(carried.name) === nameKey(who) && dueAt(carried.due) !== dueAt(due)) {
    const listed = settings.extensions.some((x) => nameKey(x.name) === nameKey(who));
    flags.push(
      `the file carries an extension to ${dueText(carried.due)} (the student’s own link), ` +
        (listed
          ? `but your list of extensions gives ${dueText(due)}: graded by your list`
          : `not on your list of extensions: graded by ${due ? `the class’s due date, ${dueText(due)}` : 'no due date'}`),
    );
  }
  for (const n of settings.assignment.exercises) {
    const r = a.results[n];
    if (!r?.offSeed) continue;
    others[n] = otherNumbers(file.state, n, r, settings.assignment, allProps[n]);
    const k = flags.findIndex((f) => f.startsWith(offNumbersFlag(n, r.offSeed)));
    if (k >= 0) flags.splice(k, 1);
  }
  const points = {};
  for (const n of settings.assignment.exercises) {
    const r = a.results[n];
    const worth = settings.points[n] ?? 1;
    points[n] = r && isSolved(r.outcome) ? round2(worth * (r.outcome === 'solution' ? 1 - settings.penalty : 1)) : 0;
  }
  return {
    file: file.name,
    fileId: file.id,
    name: a.name,
    code: a.code,
    results,
    flags,
    points,
    total: round2(Object.values(points).reduce((s, p) => s + p, 0)),
    lateAttempts: Object.values(a.results).reduce((s, r) => s + r.lateAttempts, 0),
    due,
    lastWork: lastWork(file.state, file.exportedAt),
    fingerprint: fingerprint(file.state),
    otherNumbers: others,
  };
}

const when = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : 'no date');
const fileList = (xs) => xs.map((x) => `${isolated(visibleControls(x.file))} (last work ${when(x.lastWork)})`).join(', ');

/**
 * The files as rows, one per student: files with the same work under different names are one row (the name whose
 * numbers the work follows), and a student's several files are one row (the latest work kept), each with its copies
 * listed and flagged. roster: [{name, id}] (matched by name or ID; its students without a file are listed apart).
 * assignment ({code, exercises}): attempts on another student's numbers (of a file or of the roster) are flagged,
 * the rest of the attempts on other numbers are practice.
 * → {rows: [{...assessFile's, id (the gradebook's student ID), copies: [assessed…], flags (with the duplicates'),
 *    practice: {n: attempts}}], missing: [{name, id}]}
 */
export function groupStudents(assessed, roster = [], assignment = null) {
  const counted = (x) => Object.values(x.results).reduce((s, r) => s + r.entries.filter((e) => e.onSeed).length, 0);
  // one piece of work under several names: the name its numbers follow stands for it
  const byWork = new Map();
  const alone = [];
  for (const x of assessed) {
    if (!x.fingerprint) alone.push([x]);
    else byWork.set(x.fingerprint, [...(byWork.get(x.fingerprint) ?? []), x]);
  }
  const workGroups = [...byWork.values(), ...alone].map((group) => {
    const sorted = [...group].sort((p, q) => counted(q) - counted(p) || p.fileId - q.fileId);
    const [rep, ...copies] = sorted;
    const names = new Set(group.map((x) => nameKey(x.name ?? '')));
    const flags = [];
    if (copies.length && names.size > 1) {
      flags.push(
        `the same work is in ${group.length} files under ${names.size} names: ${fileList(copies)} ` +
          `(${copies.map((c) => (c.name === null ? 'no name' : `“${isolated(visibleControls(c.name))}”`)).join(', ')}); shown once, as ` +
          `${rep.name === null ? 'the file without a name' : `“${isolated(visibleControls(rep.name))}”`}, whose numbers it follows`,
      );
    } else if (copies.length) flags.push(`${copies.length + 1} identical copies of one file: ${fileList(copies)}; shown once`);
    return { ...rep, copies, flags: [...flags, ...rep.flags] };
  });
  // one student in several files: the latest work kept
  const byName = new Map();
  const rows = [];
  for (const g of workGroups) {
    if (g.name === null) {
      rows.push(g);
      continue;
    }
    const k = nameKey(g.name);
    byName.set(k, [...(byName.get(k) ?? []), g]);
  }
  for (const group of byName.values()) {
    const sorted = [...group].sort((p, q) => (q.lastWork > p.lastWork ? 1 : q.lastWork < p.lastWork ? -1 : q.fileId - p.fileId));
    const [latest, ...earlier] = sorted;
    if (!earlier.length) {
      rows.push(latest);
      continue;
    }
    rows.push({
      ...latest,
      copies: [...latest.copies, ...earlier.flatMap((e) => [e, ...e.copies])],
      flags: [
        `${group.length} files of this student: graded the latest, ${fileList([latest])}; set aside ${fileList(earlier)} (a resubmission keeps the latest)`,
        ...latest.flags,
      ],
    });
  }
  rows.sort((p, q) => p.fileId - q.fileId);
  // the roster: each row's ID, and the students without a file
  const matched = new Set();
  for (const row of rows) {
    const k = nameKey(row.name ?? '');
    const entry = row.name === null ? undefined : roster.find((s) => nameKey(s.name) === k || nameKey(s.id) === k);
    if (entry) matched.add(entry);
    row.id = entry?.id ?? row.name ?? '';
    row.rosterName = entry?.name ?? null;
  }
  // attempts on other numbers: on another student's, flagged; else practice, counted
  const names = [...new Map([...rows.map((r) => r.name), ...roster.map((s) => s.name)].filter(Boolean).map((n) => [nameKey(n), n])).values()];
  const seedsOf = new Map();
  const othersAt = (n, seed) => {
    if (!assignment) return null;
    if (!seedsOf.has(n)) seedsOf.set(n, new Map(names.map((name) => [assignedSeed(assignment.code, name, n), name])));
    return seedsOf.get(n).get(seed) ?? null;
  };
  for (const row of rows) {
    row.practice = {};
    const extra = [];
    for (const [n, xs] of Object.entries(row.otherNumbers)) {
      const theirs = new Map();
      let practised = 0;
      for (const x of xs) {
        const other = x.typed || x.seed === null ? null : othersAt(Number(n), x.seed);
        if (other && nameKey(other) !== nameKey(row.name ?? '')) theirs.set(other, [...(theirs.get(other) ?? []), x]);
        else practised += x.count;
      }
      if (practised) row.practice[n] = practised;
      for (const [other, ys] of theirs) {
        const k = ys.reduce((sum, y) => sum + y.count, 0);
        extra.push(`${offNumbersFlag(n, k)} but are “${isolated(visibleControls(other))}”’s (variant ${ys[0].seed}), not counted`);
      }
    }
    if (extra.length) row.flags = [...row.flags, ...extra];
  }
  return { rows, missing: roster.filter((s) => !matched.has(s)) };
}

// The mistakes an attempt made, each once: a slip carried through several parts is one mistake of that attempt (the
// statistics count attempts: "(6)" from 2 attempts of 3 parts each had counted parts)
const mistakesOf = (entry) => new Set(Object.values(entry.mistakes ?? {}));

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * What a lecturer reads before the next lecture, per exercise: how many solved and how (first try, after several
 * tries, after hints, after the solution), the median try, the mistakes most often diagnosed (in how many counted attempts),
 * the median time from a student's first attempt or opening to the solve. → {n: {students, solved, by: {outcome:
 * count}, medianTries, mistakes: [[id, count]…] (most common first, at most 3), medianMinutes}}
 */
export function exerciseStats(rows, exercises, allProps) {
  const out = {};
  for (const n of exercises) {
    const results = rows.map((r) => r.results[n]).filter(Boolean);
    const by = Object.fromEntries(Object.keys(OUTCOMES).map((k) => [k, 0]));
    const tries = [];
    const minutes = [];
    const mistakes = new Map();
    for (const r of results) {
      by[r.outcome] += 1;
      if (isSolved(r.outcome)) {
        tries.push(r.tries);
        const counted = r.entries.filter((e) => e.onSeed);
        const start = counted[0]?.at;
        if (start && r.at) minutes.push((Date.parse(r.at) - Date.parse(start)) / 60_000);
      }
      for (const e of r.entries) if (e.onSeed) for (const id of mistakesOf(e)) mistakes.set(id, (mistakes.get(id) ?? 0) + 1);
    }
    const named = [...mistakes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
    out[n] = {
      title: allProps[n]?.title ?? '',
      students: results.length,
      solved: results.filter((r) => isSolved(r.outcome)).length,
      by,
      medianTries: median(tries),
      mistakes: named,
      medianMinutes: median(minutes),
    };
  }
  return out;
}

/** An outcome as one cell says it: "solved after several tries (3)", with "late" when it was; "solved late, not
 * counted" when it was solved only after the due date and late work does not count. */
export function outcomeText(r) {
  if (!r) return '';
  if (r.solvedLate) return 'solved late, not counted';
  const text = `${OUTCOMES[r.outcome]}${r.outcome === 'tries' ? ` (${r.tries})` : ''}`;
  return `${text}${r.late ? ', late' : ''}`;
}

/**
 * The gradebook: one row per student (and per roster student without a file), a student-ID column, numeric points
 * per exercise and a total. → rows for toCsv
 */
export function gradebookRows({ rows, missing }, settings) {
  const ex = settings.assignment.exercises;
  const header = ['student ID', 'name', 'file', ...ex.map((n) => `exercise ${n} (of ${settings.points[n] ?? 1})`), 'total', 'late attempts', 'flags'];
  const body = rows.map((r) => [
    visibleControls(r.id),
    visibleControls(r.rosterName ?? r.name ?? ''),
    visibleControls(r.file),
    ...ex.map((n) => r.points[n] ?? 0),
    r.total,
    r.lateAttempts,
    r.flags.length,
  ]);
  const absent = missing.map((s) => [visibleControls(s.id), visibleControls(s.name), 'no file', ...ex.map(() => ''), '', '', '']);
  return [header, ...body, ...absent];
}

/** Per student and exercise: attempts, outcome, try, late, points, the mistakes diagnosed, the self-mark. → rows for toCsv */
export function exerciseRows({ rows }, settings) {
  const header = [
    'student ID',
    'name',
    'exercise',
    'outcome',
    'try',
    'attempts on the assigned numbers',
    'other attempts',
    'late attempts',
    'points',
    'mistakes diagnosed',
    'explanation self-marked',
  ];
  const body = [];
  for (const r of rows) {
    for (const n of settings.assignment.exercises) {
      const x = r.results[n];
      if (!x) continue;
      const mistakes = new Map();
      for (const e of x.entries) if (e.onSeed) for (const id of mistakesOf(e)) mistakes.set(id, (mistakes.get(id) ?? 0) + 1);
      body.push([
        visibleControls(r.id),
        visibleControls(r.rosterName ?? r.name ?? ''),
        n,
        outcomeText(x),
        x.tries ?? '',
        x.entries.filter((e) => e.onSeed).length,
        x.offSeed,
        x.lateAttempts,
        r.points[n] ?? 0,
        [...mistakes].map(([id, k]) => `${id} ×${k}`).join('; '),
        Object.values(x.marks).join('; '),
      ]);
    }
  }
  return [header, ...body];
}
