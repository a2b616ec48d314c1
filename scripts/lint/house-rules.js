// The house's own ESLint rules (eslint.config.js registers them as the `house` plugin), for what no built-in rule
// or no-restricted-syntax selector can say. tests/web/lint-rules.test.js shows each firing on a deliberate breach.

// A timing is a number with ms, µs, s or FLOP/s after it ("12 ms", "3–4 s", "1.2 GFLOP/s").
const TIMING = /\d(?:[\d.,]*\d)?(?:\s?[–-]\s?\d[\d.]*)?\s?(?:ms|µs|s|[GMT]?FLOP\/s)\b/;

// Comments say why; what was measured is kept in docs/measurements.md or the commit, where its date and machine go
// with it (a timing in a comment goes stale unseen). (The C++ and CSS comments are held by tests/web/house.test.js:
// ESLint reads only JavaScript.)
const noTimingInComments = {
  meta: {
    type: 'suggestion',
    docs: { description: 'a comment states no timing: measurements go to docs/measurements.md' },
    schema: [],
    messages: { timing: 'A comment states no timing ("{{timing}}"): measurements go to docs/measurements.md, with their date and machine.' },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const timing = comment.value.match(TIMING)?.[0];
          if (timing) context.report({ loc: comment.loc, messageId: 'timing', data: { timing } });
        }
      },
    };
  },
};

// A module's exported mount() reads as a table of contents: it builds the view and calls small named functions, each
// of which takes the state it changes. Its length, as Prettier lays it out, is held under a bound (options: { max }).
const shortMount = {
  meta: {
    type: 'suggestion',
    docs: { description: 'the exported mount() stays under a number of lines' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, required: ['max'], additionalProperties: false }],
    messages: { long: 'mount() is {{lines}} lines; keep it to {{max}} by moving work into small named functions that take the state they change.' },
  },
  create(context) {
    const { max } = context.options[0];
    return {
      'ExportNamedDeclaration > FunctionDeclaration[id.name="mount"]'(node) {
        const lines = node.loc.end.line - node.loc.start.line + 1;
        if (lines > max) context.report({ node: node.id, messageId: 'long', data: { lines, max } });
      },
    };
  },
};

export const housePlugin = { rules: { 'no-timing-in-comments': noTimingInComments, 'short-mount': shortMount } };
