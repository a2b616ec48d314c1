// An exercise file (content/NN-exercise-MM-slug.md, front matter `exercise: N`) → its section of the page.
//
//   front matter: title, exercise (number), defaults (JSON: the question's inputs as the key states them),
//                 inputs (JSON: {name: "number" | "vector" | "matrix"}: which inputs the reader may edit)
//   body:         the question (markdown; math may hold {{input}} placeholders), then sections
//     ### Answer     one line per part: `- id (number|vector|matrix|choice|multi|explain|wiring): label`;
//                    choice/multi options indented `  - key: text`, the right ones ending in `[correct]`;
//                    an explain part's model answer indented `  > text`
//     ### Hints      a numbered list, revealed one at a time
//     ### Solution   markdown; math placeholders {{name}} are filled with the kernel's steps and answers
//     ### Mistakes   `- misconception-id: what went wrong and which step to look at`
//
// The chapter's section is the exercise's heading and a placeholder: its words (the question with its default
// inputs, what is asked, the hints: about 320 KB of KaTeX markup for the first 21) are in a chunk of their own
// (content.js: virtual:exercise-text), put in place as the page opens, and on the exercises' page
// (exercises.html), which reads and prints them without JavaScript. Parsed with the chapter, they had been more
// than half its HTML, before any figure could start. What the exercise widget needs to be worked (props: the
// parts, hints, worked solution and mistakes) goes to virtual:exercise-props, loaded as the first exercise mounts.
/** The exercises' own page (web/exercises.html), relative to the chapter's. */
const EXERCISES_PAGE = './exercises.html';
// wiring: a design challenge's answer, written with the wiring editor and judged by running it (exercises/design.js)
const KINDS = new Set(['number', 'vector', 'matrix', 'choice', 'multi', 'explain', 'wiring']);

function sections(body) {
  const parts = body.split(/^### +(Answer|Hints|Solution|Mistakes)\s*$/m);
  const out = { question: parts[0] };
  for (let i = 1; i < parts.length; i += 2) out[parts[i].toLowerCase()] = parts[i + 1].trim();
  return out;
}

function parseAnswer(text, file) {
  const parts = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const part = /^- ([a-z][\w-]*) \((\w+)\): (.+)$/.exec(line);
    const option = /^ {2}- ([a-z0-9][\w-]*): (.+?)( \[correct\])?$/.exec(line);
    const model = /^ {2}> ?(.*)$/.exec(line);
    if (part) {
      if (!KINDS.has(part[2])) throw new Error(`${file}: unknown answer kind "${part[2]}"`);
      parts.push({ id: part[1], kind: part[2], label: part[3], options: [], model: [] });
    } else if (option && parts.length) parts.at(-1).options.push({ key: option[1], text: option[2], correct: !!option[3] });
    else if (model && parts.length) parts.at(-1).model.push(model[1]);
    else throw new Error(`${file}: cannot read answer line ${JSON.stringify(line)}`);
  }
  for (const p of parts) {
    if ((p.kind === 'choice' || p.kind === 'multi') && !p.options.some((o) => o.correct)) {
      throw new Error(`${file}: part ${p.id} has no [correct] option`);
    }
    if (p.kind === 'choice' && p.options.filter((o) => o.correct).length !== 1) throw new Error(`${file}: choice ${p.id} needs exactly one [correct]`);
  }
  return parts;
}

export function renderExercise({ meta, body, file, renderer }) {
  const n = Number(meta.exercise);
  const defaults = meta.defaults ? JSON.parse(meta.defaults) : {};
  const inputs = meta.inputs ? JSON.parse(meta.inputs) : {};
  for (const name of Object.keys(inputs)) if (!(name in defaults)) throw new Error(`${file}: input ${name} has no default`);
  const s = sections(body);
  if (!s.answer) throw new Error(`${file}: no ### Answer section`);
  const env = { file, widgets: [] };
  const md = (text, options = {}) => renderer.render(text, { file, env, ...options });

  const question = md(s.question, { live: defaults });
  const parts = parseAnswer(s.answer, file).map((p) => ({
    id: p.id,
    kind: p.kind,
    label: md(p.label, { inline: true, live: defaults }),
    options: p.options.map((o) => ({ key: o.key, html: md(o.text, { inline: true }), correct: o.correct })),
    model: p.model.length ? md(p.model.join('\n')) : '',
  }));
  const hints = (s.hints ?? '')
    .split('\n')
    .filter((l) => /^\d+\. /.test(l))
    .map((l) => md(l.replace(/^\d+\. /, ''), { inline: true }));
  const solution = s.solution ? md(s.solution) : '';
  const mistakes = Object.fromEntries(
    (s.mistakes ?? '')
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => {
        const m = /^- ([a-z][\w-]*): (.+)$/.exec(l);
        if (!m) throw new Error(`${file}: cannot read mistake line ${JSON.stringify(l)}`);
        return [m[1], md(m[2], { inline: true })];
      }),
  );

  const props = { n, title: meta.title, defaults, inputs, parts, hints, solution, mistakes };
  const id = `exercise-${n}`;
  const title = `Exercise ${n} · ${meta.title}`;
  const asked = parts.map((p) => `<li>${p.label}${p.options.length ? `<ul>${p.options.map((o) => `<li>${o.html}</li>`).join('')}</ul>` : ''}</li>`).join('');
  const hintList = hints.length
    ? `<details class="ex-hints-static"><summary>Hints</summary><ol>${hints.map((h) => `<li>${h}</li>`).join('')}</ol></details>`
    : '';
  const staticPart = (note) => `<div class="ex-static"><ol class="ex-asked">${asked}</ol>${hintList}\n${note}</div>`;
  // the chapter's section: the heading and an empty question, filled from the exercises' text chunk as the page
  // opens (exercises/text.js); without JavaScript its note links to the same words on the exercises' page
  const html = `<section class="exercise widget" id="${id}" aria-labelledby="${id}-title" data-widget="exercise" data-exercise="${n}">
<h3 id="${id}-title">${title}</h3>
<div class="ex-question"></div>
<p class="widget-note ex-elsewhere">This exercise’s question, what it asks and its hints come with the page’s scripts; they are also on <a href="${EXERCISES_PAGE}#${id}">the exercises’ page</a>, which reads without JavaScript.</p>
</section>\n`;
  // what fills it: the question (with its default inputs), what is asked, the hints
  const text = { question, static: staticPart('<p class="widget-note">Checking answers and the worked solution need JavaScript.</p>') };
  // the exercises' page (exercises.html): the same words, for reading and printing without scripts
  const page = `<section class="exercise" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${title}</h3>
<div class="ex-question">${question}</div>
${staticPart(`<p class="ex-page-note">Checking answers and the worked solution: <a href="./#${id}">this exercise in the chapter</a>, with JavaScript.</p>`)}
</section>\n`;
  return { html, text, page, heading: { level: 3, id, html: title }, widgets: [{ name: 'exercise', props }] };
}
