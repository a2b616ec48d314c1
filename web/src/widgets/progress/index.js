// The reader's progress at a glance, with export to and import from a JSON file.
import { progress } from '../../progress/store.js';

export function mount(el) {
  el.classList.add('progress-panel');
  el.innerHTML = `<p class="progress-summary" aria-live="polite"></p>
    <p class="progress-problem" role="alert"></p>
    <div class="progress-actions">
      <button type="button" class="progress-export">Export progress</button>
      <label class="progress-import-label"><span>Import progress</span>
        <input type="file" accept="application/json,.json" class="progress-import"></label>
    </div>
    <p class="progress-message" role="status"></p>`;
  const summary = el.querySelector('.progress-summary');
  const problem = el.querySelector('.progress-problem');
  const message = el.querySelector('.progress-message');

  const show = () => {
    const exercises = Object.values(JSON.parse(progress.exportJson()).exercises);
    const attempted = exercises.filter((e) => e.attempts > 0).length;
    const solved = exercises.filter((e) => Object.keys(e.solved ?? {}).length && Object.values(e.solved).every(Boolean)).length;
    summary.textContent = `Exercises attempted: ${attempted} of 16; fully solved: ${solved}.`;
    problem.textContent = progress.problem() ?? '';
  };

  el.querySelector('.progress-export').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([progress.exportJson()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'residual-ln-progress.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    message.textContent = 'Exported to residual-ln-progress.json.';
  });
  el.querySelector('.progress-import').addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      progress.importJson(await file.text());
      message.textContent = `Imported ${file.name}.`;
    } catch (error) {
      message.textContent = error.message;
    }
    event.target.value = '';
  });
  const unsubscribe = progress.subscribe(show);
  show();
  return {
    destroy() {
      unsubscribe();
      el.replaceChildren();
    },
  };
}
