/**
 * Wrapped: the theme's doc footer (tags, edit link, last update) loads only
 * for a doc that has one of those. This site's docs have none, so no page
 * loads that code.
 */
import React, {lazy, type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';

const DocItemFooter = lazy(() => import('@theme-original/DocItem/Footer'));

export default function DocItemFooterWrapper(): ReactNode {
  const {editUrl, lastUpdatedAt, lastUpdatedBy, tags} = useDoc().metadata;
  if (tags.length === 0 && !editUrl && !lastUpdatedAt && !lastUpdatedBy) return null;
  return <DocItemFooter />;
}
