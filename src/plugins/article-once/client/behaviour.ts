import type {useHistory} from '@docusaurus/router';

/**
 * Something interactive inside an article React never hydrates, given its
 * work on the server's markup; returns what undoes it. A shell lists the
 * ones its article needs (../transform.ts `behavioursOf`).
 */
export type Behaviour = (root: HTMLElement, history: ReturnType<typeof useHistory>) => () => void;

/** Applies `enhance` to every element of `root` that matches `selector`. */
export function eachIn(
  root: HTMLElement,
  selector: string,
  enhance: (element: HTMLElement) => () => void,
): () => void {
  const undo = Array.from(root.querySelectorAll<HTMLElement>(selector), enhance);
  return () => undo.forEach((fn) => fn());
}
