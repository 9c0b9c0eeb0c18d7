/**
 * Ejected (10 lines in 3.7.0): the author's image in the BlogPosting JSON-LD
 * becomes an absolute URL, like the post's own image. Nothing else changes.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useBlogPostStructuredData} from '@docusaurus/plugin-content-blog/client';
import {useAbsoluteAuthorImages} from './absoluteAuthorImages';

export default function BlogPostStructuredData(): ReactNode {
  const withAbsoluteImages = useAbsoluteAuthorImages();
  const structuredData = withAbsoluteImages(useBlogPostStructuredData());
  return (
    <Head>
      <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
    </Head>
  );
}
