// The files of minutes of runs start first on a fresh clone, where Vitest has no times of its own (sequencer.js).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import LongFilesFirst from './sequencer.js';

const widgets = fileURLToPath(new URL('./widgets', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

it('starts the files that say they are long before every other, with no times on record', async () => {
  // Vitest's context as a fresh clone has it: no file's time or size on record
  const ctx = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } };
  const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } };
  const files = readdirSync(widgets)
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => ({ moduleId: join(widgets, f), project }));
  const sorted = await new LongFilesFirst(/** @type {any} */ (ctx)).sort(/** @type {any} */ (files));
  const names = sorted.map((f) => f.moduleId.replace(`${widgets}/`, ''));
  const long = ['article-tables.test.js', 'charts.test.js', 'design-challenges.test.js', 'part4-glance.test.js', 'training-lab-pytorch.test.js'];
  expect(names.slice(0, long.length).sort()).toEqual(long);
  expect(names).toHaveLength(files.length);
});
