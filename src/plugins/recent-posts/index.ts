import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';

/** One post as the home page lists it. */
export type PostSummary = Readonly<{
  title: string;
  permalink: string;
  /** ISO 8601 date of the post. */
  date: string;
}>;

export type RecentPostsData = Readonly<{
  /** Newest listed posts first. */
  recent: readonly PostSummary[];
  /** Posts that carry `series_order` in their front matter, in that order. */
  series: readonly PostSummary[];
}>;

export type PluginOptions = Readonly<{recentCount: number}>;

const BLOG_PLUGIN = 'docusaurus-plugin-content-blog';

function validateOptions(options: unknown): PluginOptions {
  const recentCount = (options as Partial<PluginOptions> | undefined)?.recentCount;
  if (typeof recentCount !== 'number' || !Number.isInteger(recentCount) || recentCount < 1) {
    throw new Error(
      `[recent-posts] option recentCount must be a positive integer, got ${String(recentCount)}.`,
    );
  }
  return {recentCount};
}

/**
 * Hands the home page a short list of posts at build time, the way the
 * Docusaurus website's own recentBlogs plugin does, so the home page never
 * keeps a list of posts by hand.
 */
export default function recentPostsPlugin(_context: LoadContext, options: unknown): Plugin {
  const {recentCount} = validateOptions(options);
  return {
    name: 'recent-posts',
    async allContentLoaded({allContent, actions}) {
      const blog = allContent[BLOG_PLUGIN]?.default as BlogContent | undefined;
      if (!blog) {
        throw new Error(`[recent-posts] ${BLOG_PLUGIN} has no content to list.`);
      }
      const listed = blog.blogPosts.filter((post) => !post.metadata.unlisted);
      const summary = ({metadata}: (typeof listed)[number]): PostSummary => ({
        title: metadata.title,
        permalink: metadata.permalink,
        date: new Date(metadata.date).toISOString(),
      });
      const seriesOrder = (post: (typeof listed)[number]): number | undefined => {
        const order = post.metadata.frontMatter.series_order;
        return typeof order === 'number' ? order : undefined;
      };
      const data: RecentPostsData = {
        recent: listed.slice(0, recentCount).map(summary),
        series: listed
          .filter((post) => seriesOrder(post) !== undefined)
          .sort((a, b) => (seriesOrder(a) ?? 0) - (seriesOrder(b) ?? 0))
          .map(summary),
      };
      actions.setGlobalData(data);
    },
  };
}
