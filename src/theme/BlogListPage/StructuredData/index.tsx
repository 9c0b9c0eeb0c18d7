/**
 * Ejected (10 lines in 3.7.0): each listed BlogPosting names its author's
 * image by absolute URL, as the post page does; and the browser gets the
 * JSON-LD the server computed instead of computing it again
 * (useBlogJsonLd.ts and its .browser.ts).
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import type {Props} from '@theme/BlogListPage/StructuredData';
import useBlogJsonLd from './useBlogJsonLd';

export default function BlogListPageStructuredData(props: Props): ReactNode {
  const json = useBlogJsonLd(props);
  if (json === undefined) return null;
  return (
    <Head>
      <script type="application/ld+json">{json}</script>
    </Head>
  );
}
