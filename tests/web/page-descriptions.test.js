// The pages' descriptions (what a search engine or a shared link shows) state no count the chapter does not have:
// exercises.html had said "21 exercises" of the chapter's 23.
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';

const web = new URL('../../web/', import.meta.url);
const exercises = new Set(readdirSync(new URL('../../content/', import.meta.url)).flatMap((f) => /^\d+-exercise-(\d+)-/.exec(f)?.[1] ?? []));

it('a count of exercises in a page’s description is the chapter’s', () => {
  expect(exercises.size).toBeGreaterThanOrEqual(23);
  const pages = readdirSync(web).filter((f) => f.endsWith('.html'));
  expect(pages).toContain('exercises.html');
  for (const page of pages) {
    const description = /<meta name="description" content="([^"]*)"/.exec(readFileSync(new URL(page, web), 'utf8'))?.[1] ?? '';
    for (const [, n] of description.matchAll(/(\d+) exercises/g)) expect(Number(n), page).toBe(exercises.size);
  }
});
