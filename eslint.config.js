// The house's rules, kept by the linter (npm run lint, first in npm test; an editor with ESLint shows them as you
// type): @eslint/js's recommended rules, the globals each kind of file really has, and the architecture rules the
// house keeps — a widget's folder is its own, markup is built one way (ui/html.js), and the layers import downward:
//   page entries (main.js, teachers/, assignment/, widgets/) → exercises/, experiment/ → ui/ → progress/, kernels/ → text/
// tests/web/lint-rules.test.js shows each architecture rule firing on a deliberate breach.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { housePlugin } from './scripts/lint/house-rules.js';

const SRC = 'web/src';
const widgetFolders = readdirSync(new URL(`./${SRC}/widgets/`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Markup is built one way: html`…` templates (which escape every value) placed with setHtml() or made with
// element()/fragment(), all in ui/html.js. Nothing else writes markup strings into the page or builds elements
// one by one.
const MARKUP_WRITES = [
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Markup is placed through ui/html.js (setHtml/element/fragment with html`…`), never by writing innerHTML/outerHTML.',
  },
  {
    selector: 'AssignmentExpression > MemberExpression.left[computed=true][property.value=/^(innerHTML|outerHTML)$/]',
    message: 'Markup is placed through ui/html.js (setHtml/element/fragment with html`…`), never by writing innerHTML/outerHTML.',
  },
  {
    selector: "CallExpression > MemberExpression.callee[property.name='insertAdjacentHTML']",
    message: 'Markup is placed through ui/html.js (element/fragment with html`…`), never with insertAdjacentHTML.',
  },
];
const CREATE_ELEMENT = {
  selector: "CallExpression > MemberExpression.callee[property.name='createElement']",
  message: 'Elements are made from html`…` templates through ui/html.js (element/fragment), not one by one.',
};
const CREATE_ELEMENT_NS = {
  selector: "CallExpression > MemberExpression.callee[property.name='createElementNS']",
  message: 'Elements are made from html`…` templates through ui/html.js (element/fragment), not one by one.',
};
// A module's path is a string the reader (and the linter) can follow: import() with a computed path could reach
// another widget's folder unseen by the dependency rules below.
const LITERAL_IMPORTS = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'import() takes a literal path, so the dependency rules can follow it.',
};
// One kit for controls (ui/controls.js): a choice is built there and nowhere else, so a labelled select, its options
// and how a link sets it are one piece of code. (createElement('select') is already CREATE_ELEMENT's.)
const SELECT_MESSAGE = 'A select and its options are built by the control kit (ui/controls.js choice()), nowhere else.';
const SELECTS = [
  { selector: 'TemplateElement[value.raw=/<select\\b/i]', message: SELECT_MESSAGE },
  { selector: 'Literal[value=/<select\\b/i]', message: SELECT_MESSAGE },
  { selector: "NewExpression[callee.name='Option']", message: SELECT_MESSAGE },
];
// An exercise keeps what changes as the reader works in one explicit object (ex.state, widgets/exercise/index.js),
// not in variables a long mount() closes over: every function that changes it says so by taking ex.
const MOUNT_HOLDS_NO_LET = {
  selector: "ExportNamedDeclaration > FunctionDeclaration[id.name='mount'] > BlockStatement > VariableDeclaration[kind='let']",
  message: "The exercise's mount() holds no mutable variables: what changes lives in ex.state, changed by functions that take ex.",
};
const restricted = (...entries) => ['error', ...entries];
const PAGE_RULES = [...MARKUP_WRITES, CREATE_ELEMENT, CREATE_ELEMENT_NS, LITERAL_IMPORTS, ...SELECTS];

// The layers, as zones of eslint-plugin-import's no-restricted-paths: `target` may not import from `from`.
const below = (target, from, message) => ({ target: `./${SRC}/${target}`, from: from.map((f) => `./${SRC}/${f}`), message });
const PAGE_ENTRIES = ['widgets', 'teachers', 'assignment', 'main.js'];
const LAYERS = [
  below('exercises', PAGE_ENTRIES, 'exercises/ sits below the widgets and the pages: it cannot import them.'),
  below('experiment', PAGE_ENTRIES, 'experiment/ sits below the widgets and the pages: it cannot import them.'),
  below('ui', [...PAGE_ENTRIES, 'exercises', 'experiment'], 'ui/ sits below exercises/ and experiment/: it cannot import them.'),
  below(
    'progress',
    [...PAGE_ENTRIES, 'exercises', 'experiment', 'ui'],
    'progress/ is the lowest layer with kernels/: it imports neither ui/ nor anything above.',
  ),
  below('kernels', [...PAGE_ENTRIES, 'exercises', 'experiment', 'ui', 'progress'], 'kernels/ sits below the page: it imports nothing of it but text/.'),
  below(
    'text',
    [...PAGE_ENTRIES, 'exercises', 'experiment', 'ui', 'progress', 'kernels'],
    'text/ is the lowest layer (plain text, no DOM): it imports nothing of the page.',
  ),
];
// A widget's folder is its own (what two widgets share lives in ui/, experiment/, exercises/ or progress/), so moving
// or removing a widget never breaks another. The loaders at widgets/'s top level (registry.js, mount.js,
// load-ahead.js, stand-in.js) are not in a widget's folder and may load any widget.
const WIDGETS_APART = widgetFolders.map((name) => ({
  target: `./${SRC}/widgets/${name}`,
  from: `./${SRC}/widgets`,
  except: [`./${name}`],
  message: `A widget's folder is its own: widgets/${name}/ imports nothing from widgets/ outside it (shared code lives in ui/, experiment/, exercises/ or progress/).`,
}));

export default [
  { ignores: ['web/src/wasm/**', 'dist/**', 'build/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // a caught error the handler does not need is dropped on purpose (`catch {}` is the spelling for that)
      'no-unused-vars': ['error', { caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: [`${SRC}/**/*.js`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { import: importPlugin, house: housePlugin },
    settings: { 'import/resolver': { node: { extensions: ['.js'] } } },
    rules: {
      'no-restricted-syntax': restricted(...PAGE_RULES),
      'house/no-timing-in-comments': 'error',
      // every relative import resolves to a file, so no spelling of a path slips past the dependency rules
      // (virtual: modules are made by the build's plugins; web/src/wasm/ by scripts/build-wasm.sh)
      'import/no-unresolved': ['error', { ignore: ['^virtual:', '/wasm/'] }],
      'import/no-restricted-paths': ['error', { zones: [...WIDGETS_APART, ...LAYERS] }],
      // (disableScc: the file as the editor holds it is checked, not only as saved: the faster strongly-connected-
      // components pass reads every file from disk, so it misses a circle that the text being linted closes)
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    // the one place that writes markup and makes elements: what the rules above send everyone to
    files: [`${SRC}/ui/html.js`],
    rules: { 'no-restricted-syntax': restricted(LITERAL_IMPORTS, ...SELECTS) },
  },
  {
    // the control kit: the one place that builds a select and its options
    files: [`${SRC}/ui/controls.js`],
    rules: { 'no-restricted-syntax': restricted(...MARKUP_WRITES, CREATE_ELEMENT, CREATE_ELEMENT_NS, LITERAL_IMPORTS) },
  },
  {
    // the exercise widget's mount() reads as a table of contents (its lines counted as Prettier lays them out)
    files: [`${SRC}/widgets/exercise/index.js`],
    rules: {
      'no-restricted-syntax': restricted(...PAGE_RULES, MOUNT_HOLDS_NO_LET),
      'house/short-mount': ['error', { max: 45 }],
    },
  },
  {
    // The heat map's documented exception: its grid is SVG (a rect per matrix entry, each with its <title>), which
    // html.js's templates do not make (they parse HTML), so it builds those SVG nodes itself. createElement and the
    // markup writes stay forbidden here.
    files: [`${SRC}/ui/heatmap.js`],
    rules: { 'no-restricted-syntax': restricted(...MARKUP_WRITES, CREATE_ELEMENT, LITERAL_IMPORTS, ...SELECTS) },
  },
  {
    files: [`${SRC}/experiment/worker.js`],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: [`${SRC}/sw.js`],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'tests/web/**/*.js', 'web/vite.config.js', 'web/plugins/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright specs and the scripts that drive Chromium run in Node and hand functions to the page
    // (page.evaluate, waitForFunction), which run there
    files: ['tests/e2e/**/*.{js,mjs}', 'scripts/bench.mjs', 'scripts/size.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // the widget tests run in Node with a DOM (Vitest's happy-dom environment: docs/testing.md)
    files: ['tests/web/widgets/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
