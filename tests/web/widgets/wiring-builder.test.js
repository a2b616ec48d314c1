// @vitest-environment jsdom
// Part 4's "Build a wiring" (widgets/wiring-builder) mounted with the table of every wiring (#table-placements) it
// joins, the training lab and Part 4's gradient profile, at the light settings the e2e spec used (one depth, one
// seed). A wiring built by the drawing's parts gets rows of its own, whose cells carry its text form like the
// presets' carry their names, while the presets' cells stay; the address keeps it and a link reproduces it; the lab
// trains it in one click; the charts offer it; what the kernel refuses is said beside the field it is about.
// Moved from tests/e2e/wiring-builder.spec.js (docs/testing/moved-wirings-part4.md). Each test opens its page afresh
// at its address (openPage), as a link opens it.
import { describe, expect, it } from 'vitest';
import { PLACEMENTS } from '../../../web/src/experiment/choices.js';
import { SMALL_MODEL } from '../light-settings.js';
import { fill } from './harness.js';
import { WAIT, button, check, choose, fieldLike, openPage, placementCells, showSections, until } from './wirings-part4-helpers.js';

// Part 4's table at its smallest: one depth, one seed
const LIGHT = 'p.Ls=6&p.seeds=0';
const MEASURES = ['all', 'no-ln', 'input', 'sd-factor'];
const RMS_SCALED = '{"from":"pre","norm":"rms","scale_out":"1/sqrt(2*L)"}';

const builder = () => /** @type {HTMLElement} */ (document.querySelector('#build-wiring'));
const table = () => /** @type {HTMLElement} */ (document.querySelector('#table-placements'));
// (its text as a reader reads it: runs of white space, a no-break space among them, as one space)
const text = (/** @type {string} */ selector, root = builder()) => (root.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const switchOf = (/** @type {string} */ key) => /** @type {HTMLButtonElement} */ (builder().querySelector(`.we-switch[data-key="${key}"]`));
const wiringsInAddress = () => new URLSearchParams(location.search).getAll('wiring');

/** The computed cells of the table's rows for one wiring's text form: {"L|measure": value}. @param {string} placement */
const cellsOf = (placement) => Object.fromEntries(Object.entries(placementCells(placement)).map(([k, v]) => [k.split('|').slice(1).join('|'), v]));

/** Opens the page at `query` with the builder's section (its table) and the lab's, and mounts the table and the builder. */
async function open(query = LIGHT, { lab = false } = {}) {
  const mount = await openPage(`/?${query}#build-wiring`);
  showSections('#build-wiring', ...(lab ? ['#training-lab-curves', '#figure-placements-profile'] : []));
  await mount('#table-placements');
  const b = await mount('#build-wiring');
  expect(b.querySelector('.wiring-editor')).not.toBeNull();
  return { b, mount };
}

/** Waits until the reader's rows have every measure at L = 6, and returns them. @param {string} placement */
async function writtenRow(placement) {
  await until(() => Object.keys(cellsOf(placement)).length === MEASURES.length, `the rows of ${placement}`);
  const cells = cellsOf(placement);
  for (const m of MEASURES) expect(Number(cells[`6|${m}`]), `${m}: ${cells[`6|${m}`]}`).toBeGreaterThan(0);
  return cells;
}

/** The th of each row of the table whose cells carry `placement`. @param {string} placement */
const rowHeadOf = (placement) =>
  [...table().querySelectorAll('tbody tr')]
    .filter((tr) => [...tr.querySelectorAll('td[data-placement]')].some((td) => /** @type {HTMLElement} */ (td).dataset.placement === placement))
    .map((tr) => (tr.querySelector('th')?.textContent ?? '').replace(/\s+/g, ' ').trim());

it('built with the drawing’s parts, a wiring gets its own row in the table; the presets’ cells stay as they are', async () => {
  const { b } = await open();
  // the presets' rows first, as the page opened (nothing written yet: no row of the reader's)
  await until(() => table().querySelectorAll('td[data-measure][data-value]').length === PLACEMENTS.length * MEASURES.length, 'the presets’ cells');
  expect(table().querySelectorAll('tbody tr')).toHaveLength(PLACEMENTS.length);
  expect(text('.wb-sentence')).toBe('Pre-LN, as the chapter measures it.');
  // every preset cell is marked: an element redrawn would lose its mark
  const tds = /** @type {HTMLElement[]} */ ([...table().querySelectorAll('td[data-value]')]);
  tds.forEach((td) => (td.dataset.before = td.dataset.value));

  choose(fieldLike(b, /^Every norm/), 'rms');
  fill(fieldLike(b, /scale on the output/), '1/sqrt(2*L)');
  expect(text('.wb-sentence')).toBe('Pre-LN with RMSNorm and the branch’s output scaled by 1/√(2·L).');
  expect(text('.wb-changes')).toBe('Changed from Pre-LN: norm LayerNorm → RMSNorm; scale_out 1 → 1/√(2·L).');
  expect(text('.wb-text code')).toBe(RMS_SCALED);
  await writtenRow(RMS_SCALED);
  expect(text('th', [...table().querySelectorAll('tbody tr')].at(-1))).toBe('Your wiring, L = 6');
  expect(table().querySelectorAll(`td[data-placement="${RMS_SCALED.replaceAll('"', '\\"')}"][data-l="6"][data-measure="all"]`)).toHaveLength(1);
  // the presets' cells are the very elements they were
  const before = /** @type {HTMLElement[]} */ ([...table().querySelectorAll('td[data-before]')]);
  expect(before).toHaveLength(PLACEMENTS.length * MEASURES.length);
  expect(before.every((td) => td.dataset.before === td.dataset.value)).toBe(true);
  // the address keeps the wiring
  expect(wiringsInAddress()).toEqual([RMS_SCALED]);

  // a switch on the drawing: the norm after the add; the row is the new wiring's, the old one's is gone
  switchOf('after').click();
  expect(switchOf('after').getAttribute('aria-pressed')).toBe('true');
  const after = '{"from":"pre","norm":"rms","after":true,"scale_out":"1/sqrt(2*L)"}';
  await writtenRow(after);
  expect(Object.keys(cellsOf(RMS_SCALED))).toEqual([]);
  expect(table().querySelectorAll('tbody tr')).toHaveLength(PLACEMENTS.length + 1);

  // a wiring that is a preset value for value is said to be one, and measured as that preset's runs
  choose(fieldLike(b, /^Start from/), 'post');
  fill(fieldLike(b, /× α, on the stream/), '(2*L)^0.25');
  fill(fieldLike(b, /÷ at init/), '(8*L)^0.25');
  expect(text('.wb-sentence')).toContain(': the same wiring as DeepNorm.');
  const deep = await writtenRow('{"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"}');
  expect(deep).toEqual(cellsOf('deepnorm'));
});

it('a switch taken by itself (the phone’s tap): no residual, its row and its sentence', async () => {
  await open();
  switchOf('residual').click();
  expect(switchOf('residual').getAttribute('aria-pressed')).toBe('false');
  await writtenRow('{"from":"pre","residual":false}');
  expect(text('.wb-sentence')).toBe('Pre-LN with no residual (the branch’s output replaces the stream).');
});

it('a link with ?wiring= reproduces the wiring: the drawing, the sentence and the row; two links’ wirings, two rows', async () => {
  // written by hand, not in the kernel's form: the page puts it in its text form
  const link = '{"norm": "rms", "residual": false, "scale_out": "1/sqrt(2*L)"}';
  const { b } = await open(`${LIGHT}&wiring=${encodeURIComponent(link)}&wiring=${encodeURIComponent('{"from":"post","alpha":"2"}')}`);
  expect(fieldLike(b, /^Every norm/).value).toBe('rms');
  expect(switchOf('residual').getAttribute('aria-pressed')).toBe('false');
  expect(fieldLike(b, /scale on the output/).value).toBe('1/sqrt(2*L)');
  expect(text('.wb-sentence')).toBe('Pre-LN with RMSNorm, no residual (the branch’s output replaces the stream) and the branch’s output scaled by 1/√(2·L).');
  await writtenRow('{"from":"pre","norm":"rms","residual":false,"scale_out":"1/sqrt(2*L)"}');
  await writtenRow('{"from":"post","alpha":"2"}');
  const heads = [...table().querySelectorAll('tbody tr th')].map((th) => (th.textContent ?? '').replace(/\s+/g, ' ').trim());
  expect(heads.filter((h) => /^Your wiring \d, L = 6$/.test(h))).toEqual(['Your wiring 1, L = 6', 'Your wiring 2, L = 6']);
  // the reader's edit changes the first; the link's second stays
  switchOf('out').click();
  await until(() => wiringsInAddress()[0] !== '{"from":"pre","norm":"rms","residual":false,"scale_out":"1/sqrt(2*L)"}', 'the address written');
  expect(wiringsInAddress()).toEqual(['{"from":"pre","norm":"rms","out":true,"residual":false,"scale_out":"1/sqrt(2*L)"}', '{"from":"post","alpha":"2"}']);
});

it('a link’s wiring beside the builder’s preset is “Your wiring”; once the builder writes one, the two are numbered', async () => {
  const { b } = await open(`${LIGHT}&wiring=deepnorm&wiring=${encodeURIComponent(RMS_SCALED)}`);
  expect(fieldLike(b, /^Start from/).value).toBe('deepnorm');
  await writtenRow(RMS_SCALED);
  expect(rowHeadOf(RMS_SCALED)).toEqual(['Your wiring, L = 6']);
  switchOf('final').click();
  await writtenRow('{"from":"deepnorm","final":true}');
  expect(rowHeadOf('{"from":"deepnorm","final":true}')).toEqual(['Your wiring 1, L = 6']);
  expect(rowHeadOf(RMS_SCALED)).toEqual(['Your wiring 2, L = 6']);
});

it('what the kernel refuses is said beside the field it is about, and the last good wiring stays', async () => {
  const { b } = await open();
  const messageBeside = (/** @type {RegExp} */ label) => fieldLike(b, label).closest('.field')?.querySelector('.field-message');
  const alpha = fieldLike(b, /× α, on the stream/);
  fill(alpha, '2*');
  expect(messageBeside(/× α, on the stream/)?.textContent).toMatch(/^alpha: cannot read "2\*" at character 3/);
  expect(alpha.getAttribute('aria-invalid')).toBe('true');
  expect(text('.wb-text code')).toBe('pre');
  expect(wiringsInAddress()).toEqual([]);
  fill(alpha, '1');
  expect(messageBeside(/× α, on the stream/)?.textContent).toBe(''); // (an empty message is not shown)
  // a depth the table measures: first_post past L = 6
  const firstPost = fieldLike(b, /first blocks plain Post-LN/);
  fill(firstPost, 'L/4+10');
  expect(messageBeside(/first blocks plain Post-LN/)?.textContent).toBe('first_post "L/4+10" must be between 0 and L = 6 (got 11.5)');
  fill(firstPost, '0');
  // an initial value for a gate that is none
  fill(fieldLike(b, /the gate’s start/), '0.5');
  expect(messageBeside(/the gate’s start/)?.textContent).toMatch(/^gate0 is the initial value of a gate, but gate is "none"/);
  choose(fieldLike(b, /a learned gate/), 'sublayer');
  expect(messageBeside(/the gate’s start/)?.textContent).toBe('');
  expect(text('.wb-text code')).toBe('{"from":"pre","gate":"sublayer","gate0":"0.5"}');
});

it('a link’s wiring the kernel cannot read: said above the drawing and beside the table, the page goes on', async () => {
  await open(`${LIGHT}&wiring=${encodeURIComponent('{"alhpa": 2}')}`);
  expect(text('.we-message')).toMatch(/^The wiring in this link cannot be used: a wiring has no key "alhpa"/);
  expect(text('.wb-text code')).toBe('pre');
  await until(() => text('.exp-note.field-message', table()).includes('Your wiring cannot run here: a wiring has no key "alhpa"'), 'the table’s note');
  await until(() => table().querySelectorAll('td[data-measure][data-value]').length === PLACEMENTS.length * MEASURES.length, 'the presets’ cells');
});

it('a run of the reader’s wiring that fails: a dash in each of its cells and the kernel’s reason once under the table', async () => {
  // α = 1e10 on Pre-LN's stream: past block 30 of 32 it leaves float64's range, in every run of the row
  const query = `p.Ls=32&p.seeds=0&${new URLSearchParams(SMALL_MODEL)}&wiring=${encodeURIComponent('{"from":"pre","alpha":"1e10"}')}`;
  await open(query);
  await until(() => table().querySelectorAll('td[data-measure][data-value]').length === PLACEMENTS.length * MEASURES.length, 'the presets’ cells');
  const failed = () => [...table().querySelectorAll('td.failed')];
  await until(() => failed().length === MEASURES.length, 'the written row’s cells');
  for (const cell of failed()) {
    expect(cell.closest('tr')?.querySelector('th')?.textContent?.replace(/\s+/g, ' ')).toBe('Your wiring, L = 32');
    expect(cell.querySelector('.computed')?.textContent).toBe('—');
    expect(cell.dataset.value).toBe('failed');
  }
  // no cell of the table reads like a word the kernel never said
  expect([...table().querySelectorAll('td')].filter((td) => /\berror\b/.test(td.textContent ?? ''))).toEqual([]);
  const note = text('.failed-note', table());
  expect(note).toBe(
    "— (not computed) in Your wiring, L = 32: this run's numbers left float64's range in its forward pass (a norm's input became infinite): lower alpha (it is 10000000000 at block 1 and multiplies the stream at every add).",
  );
  expect(note.match(/not computed/g)).toHaveLength(1); // said once, for its four cells
});

describe('one click takes the wiring to the lab', () => {
  it('which trains it beside its preset; the charts offer it', async () => {
    const { b, mount } = await open(`${LIGHT}&pg.L=4&wiring=${encodeURIComponent(RMS_SCALED)}`, { lab: true });
    const lab = await mount('#training-lab-curves');
    const profile = await mount('#figure-placements-profile');
    button(b, 'Train it in the lab').click();
    const wirings = () =>
      /** @type {HTMLSelectElement[]} */ (
        [...lab.querySelectorAll('select')].filter((s) => /^Wiring of configuration/.test(s.getAttribute('aria-label') ?? ''))
      );
    await until(() => wirings().length === 3, 'three configurations');
    expect(wirings().map((s) => s.selectedOptions[0].textContent)).toEqual(['Your wiring', 'Your wiring', 'Pre-LN']);
    expect(location.search).toMatch(/t\.configs=w1-24-0(%2C|,)w1-24-50(%2C|,)pre-24-0/);
    // (the link sets the lab's configurations; its other fields are the lab's defaults: a short run here)
    fill(fieldLike(lab, /^Steps$/), '3');
    fill(fieldLike(lab, /^Seeds$/), '0');
    button(lab, 'Run').click();
    await until(() => /^3 runs/.test(lab.querySelector('.lab-footer')?.textContent ?? ''), 'the lab’s 3 runs', WAIT);
    const runs = /** @type {HTMLElement[]} */ ([...lab.querySelectorAll('.lab-run')]);
    expect(runs.map((li) => [li.dataset.placement, li.dataset.warmup, li.dataset.finalLoss !== undefined])).toEqual([
      [RMS_SCALED, '0', true],
      [RMS_SCALED, '50', true],
      ['pre', '0', true],
    ]);
    expect(lab.querySelector('.lab-summary')?.textContent).toContain('Your wiring, L = 24, no warmup');

    // Part 4's gradient profile lists it among its wirings, in the written wirings' colour
    const choices = /** @type {HTMLElement} */ ([...profile.querySelectorAll('summary')].find((s) => s.textContent?.includes('Wirings:')));
    choices.click();
    check(fieldLike(profile, /^Your wiring$/));
    await until(() => /^\d+ runs?/.test(profile.querySelector('.exp-footer')?.textContent ?? ''), 'the profile’s runs');
    /** @type {HTMLElement} */ (profile.querySelector('.chart-data summary')).click();
    await until(() => profile.querySelector('.chart-data thead th:last-child')?.textContent === 'Your wiring', 'the profile’s column');
    await until(() => /^\d/.test(/** @type {HTMLElement} */ (profile.querySelector('.chart-data td[data-col="w1"]'))?.dataset.value ?? ''), 'its values');
    expect(location.search).toMatch(/pg\.placements=[^&]*w1/);

    // the builder back on a preset: no written wiring left; the lab's rows that trained it say so
    choose(fieldLike(b, /^Start from/), 'deepnorm');
    await until(() => lab.querySelectorAll('.lab-config-message').length === 3, 'the lab’s messages');
    const messages = [...lab.querySelectorAll('.lab-config-message')].map((m) => m.textContent ?? '');
    expect(messages[0]).toMatch(/no longer on the page/);
    expect(messages[1]).toMatch(/no longer on the page/);
    expect(messages[2]).toBe('');
    await until(() => !/Your wiring/.test(choices.textContent ?? ''), 'the profile’s wirings without it');
  }, 300_000);
});
