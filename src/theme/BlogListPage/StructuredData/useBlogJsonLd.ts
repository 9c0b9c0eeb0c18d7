import {useBlogListPageStructuredData} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogListPage/StructuredData';
import {useAbsoluteAuthorImages} from '@site/src/theme/BlogPostPage/StructuredData/absoluteAuthorImages';

/**
 * The list page's Blog JSON-LD, computed from its metadata. The server render
 * (and `npm start`) uses this; the production browser bundle gets
 * useBlogJsonLd.browser.ts in its place (src/plugins/lazy-routes).
 */
export default function useBlogJsonLd(props: Props): string | undefined {
  const withAbsoluteImages = useAbsoluteAuthorImages();
  const structuredData = useBlogListPageStructuredData(props);
  const blogPost = structuredData.blogPost?.map(withAbsoluteImages);
  return JSON.stringify({...structuredData, ...(blogPost ? {blogPost} : {})});
}
