import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import {postingOf} from '@site/src/plugins/article-once/client/store';

/**
 * The post's BlogPosting JSON-LD as the server computed it: the page's own
 * on first load, or the one its article file brought. Only crawlers read it,
 * and they read the server's HTML: the browser does not compute it again.
 */
export default function usePostingJsonLd(): string | undefined {
  return postingOf(useBlogPost().metadata.permalink);
}
