// The page finds its elements by class, id and attribute (`.ln-eps`, `#assign-link`, `input[name="late"]`), and
// from such a selector the checker can only say Element, which has no value, hidden, dataset or focus. The
// checker's lib types those queries as Element; here a query by any selector is the element the caller reads it
// as (its code says which: .value on an input, .open on a <details>), as the page's JavaScript always did. The
// seams between modules are typed with JSDoc; the DOM's kinds of element are left to the browser tests.
interface ParentNode {
  querySelector<E extends Element = any>(selectors: string): E | null;
  querySelectorAll<E extends Element = any>(selectors: string): NodeListOf<E>;
}
