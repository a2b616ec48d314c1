// The exercises on this page, as the progress panel lists them: {n, title, parts (ids)} in page order,
// read from the sections the content plugin rendered (each carries its exercise's props).
export function exercisesOnPage(root) {
  return [...root.querySelectorAll('section.exercise[data-widget="exercise"]')].flatMap((section) => {
    try {
      const { n, title, parts } = JSON.parse(section.dataset.props);
      return Number.isInteger(n) ? [{ n, title: String(title ?? ''), parts: (parts ?? []).map((p) => p.id) }] : [];
    } catch {
      return []; // a section without readable props is not listed; the rest are
    }
  });
}
