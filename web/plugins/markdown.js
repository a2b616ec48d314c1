// Markdown with math, rendered at build time: `$…$` and `$$…$$` as MathML (src/ui/math.js), fenced
// `widget` blocks into lazy placeholders, [[table: row col]] into a number a table of the page fills in. Math holding {{name}} placeholders is "live": it is kept as a TeX
// template in data-tex, prerendered with the values given (an exercise's default inputs) or left for the
// page to fill with what the kernels compute.
import MarkdownIt from 'markdown-it';
import { texToMathml } from '../src/ui/math.js';
import { fillTex, hasPlaceholder } from '../src/ui/tex-template.js';

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function tex(source, displayMode, file) {
  try {
    return texToMathml(source, { display: displayMode, throwOnError: true });
  } catch (e) {
    throw new Error(`${file}: cannot render the math ${JSON.stringify(source)}: ${e.message}`);
  }
}

// A caption the widget shows as text gets the typographic apostrophes the rendered prose has (the note below it
// goes through markdown-it's typographer): "block's" → "block’s", "blocks' " → "blocks’ ".
const withApostrophes = (text) => text.replace(/(\w)'(\w)/g, '$1’$2').replace(/(s)'(?=[\s,.;:)]|$)/g, '$1’');

// A table's parts name their roles: a stylesheet that lays a table out as something else (Part 4's rows as cards,
// style.css) would otherwise take its semantics away in some browsers (WebKit's), and a screen reader would read
// the cells as loose text.
const TABLE_ROLES = { table_open: 'table', thead_open: 'rowgroup', tbody_open: 'rowgroup', tr_open: 'row', th_open: 'columnheader', td_open: 'cell' };
// and each body cell its column's heading (data-label), which a phone's card shows beside its number (style.css)
function tableRoles(md) {
  md.core.ruler.push('table_roles', (state) => {
    let headings = [];
    let column = 0;
    state.tokens.forEach((token, k) => {
      if (TABLE_ROLES[token.type]) token.attrSet('role', TABLE_ROLES[token.type]);
      if (token.type === 'thead_open') headings = [];
      if (token.type === 'tr_open') column = 0;
      if (token.type === 'th_open') headings.push(withApostrophes(state.tokens[k + 1].content.trim()));
      if (token.type === 'td_open' && headings[column]) token.attrSet('data-label', headings[column]);
      if (token.type === 'td_open' || token.type === 'th_open') column += 1;
    });
  });
}

function widgetFence(md) {
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
    if (spec.id !== undefined && !/^[a-z][a-z0-9-]*$/.test(spec.id)) throw new Error(`${env.file}: widget id "${spec.id}" is not a plain lowercase id`);
    if (typeof spec.props?.caption === 'string') spec.props.caption = withApostrophes(spec.props.caption);
    env.widgets.push(spec);
    const props = escapeAttr(JSON.stringify(spec.props ?? {}));
    const note = md.renderInline(spec.note ?? 'An interactive figure is shown here when JavaScript is on.');
    const id = spec.id ? ` id="${spec.id}"` : '';
    return `<div class="widget"${id} data-widget="${spec.name}" data-props="${props}"><p class="widget-note">${note}</p></div>\n`;
  };
}

export function createRenderer() {
  const md = new MarkdownIt({ html: true, typographer: true });
  widgetFence(md);
  tableRoles(md);

  // Protect math (outside code), render markdown, restore math. live: values for {{placeholders}} or null.
  function render(text, { file, env = { file, widgets: [] }, live = null, inline = false }) {
    const rendered = [];
    const keep = (source, displayMode) => {
      let html;
      if (hasPlaceholder(source)) {
        const filled = live ? tex(fillTex(source, live), displayMode, file) : '';
        html = `<span class="tex-live" data-tex="${escapeAttr(source)}"${displayMode ? ' data-display="1"' : ''}>${filled}</span>`;
      } else {
        html = tex(source, displayMode, file);
      }
      rendered.push(html);
      return `\uE000${rendered.length - 1}\uE001`;
    };
    // [[table-id: row col]]: a number in the prose that a table of the page computes, filled in by that table
    // (web/src/experiment/live-cells.js); a link to the table until then, and without JavaScript
    const liveCell = (source, row, col) => {
      rendered.push(
        `<a class="live-cell" href="#${escapeAttr(source)}" data-source="${escapeAttr(source)}" data-row="${escapeAttr(row)}" ` +
          `data-col="${escapeAttr(col)}">(computed in the table)</a>`,
      );
      return `\uE000${rendered.length - 1}\uE001`;
    };
    const protectedText = text
      .split(/(^```[\s\S]*?^```$|`[^`\n]*`)/m)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part
              .replace(/\[\[([a-z][a-z0-9-]*): ([^\]\s]+) ([^\]\s]+)\]\]/g, (_, source, row, col) => liveCell(source, row, col))
              .replace(/\$\$([\s\S]+?)\$\$/g, (_, s) => keep(s.trim(), true))
              .replace(/(^|[^\\$])\$([^$\n]+?)\$/g, (_, pre, s) => pre + keep(s, false)),
      )
      .join('');
    const html = inline ? md.renderInline(protectedText, env) : md.render(protectedText, env);
    // (a widget's props are its data, not prose: a widget's words may hold placeholders its view fills)
    if (/\{\{/.test(html.replace(/ data-props="[^"]*"/g, ''))) throw new Error(`${file}: a {{placeholder}} outside math; put it inside $…$`);
    return html.replace(/\uE000(\d+)\uE001/g, (_, k) => rendered[Number(k)]);
  }

  return { render };
}
