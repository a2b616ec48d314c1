// The flash-card file (front matter `cards: true`) → its section: the prose as usual, then the deck.
//   ### Cards            `- front ::: back`, the cloze cards of the chapter
//   ### Practice cards   `- exercise N part: front ::: back`, fronts and backs with {{placeholders}} that are
//                        filled from the kernels with new numbers at every repetition
// Without JavaScript the cloze cards are listed with their answers folded. The deck's props ({cloze, practice})
// are served as the chunk virtual:card-props (content.js), not written into the page.

const slug = (s) =>
  s
    .toLowerCase()
    .replace(/<[^>]+>|\$[^$]*\$/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export function renderCards({ body, file, renderer, slugHeading }) {
  const [prose, ...rest] = body.split(/^### +(Cards|Practice cards)\s*$/m);
  const lists = {};
  for (let i = 0; i < rest.length; i += 2) lists[rest[i]] = rest[i + 1].split('\n').filter((l) => l.startsWith('- '));
  const env = { file, widgets: [] };
  const md = (text, live) => renderer.render(text, { file, env, inline: true, live });

  const cloze = (lists.Cards ?? []).map((line) => {
    const [front, back] = line.slice(2).split(' ::: ');
    if (!back) throw new Error(`${file}: a card needs "front ::: back": ${line}`);
    return { id: `c-${slug(front)}`, front: md(front), back: md(back) };
  });
  const practice = (lists['Practice cards'] ?? []).map((line) => {
    const m = /^- exercise (\d+) ([a-z][\w-]*): (.+) ::: (.+)$/.exec(line);
    if (!m) throw new Error(`${file}: a practice card reads "- exercise N part: front ::: back": ${line}`);
    return { id: `p-${m[1]}-${m[2]}`, exercise: Number(m[1]), part: m[2], front: md(m[3]), back: md(m[4]) };
  });
  const ids = [...cloze, ...practice].map((c) => c.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${file}: two cards have the same id`);

  const { html: proseHtml, headings } = slugHeading(renderer.render(prose, { file, env }));
  const fallback = `<ol class="cards-static">${cloze.map((c) => `<li>${c.front} <details><summary>answer</summary>${c.back}</details></li>`).join('')}</ol>`;
  // the deck's props (every card, its math as MathML) come in a chunk of their own (content.js: virtual:card-props), as
  // the exercises' do: in the page they were a sixth of its HTML, parsed on every visit
  const deck = `<div class="widget" id="card-deck" data-widget="cards">${fallback}<p class="widget-note">The deck with its review schedule needs JavaScript.</p></div>`;
  return { html: `${proseHtml}\n${deck}\n`, headings, widgets: [{ name: 'cards', props: { cloze, practice } }] };
}
