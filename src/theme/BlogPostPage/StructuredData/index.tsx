/**
 * Ejected (10 lines in 3.7.0): the author's image in the BlogPosting JSON-LD
 * becomes an absolute URL, like the post's own image; and the browser gets
 * the JSON-LD the server computed instead of computing it again
 * (usePostingJsonLd.ts and its .browser.ts, chosen by src/plugins/lazy-routes).
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import usePostingJsonLd from './usePostingJsonLd';

export default function BlogPostStructuredData(): ReactNode {
  const json = usePostingJsonLd();
  if (json === undefined) return null;
  return (
    <Head>
      <script type="application/ld+json">{json}</script>
    </Head>
  );
}
