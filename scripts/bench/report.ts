/** The printed tables of `npm run bench`. */
import type {BuildFigures, Composition, LighthouseFigures, RouteType, SiteResults} from './types';
import {SCALE_ROUTES, type ScaleRow} from './scale';
import {CPU_SLOWDOWN_SLOW} from './lighthouse';

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));
const slash = (values: (string | undefined)[]) => values.map((v) => v ?? 'n/a').join('/');

/** A page's first-load JS may grow at most this much from 20 posts to 1,000 (issue 24). */
export const JS_GROWTH_GOAL = 1.1;
/** The post page's HTML likewise. */
export const HTML_GROWTH_GOAL = 1.25;
/** Our build time and peak memory at 1,000 posts, at most this much stock's. */
export const BUILD_RATIO_GOAL = 1.3;

export function formatBuild(ours: BuildFigures, stock: BuildFigures): string {
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
  return rows.map((r) => r.join(' | ')).join('\n');
}

type Columns = {ours: SiteResults; stock: SiteResults; limit: SiteResults | null};

/** Page weight per route type: ours / stock / limit (our build without scripts). */
export function formatWeights(routes: readonly RouteType[], {ours, stock, limit}: Columns): string {
  const lines = [
    'route type | requests ours/stock/limit | JS gzip KB ours/stock (ratio) | of which Markdown content ours/stock | JS without content ours/stock (ratio) | CSS gzip KB ours/stock/limit | HTML gzip KB ours/stock/limit',
  ];
  for (const type of routes) {
    const o = ours.weight[type];
    const s = stock.weight[type];
    const l = limit?.weight[type];
    if (!o || !s) continue;
    lines.push(
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
  return lines.join('\n');
}

/** Lighthouse (mobile, or mobile on a slow device) per route type: ours / stock / limit. */
export function formatLighthouse(
  routes: readonly RouteType[],
  {ours, stock, limit}: Columns,
  device: 'mobile' | 'slow' = 'mobile',
): string {
  const heading =
    device === 'slow'
      ? `Lighthouse mobile, ${CPU_SLOWDOWN_SLOW}× CPU slowdown`
      : 'Lighthouse mobile';
  const lines = [
    `route type (${heading}) | perf/a11y/bp/seo ours | stock | limit | LCP ms ours/stock/limit | TBT ms ours/stock/limit | CLS ours/stock/limit | main thread ms ours/stock/limit | scriptEvaluation ms ours/stock/limit | styleLayout ms ours/stock/limit | parseHTML ms ours/stock/limit | bootup-time ms ours/stock/limit`,
  ];
  for (const type of routes) {
    const all = [ours, stock, limit].map((site) => site?.lighthouse[type]?.[device]);
    if (all.every((l) => !l)) continue;
    const scores = (l?: LighthouseFigures) =>
      l ? `${l.performance}/${l.accessibility}/${l.bestPractices}/${l.seo}` : 'n/a';
    const ms = (pick: (l: LighthouseFigures) => number) =>
      slash(all.map((l) => (l ? pick(l).toFixed(0) : undefined)));
    const group = (name: string) => ms((l) => l.mainThreadByGroup[name] ?? 0);
    lines.push(
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
  return lines.join('\n');
}

/**
 * Ours and stock at each post count (rows of `scaleRun`), then how each grew
 * from the fewest posts to the most, and ours against stock at the most.
 */
export function formatScale(rows: readonly ScaleRow[]): string {
  const header = [
    'site',
    'posts',
    'build s',
    'peak MiB',
    ...SCALE_ROUTES.map((route) => `${route} JS KB`),
    'post HTML KB',
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out = [line(header), line(header.map(() => '---'))];
  for (const row of rows) {
    out.push(
      line([
        row.site,
        String(row.posts),
        row.seconds.toFixed(1),
        row.peakRssMiB.toFixed(0),
        ...SCALE_ROUTES.map((route) => kb(row.js[route])),
        kb(row.postHtml),
      ]),
    );
  }
  const counts = [...new Set(rows.map((row) => row.posts))].sort((a, b) => a - b);
  const [fewest, most] = [counts[0], counts.at(-1)];
  const at = (site: ScaleRow['site'], posts: number | undefined) =>
    rows.find((row) => row.site === site && row.posts === posts);
  const verdict = (value: number, goal: number) =>
    `${value.toFixed(2)}× (goal ≤ ${goal}×: ${value <= goal ? 'met' : 'not met'})`;
  for (const site of ['ours', 'stock'] as const) {
    const from = at(site, fewest);
    const to = at(site, most);
    if (!from || !to || fewest === most) continue;
    const growth = SCALE_ROUTES.map(
      (route) =>
        `${route} ${site === 'ours' ? verdict(to.js[route] / from.js[route], JS_GROWTH_GOAL) : `${(to.js[route] / from.js[route]).toFixed(2)}×`}`,
    );
    const html = to.postHtml / from.postHtml;
    out.push(
      '',
      `${site}, ${fewest} → ${most} posts: first-load JS ${growth.join(', ')}; post HTML ${site === 'ours' ? verdict(html, HTML_GROWTH_GOAL) : `${html.toFixed(2)}×`}`,
    );
  }
  const ours = at('ours', most);
  const stock = at('stock', most);
  if (ours && stock) {
    out.push(
      `ours / stock at ${most} posts: build time ${verdict(ours.seconds / stock.seconds, BUILD_RATIO_GOAL)}, peak memory ${verdict(ours.peakRssMiB / stock.peakRssMiB, BUILD_RATIO_GOAL)}`,
    );
  }
  return out.join('\n');
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
