/**
 * Ejected (10 lines in 3.7.0): each listed BlogPosting names its author's
 * image by absolute URL, as the post page does. Nothing else changes.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useBlogListPageStructuredData} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogListPage/StructuredData';
import {useAbsoluteAuthorImages} from '@site/src/theme/BlogPostPage/StructuredData/absoluteAuthorImages';

export default function BlogListPageStructuredData(props: Props): ReactNode {
  const withAbsoluteImages = useAbsoluteAuthorImages();
  const structuredData = useBlogListPageStructuredData(props);
  const blogPost = structuredData.blogPost?.map(withAbsoluteImages);
  return (
    <Head>
      <script type="application/ld+json">
        {JSON.stringify({...structuredData, ...(blogPost ? {blogPost} : {})})}
      </script>
    </Head>
  );
}
