/**
 * Makes beautiful-mermaid's SVG fit for inlining in a page of this site:
 * - its <style> goes (a web-font @import and rules for every <svg> on the
 *   page); the colours it derived come from the site's stylesheet instead
 *   (`.diagram__drawing` in src/css/custom.css), so they follow the colour mode;
 * - ids get a prefix of their own, so two diagrams on a page never share one;
 * - the data-* attributes, which repeat every label, are dropped, and
 *   coordinates are rounded to two decimals;
 * - it is minified the way the HTML around it is (no white space between
 *   tags, attribute values unquoted where HTML allows, single quotes
 *   elsewhere), so the copy the page's JavaScript carries, in a
 *   double-quoted string, is no larger than the one in the HTML;
 * - the root gets role="img", named by the figure's caption (`captionId`).
 */
import {createHash} from 'node:crypto';

/** `captionId`: the id the figure's caption must carry (it names the drawing). */
export type InlineSvg = Readonly<{svg: string; width: number; height: number; captionId: string}>;

const round = (value: string): string => String(Number(Number(value).toFixed(2)));

/** An attribute value HTML reads the same without quotes. */
const UNQUOTED = /^[^\s"'=<>`/]+$/;

/** `name="value"` → `name=value`, or `name='value'` where quotes are needed. */
function minified(svg: string): string {
  return svg
    .replace(/>\s+</g, '><')
    .replace(/<[^>]+>/g, (tag) =>
      tag.replace(/(\s[\w:-]+)="([^"]*)"/g, (_, name: string, value: string) =>
        UNQUOTED.test(value) ? `${name}=${value}` : `${name}='${value.replace(/'/g, '&#39;')}'`,
      ),
    );
}

export function inlineSvg(raw: string, source: string): InlineSvg {
  const prefix = `d${createHash('sha256').update(source).digest('hex').slice(0, 8)}-`;
  const captionId = `${prefix}caption`;
  const ids = [...raw.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
  let svg = raw
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
    .replace(/\sdata-[\w-]+="[^"]*"/g, '')
    .replace(/\d+\.\d{3,}/g, round)
    .replace(/\n\s*/g, '\n');
  for (const id of new Set(ids)) {
    svg = svg
      .replaceAll(`id="${id}"`, `id="${prefix}${id}"`)
      .replaceAll(`url(#${id})`, `url(#${prefix}${id})`)
      .replaceAll(`href="#${id}"`, `href="#${prefix}${id}"`);
  }
  const open = /^<svg\b[^>]*>/.exec(svg)?.[0];
  if (!open) throw new Error('the renderer returned no <svg> root');
  const width = Number(/\swidth="([\d.]+)"/.exec(open)?.[1] ?? 0);
  const height = Number(/\sheight="([\d.]+)"/.exec(open)?.[1] ?? 0);
  const root = open
    .replace(/\sstyle="[^"]*"/, '')
    .replace(/\swidth="[^"]*"/, ` width="${Math.ceil(width)}"`)
    .replace(/\sheight="[^"]*"/, ` height="${Math.ceil(height)}"`)
    .replace(/>$/, ` role="img" aria-labelledby="${captionId}">`);
  return {svg: minified(svg.replace(open, root)), width, height, captionId};
}
