import React, {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {translate} from '@docusaurus/Translate';
import SearchHighlight, {snippet} from '@site/src/components/SearchHighlight';
import {highlightNeedles} from '@site/src/plugins/shard-search/tokenize';
import type {Engine, Results} from '@site/src/plugins/shard-search/client';
import styles from './styles.module.css';

/** Suggestions shown under the box. */
const LIMIT = 8;
const SHORTCUTS = 'Control+K Meta+K /';

const label = translate({
  id: 'theme.SearchBar.label',
  message: '搜索',
  description: 'The ARIA label and placeholder for search button',
});
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

/** True when a keystroke belongs to a field the reader is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function isShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.shiftKey) return false;
  if (event.key.toLowerCase() === 'k') return event.ctrlKey || event.metaKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

/**
 * The navbar search box: a combobox whose suggestions come from the sharded
 * index (src/plugins/shard-search). Nothing is fetched until the reader
 * focuses the box; then the search code and the index manifest, and per
 * query only the shards of its terms.
 */
export default function SearchBar(): ReactNode {
  const history = useHistory();
  const indexUrl = useBaseUrl('/search-index/');
  const searchPage = useBaseUrl('/search');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<Promise<Engine> | null>(null);
  const composing = useRef(false);
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
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

  // Ctrl/⌘+K and `/` focus the box (focusing it loads the search).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

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
    setValue('');
    setQuery('');
    input.current?.blur();
    history.push(url);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
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
  };

  return (
    <div ref={container} className={clsx('navbar__search', styles.search)}>
      <input
        ref={input}
        type="search"
        className="navbar__search-input"
        placeholder={label}
        aria-label={label}
        aria-keyshortcuts={SHORTCUTS}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && targets.length > 0 ? optionId(active) : undefined}
        aria-describedby={showFailure ? `${id}-failure` : undefined}
        data-search-ready={ready ? 'true' : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onFocus={() => {
          loadEngine();
          setOpen(true);
        }}
        onBlur={(event) => {
          // Tabbing to the retry button keeps it open.
          if (!container.current?.contains(event.relatedTarget)) setOpen(false);
        }}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          setQuery(event.currentTarget.value);
        }}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          // An emptied box forgets the last answer: the next one shows only its own.
          if (!event.target.value.trim()) {
            setResults(null);
            setFailed(null);
          }
          if (!composing.current) setQuery(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {showFailure && (
        <div
          className={clsx(styles.list, styles.failure)}
          // Keeps the focus in the box while the button is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onBlur={(event) => {
            if (!container.current?.contains(event.relatedTarget)) setOpen(false);
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
    </div>
  );
}
