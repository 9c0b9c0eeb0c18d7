/**
 * What a drawing shows, read back from its SVG: the checks that two layouts
 * are the same diagram (`contents`) and that no label lies over an edge it
 * does not belong to (`labelsOverEdges`). Both read beautiful-mermaid's
 * flowchart markup (`g.node`, `polyline.edge`, `g.edge-label`, `g.subgraph`
 * with their data-* attributes, kept until svg.ts drops them) and this
 * plugin's sequence markup (`g.actor`, `g.message`, `g.note`, `g.block`).
 */
import {DomUtils, parseDocument} from 'htmlparser2';
import {textWidth} from '../../lib/fontMetrics';

type Element = ReturnType<typeof DomUtils.findAll>[number];
type Box = {left: number; top: number; right: number; bottom: number};
type Point = {x: number; y: number};

const parse = (svg: string) => parseDocument(svg, {xmlMode: true}).children;
const all = (svg: string, test: (el: Element) => boolean) => DomUtils.findAll(test, parse(svg));
const hasClass = (el: Element, name: string) =>
  (el.attribs.class ?? '').split(/\s+/).includes(name);
const num = (el: Element | undefined, name: string) => Number(el?.attribs[name] ?? 0);
const child = (el: Element, name: string) =>
  DomUtils.findOne((node) => node.name === name, el.children, false) ?? undefined;

/** Text of an element, its lines joined without breaks. */
const text = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, '');

/**
 * What the diagram says, independent of layout: its boxes, arrows and every
 * piece of text, as sorted lines. Two layouts of one diagram have the same.
 */
export function contents(svg: string): string[] {
  const items: string[] = [];
  for (const el of all(svg, (e) => e.name === 'text')) items.push(`text ${text(el)}`);
  for (const el of all(svg, (e) => hasClass(e, 'node') || hasClass(e, 'actor'))) {
    items.push(
      `box ${DomUtils.findAll((e) => e.name === 'text', el.children)
        .map(text)
        .join('|')}`,
    );
  }
  for (const el of all(svg, (e) => hasClass(e, 'edge'))) {
    items.push(
      `edge ${el.attribs['data-from']}→${el.attribs['data-to']} ${el.attribs['marker-end'] ? '>' : ''}${el.attribs['marker-start'] ? '<' : ''}`,
    );
  }
  for (const el of all(svg, (e) => hasClass(e, 'message'))) {
    const line = child(el, 'line') ?? child(el, 'polyline');
    items.push(
      `message ${line?.attribs['stroke-dasharray'] ? 'dashed' : 'solid'} ${line?.attribs['marker-end'] ?? ''} ${DomUtils.findAll(
        (e) => e.name === 'text',
        el.children,
      )
        .map(text)
        .join('')}`,
    );
  }
  for (const el of all(
    svg,
    (e) => hasClass(e, 'note') || hasClass(e, 'block') || hasClass(e, 'subgraph'),
  )) {
    items.push(
      `${el.attribs.class} ${DomUtils.findAll((e) => e.name === 'text', el.children)
        .map(text)
        .join('|')}`,
    );
  }
  return items.sort();
}

function points(el: Element): Point[] {
  const values = (el.attribs.points ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const out: Point[] = [];
  for (let i = 0; i + 1 < values.length; i += 2)
    out.push({x: values[i] ?? 0, y: values[i + 1] ?? 0});
  return out;
}

const rectBox = (el: Element | undefined): Box => ({
  left: num(el, 'x'),
  top: num(el, 'y'),
  right: num(el, 'x') + num(el, 'width'),
  bottom: num(el, 'y') + num(el, 'height'),
});

function shapeBox(el: Element): Box | undefined {
  const shape = DomUtils.findOne(
    (e) => ['rect', 'polygon', 'circle', 'ellipse', 'path'].includes(e.name),
    el.children,
    true,
  );
  if (!shape) return undefined;
  if (shape.name === 'rect') return rectBox(shape);
  if (shape.name === 'polygon') {
    const p = points(shape);
    return {
      left: Math.min(...p.map((q) => q.x)),
      top: Math.min(...p.map((q) => q.y)),
      right: Math.max(...p.map((q) => q.x)),
      bottom: Math.max(...p.map((q) => q.y)),
    };
  }
  return undefined;
}

/** Whether the segment a–b passes through the inside of `box` (Liang–Barsky). */
function crosses(a: Point, b: Point, box: Box): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const checks: Array<[number, number]> = [
    [-dx, a.x - box.left],
    [dx, box.right - a.x],
    [-dy, a.y - box.top],
    [dy, box.bottom - a.y],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q <= 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t1 - t0 > 1e-6;
}

const inset = (box: Box, by: number): Box => ({
  left: box.left + by,
  top: box.top + by,
  right: box.right - by,
  bottom: box.bottom - by,
});

/**
 * Labels that lie over an edge they do not belong to, and edges that run
 * through a box they do not join; in a sequence diagram, message labels
 * that run past the lifelines they join. One line each; empty when none.
 */
export function labelsOverEdges(svg: string): string[] {
  const problems: string[] = [];
  const edges = all(svg, (e) => e.name === 'polyline' && hasClass(e, 'edge')).map((el) => ({
    from: el.attribs['data-from'] ?? '',
    to: el.attribs['data-to'] ?? '',
    points: points(el),
  }));
  const name = (edge: {from: string; to: string}) => `${edge.from}→${edge.to}`;
  for (const label of all(svg, (e) => hasClass(e, 'edge-label'))) {
    const box = inset(rectBox(child(label, 'rect')), 1);
    const own = {from: label.attribs['data-from'] ?? '', to: label.attribs['data-to'] ?? ''};
    for (const edge of edges) {
      if (edge.from === own.from && edge.to === own.to) continue;
      if (edge.points.some((p, i) => i > 0 && crosses(edge.points[i - 1] ?? p, p, box))) {
        problems.push(
          `the label "${text(label)}" of ${name(own)} lies over the edge ${name(edge)}`,
        );
      }
    }
  }
  for (const node of all(svg, (e) => hasClass(e, 'node'))) {
    const shape = shapeBox(node);
    if (!shape) continue;
    const id = node.attribs['data-id'] ?? '';
    const box = inset(shape, 2);
    for (const edge of edges) {
      if (edge.from === id || edge.to === id) continue;
      if (edge.points.some((p, i) => i > 0 && crosses(edge.points[i - 1] ?? p, p, box))) {
        problems.push(`the edge ${name(edge)} runs through the box "${text(node)}"`);
      }
    }
  }
  for (const message of all(svg, (e) => hasClass(e, 'message'))) {
    const line = child(message, 'line');
    const label = DomUtils.findOne((e) => e.name === 'text', message.children, true);
    if (!line || !label) continue;
    const low = Math.min(num(line, 'x1'), num(line, 'x2'));
    const high = Math.max(num(line, 'x1'), num(line, 'x2'));
    const size = num(label, 'font-size');
    const weight = Number(label.attribs['font-weight'] ?? 400);
    const tspans = DomUtils.findAll((e) => e.name === 'tspan', label.children);
    const lines =
      tspans.length > 0
        ? tspans.map((t) => DomUtils.textContent(t))
        : [DomUtils.textContent(label)];
    const x = num(label, 'x');
    for (const line of lines) {
      const width = textWidth(line, size, weight);
      if (x - width / 2 < low - 0.5 || x + width / 2 > high + 0.5) {
        problems.push(`the message label "${line}" runs past the lifelines it joins`);
      }
    }
  }
  return problems;
}

function inDefs(el: Element): boolean {
  for (let node: Element['parent'] = el; node; node = node.parent) {
    if ('name' in node && node.name === 'defs') return true;
  }
  return false;
}

/**
 * The drawing with its viewBox cut to what it draws, plus `pad` on each side.
 * ELK reserves room a flowchart does not always use (on the right, for
 * labels it no longer places there); the width is what a column must hold.
 */
export function tighten(svg: string, pad: number): string {
  const doc = parse(svg);
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (x: number, y: number) => {
    xs.push(x);
    ys.push(y);
  };
  for (const el of DomUtils.findAll(() => true, doc)) {
    if (inDefs(el)) continue;
    if (el.name === 'rect') {
      add(num(el, 'x'), num(el, 'y'));
      add(num(el, 'x') + num(el, 'width'), num(el, 'y') + num(el, 'height'));
    } else if (el.name === 'polygon' || el.name === 'polyline') {
      for (const p of points(el)) add(p.x, p.y);
    } else if (el.name === 'line') {
      add(num(el, 'x1'), num(el, 'y1'));
      add(num(el, 'x2'), num(el, 'y2'));
    } else if (el.name === 'circle' || el.name === 'ellipse') {
      const rx = num(el, el.name === 'circle' ? 'r' : 'rx');
      const ry = num(el, el.name === 'circle' ? 'r' : 'ry');
      add(num(el, 'cx') - rx, num(el, 'cy') - ry);
      add(num(el, 'cx') + rx, num(el, 'cy') + ry);
    } else if (el.name === 'text') {
      const size = num(el, 'font-size');
      const weight = Number(el.attribs['font-weight'] ?? 400);
      const tspans = DomUtils.findAll((e) => e.name === 'tspan', el.children);
      const lines =
        tspans.length > 0 ? tspans.map((t) => DomUtils.textContent(t)) : [DomUtils.textContent(el)];
      const width = Math.max(...lines.map((line) => textWidth(line, size, weight)));
      const anchor = el.attribs['text-anchor'] ?? 'start';
      const left =
        anchor === 'middle'
          ? num(el, 'x') - width / 2
          : anchor === 'end'
            ? num(el, 'x') - width
            : num(el, 'x');
      add(left, num(el, 'y') - (lines.length * size * 1.3) / 2);
      add(left + width, num(el, 'y') + (lines.length * size * 1.3) / 2);
    }
  }
  if (xs.length === 0) return svg;
  const left = Math.floor(Math.min(...xs) - pad);
  const top = Math.floor(Math.min(...ys) - pad);
  const width = Math.ceil(Math.max(...xs) + pad - left);
  const height = Math.ceil(Math.max(...ys) + pad - top);
  return svg.replace(/^(<svg\b[^>]*>)/, (open) =>
    open
      .replace(/\sviewBox="[^"]*"/, ` viewBox="${left} ${top} ${width} ${height}"`)
      .replace(/\swidth="[^"]*"/, ` width="${width}"`)
      .replace(/\sheight="[^"]*"/, ` height="${height}"`),
  );
}

/** Coordinates of an SVG element moved by (dx, dy): x/y attributes and point lists. */
function moved(tag: string, dx: number, dy: number): string {
  const shift = (value: string, by: number) => String(Math.round((Number(value) + by) * 100) / 100);
  return tag
    .replace(
      /(\s(?:x|x1|x2|cx))="(-?[\d.]+)"/g,
      (_, name: string, v: string) => `${name}="${shift(v, dx)}"`,
    )
    .replace(
      /(\s(?:y|y1|y2|cy))="(-?[\d.]+)"/g,
      (_, name: string, v: string) => `${name}="${shift(v, dy)}"`,
    )
    .replace(/(\spoints)="([^"]*)"/g, (_, name: string, list: string) => {
      const values = list
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      const pairs: string[] = [];
      for (let i = 0; i + 1 < values.length; i += 2) {
        pairs.push(`${shift(String(values[i]), dx)},${shift(String(values[i + 1]), dy)}`);
      }
      return `${name}="${pairs.join(' ')}"`;
    });
}

/**
 * Drawings one above the other, each centred, `gap` px apart: one SVG with
 * the first drawing's <defs> (beautiful-mermaid's markers, the same in each).
 */
export function stack(drawings: readonly string[], gap: number): string {
  const parts = drawings.map((svg) => {
    const open = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? '<svg>';
    const [x = 0, y = 0, width = 0, height = 0] = (
      /\sviewBox="([^"]*)"/.exec(open)?.[1] ?? '0 0 0 0'
    )
      .split(/[\s,]+/)
      .map(Number);
    const body = svg.slice(open.length).replace(/<\/svg>\s*$/, '');
    const defs = /<defs>[\s\S]*?<\/defs>/.exec(body)?.[0] ?? '';
    return {x, y, width, height, defs, body: body.replace(defs, '')};
  });
  const width = Math.ceil(Math.max(...parts.map((part) => part.width)));
  let top = 0;
  const bodies = parts.map((part) => {
    const dx = (width - part.width) / 2 - part.x;
    const dy = top - part.y;
    top += part.height + gap;
    return part.body.replace(/<(?!\/)[^>]+>/g, (tag) => moved(tag, dx, dy));
  });
  const height = Math.ceil(top - gap);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `${parts[0]?.defs ?? ''}${bodies.join('')}</svg>`
  );
}

/**
 * A flowchart made of top-level subgraphs only (a side-by-side comparison,
 * say), as one source per subgraph; undefined when anything else stands
 * outside them. A node or edge reaching across would show up as a
 * difference when the parts are compared with the whole (`contents`).
 */
export function subgraphParts(source: string): string[] | undefined {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const header = lines[first] ?? '';
  const shared: string[] = [];
  const parts: string[][] = [];
  let current: string[] = [];
  let depth = 0;
  for (const line of lines.slice(first + 1)) {
    const text = line.trim();
    if (/^subgraph\b/.test(text)) {
      depth += 1;
      current.push(line);
    } else if (text === 'end' && depth > 0) {
      depth -= 1;
      current.push(line);
      if (depth === 0) {
        parts.push(current);
        current = [];
      }
    } else if (depth > 0) current.push(line);
    else if (!text || text.startsWith('%%') || /^(classDef|class|style|linkStyle)\b/.test(text)) {
      shared.push(line);
    } else return undefined;
  }
  if (parts.length < 2 || depth !== 0) return undefined;
  return parts.map((part) => [header, ...shared, ...part].join('\n'));
}
