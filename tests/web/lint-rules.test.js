// The house's architecture rules are lint rules (eslint.config.js); each is shown here to fire on a deliberate
// breach, linted as if it were a file at the path it names, and to stay quiet on the same kind of code kept right.
// (What the rules find in the tree itself is npm run lint's, first in npm test.)
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

// path (from the repository's root) and code → [{rule, severity}] of what ESLint reports, parse errors included
async function lint(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.map((m) => ({ rule: m.ruleId ?? `fatal: ${m.message}`, severity: m.severity === 2 ? 'error' : 'warn' }));
}
const rulesOf = async (path, code) => (await lint(path, code)).map((m) => m.rule);

const WIDGET = 'web/src/widgets/cards/breach.js';

describe('a widget’s folder is its own', () => {
  it.each([
    ['a static import', "import { mount } from '../layernorm/index.js';\nmount();"],
    ['a path that walks back through its own folder', "import { mount } from '../cards/../layernorm/index.js';\nmount();"],
    ['a path that starts with ./', "import { mount } from './../layernorm/index.js';\nmount();"],
    ['a dynamic import()', "export const load = () => import('../layernorm/index.js');"],
    ['a re-export', "export { mount } from '../layernorm/index.js';"],
    ['an import of the loader (mount.js)', "import { mountWidgets } from '../mount.js';\nmountWidgets();"],
  ])('%s of another widget’s folder is an error', async (_, code) => {
    expect(await lint(WIDGET, code)).toContainEqual({ rule: 'import/no-restricted-paths', severity: 'error' });
  });

  it('an import() whose path is computed is an error (the dependency rules could not follow it)', async () => {
    expect(await rulesOf(WIDGET, 'export const load = (name) => import(`../${name}/index.js`);')).toContain('no-restricted-syntax');
  });

  it('a path that names no file is an error, so no spelling slips past the rules above', async () => {
    expect(await rulesOf(WIDGET, "import { mount } from '../layernorm/nothing-here.js';\nmount();")).toContain('import/no-unresolved');
  });

  it('its own folder and the shared layers are fine', async () => {
    const code =
      "import { mount } from './index.js';\nimport { element, html } from '../../ui/html.js';\n" +
      "import { PLACEMENTS } from '../../experiment/choices.js';\nimport { progress } from '../../progress/store.js';\n" +
      "import './style.css';\nexport const a = [mount, element, html, PLACEMENTS, progress];";
    expect(await lint(WIDGET, code)).toEqual([]);
  });

  it('the loaders at widgets/’s top level may load any widget', async () => {
    const code = "export const load = () => import('./layernorm/index.js');\nexport { mount } from './cards/index.js';";
    expect(await lint('web/src/widgets/another-loader.js', code)).toEqual([]);
  });
});

describe('markup is built one way, through ui/html.js', () => {
  it.each([
    ['an innerHTML write', 'export const f = (el, s) => { el.innerHTML = s; };'],
    ['an innerHTML append', 'export const f = (el, s) => { el.innerHTML += s; };'],
    ['an outerHTML write by a computed name', "export const f = (el, s) => { el['outerHTML'] = s; };"],
    ['insertAdjacentHTML', "export const f = (el, s) => el.insertAdjacentHTML('beforeend', s);"],
    ['document.createElement', "export const f = () => document.createElement('div');"],
    ['another document’s createElement', "export const f = (doc) => doc.createElement('select');"],
    ['document.createElementNS', "export const f = () => document.createElementNS('http://www.w3.org/2000/svg', 'rect');"],
  ])('%s in a widget is an error', async (_, code) => {
    expect(await lint(WIDGET, code)).toContainEqual({ rule: 'no-restricted-syntax', severity: 'error' });
    expect(await rulesOf('web/src/experiment/breach.js', code)).toContain('no-restricted-syntax');
  });

  it('reading innerHTML, and html`…` placed with setHtml, are fine', async () => {
    const code =
      "import { html, setHtml } from '../../ui/html.js';\n" + 'export const f = (el, s) => { setHtml(el, html`<b>${s}</b>`); return el.innerHTML.length; };';
    expect(await lint(WIDGET, code)).toEqual([]);
  });

  it('ui/html.js itself may write markup and make elements', async () => {
    const code = "export const f = (el, s) => { el.innerHTML = s; return document.createElement('template'); };";
    expect(await lint('web/src/ui/html.js', code)).toEqual([]);
  });

  it('the heat map may make SVG nodes (createElementNS), and nothing more', async () => {
    expect(await lint('web/src/ui/heatmap.js', "export const f = () => document.createElementNS('http://www.w3.org/2000/svg', 'rect');")).toEqual([]);
    expect(await rulesOf('web/src/ui/heatmap.js', "export const f = () => document.createElement('div');")).toContain('no-restricted-syntax');
    expect(await rulesOf('web/src/ui/heatmap.js', 'export const f = (el, s) => { el.innerHTML = s; };')).toContain('no-restricted-syntax');
  });
});

describe('the layers import downward: pages and widgets → exercises, experiment → ui → progress, kernels → text', () => {
  it.each([
    ['ui/ importing experiment/', 'web/src/ui/breach.js', "import { PLACEMENTS } from '../experiment/choices.js';"],
    ['ui/ importing exercises/', 'web/src/ui/breach.js', "import { readCode } from '../exercises/assignment.js';"],
    ['ui/ importing a widget', 'web/src/ui/breach.js', "import { mount } from '../widgets/cards/index.js';"],
    ['progress/ importing ui/', 'web/src/progress/breach.js', "import { html } from '../ui/html.js';"],
    ['progress/ importing experiment/', 'web/src/progress/breach.js', "import { PLACEMENTS } from '../experiment/choices.js';"],
    ['kernels/ importing progress/', 'web/src/kernels/breach.js', "import { progress } from '../progress/store.js';"],
    ['exercises/ importing a widget', 'web/src/exercises/breach.js', "import { mount } from '../widgets/exercise/index.js';"],
    ['experiment/ importing the teachers’ page', 'web/src/experiment/breach.js', "import { createGrader } from '../teachers/grader.js';"],
    ['the pool’s worker importing the teachers’ page', 'web/src/experiment/worker.js', "import { createGrader } from '../teachers/grader.js';"],
    ['validate.js importing exercises/', 'web/src/progress/validate.js', "import { repaired } from '../exercises/record.js';"],
  ])('%s is an error', async (_, path, code) => {
    expect(await lint(path, `${code}\nexport const a = 1;`)).toContainEqual({ rule: 'import/no-restricted-paths', severity: 'error' });
  });

  it('downward imports are fine', async () => {
    const code =
      "import { html } from '../ui/html.js';\nimport { progress } from '../progress/store.js';\n" +
      "import { loadStack } from '../kernels/stack.js';\nexport const a = [html, progress, loadStack];";
    expect(await lint('web/src/experiment/breach.js', code)).toEqual([]);
    expect(await lint('web/src/ui/breach.js', "import { loadStack } from '../kernels/stack.js';\nexport const a = loadStack;")).toEqual([]);
  });

  // (issue 39: progress/ had read an assignee's code, name, due date and seed from exercises/assignment.js, and shown
  // a stored text with ui/bidi.js, four upward edges kept as warnings: those now live in progress/assignee.js and
  // text/bidi.js, and every upward edge is an error)
  it('progress/ importing exercises/ or ui/ is an error from every file of it, validate.js and store.js included', async () => {
    for (const path of ['web/src/progress/validate.js', 'web/src/progress/store.js', 'web/src/progress/attempt-log.js', 'web/src/progress/events.js']) {
      for (const code of ["import { readExercises } from '../exercises/assignment.js';", "import { html } from '../ui/html.js';"]) {
        expect(await lint(path, `${code}\nexport const a = 1;`)).toContainEqual({ rule: 'import/no-restricted-paths', severity: 'error' });
      }
    }
  });

  it('text/ is the lowest layer: it imports nothing of the page, and every layer may import it', async () => {
    for (const code of [
      "import { nameKey } from '../progress/assignee.js';",
      "import { loadStack } from '../kernels/stack.js';",
      "import { html } from '../ui/html.js';",
    ]) {
      expect(await lint('web/src/text/breach.js', `${code}\nexport const a = 1;`)).toContainEqual({ rule: 'import/no-restricted-paths', severity: 'error' });
    }
    const code = "import { isolated } from '../text/bidi.js';\nexport const a = isolated;";
    for (const layer of ['progress', 'kernels', 'ui', 'exercises']) expect(await lint(`web/src/${layer}/breach.js`, code)).toEqual([]);
  });

  it('a circle of imports is an error', async () => {
    // ui/chart.js imports ui/format.js: format.js importing chart.js back closes a circle
    const code = "import { drawChart } from './chart.js';\nexport const a = drawChart;";
    expect(await rulesOf('web/src/ui/format.js', code)).toContain('import/no-cycle');
  });
});

describe('the recommended rules run over the tree’s kinds of files', () => {
  it('an unused import and an undefined name are errors', async () => {
    const rules = await rulesOf(WIDGET, "import { html } from '../../ui/html.js';\nexport const f = () => undefinedName;");
    expect(rules).toEqual(expect.arrayContaining(['no-unused-vars', 'no-undef']));
  });

  it('each kind of file has its own globals: the page’s in web/src, Node’s in scripts, a worker’s in the worker', async () => {
    expect(await rulesOf('scripts/breach.mjs', 'export const f = () => document.title;')).toContain('no-undef');
    expect(await lint('scripts/breach.mjs', 'export const f = () => process.argv;')).toEqual([]);
    expect(await rulesOf('web/src/ui/breach.js', 'export const f = () => process.argv;')).toContain('no-undef');
    expect(await lint('web/src/experiment/worker.js', 'self.onmessage = () => importScripts;')).toEqual([]);
  });
});

describe('a select and its options are built by the control kit (ui/controls.js) and nowhere else', () => {
  it.each([
    ['a <select in a template', 'import { html } from \'../../ui/html.js\';\nexport const f = () => html`<label>k <select name="k"></select></label>`;'],
    ['a <SELECT in a string', 'export const markup = \'<SELECT id="k"></SELECT>\';'],
    ['new Option()', "export const f = (list) => list.add(new Option('pre-LN', 'pre'));"],
    ["createElement('select')", "export const f = () => document.createElement('select');"],
  ])('%s outside the kit is an error', async (_, code) => {
    expect(await lint(WIDGET, code)).toContainEqual({ rule: 'no-restricted-syntax', severity: 'error' });
    expect(await rulesOf('web/src/ui/chart.js', code)).toContain('no-restricted-syntax');
  });

  it('the kit itself may build one, and a word like “selected” is fine anywhere', async () => {
    const code = "import { html } from './html.js';\nexport const f = () => [html`<select name=\"k\"></select>`, new Option('a', 'a')];";
    expect(await lint('web/src/ui/controls.js', code)).toEqual([]);
    expect(await lint(WIDGET, "export const f = (el) => el.setAttribute('aria-selected', '<selected>');")).toEqual([]);
  });
});

describe('no comment in the page states a timing (measurements go to docs/measurements.md)', () => {
  it.each([
    ['a line comment', '// this takes 12 ms on the laptop\nexport const a = 1;'],
    ['a range in seconds', '/* a sweep runs 3–4 s */\nexport const a = 1;'],
    ['a rate', '/**\n * reaches 1.2 GFLOP/s\n */\nexport const a = 1;'],
  ])('%s is an error', async (_, code) => {
    expect(await lint('web/src/experiment/breach.js', code)).toContainEqual({ rule: 'house/no-timing-in-comments', severity: 'error' });
  });

  it('numbers that are not timings, and timings in code, are fine', async () => {
    const code = '// 12 rows, 3 layers, ε = 1e-5, the 2nd step\nexport const label = `${12} ms`;';
    expect(await lint('web/src/experiment/breach.js', code)).toEqual([]);
  });
});

describe('the exercise widget’s mount() is a short table of contents holding no state of its own', () => {
  const EXERCISE = 'web/src/widgets/exercise/index.js';
  const mountOf = (lines, first = '  const ex = { state: {} };') =>
    `export async function mount(section) {\n${first}\n${Array.from({ length: lines - 3 }, (_, k) => `  section.dataset.k${k} = ex;`).join('\n')}\n}\n`;

  it('a mount() longer than 45 lines is an error', async () => {
    expect(await lint(EXERCISE, mountOf(46))).toContainEqual({ rule: 'house/short-mount', severity: 'error' });
    expect(await lint(EXERCISE, mountOf(45))).toEqual([]);
  });

  it('a let in mount()’s body is an error; one in a function it calls is fine', async () => {
    expect(await lint(EXERCISE, mountOf(10, '  let ex = { state: {} };'))).toContainEqual({ rule: 'no-restricted-syntax', severity: 'error' });
    expect(await lint(EXERCISE, `${mountOf(10)}export function count(ex) {\n  let n = 0;\n  for (const k in ex) n += k.length;\n  return n;\n}\n`)).toEqual([]);
  });
});
