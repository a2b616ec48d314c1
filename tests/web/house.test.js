// The house's shape, checked: a widget's folder is its own (what two widgets share lives in ui/, experiment/,
// exercises/ or progress/), so moving or removing a widget never breaks another.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const widgets = new URL('../../web/src/widgets/', import.meta.url).pathname;

test('no widget imports from another widget’s folder', () => {
  const folders = readdirSync(widgets, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  expect(folders.length).toBeGreaterThan(10);
  const crossings = [];
  for (const folder of folders) {
    for (const file of readdirSync(join(widgets, folder)).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(widgets, folder, file), 'utf8');
      for (const [, path] of source.matchAll(/from\s+'(\.\.\/[^']+)'/g)) {
        const other = path.match(/^\.\.\/([^./][^/]*)\//)?.[1];
        if (other && folders.includes(other)) crossings.push(`${folder}/${file} imports ${path}`);
      }
    }
  }
  expect(crossings).toEqual([]);
});
