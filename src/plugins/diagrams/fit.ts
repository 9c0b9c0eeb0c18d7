/**
 * Checks a rendered diagram against a real CJK font: every label must fit the
 * shape it sits in, and labels without a shape must stay inside the drawing.
 * beautiful-mermaid sizes shapes from estimated character widths; this
 * measures the same text with Noto Sans SC (the font the social cards use),
 * so an estimate that falls short fails the build instead of clipping a label.
 */
import {notoSansSc} from '../../lib/fontMetrics';
import {unescapeXml} from '../../lib/escape';

/** Room a label keeps on each side inside its shape, in px. */
const INSET = 2;

type Box = {x: number; y: number; width: number; height: number};
type Group = {shape?: Box};

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const num = (tag: string, name: string): number => Number(attr(tag, name) ?? 0);

function polygonBox(points: string): Box {
  const xy = points
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const xs = xy.filter((_, i) => i % 2 === 0);
  const ys = xy.filter((_, i) => i % 2 === 1);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y};
}

function decode(text: string): string {
  return unescapeXml(text.replace(/<[^>]+>/g, ''));
}

/** The labels that do not fit, one line each; empty when all fit. */
export function labelsThatDoNotFit(svg: string): string[] {
  const viewBox = (attr(svg.slice(0, svg.indexOf('>')), 'viewBox') ?? '0 0 0 0')
    .split(/\s+/)
    .map(Number);
  const drawing: Box = {
    x: viewBox[0] ?? 0,
    y: viewBox[1] ?? 0,
    width: viewBox[2] ?? 0,
    height: viewBox[3] ?? 0,
  };
  const body = svg.replace(/<defs>[\s\S]*?<\/defs>/g, '');
  const stack: Group[] = [{}];
  const problems: string[] = [];
  const element = /<(\/?)(g|rect|polygon)\b([^>]*)>|<text\b([^>]*)>([\s\S]*?)<\/text>/g;
  for (const match of body.matchAll(element)) {
    const [, closing, name, shapeTag = '', textTag, content = ''] = match;
    const group = stack.at(-1) ?? {};
    if (name === 'g') {
      if (closing) stack.pop();
      else if (!shapeTag.endsWith('/')) stack.push({});
      continue;
    }
    if (name === 'rect' && !group.shape) {
      group.shape = {
        x: num(shapeTag, 'x'),
        y: num(shapeTag, 'y'),
        width: num(shapeTag, 'width'),
        height: num(shapeTag, 'height'),
      };
      continue;
    }
    if (name === 'polygon' && !group.shape) {
      group.shape = polygonBox(attr(shapeTag, 'points') ?? '');
      continue;
    }
    if (textTag === undefined) continue;
    const tag = textTag;
    const fontSize = num(tag, 'font-size');
    const weight = Number(attr(tag, 'font-weight') ?? 400);
    const lines = content.includes('<tspan')
      ? [...content.matchAll(/<tspan\b[^>]*>([\s\S]*?)<\/tspan>/g)].map((m) => decode(m[1] ?? ''))
      : [decode(content)];
    const box = group.shape ?? drawing;
    const inset = group.shape ? INSET : 0;
    const anchor = attr(tag, 'text-anchor') ?? 'start';
    const x = num(tag, 'x');
    for (const line of lines) {
      const width = notoSansSc(weight).widthEm(line) * fontSize;
      const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
      if (left < box.x + inset - 0.5 || left + width > box.x + box.width - inset + 0.5) {
        problems.push(
          `"${line}" is ${width.toFixed(1)} px wide in Noto Sans SC; ${
            group.shape ? 'its shape' : 'the drawing'
          } spans ${box.x.toFixed(1)}–${(box.x + box.width).toFixed(1)}, the text ${left.toFixed(1)}–${(left + width).toFixed(1)}`,
        );
      }
    }
  }
  return problems;
}
