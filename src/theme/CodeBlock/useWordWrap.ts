import {useCallback, useEffect, useRef, useState} from 'react';

/** Set on the `<pre>` while its code is wider than the block (or wrapped): the stylesheet then shows the word-wrap button. */
export const SCROLLABLE_ATTRIBUTE = 'data-scrollable';

/**
 * The theme's useCodeWordWrap (theme-common 3.7.0) with the same behaviour,
 * minus its cost at hydration. The theme keeps "is the code scrollable" in
 * state, so on a phone every block renders again right after hydration to
 * mount its word-wrap button; and it gives every block a MutationObserver
 * hook whose options it memoises with `localeCompare` (the first one of a
 * page builds a collator, a long task on a phone); each block also measures
 * itself at once, forcing a layout. Here a ResizeObserver measures after the
 * browser's own layout, the block marks its `<pre>` and the stylesheet shows
 * the button, with no render.
 */
export default function useWordWrap(): {
  codeBlockRef: React.RefObject<HTMLPreElement | null>;
  isEnabled: boolean;
  toggle: () => void;
} {
  const [isEnabled, setIsEnabled] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long tokens wrap too, so there is never a scrollbar.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);

  useEffect(() => {
    const pre = codeBlockRef.current;
    if (!pre) return undefined;
    const update = () =>
      pre.toggleAttribute(
        SCROLLABLE_ATTRIBUTE,
        pre.scrollWidth > pre.clientWidth ||
          Boolean(pre.querySelector('code')?.hasAttribute('style')),
      );
    // Called after layout, also when the window resizes or a hidden tab shows
    // the block (its size goes from 0): no layout forced while the page hydrates.
    const observer = new ResizeObserver(update);
    observer.observe(pre);
    return () => observer.disconnect();
  }, [isEnabled]);

  return {codeBlockRef, isEnabled, toggle};
}
