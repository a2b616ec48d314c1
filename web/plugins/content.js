// Vite plugin: turns the chapter's prose (content/NN-slug.md) into the page's HTML at build and dev time.
//   - math is rendered to MathML in Node (src/ui/math.js), widget directives become lazy placeholders (see markdown.js);
//   - a file whose front matter names an `exercise` becomes that exercise's section (see exercise.js);
//   - index.html's <!--chapter--> and <!--toc--> comments receive the sections and their contents;
//   - the module virtual:exercise-props holds every exercise's props by number: a chunk of its own, loaded as
//     the first exercise (or the progress panel) mounts. As attributes of the page (about 530 KB of KaTeX
//     markup, quotes escaped) they had been more than half its HTML, parsed on every visit before any figure;
//   - virtual:exercise-text holds every exercise's words (question, what is asked, hints), put in its section of
//     the page as the page opens (exercises/text.js); exercises.html (<!--exercises-->) has them in its HTML, for
//     reading without JavaScript;
//   - likewise virtual:card-props, the card deck's props, loaded as the deck mounts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderCards } from './cards.js';
import { renderExercise } from './exercise.js';
import { createRenderer } from './markdown.js';

const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// Gives every h2 and h3 an id from its text; returns the headings for the table of contents.
function slugHeading(html) {
  const headings = [];
  const out = html.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_, level, inner) => {
    const id = slugify(inner);
    headings.push({ level: Number(level), id, html: inner });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, headings };
}

export function parseFrontMatter(text) {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) return { meta: {}, body: text };
  const meta = Object.fromEntries(
    m[1].split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  return { meta, body: text.slice(m[0].length) };
}

// A section's id is its file's slug, unless one of its headings already has that id (30-exercises.md and
// its "Exercises" heading): ids must be unique, and the contents link to the heading.
const sectionId = (slug, headings) => (headings.some((h) => h.id === slug) ? `${slug}-part` : slug);

// A part's guide, from its first file's front matter (minutes: 25; objectives: one | two | three): what a reader
// will be able to do after it and about how long it takes, in a box under the part's heading.
function partGuide(meta, renderer, file) {
  if (!meta.objectives && !meta.minutes) return '';
  const items = String(meta.objectives ?? '')
    .split('|')
    .map((o) => o.trim())
    .filter(Boolean);
  const minutes = Number(meta.minutes);
  if (!items.length || !Number.isInteger(minutes) || minutes <= 0) {
    throw new Error(`${file}: a part's guide needs "minutes" (a whole number) and "objectives" (items separated by |)`);
  }
  const li = items.map((o) => `<li>${renderer.render(o, { file, inline: true })}</li>`).join('');
  return (
    `<aside class="part-guide" aria-label="In this part"><p class="part-guide-time">About ${minutes} minutes.</p>` +
    `<p class="part-guide-lead">After this part you can:</p><ul>${li}</ul></aside>\n`
  );
}

/** Renders every content file; returns the sections in order, with their headings and widget specs. */
export function renderChapter(contentDir) {
  const renderer = createRenderer();
  return readdirSync(contentDir)
    .filter((f) => /^\d\d-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const { meta, body } = parseFrontMatter(readFileSync(join(contentDir, file), 'utf8'));
      const slug = file.replace(/^\d\d-|\.md$/g, '');
      if (meta.exercise) {
        const ex = renderExercise({ meta, body, file, renderer });
        return { file, slug, meta, html: ex.html, text: ex.text, page: ex.page, headings: [ex.heading], widgets: ex.widgets, exercise: true };
      }
      if (meta.cards) {
        const c = renderCards({ body, file, renderer, slugHeading });
        return {
          file,
          slug,
          meta,
          html: `<section class="part" id="${sectionId(slug, c.headings)}">\n${c.html}</section>`,
          headings: c.headings,
          widgets: c.widgets,
        };
      }
      const env = { file, widgets: [] };
      const rendered = slugHeading(renderer.render(body, { file, env }));
      const headings = rendered.headings;
      const html = rendered.html.replace(/(<h2 [^>]*>[\s\S]*?<\/h2>\n?)/, (h2) => h2 + partGuide(meta, renderer, file));
      return { file, slug, meta, html: `<section class="part" id="${sectionId(slug, headings)}">\n${html}</section>`, headings, widgets: env.widgets };
    });
}

function pageHtml(sections) {
  const toc = sections
    .flatMap((s) => s.headings.filter((h) => h.level === 2))
    .map((h) => `<li><a href="#${h.id}">${h.html.replace(/<[^>]+>/g, '')}</a></li>`)
    .join('');
  return { chapter: sections.map((s) => s.html).join('\n'), toc: `<ol>${toc}</ol>` };
}

export const EXERCISE_PROPS = 'virtual:exercise-props';
const RESOLVED_EXERCISE_PROPS = `\0${EXERCISE_PROPS}`;
export const EXERCISE_TEXT = 'virtual:exercise-text';
const RESOLVED_EXERCISE_TEXT = `\0${EXERCISE_TEXT}`;
export const CARD_PROPS = 'virtual:card-props';
const RESOLVED_CARD_PROPS = `\0${CARD_PROPS}`;

/** The card deck's props ({cloze, practice}) of the chapter. */
export const cardProps = (sections) => sections.flatMap((s) => s.widgets).find((w) => w.name === 'cards')?.props ?? { cloze: [], practice: [] };

// a module whose default export is `value`: JSON.parse of one string literal, which V8 reads faster than the same
// object written as JavaScript
const jsonModule = (value) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

/** {n: props} of every exercise of the chapter (the exercise widget's props). */
export function exercisePropsByNumber(sections) {
  const exercises = sections.flatMap((s) => s.widgets).filter((w) => w.name === 'exercise');
  return Object.fromEntries(exercises.map((w) => [w.props.n, w.props]));
}

const VIRTUAL = new Map([
  [EXERCISE_PROPS, RESOLVED_EXERCISE_PROPS],
  [EXERCISE_TEXT, RESOLVED_EXERCISE_TEXT],
  [CARD_PROPS, RESOLVED_CARD_PROPS],
]);

/** {n: {question, static}} of every exercise: the words its section of the chapter receives (exercise.js). */
export function exerciseTextByNumber(sections) {
  return Object.fromEntries(sections.filter((s) => s.exercise).map((s) => [s.meta.exercise, s.text]));
}

/** The exercises' page's sections: every exercise, its words in the HTML (exercise.js). */
export const exercisesPageHtml = (sections) =>
  sections
    .filter((s) => s.exercise)
    .map((s) => s.page)
    .join('\n');

export default function contentPlugin({ contentDir }) {
  let rendered; // the chapter, rendered once for the page and the exercises' chunk (dropped when content changes)
  const chapter = () => (rendered ??= renderChapter(contentDir));
  return {
    name: 'chapter-content',
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on('change', (path) => {
        if (!path.startsWith(contentDir)) return;
        rendered = undefined;
        for (const id of [RESOLVED_EXERCISE_PROPS, RESOLVED_EXERCISE_TEXT, RESOLVED_CARD_PROPS]) {
          const chunk = server.moduleGraph.getModuleById(id);
          if (chunk) server.moduleGraph.invalidateModule(chunk);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
    resolveId(id) {
      return VIRTUAL.get(id);
    },
    load(id) {
      if (id === RESOLVED_EXERCISE_PROPS) return jsonModule(exercisePropsByNumber(chapter()));
      if (id === RESOLVED_EXERCISE_TEXT) return jsonModule(exerciseTextByNumber(chapter()));
      if (id === RESOLVED_CARD_PROPS) return jsonModule(cardProps(chapter()));
      return undefined;
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (html.includes('<!--exercises-->')) return html.replace('<!--exercises-->', exercisesPageHtml(chapter()));
        if (!html.includes('<!--chapter-->')) return html; // another page (404.html)
        const { chapter: sections, toc } = pageHtml(chapter());
        return html.replace('<!--chapter-->', sections).replace('<!--toc-->', toc);
      },
    },
  };
}
