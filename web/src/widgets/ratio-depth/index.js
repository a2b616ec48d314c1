// Placeholder until the widget lands: says so instead of drawing.
export function mount(el) {
  el.textContent = 'This figure is not built yet.';
  return { destroy() { el.replaceChildren(); } };
}
