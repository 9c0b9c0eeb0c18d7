/**
 * One ResizeObserver for every element a page watches (code blocks, tables):
 * the callback runs after the browser's own layout, also when the window
 * resizes or a hidden tab panel shows the element, so none is forced.
 * Returns a function that stops watching.
 */
const callbacks = new WeakMap<Element, () => void>();
let observer: ResizeObserver | undefined;

export default function observeResize(element: Element, callback: () => void): () => void {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) callbacks.get(entry.target)?.();
  });
  callbacks.set(element, callback);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    callbacks.delete(element);
  };
}
