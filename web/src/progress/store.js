// The reader's progress, kept in this browser (localStorage): per exercise the answers typed, attempts,
// hints opened, the variant seed and what was solved; the flash cards' schedule. Export and import move it
// between browsers as a JSON file. When storage is unavailable or full, everything keeps working for the
// visit and problem() says so in one line.
const KEY = 'residual-ln-progress-v1';
const VERSION = 1;

const empty = () => ({ version: VERSION, exercises: {}, cards: {} });
let state = empty();
let problem = null;
const listeners = new Set();

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const BLOCKED = 'Your progress cannot be saved in this browser (storage is blocked or full): it lasts until you close the page.';

function load() {
  // a browser may expose localStorage and still refuse every write (private modes, full quota)
  try {
    storage().setItem(`${KEY}-probe`, '1');
    storage().removeItem(`${KEY}-probe`);
  } catch {
    problem = BLOCKED;
  }
  try {
    const text = storage()?.getItem(KEY);
    if (text) state = validated(JSON.parse(text));
  } catch {
    problem ??= 'Your saved progress could not be read, so this visit starts afresh; it will be saved again when you answer.';
    state = empty();
  }
}

function save() {
  try {
    const s = storage();
    if (!s) throw new Error('no storage');
    s.setItem(KEY, JSON.stringify(state));
    if (problem === BLOCKED) problem = null;
  } catch {
    problem = BLOCKED;
  }
}

// Accepts what this page wrote (any later keys are kept); rejects anything else with a message.
function validated(data) {
  if (!data || typeof data !== 'object' || data.version !== VERSION || typeof data.exercises !== 'object' || typeof data.cards !== 'object') {
    throw new Error('this is not a progress file of this chapter');
  }
  return data;
}

load();

export const progress = {
  /** The record of exercise n (created empty): {answers, attempts, hints, seed, solved, selfCheck} */
  exercise(n) {
    return (state.exercises[n] ??= { answers: {}, attempts: 0, hints: 0, seed: null, solved: {}, selfCheck: {} });
  },
  cards: () => state.cards,
  /** Change something and save it: update((s) => { s.exercises[4].attempts++ }) */
  update(change) {
    change(state);
    save();
    for (const l of listeners) l('update');
  },
  problem: () => problem,
  exportJson: () => JSON.stringify({ ...state, exportedAt: new Date().toISOString() }, null, 2),
  /** Replaces the progress with a file's content; throws an Error with a reader-facing message. */
  importJson(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error('That file is not JSON.');
    }
    try {
      state = validated(data);
    } catch (error) {
      throw new Error(`That file cannot be imported: ${error.message}.`);
    }
    delete state.exportedAt;
    save();
    for (const l of listeners) l('import');
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
