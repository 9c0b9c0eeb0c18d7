import React, {useEffect, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {translate} from '@docusaurus/Translate';

const label = translate({
  id: 'theme.SearchPage.inputLabel',
  message: '搜索关键词',
  description: 'The ARIA label of the query field on the full search results page',
});

/**
 * Wraps the full results page of `@easyops-cn/docusaurus-search-local`, whose
 * query field carries a hard-coded English `aria-label` and whose content sits
 * in no `main` landmark (every other page has one). The page only works with
 * JavaScript, so fixing both after hydration loses no reader.
 */
export default function SearchPageWrapper(): ReactNode {
  useEffect(() => {
    document.querySelector('input[name="q"]')?.setAttribute('aria-label', label);
    const content = document.getElementById('__docusaurus_skipToContent_fallback');
    content?.setAttribute('role', 'main');
    return () => content?.removeAttribute('role');
  }, []);
  return <SearchPage />;
}
