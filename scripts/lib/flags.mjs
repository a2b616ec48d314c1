// The command-line tools' flags, from the kernel's own defaults (trainDefaults, stackDefaults): one flag per
// field, spelled from its name (ffnMult → --ffn-mult, L → --L), a number, a switch (a boolean field) or a word;
// so a new field of a config is a new flag without an edit. The tools add what is not a field (--placement,
// --wiring, --seeds, --jobs) and may let a field take a comma list.
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

/**
 * A written wiring's flag: one JSON object, or a JSON array of them → their JSON texts, which the kernel reads (and
 * refuses with its message) as it reads a preset's name (wasm/src/wiring.hpp).
 */
export function parseWrittenWirings(text, fail) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    fail(`--wiring needs a wiring as JSON, such as '{"from": "post", "alpha": "2"}' (got ${JSON.stringify(String(text).slice(0, 60))})`);
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.some((w) => w === null || typeof w !== 'object' || Array.isArray(w))) {
    fail('--wiring needs a JSON object, or a JSON list of them');
  }
  return list.map((w) => JSON.stringify(w));
}

/** Each wiring as the kernel writes it (its text form: a name, or canonical JSON); fail(message) for one it refuses. */
export function wiringTexts(wiring, placements, fail) {
  return placements.map((text) => {
    try {
      return wiring.describe(text).text;
    } catch (error) {
      return fail(error.message);
    }
  });
}

/**
 * argv → {placements, seeds, config (the fields given), lists ({field: [values]} for the list fields), jobs, help};
 * placements holds --placement's names and then --wiring's written wirings (their JSON texts);
 * fail(message) for anything else (it does not return). aliases: {'--act': 'activation'}, older spellings.
 */
export function parseFlags(argv, defaults, fail, { lists = [], aliases = {} } = {}) {
  const options = { placements: null, seeds: null, config: {}, lists: {}, jobs: 1, help: false };
  const byFlag = new Map(Object.keys(defaults).filter((k) => !NOT_FLAGS.has(k)).map((k) => [flagOf(k), k]));
  for (const [flag, key] of Object.entries(aliases)) byFlag.set(flag, key);
  const number = (flag, text) => {
    if (!NUMBER.test(text)) fail(`${flag} needs a number (got ${JSON.stringify(text)})`);
    return Number(text);
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${flag} needs a value`));
    if (flag === '--placement') options.placements = [...parsePlacements(value(), fail), ...(options.placements ?? [])];
    else if (flag === '--wiring') options.placements = [...(options.placements ?? []), ...parseWrittenWirings(value(), fail)];
    else if (flag === '--seeds') options.seeds = parseSeeds(value(), fail);
    else if (flag === '--jobs') options.jobs = whole('--jobs', value(), fail);
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (byFlag.has(flag)) {
      const key = byFlag.get(flag);
      const kind = typeof defaults[key];
      if (kind === 'boolean') options.config[key] = true;
      else if (lists.includes(key)) options.lists[key] = value().split(',').map((t) => whole(flag, t, fail));
      else if (kind === 'number') options.config[key] = number(flag, value());
      else options.config[key] = value();
    } else fail(`unknown argument ${JSON.stringify(flag)}`);
  }
  if (!options.help && options.jobs < 1) fail('--jobs must be at least 1');
  return options;
}
