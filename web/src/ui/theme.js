// The masthead's colour switch: light, dark, or whatever the system prefers (prefers-color-scheme). The
// choice is kept in localStorage and shows as data-theme="light|dark" on <html> (no attribute = the
// system's): the inline script in index.html applies it before the first paint, this module on a click.
// style.css picks the palette from it; charts redraw when it changes (ui/chart.js).
const THEME_KEY = 'residual-ln-theme';

export function mountThemeSwitch(root = document) {
  const box = root.querySelector('.theme-switch');
  if (!box) return;
  const html = document.documentElement;
  const buttons = [...box.querySelectorAll('button[data-theme-choice]')];
  const show = (choice) => buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.themeChoice === choice)));
  show(html.dataset.theme ?? 'system');
  box.addEventListener('click', (event) => {
    const choice = event.target.closest('button[data-theme-choice]')?.dataset.themeChoice;
    if (!choice) return;
    if (choice === 'system') delete html.dataset.theme;
    else html.dataset.theme = choice;
    show(choice);
    try {
      if (choice === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, choice);
    } catch {
      // storage blocked: the choice holds for this visit
    }
  });
}
