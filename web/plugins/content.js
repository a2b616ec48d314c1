// Vite plugin: turns the chapter's prose (content/NN-slug.md) into the page's HTML at build and dev time.
//   - `$…$` and `$$…$$` are rendered by KaTeX in Node (HTML + MathML); no KaTeX runs in the browser for prose.
//   - a fenced block tagged `widget` holding {"name", "props", "note"} becomes a placeholder that the page
//     mounts lazily; `note` is what a reader without JavaScript sees in its place.
//   - index.html's <!--chapter--> and <!--toc--> comments receive the sections and their table of contents.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import katex from 'katex';
import MarkdownIt from 'markdown-it';

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

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

// Replace math by placeholders (outside fenced blocks and code spans), render markdown, then put the math back.
function renderMath(body, file) {
  const rendered = [];
  const keep = (tex, displayMode) => {
    try {
      rendered.push(katex.renderToString(tex, { displayMode, throwOnError: true, output: 'htmlAndMathml' }));
    } catch (e) {
      throw new Error(`${file}: KaTeX cannot render ${JSON.stringify(tex)}: ${e.message}`);
    }
    return `\uE000${rendered.length - 1}\uE001`;
  };
  const protectedBody = body
    .split(/(^```[\s\S]*?^```$|`[^`\n]*`)/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex) => keep(tex.trim(), true))
            .replace(/(^|[^\\$])\$([^$\n]+?)\$/g, (_, pre, tex) => pre + keep(tex, false)),
    )
    .join('');
  return { protectedBody, restore: (html) => html.replace(/\uE000(\d+)\uE001/g, (_, k) => rendered[Number(k)]) };
}

function markdown() {
  const md = new MarkdownIt({ html: true, typographer: true });
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (token.info.trim() !== 'widget') return fence(tokens, idx, options, env, self);
    let spec;
    try {
      spec = JSON.parse(token.content);
    } catch (e) {
      throw new Error(`${env.file}: widget directive is not JSON: ${e.message}`);
    }
    if (typeof spec.name !== 'string') throw new Error(`${env.file}: widget directive needs a "name"`);
    env.widgets.push(spec);
    const props = escapeAttr(JSON.stringify(spec.props ?? {}));
    const note = md.renderInline(spec.note ?? 'An interactive figure is shown here when JavaScript is on.');
    return `<div class="widget" data-widget="${spec.name}" data-props="${props}"><p class="widget-note">${note}</p></div>\n`;
  };
  return md;
}

/** Renders every content file; returns the sections in order, with their headings and widget specs. */
export function renderChapter(contentDir) {
  const md = markdown();
  return readdirSync(contentDir)
    .filter((f) => /^\d\d-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const { meta, body } = parseFrontMatter(readFileSync(join(contentDir, file), 'utf8'));
      const { protectedBody, restore } = renderMath(body, file);
      const env = { file, widgets: [] };
      const headings = [];
      const html = restore(md.render(protectedBody, env)).replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_, level, inner) => {
        const id = slugify(inner);
        headings.push({ level: Number(level), id, html: inner });
        return `<h${level} id="${id}">${inner}</h${level}>`;
      });
      const slug = file.replace(/^\d\d-|\.md$/g, '');
      return { file, slug, meta, html, headings, widgets: env.widgets };
    });
}

function pageHtml(sections) {
  const chapter = sections
    .map((s) => `<section class="part" id="${s.slug}">\n${s.html}</section>`)
    .join('\n');
  const toc = sections
    .flatMap((s) => s.headings.filter((h) => h.level === 2))
    .map((h) => `<li><a href="#${h.id}">${h.html.replace(/<[^>]+>/g, '')}</a></li>`)
    .join('');
  return { chapter, toc: `<ol>${toc}</ol>` };
}

export default function contentPlugin({ contentDir }) {
  return {
    name: 'chapter-content',
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on('change', (path) => {
        if (path.startsWith(contentDir)) server.ws.send({ type: 'full-reload' });
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const { chapter, toc } = pageHtml(renderChapter(contentDir));
        return html.replace('<!--chapter-->', chapter).replace('<!--toc-->', toc);
      },
    },
  };
}
