// Long work on the main thread (the teachers' page grading a class, drawing its table) runs in slices with this
// between them, so input and drawing get their turn: scheduler.yield() where the browser has it (the work resumes
// ahead of other tasks), else a new task.

/** → a promise that settles once the page has had its turn */
export const yieldToPage = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((r) => setTimeout(r, 0)));
