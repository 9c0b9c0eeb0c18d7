/**
 * What the home page reads of this plugin: the shape of
 * `@generated/recent-posts/default/home.json` (home-data.d.ts), written at
 * build time by index.ts. Types only: the data is imported as JSON.
 */

/** One post as the home page lists it. */
export type PostSummary = Readonly<{
  title: string;
  permalink: string;
  /** ISO 8601 date of the post. */
  date: string;
}>;

/** The home page's featured series: the first in `blog/series.yml`, every part listed. */
export type SeriesSummary = Readonly<{
  title: string;
  description: string;
  /** In reading order (`series_order`). */
  parts: readonly PostSummary[];
}>;

/** Every other series, as one line: its name, its length and where to start. */
export type SeriesLink = Readonly<{title: string; count: number; first: PostSummary}>;

export type RecentPostsData = Readonly<{
  /** Newest listed posts first. */
  recent: readonly PostSummary[];
  featuredSeries: SeriesSummary;
  moreSeries: readonly SeriesLink[];
}>;
