import type {LoadContext, Plugin} from '@docusaurus/types';
import path from 'node:path';
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';
import {groupSeries, readSeriesCatalog} from '../../lib/series';
import type {PostSummary, RecentPostsData} from './client';

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

/** Where the home page imports the data from (typed in ./home-data.d.ts). */
export const HOME_DATA_FILE = 'home.json';

/**
 * Hands the home page its lists of posts at build time, so the home page never
 * keeps a list of posts by hand. The data goes into a generated module that
 * only the home page imports, not into global data, which every page's
 * JavaScript would carry.
 */
export default function recentPostsPlugin({siteDir}: LoadContext, options: unknown): Plugin {
  const {recentCount} = validateOptions(options);
  return {
    name: 'recent-posts',
    async allContentLoaded({allContent, actions}) {
      const blog = allContent[BLOG_PLUGIN]?.default as BlogContent | undefined;
      if (!blog) {
        throw new Error(`[recent-posts] ${BLOG_PLUGIN} has no content to list.`);
      }
      const listed = blog.blogPosts.filter((post) => !post.metadata.unlisted);
      const summary = ({metadata}: BlogPost): PostSummary => ({
        title: metadata.title,
        permalink: metadata.permalink,
        date: new Date(metadata.date).toISOString(),
      });
      const allSeries = groupSeries(
        listed.map((post) => ({
          ...post,
          source: post.metadata.source,
          title: post.metadata.title,
          frontMatter: post.metadata.frontMatter,
        })),
        readSeriesCatalog(path.join(siteDir, 'blog')),
      );
      const [featured, ...others] = allSeries;
      if (!featured)
        throw new Error('[recent-posts] no post belongs to a series of blog/series.yml.');
      const data: RecentPostsData = {
        recent: listed.slice(0, recentCount).map(summary),
        featuredSeries: {
          title: featured.title,
          description: featured.description,
          parts: featured.parts.map(summary),
        },
        moreSeries: others.flatMap(({title, parts: [first, ...rest]}) =>
          first ? [{title, count: rest.length + 1, first: summary(first)}] : [],
        ),
      };
      await actions.createData(HOME_DATA_FILE, JSON.stringify(data));
    },
  };
}
