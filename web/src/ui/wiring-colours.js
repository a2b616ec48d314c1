// One colour per wiring, everywhere on the page (the charts' lines, the swatches of the controls, the lab's
// configurations): a palette of hue families, style.css's --wiring-1 … --wiring-12 (light and dark), given to the
// presets by their position in the kernel's order, and one more family, --wiring-own, for every wiring the reader
// writes (issue 34). No two families share a hue: tests/e2e/part4-glance.spec.js ("one colour per wiring") reads
// them from the page and holds their hues at least 20° apart (OKLCH). Where one chart shows a wiring more than once
// (the lab's Post-LN with and without warmup), the second and later ones take a shade of the same family (shadesOf),
// never another hue.

/** How many presets the palette has a family for (adding a preset past it adds a family to style.css). */
const PRESET_FAMILIES = 12;

/** The colour (a CSS variable) of the preset at position `index` of the kernel's table. @param {number} index */
export function presetColour(index) {
  if (!Number.isInteger(index) || index < 0 || index >= PRESET_FAMILIES) {
    throw new RangeError(`no colour family for preset ${index}: style.css has ${PRESET_FAMILIES} (--wiring-1 … --wiring-${PRESET_FAMILIES})`);
  }
  return `--wiring-${index + 1}`;
}

/** The family of the wirings the reader writes. */
export const WRITTEN_COLOUR = '--wiring-own';

/**
 * The shade of configurations that share a wiring: colours[k] is the wiring colour of configuration k; → for each,
 * 0 for the first of its wiring, 1 for the second, … (chart.js and the swatches draw shade s as the family's colour
 * mixed towards the page's background).
 * @param {string[]} colours
 */
export function shadesOf(colours) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return colours.map((c) => {
    const s = seen.get(c) ?? 0;
    seen.set(c, s + 1);
    return s;
  });
}

// shade s: [share of the family's colour, what it is mixed with]: ever paler towards the page's background (the
// neutral family is the text's colour, so a mix towards the text would not show); past the list they repeat
/** @type {[number, string][]} */
const SHADES = [
  [1, '--bg'],
  [0.62, '--bg'],
  [0.38, '--bg'],
  [0.8, '--bg'],
];

/** The CSS of colour (a CSS variable) at shade s, for a swatch's background: a color-mix(). @param {string} colour  @param {number} [s] */
export function shadeCss(colour, s = 0) {
  const [share, other] = SHADES[s % SHADES.length];
  return share === 1 ? `var(${colour})` : `color-mix(in srgb, var(${colour}) ${share * 100}%, var(${other}))`;
}

/** The same shade as a mix of two #rrggbb colours (the charts draw on a canvas): colourOf(name) reads a CSS variable.
 * @param {string} colour  @param {number} s  @param {(name: string) => string} colourOf */
export function shadeHex(colour, s, colourOf) {
  const [share, other] = SHADES[s % SHADES.length];
  const base = colourOf(colour);
  if (share === 1) return base;
  /** @type {(hex: string) => number[] | null} */
  const rgb = (hex) => (/^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null);
  const [a, b] = [rgb(base), rgb(colourOf(other))];
  if (!a || !b) return base;
  return `#${a
    .map((v, i) =>
      Math.round(share * v + (1 - share) * b[i])
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
