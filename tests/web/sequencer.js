// The order Vitest starts the files in. Its own sequencer starts the files that took longest last time first, but
// it keeps those times in node_modules/.vite, which a fresh clone does not have: there it starts the largest files
// first, and a small file of minutes of the kernels' runs (Part 4's table, tables A to D) may start last, with one
// core idle for minutes beside it. A file that knows it is long says so on one of its first lines with the words
// below, and starts first, longest-first as Vitest has measured when it has.
import { readFileSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';

const MARK = '(starts first: tests/web/sequencer.js)';

/** @param {string} file */
const saysLong = (file) => readFileSync(file, 'utf8').slice(0, 4000).includes(MARK);

export default class LongFilesFirst extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const long = new Set(sorted.filter((f) => saysLong(f.moduleId)));
    return [...long, ...sorted.filter((f) => !long.has(f))];
  }
}
