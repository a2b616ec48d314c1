// A class's files read as a gradebook, for the teachers' page: each file assessed for the teacher's settings (the
// assignment, extensions, whether late attempts count, points, the penalty for a worked solution seen first), files
// of one student or of one piece of work grouped and shown once (every file accounted for, with what was done with
// it; every flag of each kept; files that end at the same moment left to the teacher's choice), a roster matched,
// per-exercise statistics, and the two CSVs. Pure: no DOM, no kernels (the files come graded: regrade.js gradeFile,
// in the page's workers); the page runs assessFile a few files at a time, so the tab stays responsive for any class.
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
const fileName = (x) => isolated(visibleControls(x.file));
const fileList = (xs) => xs.map((x) => `${fileName(x)} (last work ${when(x.lastWork)})`).join(', ');
const quoted = (name) => `“${isolated(visibleControls(name))}”`;

const MAX_NAMED = 3; // files named with a flag they share; the rest counted (the list of files names each)

// The flags of files that the row's own do not already say, each once, under the files that hold it (label: a file as
// named there). A copy or a file set aside keeps every flag of its own (a copy with edited solved marks had lost its
// tampering flags to the copy shown); 99 renamed copies say a flag they share once.
function flagsOf(xs, shown, label) {
  const holders = new Map();
  for (const x of xs) for (const f of x.flags) if (!shown.includes(f)) holders.set(f, [...(holders.get(f) ?? []), label(x)]);
  return [...holders].map(
    ([f, labels]) => `${labels.slice(0, MAX_NAMED).join(', ')}${labels.length > MAX_NAMED ? ` and ${labels.length - MAX_NAMED} more files` : ''}: ${f}`,
  );
}

/**
 * The files as rows, one per student: files with the same work under different names are one row (the name whose
 * numbers the work follows), and a student's several files are one row (the latest work kept; files that end at the
 * same moment are flagged, and the teacher chooses among them: chosen), each with its copies listed and every flag of
 * each of its files kept. roster: [{name, id}] (matched by name or ID; its students without a file are listed apart).
 * assignment ({code, exercises}): attempts on another student's numbers (of a file or of the roster) are flagged,
 * the rest of the attempts on other numbers are practice. chosen: {nameKey: fileId}, the teacher's choice among a
 * student's files that end at the same time.
 * → {rows: [{...assessFile's, id (the gradebook's student ID), copies: [assessed…], flags (with the duplicates'),
 *    practice: {n: attempts}}], missing: [{name, id}] (the roster's, no file), copied: [{name, id, rosterName, files,
 *    of, ofFile}] (a student whose only files hold another student's work), accounts: Map(fileId → {text, choose?:
 *    {key, name}}) (what was done with each file; choose: it may be chosen for that student)}
 */
export function groupStudents(assessed, roster = [], assignment = null, chosen = {}) {
  const counted = (x) => Object.values(x.results).reduce((s, r) => s + r.entries.filter((e) => e.onSeed).length, 0);
  const accounts = new Map();
  const copiers = []; // [{name, file, of, ofFile}]: a file under one name holding the work of another
  // The roster student a file's own name points to, when it names another than the name inside it: the one whose
  // every word the file's name holds ("phys-101-carol-danvers.json"; a learning platform names a download after its
  // sender), if exactly one does. A classmate's file handed in unchanged under one's own file name is known by that
  // alone: the work inside, names and all, is the classmate's.
  const words = (text) =>
    nameKey(text)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const rosterWords = roster.map((st) => [st, words(st.name)]).filter(([, ws]) => ws.length > 0);
  const senderByFileName = (x) => {
    if (x.name === null) return null;
    const inName = new Set(words(String(x.file).replace(/\.json$/i, '')));
    const found = rosterWords.filter(([, ws]) => ws.every((w) => inName.has(w))).map(([st]) => st);
    return found.length === 1 && nameKey(found[0].name) !== nameKey(x.name) ? found[0] : null;
  };
  // one piece of work under several names: the name its numbers follow stands for it
  const byWork = new Map();
  const alone = [];
  for (const x of assessed) {
    if (!x.fingerprint) alone.push([x]);
    else byWork.set(x.fingerprint, [...(byWork.get(x.fingerprint) ?? []), x]);
  }
  const workGroups = [...byWork.values(), ...alone].map((group) => {
    // (the work shown as a file that is its owner's by its name too, when one is: not a copier's)
    const misnamed = new Set(group.length > 1 ? group.filter((x) => senderByFileName(x)) : []);
    const sorted = [...group].sort((p, q) => counted(q) - counted(p) || Number(misnamed.has(p)) - Number(misnamed.has(q)) || p.fileId - q.fileId);
    const [rep, ...copies] = sorted;
    const names = new Set(group.map((x) => nameKey(x.name ?? '')));
    const flags = [];
    if (copies.length && names.size > 1) {
      flags.push(
        `the same work is in ${group.length} files under ${names.size} names: ${fileList(copies)} ` +
          `(${copies.map((c) => (c.name === null ? 'no name' : quoted(c.name))).join(', ')}); shown once, as ` +
          `${rep.name === null ? 'the file without a name' : quoted(rep.name)}, whose numbers it follows`,
      );
    } else if (copies.length) flags.push(`${copies.length + 1} files hold the same work (attempts and openings): ${fileList(copies)}; shown once`);
    for (const c of copies) {
      const another = c.name !== null && rep.name !== null && nameKey(c.name) !== nameKey(rep.name);
      const sender = another ? null : senderByFileName(c);
      if (another) copiers.push({ name: c.name, file: c.file, of: rep.name, ofFile: rep.file });
      if (sender) copiers.push({ name: sender.name, file: c.file, of: rep.name, ofFile: rep.file });
      accounts.set(c.fileId, {
        text: another
          ? `${quoted(c.name)}’s name on the work of ${quoted(rep.name)} (the same as ${fileName(rep)}): not graded as ${quoted(c.name)}’s, listed as a copy`
          : sender
            ? `${quoted(sender.name)}’s by its file’s name, holding the work of ${quoted(rep.name)} unchanged (the same as ${fileName(rep)}): not graded as ${quoted(sender.name)}’s, listed as a copy`
            : `the same work as ${fileName(rep)}: counted with it`,
      });
    }
    // (a copy under another name is checked as that name's: its flags say so)
    const copyFlags = flagsOf(copies, rep.flags, (c) =>
      c.name !== null && nameKey(c.name) !== nameKey(rep.name ?? '') ? `${fileName(c)} (read as ${quoted(c.name)}’s)` : fileName(c),
    );
    return { ...rep, copies, flags: [...flags, ...rep.flags, ...copyFlags] };
  });
  // one student in several files: the latest work kept; several that end at the same moment, the teacher's choice
  const byName = new Map();
  const rows = [];
  for (const g of workGroups) {
    if (g.name === null) {
      rows.push(g);
      accounts.set(g.fileId, { text: 'graded in a row of its own: the file holds no name' });
      continue;
    }
    const k = nameKey(g.name);
    byName.set(k, [...(byName.get(k) ?? []), g]);
  }
  for (const [key, group] of byName) {
    const sorted = [...group].sort((p, q) => (q.lastWork > p.lastWork ? 1 : q.lastWork < p.lastWork ? -1 : p.fileId - q.fileId));
    const ties = sorted.filter((g) => g.lastWork === sorted[0].lastWork);
    const choice = ties.length > 1 ? (ties.find((g) => g.fileId === chosen[key]) ?? null) : ties[0];
    const graded = choice ?? ties[0]; // (undecided: the first opened, flagged, until the teacher chooses)
    const others = sorted.filter((g) => g !== graded);
    const earlier = sorted.filter((g) => !ties.includes(g));
    const who = quoted(graded.name);
    const choose = { key, name: graded.name };
    accounts.set(graded.fileId, {
      text: ties.length === 1 ? `graded as ${who}` : choice ? `graded as ${who}, as you chose` : `graded as ${who} until you choose`,
      ...(ties.length > 1 && !choice && { choose }),
    });
    for (const g of ties.filter((x) => x !== graded)) {
      accounts.set(g.fileId, {
        text: choice
          ? `set aside: it ends at the same time as ${fileName(graded)}, which you chose for ${who}`
          : `set aside until you choose: it ends at the same time as ${fileName(graded)}, graded as ${who} for now`,
        choose,
      });
    }
    for (const g of earlier) accounts.set(g.fileId, { text: `set aside: an earlier file of ${who} (${fileName(graded)} holds later work)` });
    if (!others.length) {
      rows.push(graded);
      continue;
    }
    const flags = [];
    const files = group.reduce((sum, g) => sum + 1 + g.copies.length, 0);
    if (ties.length > 1) {
      flags.push(
        choice
          ? `${ties.length} files of this student end at the same time (last work ${when(graded.lastWork)}): graded ${fileName(graded)}, as you chose; set aside ${ties
              .filter((x) => x !== graded)
              .map(fileName)
              .join(', ')}`
          : `${ties.length} files of this student end at the same time (last work ${when(graded.lastWork)}): ${ties.map(fileName).join(', ')}; ` +
              `${fileName(graded)} is graded until you choose one (in the list of files)`,
      );
    }
    if (earlier.length) {
      flags.push(
        `${files} files of this student: graded ${ties.length > 1 ? 'one of the latest' : 'the latest'}, ${fileList([graded])}; ` +
          `set aside ${fileList(earlier)} (a resubmission keeps the latest)`,
      );
    }
    rows.push({
      ...graded,
      copies: [...graded.copies, ...others.flatMap((e) => [e, ...e.copies])],
      flags: [...flags, ...graded.flags, ...flagsOf(others, graded.flags, (e) => `${fileName(e)} (set aside)`)],
    });
  }
  rows.sort((p, q) => p.fileId - q.fileId);
  // the roster: each row's ID, and the students without a file
  const matched = new Set();
  const rosterEntry = (name) => {
    const k = nameKey(name);
    const entry = roster.find((s) => nameKey(s.name) === k || nameKey(s.id) === k);
    if (entry) matched.add(entry);
    return entry;
  };
  for (const row of rows) {
    const entry = row.name === null ? undefined : rosterEntry(row.name);
    row.id = entry?.id ?? row.name ?? '';
    row.rosterName = entry?.name ?? null;
  }
  // a student whose file holds another's work: said in their row if they have one, else listed as such (never as
  // "no file": they handed one in)
  const copied = new Map();
  for (const c of copiers) {
    const k = nameKey(c.name);
    const own = rows.find((r) => r.name !== null && nameKey(r.name) === k);
    const said = `handed in ${isolated(visibleControls(c.file))}, a copy of ${quoted(c.of)}’s work (the same as ${isolated(visibleControls(c.ofFile))})`;
    if (own) own.flags = [...own.flags, `also ${said}`];
    else if (copied.has(k)) copied.get(k).files.push(c.file);
    else {
      const entry = rosterEntry(c.name);
      copied.set(k, { name: c.name, id: entry?.id ?? c.name, rosterName: entry?.name ?? null, files: [c.file], of: c.of, ofFile: c.ofFile });
    }
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
  return { rows, missing: roster.filter((s) => !matched.has(s)), copied: [...copied.values()], accounts };
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
 * counted" when it was solved only after the due date and late work does not count; "attempted late, not counted"
 * when every attempt came after it (the student's page says "Attempted": never "untouched" for work handed in). */
export function outcomeText(r) {
  if (!r) return '';
  if (r.solvedLate) return 'solved late, not counted';
  if (r.outcome === 'untouched' && r.lateAttempts) return 'attempted late, not counted';
  const text = `${OUTCOMES[r.outcome]}${r.outcome === 'tries' ? ` (${r.tries})` : ''}`;
  return `${text}${r.late ? ', late' : ''}`;
}

/** An exercise's late mark, as the gradebook writes it beside its points: "late" (solved late, counted), "solved late,
 * not counted", "2 late attempts" (none of them the solve), or '' (nothing late). */
function lateMark(r) {
  if (!r) return '';
  if (r.solvedLate) return 'solved late, not counted';
  if (r.late) return 'late';
  return r.lateAttempts ? attemptsText(r.lateAttempts).replace('attempt', 'late attempt') : '';
}

/**
 * The gradebook: one row per student (and per student who handed in only another's work, and per roster student
 * without a file), a student-ID column, per exercise its numeric points and its late mark, a total, the extension
 * applied (its due date, when the student has one of your list), and last each flag's reason, one a line in its cell.
 * (A second CSV of one row per flag was the other way: a reason read beside the marks it bears on, in the file a
 * teacher keeps, needs no lookup by ID; a spreadsheet shows a quoted cell's lines as one cell.) → rows for toCsv
 */
export function gradebookRows({ rows, missing, copied = [] }, settings) {
  const ex = settings.assignment.exercises;
  const header = [
    'student ID',
    'name',
    'file',
    ...ex.flatMap((n) => [`exercise ${n} (of ${settings.points[n] ?? 1})`, `exercise ${n} late`]),
    'total',
    'extension to',
    'late attempts',
    'flags',
    'reasons',
  ];
  const extended = (r) => r.name !== null && settings.extensions.some((x) => nameKey(x.name) === nameKey(r.name));
  const body = rows.map((r) => [
    visibleControls(r.id),
    visibleControls(r.rosterName ?? r.name ?? ''),
    visibleControls(r.file),
    ...ex.flatMap((n) => [r.points[n] ?? 0, lateMark(r.results[n])]),
    r.total,
    extended(r) ? dueText(r.due) : '',
    r.lateAttempts,
    r.flags.length,
    r.flags.join('\n'),
  ]);
  const blank = ex.flatMap(() => ['', '']);
  const copies = copied.map((c) => [
    visibleControls(c.id),
    visibleControls(c.rosterName ?? c.name),
    visibleControls(c.files.join(', ')),
    ...blank,
    '',
    '',
    '',
    1,
    `handed in a copy of another student’s work: ${quoted(c.of)}’s (the same as ${isolated(visibleControls(c.ofFile))}), not graded as theirs`,
  ]);
  const absent = missing.map((s) => [visibleControls(s.id), visibleControls(s.name), 'no file', ...blank, '', '', '', '', '']);
  return [header, ...body, ...copies, ...absent];
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
