/**
 * Makes beautiful-mermaid's SVG fit for inlining in a page of this site:
 * - its <style> goes (a web-font @import and rules for every <svg> on the
 *   page); the colours it derived come from the site's stylesheet instead
 *   (src/components/Diagram/styles.module.css), so they follow the colour mode;
 * - ids get a prefix of their own, so two diagrams on a page never share one;
 * - the data-* attributes, which repeat every label, are dropped;
 * - the root gets role="img" and the diagram's title as its name.
 */
import {createHash} from 'node:crypto';

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export type InlineSvg = Readonly<{svg: string; width: number; height: number}>;

export function inlineSvg(raw: string, source: string, title: string): InlineSvg {
  const prefix = `d${createHash('sha256').update(source).digest('hex').slice(0, 8)}-`;
  const ids = [...raw.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
  let svg = raw
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
    .replace(/\sdata-[\w-]+="[^"]*"/g, '')
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
    .replace(/>$/, ` role="img" aria-label="${escapeAttr(title)}">`);
  return {svg: svg.replace(open, root), width, height};
}
