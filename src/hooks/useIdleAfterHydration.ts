import {startTransition, useEffect, useState} from 'react';

/**
 * False while the page hydrates; true once the browser is idle after it, set
 * in a transition so the render it causes yields to the reader. For parts of
 * the page nobody sees at load (the closed mobile menu), which would
 * otherwise mount in the same task as hydration.
 */
export default function useIdleAfterHydration(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, {timeout: 3000});
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}
