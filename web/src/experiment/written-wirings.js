// The wirings a reader has written, beside the presets: Part 4's "Build a wiring" writes one, a link adds any
// (?wiring=<JSON>, repeatable). They live in the address as the `wiring` parameters: the first is the builder's
// (a preset's name while it holds a preset), the others a link's. Every figure that takes wirings offers the
// written ones after the presets: Part 4's table gives each its rows, the charts and the lab list it among their
// wirings. On the page a written wiring is named by its place among them ("w1", "w2": what a figure's link
// carries, t.configs=w1-24-0) and runs as its text form, which the kernels read (a preset's name is its own).
// Figures hear of a change (the builder edited, Back or Forward) through subscribe(); nothing here reads a
// wiring: the kernel puts each in its text form once it has loaded (kernels/wiring.js describe), and a text it
// cannot read stays as written, for each figure's run to be refused with the kernel's message beside it.
import { loadWiring } from '../kernels/wiring.js';
import { PLACEMENTS, placementOf, writtenColour } from './choices.js';
import { addressEntry, followHistory } from '../ui/url-state.js';

/** The written wirings in the address, ?wiring=…, repeatable: the first is the builder's. */
export const wiringAddress = addressEntry({ name: 'wiring' });
/** The most written wirings a link adds (a link with hundreds would ask the table for hundreds of rows). */
export const MAX_WRITTEN = 6;

/**
 * @typedef {{key: string, label: string, colour: string, written: true, text: string, run: string}} WrittenWiring
 * @typedef {import('./choices.js').Placement} Placement
 */
/** @type {Set<(entries: WrittenWiring[]) => void>} */
const listeners = new Set();
/** @type {Awaited<ReturnType<typeof loadWiring>> | null} */
let kernel = null; // kernels/wiring.js, once loaded
/** @type {WrittenWiring[]} */
let entries = [];
let problem = '';

// "Your wiring" alone; numbered when a link adds others
/** @type {(k: number, count: number) => string} */
const labelOf = (k, count) => (count === 1 ? 'Your wiring' : `Your wiring ${k + 1}`);

/**
 * The written wirings among a link's values of `wiring`: not a preset's name, each once, at most MAX_WRITTEN, each
 * in the text form describe(text) gives (as written where describe cannot read it, or is not given). Each runs as
 * the preset it equals when it equals one (describe's same: value for value the same wiring, the same runs, which
 * the page may then have computed already), else as its text form.
 * → {entries: [{key, label, colour, written: true, text, run}], problem: what is said of the values left out, or ''}
 * @param {string[]} values  @param {((text: string) => {text: string, same: string}) | undefined} describe
 * @returns {{entries: WrittenWiring[], problem: string}}
 */
export function writtenFrom(values, describe) {
  const texts = [...new Set(values.map((t) => t.trim()).filter((t) => t && !placementOf(t)))];
  const kept = texts.slice(0, MAX_WRITTEN);
  /** @type {(text: string) => {text: string, run: string}} */
  const read = (text) => {
    try {
      const view = describe?.(text);
      return view ? { text: view.text, run: view.same || view.text } : { text, run: text };
    } catch {
      return { text, run: text };
    }
  };
  return {
    entries: kept.map((text, k) => ({
      written: /** @type {const} */ (true),
      key: `w${k + 1}`,
      label: labelOf(k, kept.length),
      colour: writtenColour(k),
      ...read(text),
    })),
    problem: texts.length > MAX_WRITTEN ? `This link carries ${texts.length} written wirings; the page takes the first ${MAX_WRITTEN}.` : '',
  };
}

// (none outside a page: the command line and the tests import the modules that import this one)
const addressValues = () => wiringAddress.allIn();

function readEntries() {
  const read = writtenFrom(addressValues(), kernel?.describe);
  problem = read.problem;
  return read.entries;
}

/** Reads the address again (the builder wrote to it, or a link was followed) and tells every figure of a change. */
export function refreshWritten() {
  const before = JSON.stringify(entries);
  entries = readEntries();
  if (JSON.stringify(entries) === before) return;
  for (const listener of [...listeners]) listener(entries);
}

// the kernel's reader, asked for once: by the first figure that listens, or at once when the address has a wiring
let kernelAsked = false;
function askKernel() {
  if (kernelAsked) return;
  kernelAsked = true;
  loadWiring().then(
    (k) => {
      kernel = k;
      refreshWritten();
    },
    () => {},
  ); // (without the kernels, the texts stay as written: no figure can run them anyway)
}

entries = readEntries();
if (entries.length) askKernel();

/** The written wirings now: [{key: 'w1', label, colour, written: true, text, run}] in the address's order. */
export const writtenWirings = () => entries;
/** What the page says of the address's written wirings it leaves out ('' when none). */
export const writtenProblem = () => problem;

let stopHistory = () => {};
/** Calls listener(entries) whenever the written wirings change. → stop() @param {(entries: WrittenWiring[]) => void} listener */
export function subscribeWritten(listener) {
  askKernel();
  if (!listeners.size) stopHistory = followHistory(wiringAddress.name, refreshWritten);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) stopHistory();
  };
}

/** Every wiring a figure offers: the presets, then the written ones. */
export const wiringChoices = () => [...PLACEMENTS, ...entries];

/** The entry of a preset's name or a written wiring's key (undefined for any other).
 * @type {(key: string) => Placement | WrittenWiring | undefined} */
export const wiringOf = (key) => placementOf(key) ?? entries.find((e) => e.key === key);

/** A wiring's text form: a preset's name, or a written wiring's text (what a training run is given and shows).
 * @param {string} key */
export const textOf = (key) => wiringOf(key)?.text ?? key;

/**
 * What a run of the article's experiment is given as its placement: textOf, or for a written wiring that is a preset
 * value for value, the preset's name (the same run, which the page may have computed already).
 * @param {string} key
 */
export const runText = (key) => wiringOf(key)?.run ?? key;

/** The entry of a wiring by its text form (what textOf gives), for its label and colour.
 * @type {(text: string) => Placement | WrittenWiring | undefined} */
export const wiringOfText = (text) => placementOf(text) ?? entries.find((e) => e.text === text);
