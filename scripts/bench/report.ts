/** The printed tables of `npm run bench`. */
import type {
  BuildFigures,
  Composition,
  LighthouseFigures,
  RouteType,
  ScalePoint,
  SiteResults,
} from './types';
import {msPerPost} from './scale';
import {CPU_SLOWDOWN_SLOW} from './lighthouse';

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));
const slash = (values: (string | undefined)[]) => values.map((v) => v ?? 'n/a').join('/');

/** The post page's first-load JS may grow at most this much from ~20 posts to 1,000. */
export const POST_JS_GROWTH_GOAL = 1.15;

export function printBuild(ours: BuildFigures, stock: BuildFigures): void {
  const row = (label: string, key: keyof BuildFigures, digits: number) => [
    label,
    ours[key].toFixed(digits),
    stock[key].toFixed(digits),
    ratio(ours[key], stock[key]),
  ];
  const rows = [
    ['build', 'ours', 'stock', 'ratio'],
    row('cold build (s)', 'coldSeconds', 1),
    row('warm build (s)', 'warmSeconds', 1),
    row('cold peak RSS (MiB)', 'coldPeakRssMiB', 0),
  ];
  console.log(rows.map((r) => r.join(' | ')).join('\n'));
}

type Columns = {ours: SiteResults; stock: SiteResults; limit: SiteResults | null};

/** Page weight per route type: ours / stock / limit (our build without scripts). */
export function printWeights(routes: readonly RouteType[], {ours, stock, limit}: Columns): void {
  console.log(
    '\nroute type | requests ours/stock/limit | JS gzip KB ours/stock (ratio) | of which Markdown content ours/stock | JS without content ours/stock (ratio) | CSS gzip KB ours/stock/limit | HTML gzip KB ours/stock/limit',
  );
  for (const type of routes) {
    const o = ours.weight[type];
    const s = stock.weight[type];
    const l = limit?.weight[type];
    if (!o || !s) continue;
    console.log(
      [
        type,
        slash([String(o.requests), String(s.requests), l && String(l.requests)]),
        `${kb(o.js.gzip)}/${kb(s.js.gzip)} (${ratio(o.js.gzip, s.js.gzip)})`,
        `${kb(o.contentJs.gzip)}/${kb(s.contentJs.gzip)}`,
        `${kb(o.js.gzip - o.contentJs.gzip)}/${kb(s.js.gzip - s.contentJs.gzip)} (${ratio(o.js.gzip - o.contentJs.gzip, s.js.gzip - s.contentJs.gzip)})`,
        slash([kb(o.css.gzip), kb(s.css.gzip), l && kb(l.css.gzip)]),
        slash([kb(o.html.gzip), kb(s.html.gzip), l && kb(l.html.gzip)]),
      ].join(' | '),
    );
  }
}

/** Lighthouse (mobile, or mobile on a slow device) per route type: ours / stock / limit. */
export function printLighthouse(
  routes: readonly RouteType[],
  {ours, stock, limit}: Columns,
  device: 'mobile' | 'slow' = 'mobile',
): void {
  const heading =
    device === 'slow'
      ? `Lighthouse mobile, ${CPU_SLOWDOWN_SLOW}× CPU slowdown`
      : 'Lighthouse mobile';
  console.log(
    `\nroute type (${heading}) | perf/a11y/bp/seo ours | stock | limit | LCP ms ours/stock/limit | TBT ms ours/stock/limit | CLS ours/stock/limit | main thread ms ours/stock/limit | scriptEvaluation ms ours/stock/limit | styleLayout ms ours/stock/limit | parseHTML ms ours/stock/limit | bootup-time ms ours/stock/limit`,
  );
  for (const type of routes) {
    const all = [ours, stock, limit].map((site) => site?.lighthouse[type]?.[device]);
    if (all.every((l) => !l)) continue;
    const scores = (l?: LighthouseFigures) =>
      l ? `${l.performance}/${l.accessibility}/${l.bestPractices}/${l.seo}` : 'n/a';
    const ms = (pick: (l: LighthouseFigures) => number) =>
      slash(all.map((l) => (l ? pick(l).toFixed(0) : undefined)));
    const group = (name: string) => ms((l) => l.mainThreadByGroup[name] ?? 0);
    console.log(
      [
        type,
        ...all.map(scores),
        ms((l) => l.lcpMs),
        ms((l) => l.tbtMs),
        slash(all.map((l) => l?.cls.toFixed(3))),
        ms((l) => l.mainThreadMs),
        group('scriptEvaluation'),
        group('styleLayout'),
        group('parseHTML'),
        ms((l) => l.bootupMs),
      ].join(' | '),
    );
  }
}

/**
 * Build time per scale point, and the first-load JS of one post page at each
 * point beside the same page in this site as it is (`postJsGzip`).
 */
export function printScale(
  base: ScalePoint,
  scale: ScalePoint[],
  shortSidebar: ScalePoint | null,
): void {
  scale.forEach((point, index) => {
    const previous = scale[index - 1] ?? base;
    console.log(
      `scale: ${point.posts} extra posts: ${point.seconds.toFixed(1)} s, peak RSS ${point.peakRssMiB.toFixed(0)} MiB, ${msPerPost(previous, point).toFixed(1)} ms per post since ${previous.posts}`,
    );
  });
  const first = scale[0];
  const last = scale.at(-1);
  if (first && last && last !== first)
    console.log(
      `scale: ${msPerPost(first, last).toFixed(1)} ms per post from ${first.posts} to ${last.posts}`,
    );
  if (shortSidebar)
    console.log(
      `scale: ${shortSidebar.posts} extra posts, blog sidebar of 10 instead of ALL: ${shortSidebar.seconds.toFixed(1)} s, peak RSS ${shortSidebar.peakRssMiB.toFixed(0)} MiB, ${msPerPost(base, shortSidebar).toFixed(1)} ms per post since 0`,
    );
  const baseJs = base.postJs?.gzip;
  for (const point of scale) {
    const js = point.postJs?.gzip;
    if (js === undefined || baseJs === undefined) continue;
    const growth = js / baseJs;
    console.log(
      `scale: post page first-load JS (gzip) at ${point.posts} extra posts ${kb(js)} KB, as the site is ${kb(baseJs)} KB: ${growth.toFixed(3)}× (goal at 1000: at most ${POST_JS_GROWTH_GOAL}×${point.posts === 1000 ? (growth <= POST_JS_GROWTH_GOAL ? ', met' : ', not met') : ''})`,
    );
  }
}

/** The top `top` packages of main.js, the rest summed, and the total (the file's real gzip size). */
export function formatComposition({main, runtime}: Composition, top = 15): string {
  const pct = (gzip: number) => `${((gzip * 100) / main.gzip).toFixed(1)}%`;
  const shown = main.packages.slice(0, top);
  const rest = main.packages.slice(top);
  const restGzip = rest.reduce((sum, p) => sum + p.gzip, 0);
  const restRaw = rest.reduce((sum, p) => sum + p.raw, 0);
  const lines = [
    `${main.file}: ${kb(main.raw)} KB raw, ${kb(main.gzip)} KB gzip (level 9); shares are each package's bytes gzipped alone, scaled to the file's gzip size`,
    'package | gzip KB | share | raw KB',
    ...shown.map((p) => `${p.name} | ${kb(p.gzip)} | ${pct(p.gzip)} | ${kb(p.raw)}`),
    ...(rest.length
      ? [`(${rest.length} more) | ${kb(restGzip)} | ${pct(restGzip)} | ${kb(restRaw)}`]
      : []),
    `total | ${kb(main.gzip)} | 100.0% | ${kb(main.raw)} (${main.gzip} B gzip, ${main.raw} B raw)`,
    `${runtime.file}: ${kb(runtime.raw)} KB raw, ${kb(runtime.gzip)} KB gzip (webpack runtime and the chunk map of every route)`,
  ];
  return lines.join('\n');
}
