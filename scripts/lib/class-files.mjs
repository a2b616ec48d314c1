#!/usr/bin/env node
// A class's progress files, as the chapter's page writes them, for measuring the teachers' page (the grading bench
// in scripts/bench-grading.mjs, the responsiveness check in tests/web/widgets/teachers-class.test.js): each student works
// through exercises 1–21 on their own assigned numbers (from the class code and their name), 20 Checks an exercise:
// 19 with the first part wrong (a known mistake's value where the kernel names one for that part, else another number
// or option), then every part right, each explanation self-marked. The answers are computed by the real kernels in Node, so the files are graded
// as a real class's would be (every attempt graded again, the mistakes diagnosed).
//   node scripts/lib/class-files.mjs --students 500 --out DIR [--code "ML 4410"] [--attempts 20]
// writes DIR/student-001.json … and prints one JSON line {students, exercises, attempts, bytes, dir}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import './fetch-file-urls.mjs';
import { exercisePropsByNumber, renderChapter } from '../../web/plugins/content.js';
import { assignedSeed } from '../../web/src/progress/assignee.js';
import { asText, fromKernel, questionNumbers, toKernelInputs } from '../../web/src/exercises/values.js';
import { loadExercises } from '../../web/src/kernels/exercises.js';
import { withEvent } from '../../web/src/exercises/record.js';
import { appendAttempt, gradedNumbers, logEntry } from '../../web/src/progress/attempt-log.js';

const root = new URL('../..', import.meta.url).pathname;
export const CLASS_EXERCISES = Array.from({ length: 21 }, (_, k) => k + 1); // the design challenges (22, 23) aside
const EXPLANATION = 'The residual stream carries the signal past each block, so the gradient keeps a path of its own.';

/** Loads the kernels and the chapter's exercises. → a maker of one student's file: (name) → the file's text */
async function classMaker({ code = 'ML 4410', exercises = CLASS_EXERCISES, attempts = 20, start = Date.UTC(2026, 11, 1, 9) } = {}) {
  const ex = await loadExercises();
  const allProps = exercisePropsByNumber(renderChapter(join(root, 'content')));
  const hasKernel = new Set(ex.numbers);

  // One exercise's right and wrong answers at a seed: {right: {part: text}, wrong(k): {answers, right: [part…]}}
  function answersFor(n, seed) {
    const props = allProps[n];
    const right = {};
    const wrongOf = {};
    let mistakes = [];
    if (hasKernel.has(n)) {
      const solved = ex.solve(n, toKernelInputs(questionNumbers(props, seed === null ? null : ex.variant(n, seed)).inputs));
      mistakes = solved.misconceptions;
      for (const p of solved.parts) {
        const kind = props.parts.find((x) => x.id === p.id).kind;
        right[p.id] = asText(fromKernel({ rows: p.rows, cols: p.cols, values: p.answer }, kind));
        const slip = mistakes.find((m) => m.part === p.id);
        const values = slip ? slip.value : p.answer.map((v) => v + 1);
        wrongOf[p.id] = asText(fromKernel({ rows: p.rows, cols: p.cols, values }, kind));
      }
    }
    for (const p of props.parts) {
      if (p.kind === 'choice') {
        right[p.id] = p.options.find((o) => o.correct).key;
        wrongOf[p.id] = p.options.find((o) => !o.correct).key;
      } else if (p.kind === 'multi') {
        right[p.id] = p.options
          .filter((o) => o.correct)
          .map((o) => o.key)
          .join(',');
        wrongOf[p.id] = p.options
          .filter((o) => !o.correct)
          .map((o) => o.key)
          .join(',');
      } else if (p.kind === 'explain') right[p.id] = EXPLANATION;
    }
    const graded = props.parts.filter((p) => p.kind !== 'explain').map((p) => p.id);
    return {
      right,
      graded,
      // the first graded part wrong (a known mistake, or another number or option), the others right
      wrong: () => ({ answers: { ...right, [graded[0]]: wrongOf[graded[0]] }, right: graded.slice(1) }),
    };
  }

  return function studentFile(name) {
    const who = { code, name, exercises, due: '' };
    let t = start;
    const tick = () => new Date((t += 30_000));
    const records = {};
    for (const n of exercises) {
      const seed = Object.keys(allProps[n].inputs).length ? assignedSeed(code, name, n) : null;
      const { right, graded, wrong } = answersFor(n, seed);
      const numbers = gradedNumbers(who, n);
      let rec = { log: [], events: [] };
      for (let k = 0; k < attempts; k++) {
        const last = k === attempts - 1;
        const attempt = last ? { answers: right, right: graded } : wrong();
        rec = { ...rec, ...appendAttempt(rec, logEntry({ seed, answers: attempt.answers, hints: 0, solution: false, right: attempt.right }, tick()), numbers) };
      }
      // each explanation marked "I had it" against the model answer, logged as the page logs it
      const explained = allProps[n].parts.filter((p) => p.kind === 'explain').map((p) => p.id);
      rec = { ...rec, solved: Object.fromEntries([...graded, ...explained].map((id) => [id, true])), selfCheck: {} };
      for (const part of explained) {
        rec.selfCheck[part] = 'yes';
        withEvent(rec, { kind: 'self', part, mark: 'yes' }, tick());
      }
      records[n] = { ...rec, attempts, seed, answers: right, checked: right };
    }
    return JSON.stringify({ version: 1, cards: {}, assignment: who, exercises: records, exportedAt: tick().toISOString() });
  };
}

/** Writes a class's files into dir. → {students, exercises, attempts, bytes, dir, files: [path…]} */
export async function writeClass({ students, dir, code, attempts = 20 }) {
  const make = await classMaker({ code, attempts });
  mkdirSync(dir, { recursive: true });
  const files = [];
  let bytes = 0;
  for (let k = 1; k <= students; k++) {
    const text = make(`Student ${String(k).padStart(3, '0')}`);
    const path = join(dir, `student-${String(k).padStart(3, '0')}.json`);
    writeFileSync(path, text);
    files.push(path);
    bytes += text.length;
  }
  return { students, exercises: CLASS_EXERCISES.length, attempts, bytes, dir, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '100' },
      out: { type: 'string' },
      code: { type: 'string', default: 'ML 4410' },
      attempts: { type: 'string', default: '20' },
    },
  });
  if (!values.out) throw new Error('--out DIR is needed');
  const { files, ...r } = await writeClass({ students: Number(values.students), dir: values.out, code: values.code, attempts: Number(values.attempts) });
  console.log(JSON.stringify({ ...r, first: files[0] }));
}
