// The chapter's tables as the build renders them (web/plugins/markdown.js): every part names its role, so a
// stylesheet that lays a table out as cards (Part 4 at a glance, style.css) leaves it a table for a screen reader,
// and every body cell carries its column's heading, which a phone's card shows beside the cell's number.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { expect, it } from 'vitest';
import { renderChapter } from '../../web/plugins/content.js';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '../../content');

it('every table of the chapter names its roles, and each body cell its column’s heading', () => {
  const { document } = new JSDOM(
    renderChapter(contentDir)
      .map((s) => s.html)
      .join(''),
  ).window;
  const tables = [...document.querySelectorAll('table')];
  expect(tables.length).toBeGreaterThanOrEqual(1); // (Part 4's; tables A to D and the others are figures)
  for (const table of tables) {
    expect(table.getAttribute('role')).toBe('table');
    for (const group of table.querySelectorAll('thead, tbody')) expect(group.getAttribute('role')).toBe('rowgroup');
    for (const row of table.querySelectorAll('tr')) expect(row.getAttribute('role')).toBe('row');
    for (const th of table.querySelectorAll('thead th')) expect(th.getAttribute('role')).toBe('columnheader');
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.cells].forEach((td, k) => {
        expect(td.getAttribute('role')).toBe('cell');
        if (headings[k]) expect(td.dataset.label).toBe(headings[k]);
      });
    }
  }
  // Part 4 at a glance: the computed columns' headings, as the cards show them
  const post = document.querySelector('#part4-summary tbody tr');
  expect([...(post?.querySelectorAll('td') ?? [])].slice(3).map((td) => td.dataset.label)).toEqual([
    'at initialisation: gradient at the blocks’ inputs, block 1 / block 24',
    'at initialisation: the stream’s spread, after block 24 / after block 1',
    'in the lab: trains at 24 blocks without warmup?',
  ]);
});
