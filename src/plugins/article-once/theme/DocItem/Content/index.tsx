/**
 * article-once's copy of @docusaurus/theme-classic 3.7.0 DocItem/Content
 * (the swizzle tool marks it unsafe to eject), registered through the
 * plugin's getThemePath: it is there only while the plugin is on
 * (../../../index.ts). What changed and why: the doc's module is rendered as
 * it is, not inside the theme's MDXContent (the plugin's loader has every
 * blog and docs module bring its own), so the page that shows a doc loads
 * no Markdown renderer; and a doc whose article is the server's HTML (its
 * module is a shell) renders that HTML, synthetic title included, in the
 * same element, through the shell's `Article`. The original's sha256 is in
 * ../../../assumptions.ts.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import type {Props} from '@theme/DocItem/Content';
import {articleOf} from '../../../client/marker';

/**
 Title can be declared inside md content or declared through
 front matter and added manually. To make both cases consistent,
 the added title is added under the same div.markdown block
 See https://github.com/facebook/docusaurus/pull/4882#issuecomment-853021120

 We render a "synthetic title" if:
 - user doesn't ask to hide it with front matter
 - the markdown content does not already contain a top-level h1 heading
*/
function useSyntheticTitle(): string | null {
  const {metadata, frontMatter, contentTitle} = useDoc();
  const shouldRender = !frontMatter.hide_title && typeof contentTitle === 'undefined';
  if (!shouldRender) {
    return null;
  }
  return metadata.title;
}

export default function DocItemContent({children}: Props): ReactNode {
  const {metadata} = useDoc();
  const syntheticTitle = useSyntheticTitle();
  const className = clsx(ThemeClassNames.docs.docMarkdown, 'markdown');
  // One component for every page (client/Article.tsx), read off the page's module.
  const Article = articleOf(children);
  // eslint-disable-next-line react-hooks/static-components
  if (Article) return <Article path={metadata.permalink} className={className} />;
  return (
    <div className={className}>
      {syntheticTitle && (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
        </header>
      )}
      {children}
    </div>
  );
}
