// Text that someone else typed (a student's name, a class code, a file's name, an explanation), shown among the
// page's own words. Unicode's direction controls are invisible and reorder what follows them: "\u202Enosaj\u202C
// Mallory" displays as "jason Mallory", and one left open reorders the rest of its line, a table row or a flag's
// sentence. So every such string is shown isolated (a <bdi>, or FSI … PDI inside a sentence of text) with each
// control written out where it stands ("[U+202E]"), and a name or a class code refuses them (progress/assignee.js).
// No DOM: the teachers' page, the grading and the store share it.

// LRM, RLM, ALM; the embeddings, overrides and their pop (U+202A–U+202E); the isolates (U+2066–U+2069)
const CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** @type {Record<number, string>} */
const NAMES = {
  0x061c: 'Arabic letter mark',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
};

/** @type {(c: string) => string} */
const codeOf = (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Whether text holds a direction control. @type {(text: unknown) => boolean} */
export const hasDirectionControls = (text) => CONTROL.test(String(text));

/** The text with each direction control written out where it stands: "\u202Eabc" → "[U+202E]abc". @type {(text: unknown) => string} */
export const visibleControls = (text) => String(text).replace(CONTROLS, (c) => `[${codeOf(c)}]`);

/**
 * The text as a piece of a sentence: its controls written out, isolated from the words around it (FSI … PDI). Plain
 * ASCII cannot change the direction of anything around it and is left as it is.
 * @type {(text: unknown) => string}
 */
export const isolated = (text) => (/^[\x20-\x7e]*$/.test(String(text)) ? String(text) : `\u2068${visibleControls(text)}\u2069`);

/**
 * The direction controls text holds, named once each: "U+202E right-to-left override, U+202C pop directional formatting".
 * @param {unknown} text
 */
export function namedControls(text) {
  const found = [...new Set(String(text).match(CONTROLS) ?? [])];
  return found.map((c) => `${codeOf(c)} ${NAMES[c.codePointAt(0)]}`).join(', ');
}
