// The command-line tools' flags, from the kernel's own defaults (trainDefaults, stackDefaults): one flag per
// field, spelled from its name (ffnMult → --ffn-mult, L → --L), a number, a switch (a boolean field) or a word;
// so a new field of a config is a new flag without an edit. The tools add what is not a field (--placement,
// --wiring, --seeds, --jobs) and may let a field take a comma list.
// A flag is given once: a second one is refused (it had silently replaced the first). A list that names a value
// twice runs it once, and the tools say so (notes).
import { parsePositive } from '../../web/src/experiment/params.js';
import { parsePlacements, parseSeeds, wholeNumber as whole } from './worker-jobs.mjs';

export const flagOf = (key) => `--${key.length === 1 ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const NOT_FLAGS = new Set(['seed', 'placement']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** The flags of `defaults`, each with its default: "[--d 128] [--causal] …". lists: fields that take comma lists. */
export function flagsUsage(defaults, { lists = [] } = {}) {
  return Object.entries(defaults)
    .filter(([key]) => !NOT_FLAGS.has(key))
    .map(([key, value]) => (typeof value === 'boolean' ? `[${flagOf(key)}]` : `[${flagOf(key)} ${value}${lists.includes(key) ? ',…' : ''}]`))
    .join(' ');
}

// The note for a list that names some values more than once ("" when none): each runs once.
function repeatsNote(flag, text, items, value) {
  if (items.length === value.length) return '';
  const seen = new Set();
  const twice = [...new Set(items.filter((v) => seen.has(v) || !seen.add(v)))];
  return `${flag} ${text} names ${twice.join(', ')} more than once: each runs once (${flag} ${value.join(',')}).`;
}

/**
 * A written wiring's flag: one JSON object, or a JSON list of them, kept as written: the kernel reads it (its one
 * reader of a wiring's text, the page's too: wasm/src/wiring.hpp read_wirings), so the same text gets the same verdict
 * and the same message here as in the page's builder. A preset's name goes to --placement.
 * @returns {{written: string}}
 */
function parseWrittenWirings(text, fail) {
  if (!/^\s*[[{]/.test(String(text))) {
    fail(`--wiring needs a wiring as JSON, such as '{"from": "post", "alpha": "2"}' (a preset's name goes to --placement)`);
  }
  return { written: String(text) };
}

/**
 * Each wiring as the kernel writes it (its text form: a name, or canonical JSON), each once; fail(message) for one it
 * refuses, with the kernel's message. placements: preset names, and {written} for --wiring's text (a JSON object or a
 * JSON list of them). notes (optional): what to tell the reader, a wiring named twice (as a name, or written the same)
 * runs once.
 * @param {{describe: (text: string) => {text: string}, describeList: (text: string) => {text: string}[]}} wiring
 * @param {(string | {written: string})[]} placements
 */
export function wiringTexts(wiring, placements, fail, notes = []) {
  const texts = placements.flatMap((entry) => {
    try {
      if (typeof entry === 'string') return [wiring.describe(entry).text];
      const views = wiring.describeList(entry.written);
      if (views.length === 0) return fail('--wiring needs a JSON object, or a JSON list of them (this list is empty)');
      return views.map((v) => v.text);
    } catch (error) {
      return fail(error.message);
    }
  });
  const once = [...new Set(texts)];
  if (once.length < texts.length) {
    const seen = new Set();
    const twice = [...new Set(texts.filter((t) => seen.has(t) || !seen.add(t)))];
    notes.push(`the wirings name ${twice.join(', ')} more than once: each runs once.`);
  }
  return once;
}

/**
 * argv → {placements, seeds, config (the fields given), lists ({field: [values]} for the list fields), jobs, help,
 * notes (what the tool should tell the reader: a list's repeats dropped)}; placements holds --placement's names and
 * then --wiring's text as {written} (for wiringTexts: the kernel reads it); fail(message) for anything else (it does
 * not return).
 * aliases: {'--act': 'activation'}, older spellings. aboveZero: {field: what}, number fields that must be above 0
 * (read as the page reads a rate: parsePositive).
 */
export function parseFlags(argv, defaults, fail, { lists = [], aliases = {}, aboveZero = {} } = {}) {
  const options = { placements: null, seeds: null, config: {}, lists: {}, jobs: 1, help: false, notes: [] };
  const byFlag = new Map(
    Object.keys(defaults)
      .filter((k) => !NOT_FLAGS.has(k))
      .map((k) => [flagOf(k), k]),
  );
  for (const [flag, key] of Object.entries(aliases)) byFlag.set(flag, key);
  const given = new Map(); // what a flag sets (a field, or the flag itself) → the flag that set it
  const once = (flag, what = flag) => {
    const before = given.get(what);
    if (before) fail(before === flag ? `${flag} is given twice: give it once` : `${before} and ${flag} are the same flag: give it once`);
    given.set(what, flag);
  };
  const number = (flag, key, text) => {
    if (!NUMBER.test(text)) fail(`${flag} needs a number (got ${JSON.stringify(text)})`);
    if (key in aboveZero) {
      const r = parsePositive(text, { what: aboveZero[key] });
      if (!r.ok) fail(`${flag} ${text}: ${r.message}`);
    }
    return Number(text);
  };
  const items = (text) =>
    String(text)
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const note = (text) => text && options.notes.push(text);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${flag} needs a value`));
    if (flag === '--placement') {
      once(flag);
      const text = value();
      const names = parsePlacements(text, fail);
      note(repeatsNote(flag, text, items(text), names));
      options.placements = [...names, ...(options.placements ?? [])];
    } else if (flag === '--wiring') {
      once(flag);
      options.placements = [...(options.placements ?? []), parseWrittenWirings(value(), fail)];
    } else if (flag === '--seeds') {
      once(flag);
      const text = value();
      options.seeds = parseSeeds(text, fail);
      // (a range names each seed once; a list may repeat one)
      if (text.includes(','))
        note(
          repeatsNote(
            flag,
            text,
            items(text).map((t) => whole(flag, t, fail)),
            options.seeds,
          ),
        );
    } else if (flag === '--jobs') {
      once(flag);
      // (its range said once: "-1" had been told "must be 0 or more", and then 0 refused)
      options.jobs = whole('--jobs', value(), fail, { min: 1 });
    } else if (flag === '--help' || flag === '-h') options.help = true;
    else if (byFlag.has(flag)) {
      const key = byFlag.get(flag);
      once(flag, key);
      const kind = typeof defaults[key];
      if (kind === 'boolean') options.config[key] = true;
      else if (lists.includes(key)) {
        const text = value();
        const all = text.split(',').map((t) => whole(flag, t, fail));
        options.lists[key] = [...new Set(all)];
        note(repeatsNote(flag, text, all, options.lists[key]));
      } else if (kind === 'number') options.config[key] = number(flag, key, value());
      else options.config[key] = value();
    } else fail(`unknown argument ${JSON.stringify(flag)}`);
  }
  return options;
}
