/**
 * article-once's copy of @docusaurus/theme-classic 3.7.0
 * BlogPostItem/Content (the swizzle tool marks it unsafe to eject),
 * registered through the plugin's getThemePath: it is there only while the
 * plugin is on (../../../index.ts). What changed and why: the post's module
 * is rendered as it is, not inside the theme's MDXContent (the plugin's
 * loader has every blog and docs module bring its own), so the page that
 * shows a post loads no Markdown renderer; and a post whose article is the
 * server's HTML (its module is a shell) renders that HTML in the same
 * element, through the shell's `Article`; so does a post's preview on a list
 * page, whose element carries the post's path (`data-preview`) for the
 * browser to find it before React runs (../../../client/previews.ts). The
 * original's sha256 is in ../../../assumptions.ts.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {blogPostContainerID} from '@docusaurus/utils-common';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Content';
import {articleOf, PREVIEW_ATTRIBUTE} from '../../../client/marker';

export default function BlogPostItemContent({children, className}: Props): ReactNode {
  const {isBlogPostPage, metadata} = useBlogPost();
  const props = {
    // This ID is used for the feed generation to locate the main content
    id: isBlogPostPage ? blogPostContainerID : undefined,
    className: clsx('markdown', className),
    [PREVIEW_ATTRIBUTE]: isBlogPostPage ? undefined : metadata.permalink,
  };
  // One component for every page (client/Article.tsx), read off the page's module.
  const Article = articleOf(children);
  if (!Article) return <div {...props}>{children}</div>;
  // eslint-disable-next-line react-hooks/static-components
  return <Article path={metadata.permalink} {...props} />;
}
