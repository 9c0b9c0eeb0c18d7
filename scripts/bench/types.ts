/** Types shared by the parts of `npm run bench` and what they write to bench/results.json. */
import type {Bytes, PageWeight} from '../lib/page-weight';

export type RouteType =
  | 'home'
  | 'blog list'
  | 'post'
  | 'archive'
  | 'author'
  | 'doc'
  | 'category'
  | 'markdown page'
  | '404';

export type Site = {
  name: 'ours' | 'stock' | 'limit';
  /** The Docusaurus site: where it is built and where `.docusaurus/registry.js` lies. */
  dir: string;
  /** What is served. */
  buildDir: string;
  routes: Record<RouteType, string>;
  /** Serve with our CSP (deploy/security-headers.conf), whose script hashes fit our build only. */
  securityHeaders: boolean;
};

export type BuildFigures = {
  coldSeconds: number;
  warmSeconds: number;
  coldPeakRssMiB: number;
  warmPeakRssMiB: number;
};

export type RouteWeight = Omit<PageWeight, 'urls' | 'scripts'> & {contentJs: Bytes};

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** `mainthread-work-breakdown`: all main-thread work during load, ms. */
  mainThreadMs: number;
  /** The same, by Lighthouse's groups (scriptEvaluation, styleLayout, parseHTML, ...). */
  mainThreadByGroup: Record<string, number>;
  /** `bootup-time`: script evaluation, parse and compile, ms. */
  bootupMs: number;
};

export type SiteResults = {
  /** null for the limit column, which is our build with its scripts removed. */
  build: BuildFigures | null;
  weight: Record<string, RouteWeight>;
  lighthouse: Record<
    string,
    {mobile: LighthouseFigures; desktop?: LighthouseFigures; slow?: LighthouseFigures}
  >;
};

export type PackageShare = {name: string; raw: number; gzip: number};

export type ChunkComposition = {
  file: string;
  raw: number;
  gzip: number;
  /** Biggest first; gzip shares add up to `gzip`. */
  packages: PackageShare[];
};

export type Composition = {
  main: ChunkComposition;
  runtime: {file: string; raw: number; gzip: number};
};
