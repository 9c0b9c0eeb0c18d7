/**
 * The list page's Blog JSON-LD as the server computed it: the page's own on
 * first load, or its manifest's (src/plugins/lazy-routes). Only crawlers read
 * it, and they read the server's HTML: the browser does not compute it again.
 */
import type {Props} from '@theme/BlogListPage/StructuredData';
import useServerJsonLd from '@site/src/plugins/lazy-routes/client/useServerJsonLd';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the same signature as useBlogJsonLd.ts
export default function useBlogJsonLd(_props: Props): string | undefined {
  return useServerJsonLd();
}
