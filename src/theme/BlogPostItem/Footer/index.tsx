/**
 * Wrapped: a list page's "read more" footer renders here as the theme does
 * (theme-classic 3.7.0 BlogPostItem/Footer, list view without tags); the
 * theme's footer, with its tags, edit link and last-update row, loads only
 * for a post that has one of those. This site has none (no tags, no
 * `editUrl`, no last-update dates), so no page loads that code.
 */
import React, {lazy, type ReactNode} from 'react';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import ReadMoreLink from '@theme/BlogPostItem/Footer/ReadMoreLink';

const BlogPostItemFooter = lazy(() => import('@theme-original/BlogPostItem/Footer'));

export default function BlogPostItemFooterWrapper(): ReactNode {
  const {metadata, isBlogPostPage} = useBlogPost();
  const {tags, title, editUrl, hasTruncateMarker, lastUpdatedAt, lastUpdatedBy, permalink} =
    metadata;
  if (tags.length > 0 || editUrl || lastUpdatedAt || lastUpdatedBy) return <BlogPostItemFooter />;
  if (isBlogPostPage || !hasTruncateMarker) return null;
  return (
    <footer className="row docusaurus-mt-lg">
      <div className="col text--right">
        <ReadMoreLink blogPostTitle={title} to={permalink} />
      </div>
    </footer>
  );
}
