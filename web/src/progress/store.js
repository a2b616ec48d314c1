// The reader's progress, kept in this browser (localStorage): per exercise the answers typed, attempts,
// hints opened, the variant seed and what was solved; the flash cards' schedule. Export and import move it
// between browsers as a JSON file. When storage is unavailable or full, everything keeps working for the
// visit: the work stays in memory, update() says it was not saved (the exercise says so beside itself) and
// problem() says so in one line.
//
// Two tabs of the chapter share one storage: each change is made to what storage holds now (another tab's
// saves merged in first, merge.js), never to this tab's older copy of it, and a tab hears another's saves (the
// `storage` event), merges them and tells its widgets ('synced', with the exercises that changed).
//
// Nothing saved is ever lost or fatal: stored and imported progress is checked record by record (types
// and ranges, progress/validate.js); a bad record is set aside with a notice and the rest kept, so no widget
// can fail to start because of what was stored. Before this page overwrites stored data it could not read
// whole (bad JSON, a newer version, records set aside), it keeps a copy (backup()) that the reader can
// download.
import { PROGRESS_KEY } from './key.js';
import { mergeProgress } from './merge.js';
import { exerciseRecord, readProgress, readProgressText } from './validate.js';
import { nameKey } from './assignee.js';

const KEY = PROGRESS_KEY;
const BACKUP_KEY = `${KEY}-backup`;
// the work of the other students who used this browser for an assignment (a shared computer): {who: progress}
const STUDENTS_KEY = `${KEY}-students`;
const MAX_STUDENTS = 40;
const MAX_BACKUPS = 3;
export const VERSION = 1;

/** @type {() => import('./validate.js').ProgressRecord} */
const empty = () => ({ version: VERSION, exercises: {}, cards: {} });
// a new record is the schema's defaults, so what is saved loads back as it was
const blankExercise = () => exerciseRecord({});
const BLOCKED = 'Your progress cannot be saved in this browser (storage is blocked or full): it lasts until you close the page.';
const BACKUP_FAILED =
  'Your progress is not being saved: this browser has no room for a copy of the saved progress it could not read, ' +
  'and saving would overwrite that. Download the copy below; saving resumes on the next visit after that.';

// The same progress written the same way whatever the order of its keys: how two copies are compared.
/** @type {(value: unknown) => string} */
const canonical = (value) =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/**
 * What another tab's save changed here (sync).
 * @typedef {{exercises: number[], cards: boolean, replaced: boolean, mineIsNewer: boolean}} Synced
 * @typedef {{reason: string, text: string, savedAt: string}} Backup  a copy set aside before it was overwritten
 * @typedef {import('./validate.js').AssignmentRecord} AssignmentRecord
 */
/** @type {Synced} */
const NOTHING = { exercises: [], cards: false, replaced: false, mineIsNewer: false };

// A time strictly after each of `times` (ISO texts or undefined), now if now is: two events of one millisecond stay
// in order.
/** @type {(...times: (string | undefined)[]) => string} */
const after = (...times) => new Date(Math.max(Date.now(), ...times.filter(Boolean).map((t) => Date.parse(t) + 1))).toISOString();

/**
 * The reader's progress in a browser window's storage: the page has one (`progress`, below); a test opens as many as
 * it needs, one per tab (browser(): the window whose localStorage and `storage` events it uses, read when used).
 */
export function openProgress(browser = () => window) {
  let state = empty();
  /** @type {string | null} */
  let problem = null;
  /** @type {string[]} */
  let notices = [];
  /** @type {Backup[]} */
  let pendingBackups = []; // [{reason, text, savedAt}]: what must be copied aside before the next save overwrites it
  const listeners = new Set();
  /** @type {string | null} */
  let lastText = null; // what storage held when this tab last read or wrote it: another tab's save differs
  let assignmentSetHere = false; // this tab set the assignment since it last saved: its own wins a merge

  function storage() {
    try {
      return browser().localStorage;
    } catch {
      return null;
    }
  }

  function load() {
    // a browser may expose localStorage and still refuse every write (private modes, full quota)
    try {
      storage().setItem(`${KEY}-probe`, '1');
      storage().removeItem(`${KEY}-probe`);
    } catch {
      problem = BLOCKED;
    }
    let text;
    try {
      text = storage()?.getItem(KEY);
    } catch {
      return;
    }
    lastText = text;
    if (!text) return;
    const savedAt = new Date().toISOString();
    try {
      const read = readProgress(JSON.parse(text), { now: new Date() });
      state = read.state;
      notices = read.notices;
      if (read.setAside) pendingBackups.push({ reason: 'some records could not be read', text, savedAt });
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'it is not valid JSON' : error.message;
      problem ??= `Your saved progress could not be read (${reason}), so this visit starts afresh. The saved copy is kept: download it below.`;
      pendingBackups.push({ reason, text, savedAt });
      state = empty();
    }
  }

  // The copies set aside, each read as {reason, text, savedAt} with every field of its type (a copy whose date or
  // reason was lost keeps its text, with "unknown" in their place): one damaged entry costs only itself.
  function storedBackups() {
    try {
      const list = JSON.parse(storage()?.getItem(BACKUP_KEY) ?? '[]');
      if (!Array.isArray(list)) return [];
      return list
        .filter((b) => b && typeof b.text === 'string')
        .map((b) => ({
          text: b.text,
          reason: typeof b.reason === 'string' ? b.reason.slice(0, 200) : 'reason unknown',
          savedAt: typeof b.savedAt === 'string' && Number.isFinite(Date.parse(b.savedAt)) ? b.savedAt : 'date unknown',
        }));
    } catch {
      return [];
    }
  }

  // Copies what could not be read before anything overwrites it; false when the copy cannot be written.
  function keepBackup() {
    if (!pendingBackups.length) return true;
    try {
      const texts = new Set(pendingBackups.map((b) => b.text));
      const list = [...storedBackups().filter((b) => !texts.has(b.text)), ...pendingBackups].slice(-MAX_BACKUPS);
      storage().setItem(BACKUP_KEY, JSON.stringify(list));
      pendingBackups = [];
      return true;
    } catch {
      return false;
    }
  }

  const snapshot = () => Object.fromEntries(Object.entries(state.exercises).map(([n, r]) => [n, JSON.stringify(r)]));
  /** @type {(before: Record<string, string>) => number[]} */
  const changedSince = (before) =>
    [...new Set([...Object.keys(before), ...Object.keys(state.exercises)])].filter((n) => before[n] !== JSON.stringify(state.exercises[n])).map(Number);

  // Another tab's save, merged into this tab's progress. → {exercises (the numbers of those it changed here), cards
  // (whether it changed the cards), replaced (it was a new start: a reset of everything or an import), mineIsNewer
  // (this tab holds something the save does not)}
  /** @returns {Synced} */
  function sync() {
    let text;
    try {
      text = storage()?.getItem(KEY) ?? null;
    } catch {
      return NOTHING;
    }
    if (text === lastText || text === null) return NOTHING;
    lastText = text;
    let theirs;
    try {
      theirs = readProgress(JSON.parse(text), { now: new Date() }).state;
    } catch (error) {
      // what another tab wrote cannot be read here (a newer page's format): it is kept aside before anything
      // overwrites it
      pendingBackups.push({ reason: error instanceof SyntaxError ? 'it is not valid JSON' : error.message, text, savedAt: new Date().toISOString() });
      return NOTHING;
    }
    const before = snapshot();
    const cards = JSON.stringify(state.cards);
    const replaced = (theirs.startedAt ?? '') > (state.startedAt ?? '');
    state = mergeProgress(state, theirs, { assignment: assignmentSetHere ? 'mine' : 'theirs' });
    return {
      exercises: changedSince(before),
      cards: cards !== JSON.stringify(state.cards),
      replaced,
      mineIsNewer: canonical(state) !== canonical(theirs),
    };
  }

  // A new start's time: after the progress it replaces began and after every change in it.
  const newStart = () => after(state.startedAt, ...Object.values(state.exercises).map((r) => r.changedAt), ...Object.values(state.resets ?? {}));

  // The exercises a change touched carry its time, after their last change and their last reset: of two tabs' copies
  // of a record, the newer wins a merge.
  /** @param {Record<string, string>} before  snapshot()'s */
  function stamp(before) {
    for (const n of changedSince(before)) {
      const r = state.exercises[n];
      if (r) r.changedAt = after(r.changedAt, state.resets?.[n]);
    }
  }

  // Another tab saved: its changes come in, and what only this tab holds (work a full storage could not take, a
  // change that crossed theirs) is written back.
  /** @param {StorageEvent} event */
  function onStorage(event) {
    if (event.key !== KEY && event.key !== null) return;
    const synced = sync();
    if (synced.mineIsNewer) save();
    tellSynced(synced);
  }

  /** @type {(synced: Synced) => void} */
  const tellSynced = ({ exercises, cards, replaced }) => {
    if (replaced) notify('state replaced', { elsewhere: true });
    else if (exercises.length || cards) notify('synced', { exercises, cards });
  };

  /** Writes the progress; false (and problem() says why) when it could not be written. */
  function save() {
    let text;
    try {
      text = JSON.stringify(state);
    } catch (error) {
      // not the storage's fault: say what failed
      problem = `Your progress could not be saved: it could not be written out as text (${error?.message ?? error}).`;
      return false;
    }
    try {
      const s = storage();
      if (!s) throw new Error('no storage');
      if (!keepBackup()) {
        problem = BACKUP_FAILED;
        return false;
      }
      s.setItem(KEY, text);
      lastText = text;
      assignmentSetHere = false;
      if (problem === BLOCKED || problem === BACKUP_FAILED || problem?.startsWith('Your progress could not be saved:')) problem = null;
      return true;
    } catch {
      problem = BLOCKED;
      return false;
    }
  }

  // Keeps the current progress for backup() before it is replaced wholesale (reset, import), unless it is empty.
  /** @param {string} reason */
  function setAside(reason) {
    const text = JSON.stringify(state);
    if (text !== JSON.stringify(empty())) pendingBackups.push({ reason, text, savedAt: new Date().toISOString() });
  }

  /** @type {(why: string, detail?: object) => void} */
  const notify = (why, detail) => {
    for (const l of listeners) l(why, detail);
  };

  load();
  try {
    browser().addEventListener?.('storage', onStorage);
  } catch {
    // no window (Node): nothing to hear
  }

  // A change to the progress as storage holds it now: another tab's saves merged in first, then the change, stamped
  // and saved. → {saved, synced} (synced: what the merge changed here, for 'synced')
  /**
   * @param {(state: import('./validate.js').ProgressRecord) => void} fn
   * @returns {{saved: boolean, synced: Synced}}
   */
  function change(fn) {
    const synced = sync();
    const before = snapshot();
    fn(state);
    stamp(before);
    return { saved: save(), synced };
  }

  // A student of a class, as the other students' work is filed: their class code and name as compared.
  /** @type {(a: {code: string, name: string}) => string} */
  const whoKey = (a) => `${nameKey(a.code)}\n${nameKey(a.name)}`;

  // The other students' work kept in this browser, each read as progress is (a copy that cannot be read is left out).
  function storedStudents() {
    try {
      const all = JSON.parse(storage()?.getItem(STUDENTS_KEY) ?? '{}');
      return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
    } catch {
      return {};
    }
  }

  return {
    /** The other students who worked on an assignment in this browser, whose work it keeps: [{code, name}] */
    otherStudents() {
      const here = state.assignment ? whoKey(state.assignment) : null;
      return Object.entries(storedStudents()).flatMap(([who, saved]) => {
        if (who === here) return [];
        try {
          const a = readProgress(saved).state.assignment;
          return a ? [{ code: a.code, name: a.name }] : [];
        } catch {
          return [];
        }
      });
    },
    /**
     * Another student takes this browser (a shared computer): the work so far is kept aside under its student's name
     * (nothing is lost; it can be switched back to), and `assignment`'s student gets their own work back, or starts
     * afresh. An export then holds only their work. Subscribers hear 'state replaced' ({student: true}) and
     * 'assignment'. → true when saved
     * @param {AssignmentRecord} assignment
     */
    switchStudent(assignment) {
      sync();
      const others = storedStudents();
      if (state.assignment?.name) others[whoKey(state.assignment)] = state;
      const theirs = others[whoKey(assignment)];
      delete others[whoKey(assignment)];
      let next = null;
      try {
        next = theirs ? readProgress(theirs).state : null;
      } catch {
        next = null; // (a copy that cannot be read: they start afresh, and the copy stays where it was)
        others[whoKey(assignment)] = theirs;
      }
      const kept = Object.fromEntries(Object.entries(others).slice(-MAX_STUDENTS));
      try {
        storage()?.setItem(STUDENTS_KEY, JSON.stringify(kept));
      } catch {
        problem = BLOCKED;
      }
      state = { ...(next ?? empty()), assignment, startedAt: newStart() }; // (a new start: another tab's copy cannot merge into it)
      notices = [];
      assignmentSetHere = true;
      const saved = save();
      notify('state replaced', { student: true });
      notify('assignment');
      return saved;
    },
    /**
     * The record of exercise n (created empty: validate.js's exerciseRecord names its fields)
     * @param {number | string} n
     * @returns {import('./validate.js').ExerciseRecord}
     */
    exercise(n) {
      return (state.exercises[n] ??= blankExercise());
    },
    cards: () => state.cards,
    /** The assignment the reader works on ({code, name, exercises, due}), or null. */
    assignment: () => state.assignment ?? null,
    /**
     * Keeps the assignment the reader works on (checked by the caller: validate.js assignmentRecord). Subscribers hear 'assignment'.
     * @param {AssignmentRecord} assignment
     */
    setAssignment(assignment) {
      assignmentSetHere = true;
      const { synced } = change((s) => (s.assignment = assignment));
      tellSynced(synced);
      notify('assignment');
    },
    /**
     * Change something and save it: update((s) => { s.exercises[4].attempts++ }). The change is made to the progress
     * as storage holds it now. → true when saved; false when it lasts only for this visit (problem() says why).
     * Subscribers hear 'synced' first when another tab's saves came in, then 'update' ({saved}).
     * @param {(state: import('./validate.js').ProgressRecord) => void} fn
     */
    update(fn) {
      const { saved, synced } = change(fn);
      tellSynced(synced);
      notify('update', { saved });
      return saved;
    },
    /** Tries to save again what only this visit holds (after the reader freed space). → true when saved */
    saveAgain() {
      const { saved, synced } = change(() => {});
      tellSynced(synced);
      notify('update', { saved });
      return saved;
    },
    problem: () => problem,
    /** Reader-facing lines about saved records that were set aside or repaired at load or import. */
    notices: () => [...notices],
    /** The record of exercise n as stored, or undefined: reading it creates nothing. @type {(n: number | string) => import('./validate.js').ExerciseRecord | undefined} */
    peek: (n) => state.exercises[n],
    /** Forgets exercise n (its answers, attempts, hints, seed and marks; another tab's copy of them too). Subscribers
     * hear 'exercise reset' ({n}).
     * @param {number | string} n
     */
    resetExercise(n) {
      const { synced } = change((s) => {
        const at = after(s.exercises[n]?.changedAt, s.resets?.[n]); // after everything it clears
        delete s.exercises[n];
        s.resets = { ...s.resets, [n]: at };
      });
      tellSynced(synced);
      notify('exercise reset', { n: Number(n) });
    },
    /** Forgets every exercise and the card schedule; a copy of what was cleared stays in backup(). Subscribers hear 'state replaced'. */
    resetAll() {
      sync(); // (what another tab saved is cleared too, and kept in the copy)
      setAside('progress reset');
      // the work goes; who the reader is in their class (the assignment and their name) stays. A new start: another
      // tab's older copy cannot bring the work back (merge.js)
      state = { ...empty(), ...(state.assignment && { assignment: state.assignment }), startedAt: newStart() };
      notices = [];
      const saved = save();
      notify('state replaced', { reset: 'all' });
      return saved;
    },
    /** The latest copy of saved progress set aside (unreadable, repaired or reset): {reason, text, savedAt} or null. */
    backup() {
      return pendingBackups.at(-1) ?? storedBackups().at(-1) ?? null;
    },
    /** Deletes every copy set aside (the reader downloaded it or does not want it). */
    forgetBackups() {
      pendingBackups = [];
      try {
        storage()?.removeItem(BACKUP_KEY);
      } catch {
        // nothing stored, nothing to forget
      }
      if (problem === BACKUP_FAILED) save();
      notify('update');
    },
    exportJson: () => JSON.stringify({ ...state, exportedAt: new Date().toISOString() }, null, 2),
    /**
     * Replaces the progress with a file's content. Records that cannot be read are skipped and named in
     * `notices`; a file that is not this chapter's progress at all throws an Error with a reader-facing
     * message and changes nothing. Returns {saved, notices}: saved is false when the browser refused to
     * store it (it then lasts for this visit only). amend(state): changes the file's progress before it is taken
     * (the panel's: designs that cannot be run unmarked, regrade.js) and returns its notices.
     * @param {string} text
     * @param {(state: import('./validate.js').ProgressRecord) => string[]} [amend]
     */
    importJson(text, amend = undefined) {
      let read;
      try {
        read = readProgressText(text, { now: new Date(), version: VERSION });
      } catch (error) {
        throw new Error(`That file cannot be imported: ${error.message}. Your progress is unchanged.`);
      }
      const amended = amend?.(read.state) ?? [];
      sync();
      setAside('replaced by an import');
      state = { ...read.state, startedAt: newStart() }; // (a new start, as a reset of everything)
      notices = [...read.notices, ...amended];
      const saved = save();
      notify('state replaced');
      return { saved, notices: [...notices] };
    },
    /** listener(why, detail): 'update' ({saved}: a change, saved or kept for this visit only), 'state replaced' (an
     * import, a reset of everything), 'exercise reset' ({n}), 'assignment' (the reader's assignment or name),
     * 'synced' ({exercises: [n…], cards}: another tab's saves came in and changed these here). → unsubscribe()
     * @param {(why: string, detail?: any) => void} listener
     */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const progress = openProgress();
