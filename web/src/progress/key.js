// Where the reader's progress is kept in this browser (localStorage): the store's key, and the one fact the
// chapter's entry reads before loading the store (assignment/pending.js).
export const PROGRESS_KEY = 'residual-ln-progress-v1';
