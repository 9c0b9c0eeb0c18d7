import React, {useEffect, useMemo, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
import SearchHighlight, {snippet} from '@site/src/components/SearchHighlight';
import {highlightNeedles} from '@site/src/plugins/shard-search/client/tokenize';
import {createEngine, type Results} from '@site/src/plugins/shard-search/client';
import styles from './styles.module.css';

/** Results listed at first, and added by each "more" click: each needs its own small file. */
const PAGE_SIZE = 20;

const inputLabel = translate({
  id: 'theme.SearchPage.inputLabel',
  message: '搜索关键词',
  description: 'The ARIA label of the query field on the full search results page',
});
const emptyTitle = translate({
  id: 'theme.SearchPage.emptyResultsTitle',
  message: '搜索',
  description: 'The title of the search page without a query',
});
const moreLabel = translate({
  id: 'theme.SearchPage.more',
  message: '显示更多结果',
  description: 'The button under the results that lists more of them',
});
const noResults = translate({
  id: 'theme.SearchPage.noResults',
  message: '没有找到任何文档',
  description: 'The line shown when a query finds nothing',
});

const loadFailed = translate({
  id: 'theme.SearchPage.loadFailed',
  message: '搜索暂时无法加载，请检查网络后重试。',
  description: 'Shown instead of results when the search index or hit data failed to load',
});
const retryLabel = translate({
  id: 'theme.SearchPage.retry',
  message: '重试',
  description: 'The button that loads the search again after a failed load',
});

const resultsTitle = (query: string) =>
  translate(
    {
      id: 'theme.SearchPage.existingResultsTitle',
      message: '“{query}”的搜索结果',
      description: 'The title of the search page with a query',
    },
    {query},
  );
const foundCount = (count: number) =>
  translate(
    {
      id: 'theme.SearchPage.documentsFound',
      message: '共找到 {count} 篇文档',
      description: 'How many pages a query found',
    },
    {count},
  );

const correctedNote = (words: string) =>
  translate(
    {
      id: 'theme.SearchPage.corrected',
      message: '（有的词没有找到，按拼写相近的“{words}”查找）',
      description:
        'After the result count, when a query word was looked up as a similar indexed word',
    },
    {words},
  );

/**
 * The full results page at /search?q=…: every page the query finds, with the
 * path (博客, 文档 › …) and a snippet. The query comes from the URL after
 * hydration (the static HTML is the page without a query).
 */
export default function SearchPage(): ReactNode {
  const isBrowser = useIsBrowser();
  const location = useLocation();
  const history = useHistory();
  const indexUrl = useBaseUrl('/search-index/');
  const engine = useMemo(() => createEngine(indexUrl), [indexUrl]);
  const query = isBrowser ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const [found, setFound] = useState<Results | null>(null);
  // The query whose results failed to load, and retries asked for.
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZE);
  // A new URL (hydration, the navbar's "all results" row) replaces the field's text.
  if (query !== shownQuery) {
    setShownQuery(query);
    setValue(query);
    setLimit(PAGE_SIZE);
  }
  const results = found?.query === query ? found : null;

  useEffect(() => {
    if (!query.trim()) return undefined;
    let current = true;
    engine.search(query, limit).then(
      (next) => {
        if (!current) return;
        setFound(next);
        setFailed(null);
      },
      () => {
        // Not "no results": the reader is told it failed, and can retry.
        if (current) setFailed(query);
      },
    );
    return () => {
      current = false;
    };
  }, [engine, query, limit, attempt]);

  const needles = useMemo(
    () => [...highlightNeedles(results?.query ?? ''), ...(results?.corrections ?? [])],
    [results],
  );
  const showFailure = failed !== null && failed === query;
  const title = query.trim() ? resultsTitle(query) : emptyTitle;

  return (
    <Layout title={title}>
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            name="q"
            className={styles.input}
            aria-label={inputLabel}
            placeholder={inputLabel}
            autoComplete="off"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              const q = event.target.value;
              history.replace({search: q ? `?q=${encodeURIComponent(q)}` : ''});
            }}
          />
        </form>
        {showFailure && (
          <div className={styles.failure}>
            <p role="alert" className={styles.status}>
              {loadFailed}
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setFailed(null);
                setAttempt((n) => n + 1);
              }}>
              {retryLabel}
            </button>
          </div>
        )}
        {results && !showFailure && (
          <p className={styles.status} role="status">
            {results.total > 0 ? foundCount(results.total) : noResults}
            {results.total > 0 &&
              results.corrections.length > 0 &&
              correctedNote(results.corrections.join('、'))}
          </p>
        )}
        <section>
          {results?.hits.map((hit) => (
            <article key={hit.u} className={styles.result}>
              <h2 className={styles.resultTitle}>
                <Link to={hit.u}>
                  <SearchHighlight text={hit.t} needles={needles} />
                  {hit.h && (
                    <>
                      {' › '}
                      <SearchHighlight text={hit.h} needles={needles} />
                    </>
                  )}
                </Link>
              </h2>
              {hit.p.length > 0 && (
                <p className={styles.searchResultItemPath}>{hit.p.join(' › ')}</p>
              )}
              {hit.x && (
                <p className={styles.snippet}>
                  <SearchHighlight text={snippet(hit.x, needles, 120)} needles={needles} />
                </p>
              )}
            </article>
          ))}
        </section>
        {results && !showFailure && results.total > results.hits.length && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setLimit((n) => n + PAGE_SIZE)}>
            {moreLabel}
          </button>
        )}
      </main>
    </Layout>
  );
}
