import React, {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {translate} from '@docusaurus/Translate';
import SearchHighlight, {snippet} from '@site/src/components/SearchHighlight';
import {highlightNeedles} from '@site/src/plugins/shard-search/client/tokenize';
import type {Engine, Results} from '@site/src/plugins/shard-search/client';
import styles from './styles.module.css';

/** Suggestions shown under the box. */
const LIMIT = 8;
const listLabel = translate({
  id: 'theme.SearchBar.suggestions',
  message: '搜索建议',
  description: 'The ARIA label of the list of search suggestions',
});
const noResults = translate({
  id: 'theme.SearchBar.noResults',
  message: '没有找到任何文档',
  description: 'The line shown when a query finds nothing',
});
const loadFailed = translate({
  id: 'theme.SearchBar.loadFailed',
  message: '搜索暂时无法加载，请检查网络后重试。',
  description: 'Shown instead of suggestions when the search index or hit data failed to load',
});
const retryLabel = translate({
  id: 'theme.SearchBar.retry',
  message: '重试',
  description: 'The button that loads the search again after a failed load',
});
const seeAll = translate({
  id: 'theme.SearchBar.seeAll',
  message: '查看全部结果',
  description: 'The last suggestion, opening the full results page',
});

export type Props = {
  /** The id base of the field's list and options (index.tsx). */
  readonly id: string;
  /** The field the page rendered (index.tsx): this code drives it, as it is. */
  readonly input: RefObject<HTMLInputElement | null>;
};

/** Empties the field and leaves it (a suggestion was chosen). */
function leave(field: HTMLInputElement): void {
  field.value = '';
  field.blur();
}

/** Sets or removes one of the field's attributes. */
function setAttribute(element: HTMLElement, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/**
 * The navbar search box: the field index.tsx renders becomes a combobox
 * whose suggestions come from the sharded index (src/plugins/shard-search).
 * This code loads when the reader comes to the field; then the index client
 * and its manifest, and per query only the shards of its terms. It renders
 * the suggestions (or the failure notice) after the field and drives the
 * field itself through its events and ARIA attributes: the element the
 * reader is typing in is never replaced, so nothing typed is lost.
 */
export default function SearchBox({id, input}: Props): ReactNode {
  const history = useHistory();
  const indexUrl = useBaseUrl('/search-index/');
  const searchPage = useBaseUrl('/search');
  const engine = useRef<Promise<Engine> | null>(null);
  const composing = useRef(false);
  const [query, setQuery] = useState(() => input.current?.value ?? '');
  const [results, setResults] = useState<Results | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [ready, setReady] = useState(false);
  // The query whose answer failed to load (offline, a failed fetch), and retries asked for.
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const loadEngine = useCallback(() => {
    engine.current ??= import('@site/src/plugins/shard-search/client').then(({createEngine}) =>
      createEngine(indexUrl),
    );
    engine.current
      .then((e) => e.prepare())
      .then(
        () => setReady(true),
        () => {
          // Offline or a failed fetch: the next focus tries again.
          engine.current = null;
        },
      );
    return engine.current;
  }, [indexUrl]);

  useEffect(() => {
    if (!query.trim()) return undefined;
    let current = true;
    loadEngine()
      .then((e) => e.search(query, LIMIT))
      .then(
        (found) => {
          if (!current) return;
          setResults(found);
          setFailed(null);
          setActive(0);
        },
        () => {
          // Not "no results": the reader is told it failed, and can retry.
          if (current) setFailed(query);
        },
      );
    return () => {
      current = false;
    };
  }, [query, attempt, loadEngine]);

  const needles = useMemo(
    () => [...highlightNeedles(results?.query ?? ''), ...(results?.corrections ?? [])],
    [results],
  );
  const hits = results?.hits ?? [];
  const allUrl = `${searchPage}?q=${encodeURIComponent(query)}`;
  // The hits, then a row for the full results page.
  const targets = hits.length > 0 ? [...hits.map((hit) => hit.u), allUrl] : [];
  const showFailure = open && failed !== null && query.trim() !== '';
  const expanded = open && results !== null && query.trim() !== '' && !showFailure;
  const optionId = (i: number) => `${id}-option-${i}`;

  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };

  const go = (url: string) => {
    setOpen(false);
    setQuery('');
    if (input.current) leave(input.current);
    history.push(url);
  };

  // The field's events, with this render's state (a ref: listeners attach once).
  const handlers = {
    focus: () => {
      loadEngine();
      setOpen(true);
    },
    blur: (event: FocusEvent) => {
      // Tabbing to the retry button keeps it open.
      if (!input.current?.parentElement?.contains(event.relatedTarget as Node | null)) {
        setOpen(false);
      }
    },
    compositionstart: () => {
      composing.current = true;
    },
    compositionend: () => {
      composing.current = false;
      setQuery(input.current?.value ?? '');
    },
    input: () => {
      const value = input.current?.value ?? '';
      setOpen(true);
      // An emptied box forgets the last answer: the next one shows only its own.
      if (!value.trim()) {
        setResults(null);
        setFailed(null);
      }
      if (!composing.current) setQuery(value);
    },
    keydown: (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        setOpen(false);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setOpen(true);
        if (targets.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + targets.length) % targets.length);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (showFailure) {
          retry();
          return;
        }
        const target = expanded ? targets[active] : undefined;
        if (target) go(target);
        else if (query.trim()) go(allUrl);
      }
    },
  };
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const field = input.current;
    if (!field) return undefined;
    const names = Object.keys(latest.current) as (keyof typeof handlers)[];
    const listeners = names.map((name) => {
      const listener = (event: Event) => (latest.current[name] as (event: Event) => void)(event);
      field.addEventListener(name, listener);
      return () => field.removeEventListener(name, listener);
    });
    // The reader is already in the field: this code arrived while they typed
    // (the typing may even have come between this render and now).
    if (document.activeElement === field) latest.current.focus();
    if (field.value) latest.current.input();
    return () => listeners.forEach((remove) => remove());
  }, [input]);

  // The combobox's state, on the field.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    setAttribute(field, 'aria-expanded', String(expanded));
    setAttribute(
      field,
      'aria-activedescendant',
      expanded && targets.length > 0 ? optionId(active) : undefined,
    );
    setAttribute(field, 'aria-describedby', showFailure ? `${id}-failure` : undefined);
    setAttribute(field, 'data-search-ready', ready ? 'true' : undefined);
  });

  return (
    <>
      {showFailure && (
        <div
          className={clsx(styles.list, styles.failure)}
          // Keeps the focus in the box while the button is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onBlur={(event) => {
            if (!input.current?.parentElement?.contains(event.relatedTarget)) setOpen(false);
          }}>
          <p id={`${id}-failure`} role="alert" className={styles.failureText}>
            {loadFailed}
          </p>
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={() => {
              retry();
              input.current?.focus();
            }}>
            {retryLabel}
          </button>
        </div>
      )}
      {expanded && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={listLabel}
          data-query={results?.query}
          className={styles.list}
          // Keeps the focus in the box while a row is clicked.
          onMouseDown={(event) => event.preventDefault()}>
          {hits.length === 0 && (
            <li role="option" aria-selected={false} aria-disabled className={styles.empty}>
              {noResults}
            </li>
          )}
          {hits.map((hit, i) => (
            <li
              key={hit.u}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={styles.hit}
              onClick={() => go(hit.u)}
              onMouseMove={() => setActive(i)}>
              <span className={styles.hitTitle}>
                <SearchHighlight text={hit.t} needles={needles} />
                {hit.h && (
                  <>
                    {' › '}
                    <SearchHighlight text={hit.h} needles={needles} />
                  </>
                )}
              </span>
              {hit.x && (
                <span className={styles.hitText}>
                  <SearchHighlight text={snippet(hit.x, needles, 60)} needles={needles} />
                </span>
              )}
              {hit.p.length > 0 && <span className={styles.hitPath}>{hit.p.join(' › ')}</span>}
            </li>
          ))}
          {hits.length > 0 && (
            <li
              id={optionId(hits.length)}
              role="option"
              aria-selected={active === hits.length}
              className={clsx(styles.hit, styles.seeAll)}
              onClick={() => go(allUrl)}
              onMouseMove={() => setActive(hits.length)}>
              {seeAll}
              {results && results.total > 0 && ` (${results.total})`}
            </li>
          )}
        </ul>
      )}
    </>
  );
}
