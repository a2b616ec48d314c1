// The exercises in a real browser: for every numeric exercise the answer key's own answer is accepted (typed
// as students type it), a wrong one rejected with its wrong entries marked and the accepted interval kept
// back, and a known mistake named; garbage costs no attempt; worked solutions print each answer in its own
// shape; the state, answers and marks come back after a reload, and a reset clears them; a variant seed in
// the URL survives a reload, and one out of range is refused with a message; errors land under their field;
// export then import restores the progress.
import { readFileSync } from 'node:fs';
import { expect, sharedPage, warmTest as test } from './fixtures.js';
import { lightUrl } from './reach.js';

// Answers to the questions at their default numbers (the answer key's), keyed by part id (data-part);
// a known mistake [part, typed, id] and a typed answer with one entry off [part, typed, entry index].
const ANSWERS = {
  2: { right: { dydx: '1.3', 'nothing-learned': '1' }, mistake: ['dydx', '0.3', 'no-identity'], offEntry: null },
  4: {
    right: { mean: '4', variance: '2', sigma: '1.41421', output: '-1.4142, 0, 0, 1.4142' },
    mistake: ['output', '-1.2247, 0, 0, 1.2247', 'variance-d-minus-1'],
    offEntry: ['output', '-1.4142, 0, 1, 1.4142', 2],
  },
  5: { right: { update: '1.5, 2', 'zero-branch': '1, 3' }, mistake: ['update', '-1, 1', 'post-ln'], offEntry: ['update', '1.5, 3', 1] },
  6: { right: { sum: '1.5, 2', output: '-1, 1' }, mistake: ['output', '1.5, 2', 'pre-ln'], offEntry: ['sum', '1.5, 4', 1] },
  7: {
    right: { denominator: '0.0031623', output: '0, 0, 0, 0', cap: '316.23' },
    mistake: ['cap', '100000', 'cap-eps-without-root'],
    offEntry: ['output', '0, 0, 1, 0', 2],
  },
  8: {
    right: { jacobian: '[1.1, -0.2; 0.05, 1.3]' },
    mistake: ['jacobian', '0.1, -0.2; 0.05, 0.3', 'no-identity'],
    offEntry: ['jacobian', '[1.1, -0.2], [0.05, 1]', 3],
  },
  9: {
    right: { jacobian: '0.204124, -0.408248, 0.204124; -0.408248, 0.816497, -0.408248; 0.204124, -0.408248, 0.204124' },
    mistake: ['jacobian', '0.816497, -0.408248, -0.408248; -0.408248, 0.816497, -0.408248; -0.408248, -0.408248, 0.816497', 'no-variance-term'],
    offEntry: ['jacobian', '0.204124, -0.408248, 0.204124; -0.408248, 0.5, -0.408248; 0.204124, -0.408248, 0.204124', 4],
  },
  10: { right: { product: '1/3' }, mistake: ['product', '3.8333', 'sum'], offEntry: null },
  11: { right: { deep: '≈ 0.3333', shallow: '2', ratio: '6×' }, mistake: ['ratio', '1/6', 'ratio-inverted'], offEntry: null },
  12: { right: { x1: '0.1, 0.1', x2: '0.2, 0.2', xn: '0.3, 0.3' }, mistake: ['xn', '0.001, 0.001', 'power'], offEntry: ['x2', '0.2, 0.3', 1] },
  13: { right: { x1: '1, -1', x2: '1, -1', xn: '1, -1' }, mistake: ['xn', '0.3, -0.3', 'accumulate'], offEntry: ['x2', '1, 1', 1] },
  15: { right: { output: '0.7, -1.2, 2.5' }, mistake: null, offEntry: ['output', '0.7, 1.2, 2.5', 1] },
  16: { right: { bound: '~2.5871' }, mistake: ['bound', '1.96', 'linear'], offEntry: null },
  17: { right: { pre: '1.1922', post: '0.3974' }, mistake: ['post', '1.1922', 'identity-outside'], offEntry: null },
};

const section = (page, n) => page.locator(`#exercise-${n}`);
const partOf = (page, n, id) => section(page, n).locator(`.ex-part[data-part="${id}"]`);

async function open(page, n, query = '') {
  await page.goto(`./${query}#exercise-${n}`);
  await expect(section(page, n).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
}

async function answer(page, n, id, text) {
  const input = partOf(page, n, id).locator('.ex-answer');
  await expect(input).toHaveAccessibleName(/Answer/);
  await input.fill(text);
}

const check = (page, n) => section(page, n).getByRole('button', { name: 'Check' }).click();
const status = (page, n) => section(page, n).getByRole('status');
// exercise n's record in the saved progress, or undefined when nothing is saved for it
const storedRecord = (page, n) =>
  page.evaluate((n) => JSON.parse(localStorage.getItem('residual-ln-progress-v1') ?? '{"exercises":{}}').exercises[n], String(n));

// (one page for these: each works its own exercise, which the others leave alone)
test.describe('each numeric exercise, on one page', () => {
  const shared = sharedPage((page) => page.goto('./'));
  for (const [n, key] of Object.entries(ANSWERS)) {
    test(`exercise ${n}: the right answer is accepted, a wrong one marked, a known mistake named`, async () => {
      const page = shared();
      await section(page, n).scrollIntoViewIfNeeded();
      await expect(section(page, n).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
      for (const [id, text] of Object.entries(key.right)) await answer(page, n, id, text);
      await check(page, n);
      const parts = Object.keys(key.right).length;
      await expect(status(page, n)).toContainText(parts === 1 ? /^Right\./ : parts === 2 ? 'Both answers right.' : `All ${parts} answers right.`);
      for (const id of Object.keys(key.right)) {
        await expect(partOf(page, n, id)).toHaveClass(/ex-right/);
        await expect(partOf(page, n, id).locator('.ex-interval')).toContainText('Accepted');
      }

      if (key.offEntry) {
        const [id, text, entry] = key.offEntry;
        await answer(page, n, id, text);
        await check(page, n);
        await expect(partOf(page, n, id)).toHaveClass(/ex-wrong/);
        await expect(partOf(page, n, id).locator('.ex-answer')).toHaveAttribute('aria-invalid', 'true');
        const wrong = partOf(page, n, id).locator('.ex-entries .wrong');
        await expect(wrong).toHaveCount(1);
        await expect(wrong).toHaveAttribute('data-entry', String(entry));
        await expect(partOf(page, n, id).locator('.ex-interval')).toHaveCount(0); // a wrong answer gets no interval
        await answer(page, n, id, key.right[id]);
      }
      if (key.mistake) {
        const [id, text, mistake] = key.mistake;
        await answer(page, n, id, text);
        await check(page, n);
        await expect(partOf(page, n, id)).toHaveClass(/ex-wrong/);
        await expect(partOf(page, n, id).locator('.ex-mistake')).toHaveAttribute('data-misconception', mistake);
      }
    });
  }
});

test('choice exercises: the right choice is accepted, a wrong one is not', async ({ page }) => {
  await open(page, 1);
  const ex = section(page, 1);
  await ex.locator('.ex-part[data-part="post"]').getByLabel(/\(b\)/).check();
  await ex.locator('.ex-part[data-part="highway"]').getByLabel('in (b)').check();
  await check(page, 1);
  await expect(ex.locator('.ex-part[data-part="post"]')).toHaveClass(/ex-wrong/);
  await expect(ex.locator('.ex-part[data-part="highway"]')).toHaveClass(/ex-right/);
  await ex.locator('.ex-part[data-part="post"]').getByLabel(/\(a\)/).check();
  await check(page, 1);
  await expect(status(page, 1)).toContainText('Both answers right. Well done.');

  await open(page, 14);
  const fixes = section(page, 14).locator('.ex-part[data-part="fixes"]');
  for (const label of [/warmup/, /switch to Pre-LN/, /scale the branch/]) await fixes.getByLabel(label).check();
  await section(page, 14)
    .locator('.ex-part[data-part="mechanism"]')
    .getByLabel(/chain multiplicatively/)
    .check();
  await check(page, 14);
  await expect(status(page, 14)).toContainText('Both answers right. Well done.');
});

test('the worked solution is filled with the kernels’ numbers', async ({ page }) => {
  await open(page, 4);
  const ex = section(page, 4);
  await ex.locator('.ex-solution summary').click();
  await expect(ex.locator('.ex-solution-body .katex').first()).toBeVisible();
  await expect(ex.locator('.ex-solution-body')).toContainText('1.4142');
});

test('a variant seed in the URL reproduces the same numbers after a reload', async ({ page }) => {
  await open(page, 4, '?ex4.seed=12345');
  const x = section(page, 4).getByLabel('x', { exact: true });
  const first = await x.inputValue();
  expect(first).not.toBe('2, 4, 4, 6');
  await page.reload();
  await expect(section(page, 4).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(x).toHaveValue(first);
  await section(page, 4).getByRole('button', { name: 'New numbers' }).click();
  await expect(x).not.toHaveValue(first);
  const seed = new URL(page.url()).searchParams.get('ex4.seed');
  expect(seed).toMatch(/^\d+$/);
  await section(page, 4).getByRole('button', { name: 'The original numbers' }).click();
  await expect(x).toHaveValue('2, 4, 4, 6');
  expect(new URL(page.url()).searchParams.get('ex4.seed')).toBeNull();
});

test('export then import restores the same progress', async ({ page, browser }) => {
  await open(page, 11);
  await answer(page, 11, 'deep', '0.3333');
  await answer(page, 11, 'ratio', '1/6');
  await check(page, 11);
  await page.goto('./#progress');
  const panel = page.locator('#progress');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export progress' }).click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.exercises['11'].attempts).toBe(1);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('./#progress');
  await other.locator('#progress input[type=file]').setInputFiles(file);
  await expect(other.locator('#progress .progress-message')).toContainText('Imported');
  await other.goto('./#exercise-11');
  await expect(other.locator('#exercise-11 .ex-part[data-part="ratio"] .ex-answer')).toHaveValue('1/6');
  await expect(other.locator('#exercise-11 .ex-part[data-part="deep"] .ex-answer')).toHaveValue('0.3333');
  await fresh.close();
});

const storedAttempts = async (page, n) => (await storedRecord(page, n))?.attempts ?? 0;

// (one page for exercise 4's tests that never open its worked solution: once opened, the page counts it seen, a reset
// notwithstanding, and shows the accepted intervals from then on. Each test starts at exercise 4 not started, its
// fields empty.)
test.describe("exercise 4's answers read and marked, on one page", () => {
  const shared = sharedPage((page) => open(page, 4));
  /** The shared page at exercise `n`, in view. */
  const shown = async (n) => {
    const page = shared();
    await section(page, n).scrollIntoViewIfNeeded();
    await expect(section(page, n).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
    return page;
  };
  test.afterEach(async () => {
    const page = shared();
    const ex = section(page, 4);
    if ((await storedRecord(page, 4)) !== undefined) {
      await ex.getByRole('button', { name: 'Reset this exercise' }).click();
      await ex.getByRole('button', { name: 'Reset exercise 4' }).click();
    }
    await expect(ex.locator('.ex-state')).toHaveText('Not started');
    await expect(ex.locator('.ex-hint-list li')).toHaveCount(0);
    await expect(ex.locator('.ex-solution')).not.toHaveAttribute('open', '');
    for (const id of ['mean', 'variance', 'sigma', 'output']) await expect(partOf(page, 4, id).locator('.ex-answer')).toHaveValue('');
    await expect(ex.getByLabel('x', { exact: true })).toHaveValue('2, 4, 4, 6');
    expect(await storedAttempts(page, '4')).toBe(0);
  });

  test('exercise 4 names the ÷(d−1) mistake and echoes how it read the answer', async () => {
    const page = await shown(4);
    await answer(page, 4, 'output', '[−1.2247, 0, 0, 1.2247]');
    await expect(partOf(page, 4, 'output').locator('.ex-echo')).toHaveText('interpreted as [−1.2247, 0, 0, 1.2247]');
    await check(page, 4);
    await expect(partOf(page, 4, 'output').locator('.ex-mistake')).toContainText('sample variance');
    await answer(page, 4, 'output', '-1.4142, 0, 0, 1.4142');
    await check(page, 4);
    await expect(partOf(page, 4, 'output')).toHaveClass(/ex-right/);
  });

  test('garbage gets the format message and costs no attempt', async () => {
    const page = await shown(4);
    for (const garbage of ['abc', '2,,4', '1e400', '']) {
      await answer(page, 4, 'output', garbage);
      await check(page, 4);
      if (garbage === '') await expect(status(page, 4)).toContainText('Type an answer first');
      else await expect(status(page, 4)).toContainText('no attempt was counted');
    }
    expect(await storedAttempts(page, '4')).toBe(0);
  });

  test('hints open one at a time as attempts are made', async () => {
    const page = await shown(4);
    const ex = section(page, 4);
    await ex.getByRole('button', { name: 'Show hint 1 of 3' }).click();
    await expect(ex.locator('.ex-hint-list li')).toHaveCount(1);
    await expect(ex.getByRole('button', { name: 'Next hint after another attempt' })).toBeDisabled();
    await answer(page, 4, 'mean', '5');
    await check(page, 4);
    await ex.getByRole('button', { name: 'Show hint 2 of 3' }).click();
    await expect(ex.locator('.ex-hint-list li')).toHaveCount(2);
  });

  test('an answer right to too few digits is told how many digits it needs, and costs no attempt', async () => {
    const page = await shown(4);
    await answer(page, 4, 'sigma', '1.41');
    await check(page, 4);
    await expect(partOf(page, 4, 'sigma').locator('.ex-result')).toHaveText(
      'Not counted as an attempt: Right idea, but give at least 4 significant digits: your answer is the right value rounded to fewer.',
    );
    await expect(status(page, 4)).toContainText('no attempt was counted');
    expect(await storedAttempts(page, '4')).toBe(0);
    await expect(section(page, 4).locator('.ex-state')).toHaveText('Not started');
    await answer(page, 4, 'sigma', '1.4142');
    await check(page, 4);
    await expect(partOf(page, 4, 'sigma')).toHaveClass(/ex-right/);
    expect(await storedAttempts(page, '4')).toBe(1);
  });

  test('an answer of the wrong shape is told its shape and costs no attempt; no other part is graded for free', async () => {
    const page = await shown(4);
    await answer(page, 4, 'mean', '4');
    for (const [typed, said] of [
      ['0', 'Expected 4 numbers, got 1.'],
      ['-1.4142, 0, 1.4142', 'Expected 4 numbers, got 3.'],
      // (a comma beside other separators: asked about before the shape is, issue 35)
      ['-1,4142, 0, 0, 1,4142', '“-1,4142”: is the comma a decimal point? Write -1.4142, with a point.'],
      ['1,4, 2, 3, 4, 5', '“1,4”: is the comma a decimal point? Write 1.4, with a point.'],
    ]) {
      await answer(page, 4, 'output', typed);
      await check(page, 4);
      await expect(partOf(page, 4, 'output').locator('.ex-result')).toHaveText(`Not counted as an attempt: ${said}`);
      await expect(partOf(page, 4, 'mean')).not.toHaveClass(/ex-right|ex-wrong/); // graded with the rest, or not at all
    }
    expect(await storedAttempts(page, '4')).toBe(0);
  });

  test('a decimal comma is asked about, in one message; "6x", "1.02**48" and "e^0.96" are read', async () => {
    const page = await shown(4);
    await answer(page, 4, 'output', '−1,414; 0; 0; 1,414');
    const out = partOf(page, 4, 'output');
    await expect(out.locator('.ex-echo')).toHaveText('“-1,414”: is the comma a decimal point? Write -1.414, with a point.');
    await check(page, 4);
    await expect(out.locator('.ex-result')).toHaveText('Not counted as an attempt: “-1,414”: is the comma a decimal point? Write -1.414, with a point.');
    await expect(out.locator('.ex-echo')).toHaveText(''); // said once, beside Check's verdict
    await answer(page, 4, 'sigma', '1,414');
    await expect(partOf(page, 4, 'sigma').locator('.ex-echo')).toContainText('is the comma a decimal point?');

    await shown(11);
    await answer(page, 11, 'ratio', '6x');
    await expect(partOf(page, 11, 'ratio').locator('.ex-echo')).toHaveText('interpreted as 6');
    await shown(16);
    for (const typed of ['1.02**48', 'e^0.96']) {
      await answer(page, 16, 'bound', typed);
      await expect(partOf(page, 16, 'bound').locator('.ex-echo')).toHaveText(/^interpreted as 2\.6|^interpreted as 2\.5/);
    }
  });
});

const tex = (locator) => locator.locator('annotation[encoding="application/x-tex"]').allTextContents();

test('worked solutions print a number as a number and a matrix as a matrix', async ({ page }) => {
  await open(page, 2);
  await section(page, 2).locator('.ex-solution summary').click();
  const two = (await tex(section(page, 2).locator('.ex-solution-body'))).join(' ');
  expect(two).toContain('= 1.3');
  expect(two).not.toContain('\\left[1.3');
  await open(page, 8);
  await section(page, 8).locator('.ex-solution summary').click();
  await expect
    .poll(async () => (await tex(section(page, 8).locator('.ex-solution-body'))).join(' '))
    .toContain('\\begin{bmatrix}1.1 & -0.2 \\\\ 0.05 & 1.3\\end{bmatrix}');
  await open(page, 11);
  await section(page, 11).locator('.ex-solution summary').click();
  await expect.poll(async () => (await tex(section(page, 11).locator('.ex-solution-body'))).join(' ')).toMatch(/= 6$|= 6 /m);
});

test('the accepted interval stays hidden after a wrong answer and shows once the solution is revealed', async ({ page }) => {
  await open(page, 4);
  await answer(page, 4, 'variance', '3');
  await check(page, 4);
  await expect(partOf(page, 4, 'variance')).toHaveClass(/ex-wrong/);
  await expect(partOf(page, 4, 'variance').locator('.ex-interval')).toHaveCount(0);
  await expect(section(page, 4).getByText('1.9975')).toHaveCount(0);
  await section(page, 4).locator('.ex-solution summary').click();
  await expect(partOf(page, 4, 'variance').locator('.ex-interval')).toHaveText('Accepted: [1.9975, 2.0025]');
});

test('per-entry feedback on a matrix is laid out as the matrix', async ({ page }) => {
  await open(page, 9);
  await answer(page, 9, 'jacobian', '0.204124, -0.408248, 0.204124; -0.408248, 0.816497, -0.408248; 0.204124, 0.5, 0.204124');
  await check(page, 9);
  const grid = partOf(page, 9, 'jacobian').locator('.ex-entries-matrix');
  await expect(grid.locator('.ex-entries-row')).toHaveCount(3);
  await expect(grid.locator('.ex-entries-row').nth(2).locator('span')).toHaveCount(3);
  const wrong = grid.locator('.wrong');
  await expect(wrong).toHaveCount(1);
  await expect(wrong).toHaveAttribute('data-row', '2');
  await expect(wrong).toHaveAttribute('data-col', '1');
});

test('after a reload each exercise shows its state, its answers and their marks; drafts are kept', async ({ page }) => {
  await open(page, 16);
  const badge = (n) => section(page, n).locator('.ex-state');
  await expect(badge(16)).toHaveText('Not started');
  await answer(page, 16, 'bound', '2.5871');
  await check(page, 16);
  await expect(badge(16)).toHaveText('Attempted'); // the proof is still to come
  await answer(page, 16, 'proof', 'Triangle inequality per factor, then submultiplicativity.');
  await check(page, 16);
  await partOf(page, 16, 'proof').getByRole('button', { name: 'I had it' }).click();
  await expect(badge(16)).toHaveText('✓ Solved');
  await answer(page, 16, 'bound', '1.96');
  await check(page, 16); // a later wrong answer does not undo "solved"
  await expect(partOf(page, 16, 'bound')).toHaveClass(/ex-wrong/);
  await answer(page, 16, 'bound', '2.6'); // typed, never checked

  await open(page, 11);
  await answer(page, 11, 'deep', '0.3333');
  await answer(page, 11, 'ratio', '1/6');
  await check(page, 11);
  await expect(badge(11)).toHaveText('Attempted');

  await page.reload();
  // the browser restores the scroll position, which need not be near exercise 11: bring it into view, where
  // exercises mount (after a reload the fragment alone does not scroll there)
  await section(page, 11).scrollIntoViewIfNeeded();
  await expect(section(page, 11).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(badge(11)).toHaveText('Attempted');
  await expect(partOf(page, 11, 'deep').locator('.ex-answer')).toHaveValue('0.3333');
  await expect(partOf(page, 11, 'deep')).toHaveClass(/ex-right/);
  await expect(partOf(page, 11, 'ratio')).toHaveClass(/ex-wrong/);
  await expect(partOf(page, 11, 'ratio').locator('.ex-mistake')).toHaveAttribute('data-misconception', 'ratio-inverted');
  await expect(partOf(page, 11, 'shallow').locator('.ex-result')).toBeEmpty();
  await open(page, 16);
  await expect(badge(16)).toHaveText('✓ Solved');
  await expect(partOf(page, 16, 'bound').locator('.ex-answer')).toHaveValue('2.6');
  await expect(partOf(page, 16, 'bound')).not.toHaveClass(/ex-right|ex-wrong/); // 2.6 was never checked
  await expect(partOf(page, 16, 'proof').getByRole('button', { name: 'I had it' })).toHaveAttribute('aria-pressed', 'true');
  await open(page, 12);
  await expect(badge(12)).toHaveText('Not started');
});

test('reset clears one exercise, after a confirmation', async ({ page }) => {
  await open(page, 11, '?ex11.seed=3');
  await answer(page, 11, 'deep', '0.3333');
  await check(page, 11);
  const ex = section(page, 11);
  await ex.getByRole('button', { name: 'Reset this exercise' }).click();
  await expect(ex.getByRole('group', { name: 'Confirm the reset' })).toBeVisible();
  await ex.getByRole('button', { name: 'Keep my work' }).click();
  await expect(partOf(page, 11, 'deep').locator('.ex-answer')).toHaveValue('0.3333');
  await ex.getByRole('button', { name: 'Reset this exercise' }).click();
  await ex.getByRole('button', { name: 'Reset exercise 11' }).click();
  await expect(partOf(page, 11, 'deep').locator('.ex-answer')).toHaveValue('');
  await expect(ex.locator('.ex-state')).toHaveText('Not started');
  await expect(ex.getByLabel('γ', { exact: true })).toHaveValue('1');
  expect(new URL(page.url()).searchParams.get('ex11.seed')).toBeNull();
  const saved = await storedRecord(page, 11);
  expect(saved).toBeUndefined();
});

test('a seed out of range in the URL is refused with a message, and the exercise still works', async ({ page }) => {
  await open(page, 4, '?ex4.seed=99999999999999999999');
  const ex = section(page, 4);
  await expect(ex.locator('.ex-input-note')).toContainText('cannot be used: seed must be a whole number from 0 to 2^53');
  await expect(ex.getByLabel('x', { exact: true })).toHaveValue('2, 4, 4, 6');
  await answer(page, 4, 'mean', '4');
  await check(page, 4);
  await expect(partOf(page, 4, 'mean')).toHaveClass(/ex-right/);
});

test('an input error lands under its own field; a poor question says why beside the fields', async ({ page }) => {
  await open(page, 12);
  const ex = section(page, 12);
  const field = (label) => ex.locator('.field').filter({ has: page.getByLabel(label, { exact: true }) });
  await ex.getByLabel('L', { exact: true }).fill('2.5');
  await expect(field('L').locator('.field-message')).toHaveText('L must be a whole number from 2 to 100, got 2.5');
  await expect(field('b').locator('.field-message')).toBeEmpty();
  await open(page, 4);
  await section(page, 4).getByLabel('x', { exact: true }).fill('3, 3, 3');
  await expect(section(page, 4).locator('.ex-input-problem')).toContainText('all entries of x are equal, so σ² = 0');
});

// New numbers are another question: nothing of the old one's answer stays on screen
test('New numbers close the worked solution and the hints, empty the fields and count attempts afresh', async ({ page }) => {
  await open(page, 4);
  const ex = section(page, 4);
  await answer(page, 4, 'mean', '3');
  await check(page, 4);
  await ex.getByRole('button', { name: /^Show hint 1/ }).click();
  await expect(ex.locator('.ex-hint-list li')).toHaveCount(1);
  await ex.locator('.ex-solution summary').click();
  await expect(ex.locator('.ex-solution')).toHaveAttribute('open', '');
  await ex.getByRole('button', { name: 'New numbers' }).click();
  await expect(ex.locator('.ex-solution')).not.toHaveAttribute('open', '');
  await expect(ex.locator('.ex-hint-list li')).toHaveCount(0);
  for (const id of ['mean', 'variance', 'sigma', 'output']) await expect(partOf(page, 4, id).locator('.ex-answer')).toHaveValue('');
  const record = await storedRecord(page, 4);
  expect(record.attempts).toBe(0);
  expect(record.hints).toBe(0);
  expect(record.variants).toEqual([{ seed: null, attempts: 1 }]);
  await expect(ex.locator('.ex-state')).toHaveText(/attempted/i);
});

// Issue 29: a 1 MB paste without spaces had kept the tab busy for 9–12 s. Every text field holds at most what a
// saved record keeps, so the paste arrives cut to that, and the field says what it cannot read.
test('a 1 MB paste into an answer or a figure’s field is cut to the field’s limit', async ({ page }) => {
  await open(page, 17);
  const why = partOf(page, 17, 'why').locator('.ex-answer');
  await why.focus();
  await page.keyboard.insertText('x'.repeat(1_000_000));
  expect(await why.evaluate((el) => el.value.length)).toBe(2000);
  await page.goto(lightUrl('#table-b')); // (every figure at its smallest: the field is the test, not the runs)
  const depths = page.locator('#table-b').getByLabel('Depths', { exact: true });
  await depths.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('6'.repeat(1_000_000));
  expect(await depths.evaluate((el) => el.value.length)).toBe(2000);
  await expect(depths.locator('xpath=..').locator('.field-message')).toHaveText(/is too large/);
});

test('an explain part: a word or two does not open the model answer, and "Right" says what is left until it is marked', async ({ page }) => {
  await open(page, 16);
  const proof = partOf(page, 16, 'proof');
  for (const typed of ['   ', 'triangle', 'triangle inequality']) {
    await answer(page, 16, 'proof', typed);
    await check(page, 16);
    await expect(proof.locator('.ex-model')).toHaveCount(0);
  }
  await expect(proof.locator('.ex-result')).toHaveText(/^Not counted as an attempt: write your explanation in a sentence or more first/);
  expect(await storedAttempts(page, '16')).toBe(0);
  await answer(page, 16, 'bound', '2.5871');
  await answer(page, 16, 'proof', 'Triangle inequality per factor, then submultiplicativity.');
  await check(page, 16);
  await expect(proof.locator('.ex-model')).toBeVisible();
  await expect(status(page, 16)).toHaveText('Right. Your explanation is still to mark: compare with the model answer below, then mark it.');
  await expect(section(page, 16).locator('.ex-state')).toHaveText('Attempted');
  await proof.getByRole('button', { name: 'I had it' }).click();
  await expect(section(page, 16).locator('.ex-state')).toHaveText('✓ Solved');
  await expect(status(page, 16)).toHaveText('Every part done. Well done.');
});

test('answer fields are named in words a screen reader can say: no TeX source, no doubled math', async ({ page }) => {
  await open(page, 12);
  await open(page, 16);
  const names = await page.locator('.ex-answer').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(5);
  for (const name of names) expect(name).not.toMatch(/[\\_^{}]|x1x/);
  await expect(partOf(page, 12, 'x1').locator('.ex-answer')).toHaveAccessibleName('Answer: x1');
});

test('feedback where the slip is common: 14 says why a wrong choice is wrong; 12 names (n+1)·b; 7 names zeros for 0/0; 4 names σ for the variance', async ({
  page,
}) => {
  await open(page, 14);
  const fixes = section(page, 14).locator('.ex-part[data-part="fixes"]');
  for (const label of [/warmup/, /switch to Pre-LN/, /raise the learning rate/]) await fixes.getByLabel(label).check();
  await check(page, 14);
  const why = fixes.locator('.ex-mistake[data-misconception="bigger-lr"]');
  await expect(why).toContainText('A larger rate makes the first updates larger');
  await expect(fixes.locator('.ex-mistake')).toHaveCount(1); // only the wrong choice is explained; a missing one is not given away

  await open(page, 12);
  await answer(page, 12, 'xn', '0.4, 0.4');
  await check(page, 12);
  await expect(partOf(page, 12, 'xn').locator('.ex-mistake')).toHaveAttribute('data-misconception', 'one-too-many');

  await open(page, 7);
  await section(page, 7).getByLabel('ε', { exact: true }).fill('0');
  await answer(page, 7, 'output', '0, 0, 0, 0');
  await check(page, 7);
  await expect(partOf(page, 7, 'output').locator('.ex-mistake')).toHaveAttribute('data-misconception', 'zeros-for-undefined');
  await expect(partOf(page, 7, 'output').locator('.ex-mistake')).toContainText('it does not exist');

  await open(page, 4);
  await answer(page, 4, 'variance', '1.4142');
  await check(page, 4);
  await expect(partOf(page, 4, 'variance').locator('.ex-mistake')).toHaveAttribute('data-misconception', 'std-for-variance');
});

test('the exported file carries the work: each attempt as typed, when, for which numbers, and what was open before it', async ({ page }) => {
  await open(page, 4, '?ex4.seed=12345');
  await answer(page, 4, 'mean', '3');
  await check(page, 4);
  await section(page, 4)
    .getByRole('button', { name: /^Show hint 1/ })
    .click();
  await section(page, 4).locator('.ex-solution summary').click();
  await answer(page, 4, 'variance', '2.5');
  await check(page, 4);
  await page.goto('./#progress');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#progress').getByRole('button', { name: 'Export progress' }).click()]);
  const log = JSON.parse(readFileSync(await download.path(), 'utf8')).exercises['4'].log;
  expect(log).toHaveLength(2);
  expect(log[0]).toMatchObject({ seed: 12345, answers: { mean: '3' }, inputs: null, hints: 0, solution: false });
  expect(log[1]).toMatchObject({ seed: 12345, answers: { mean: '3', variance: '2.5' }, hints: 1, solution: true });
  for (const e of log) expect(Date.now() - Date.parse(e.at)).toBeLessThan(10 * 60_000);
});
