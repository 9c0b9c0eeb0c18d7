import type {
  LoadContext,
  Plugin,
  PluginContentLoadedActions,
  PluginModule,
  RouteConfig,
} from '@docusaurus/types';
import type {BlogContent, PluginOptions} from '@docusaurus/plugin-content-blog';
import pluginContentBlog from '@docusaurus/plugin-content-blog';
// @ts-expect-error: 3.7.0's declarations leave out the validateOptions that lib/index.js exports.
import {validateOptions as validateBlogOptions} from '@docusaurus/plugin-content-blog';

/**
 * Docusaurus' blog plugin with one fix: 3.7.0 builds an author's second list
 * page at `/blog/authors/<key>/authors/2` (it joins the author's page with
 * `authorsBasePath` where it means `pageBasePath`). Later releases use
 * `/blog/authors/<key>/page/2`; this wrapper moves the routes and their
 * pagination links there, so the sitemap and the paginator follow. Wrapping
 * the plugin is how the Docusaurus website extends its own blog.
 */
export default async function blogPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<BlogContent>> {
  const plugin = await pluginContentBlog(context, options);
  const {contentLoaded} = plugin;
  if (!contentLoaded) return plugin;
  const fixPath = authorPagePathFixer(context.baseUrl, options);
  return {
    ...plugin,
    async contentLoaded(args) {
      const actions: PluginContentLoadedActions = {
        ...args.actions,
        addRoute: (route) => args.actions.addRoute(fixAuthorPageRoute(route, fixPath)),
      };
      return contentLoaded({...args, actions});
    },
  };
}

/** The blog's own option validation, so every option gets its default. */
export const validateOptions = validateBlogOptions as PluginModule['validateOptions'];

/** Maps a 3.7.0 author list page path to the path later releases use. */
export function authorPagePathFixer(
  baseUrl: string,
  {
    routeBasePath,
    authorsBasePath,
    pageBasePath,
  }: Pick<PluginOptions, 'routeBasePath' | 'authorsBasePath' | 'pageBasePath'>,
): (path: string) => string {
  const authorsUrl = joinUrl(baseUrl, routeBasePath, authorsBasePath);
  const wrong = new RegExp(`^(${escape(authorsUrl)}/[^/]+)/${escape(authorsBasePath)}/(\\d+)$`);
  return (path) =>
    path.replace(wrong, (_match, author: string, page: string) =>
      joinUrl(author, pageBasePath, page),
    );
}

type ListMetadata = Readonly<{permalink: string; nextPage?: string; previousPage?: string}>;

function fixAuthorPageRoute(route: RouteConfig, fixPath: (path: string) => string): RouteConfig {
  const listMetadata = route.props?.listMetadata as ListMetadata | undefined;
  if (!listMetadata) return route;
  const fixed = (url: string | undefined) => (url === undefined ? undefined : fixPath(url));
  return {
    ...route,
    path: fixPath(route.path),
    props: {
      ...route.props,
      listMetadata: {
        ...listMetadata,
        permalink: fixPath(listMetadata.permalink),
        nextPage: fixed(listMetadata.nextPage),
        previousPage: fixed(listMetadata.previousPage),
      },
    },
  };
}

/** Joins URL segments with single slashes: `('/', 'blog', 'authors')` → `/blog/authors`. */
function joinUrl(...segments: string[]): string {
  return `/${segments.join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
