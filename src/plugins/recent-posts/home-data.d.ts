/** The home page's data, written at build time by src/plugins/recent-posts. */
declare module '@generated/recent-posts/default/home.json' {
  import type {RecentPostsData} from '@site/src/plugins/recent-posts/client';

  const data: RecentPostsData;
  export default data;
}
