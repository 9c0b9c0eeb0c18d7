import {useBlogPostStructuredData} from '@docusaurus/plugin-content-blog/client';
import {useAbsoluteAuthorImages} from './absoluteAuthorImages';

/**
 * The post's BlogPosting JSON-LD, computed from its metadata. The server
 * render (and `npm start`) uses this; the production browser bundle gets
 * usePostingJsonLd.browser.ts in its place (src/plugins/lazy-routes).
 */
export default function usePostingJsonLd(): string | undefined {
  const withAbsoluteImages = useAbsoluteAuthorImages();
  return JSON.stringify(withAbsoluteImages(useBlogPostStructuredData()));
}
