// The reader's progress, kept in this browser (localStorage): per exercise the answers typed, attempts,
// hints opened, the variant seed and what was solved; the flash cards' schedule. Export and import move it
// between browsers as a JSON file. When storage is unavailable or full, everything keeps working for the
// visit and problem() says so in one line.
//
// Nothing saved is ever lost or fatal: stored and imported progress is checked record by record (types
// and ranges, progress/validate.js); a bad record is set aside with a notice and the rest kept, so no widget
// can fail to start because of what was stored. Before this page overwrites stored data it could not read
// whole (bad JSON, a newer version, records set aside), it keeps a copy (backup()) that the reader can
// download.
import { PROGRESS_KEY } from './key.js';
import { exerciseRecord, readProgress, readProgressText } from './validate.js';

const KEY = PROGRESS_KEY;
const BACKUP_KEY = `${KEY}-backup`;
const MAX_BACKUPS = 3;
export const VERSION = 1;

const empty = () => ({ version: VERSION, exercises: {}, cards: {} });
// a new record is the schema's defaults, so what is saved loads back as it was
const blankExercise = () => exerciseRecord({});
let state = empty();
let problem = null;
let notices = [];
let pendingBackups = []; // [{reason, text, savedAt}]: what must be copied aside before the next save overwrites it
const listeners = new Set();

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const BLOCKED = 'Your progress cannot be saved in this browser (storage is blocked or full): it lasts until you close the page.';
const BACKUP_FAILED =
  'Your progress is not being saved: this browser has no room for a copy of the saved progress it could not read, ' +
  'and saving would overwrite that. Download the copy below; saving resumes on the next visit after that.';

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
    if (problem === BLOCKED || problem === BACKUP_FAILED || problem?.startsWith('Your progress could not be saved:')) problem = null;
    return true;
  } catch {
    problem = BLOCKED;
    return false;
  }
}

// Keeps the current progress for backup() before it is replaced wholesale (reset, import), unless it is empty.
function setAside(reason) {
  const text = JSON.stringify(state);
  if (text !== JSON.stringify(empty())) pendingBackups.push({ reason, text, savedAt: new Date().toISOString() });
}

const notify = (why, detail) => {
  for (const l of listeners) l(why, detail);
};

load();

export const progress = {
  /** The record of exercise n (created empty: validate.js's exerciseRecord names its fields) */
  exercise(n) {
    return (state.exercises[n] ??= blankExercise());
  },
  cards: () => state.cards,
  /** The assignment the reader works on ({code, name, exercises, due}), or null. */
  assignment: () => state.assignment ?? null,
  /** Keeps the assignment the reader works on (checked by the caller: validate.js assignmentRecord). Subscribers hear 'assignment'. */
  setAssignment(assignment) {
    state.assignment = assignment;
    save();
    notify('assignment');
  },
  /** Change something and save it: update((s) => { s.exercises[4].attempts++ }) */
  update(change) {
    change(state);
    save();
    notify('update');
  },
  problem: () => problem,
  /** Reader-facing lines about saved records that were set aside or repaired at load or import. */
  notices: () => [...notices],
  /** The record of exercise n as stored, or undefined: reading it creates nothing. */
  peek: (n) => state.exercises[n],
  /** Forgets exercise n (its answers, attempts, hints, seed and marks). Subscribers hear 'exercise reset' ({n}). */
  resetExercise(n) {
    delete state.exercises[n];
    save();
    notify('exercise reset', { n: Number(n) });
  },
  /** Forgets every exercise and the card schedule; a copy of what was cleared stays in backup(). Subscribers hear 'state replaced'. */
  resetAll() {
    setAside('progress reset');
    // the work goes; who the reader is in their class (the assignment and their name) stays
    state = { ...empty(), ...(state.assignment && { assignment: state.assignment }) };
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
   * store it (it then lasts for this visit only).
   */
  importJson(text) {
    let read;
    try {
      read = readProgressText(text, { now: new Date(), version: VERSION });
    } catch (error) {
      throw new Error(`That file cannot be imported: ${error.message}. Your progress is unchanged.`);
    }
    setAside('replaced by an import');
    state = read.state;
    notices = read.notices;
    const saved = save();
    notify('state replaced');
    return { saved, notices: read.notices };
  },
  /** listener(why, detail): 'update' (a change saved), 'state replaced' (an import, a reset of everything),
   * 'exercise reset' ({n}), 'assignment' (the reader's assignment or name). → unsubscribe() */
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
