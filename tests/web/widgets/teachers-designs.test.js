// @vitest-environment jsdom
// The teachers' page runs the designs its files hand in (exercises 22 and 23) again, with a status line and a Stop
// button (teachers/design-runs.js). Once every design has its verdict the line says so and stays: it had gone back to
// "Running the handed-in designs…" 0.3 s after "Every handed-in design was run again", its Stop button up, for good
// (issue 52). Three designs the kernel refuses to read: verdicts without a run, so the line's ends come at once.
import { expect, it } from 'vitest';
import { assignedSeed } from '../../../web/src/progress/assignee.js';
import { exerciseRecord, logEntry } from '../../../web/src/progress/validate.js';
import { device, eventually, fileOf, openFiles, openTeachers, textOf } from './teachers-helpers.js';

it('the designs run again: the line ends on its verdict and stays, its Stop button gone', async () => {
  const seed = assignedSeed('C', 'Ada', 22);
  const log = [1, 2, 3].map((k) =>
    logEntry(
      { seed, answers: { design: `{"from":"post","alpah":"${k}"}` }, hints: 0, solution: false, right: [], try: k },
      new Date(Date.UTC(2026, 10, 1, 10, k)),
    ),
  );
  const file = JSON.stringify({
    version: 1,
    exercises: { 22: exerciseRecord({ attempts: 3, seed, log }) },
    cards: {},
    assignment: { code: 'C', name: 'Ada', exercises: [22], due: '' },
  });
  const teacher = await openTeachers(device(), '/teachers.html?assign.class=C&assign.ex=22');
  const box = () => /** @type {HTMLElement} */ (teacher.body.querySelector('.teachers-designs'));
  const line = () => textOf(box()?.querySelector('.teachers-designs-text') ?? null);
  const stop = () => /** @type {HTMLButtonElement} */ (box().querySelector('.teachers-designs-cancel'));
  // every text the line shows from now on
  const said = /** @type {string[]} */ ([]);
  new MutationObserver(() => said.at(-1) !== line() && said.push(line())).observe(teacher.body, { subtree: true, childList: true, characterData: true });
  openFiles(/** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-files')), [fileOf('ada.json', file)]);
  await eventually(() => expect(line()).toBe('Every handed-in design was run again (3).'));
  expect(box().hidden).toBe(false);
  expect(stop().hidden, 'no Stop for work that is done').toBe(true);
  // the grading the verdicts bring (the table filled in again) starts no new run
  await eventually(() => expect(textOf(teacher.body.querySelector('.teachers-grades tbody tr'))).toContain('Ada'));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(line()).toBe('Every handed-in design was run again (3).');
  expect(said.slice(said.indexOf('Every handed-in design was run again (3).'))).toEqual(['Every handed-in design was run again (3).']);
  expect(stop().hidden).toBe(true);
});
