import React, {type ReactNode} from 'react';
import clsx from 'clsx';

import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PageMetadata, HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import BlogLayout from '@theme/BlogLayout';
import BlogListPaginator from '@theme/BlogListPaginator';
import SearchMetadata from '@theme/SearchMetadata';
import type {Props} from '@theme/BlogListPage';
import BlogPostItems from '@theme/BlogPostItems';
import BlogListPageStructuredData from '@theme/BlogListPage/StructuredData';
import Heading from '@theme/Heading';
import {translate} from '@docusaurus/Translate';

/*
 * Ejected from @docusaurus/theme-classic 3.7.0 for one addition: the list
 * pages get an h1 (the blog's title and description). 3.7.0 renders none, so
 * the post titles (h2) hang under no heading (axe: page-has-heading-one).
 */

function BlogListPageMetadata(props: Props): ReactNode {
  const {metadata} = props;
  const {
    siteConfig: {title: siteTitle},
  } = useDocusaurusContext();
  const {blogDescription, blogTitle, permalink} = metadata;
  const isBlogOnlyMode = permalink === '/';
  const title = isBlogOnlyMode ? siteTitle : blogTitle;
  return (
    <>
      <PageMetadata title={title} description={blogDescription} />
      <SearchMetadata tag="blog_posts_list" />
    </>
  );
}

function BlogListPageHeader({metadata}: Pick<Props, 'metadata'>): ReactNode {
  const {blogTitle, blogDescription, page} = metadata;
  return (
    <header className="margin-bottom--xl">
      <Heading as="h1">
        {page > 1
          ? translate(
              {
                id: 'theme.blog.listPage.pagedTitle',
                message: '{blogTitle}（第 {page} 页）',
                description: 'The h1 of the second and later blog list pages',
              },
              {blogTitle, page},
            )
          : blogTitle}
      </Heading>
      <p>{blogDescription}</p>
    </header>
  );
}

function BlogListPageContent(props: Props): ReactNode {
  const {metadata, items, sidebar} = props;
  return (
    <BlogLayout sidebar={sidebar}>
      <BlogListPageHeader metadata={metadata} />
      <BlogPostItems items={items} />
      <BlogListPaginator metadata={metadata} />
    </BlogLayout>
  );
}

export default function BlogListPage(props: Props): ReactNode {
  return (
    <HtmlClassNameProvider
      className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}>
      <BlogListPageMetadata {...props} />
      <BlogListPageStructuredData {...props} />
      <BlogListPageContent {...props} />
    </HtmlClassNameProvider>
  );
}
