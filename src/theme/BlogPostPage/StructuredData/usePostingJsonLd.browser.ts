/**
 * The post's BlogPosting JSON-LD as the server computed it: the page's own on
 * first load, or its manifest's (src/plugins/lazy-routes). Only crawlers read
 * it, and they read the server's HTML: the browser does not compute it again.
 */
export {default} from '@site/src/plugins/lazy-routes/client/useServerJsonLd';
