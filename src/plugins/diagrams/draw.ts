/**
 * One diagram from Mermaid text to the drawings a page shows, with what the
 * checks found: the steps the remark plugin and scripts/diagrams.ts share.
 *
 * A diagram gets a wide layout, for the desktop column and the full-size
 * view, and, when the wide one cannot shrink to a phone's column with its
 * text still 10 px or more, a narrow one: a flowchart with its labels
 * wrapped and tighter spacing (top to bottom), a sequence diagram with
 * wrapped labels and closer lifelines. The stylesheet shows one of the two
 * by the width of the column (a container query); both are the same
 * diagram, which `contents` checks.
 */
import {DomUtils, parseDocument} from 'htmlparser2';
import {labelsThatDoNotFit} from './fit';
import {contents, labelsOverEdges, stack, subgraphParts, tighten} from './overlap';
import {renderMermaid, type RenderOptions} from './render';
import {DESKTOP_STYLE, drawSequence, parseSequence, PHONE_STYLE} from './sequence';
import {linesWidth, sameText, wrapText, type Font} from './wrap';

/** Colours are CSS variables that src/css/custom.css defines from Infima's. */
export const RENDER_OPTIONS = {bg: 'var(--bg)', fg: 'var(--fg)', transparent: true};

/**
 * Spacing for a narrow flowchart, tried in turn (beautiful-mermaid's
 * defaults: padding 40, nodeSpacing 24, layerSpacing 40; ELK fails on some
 * graphs below a nodeSpacing of 12).
 */
const NARROW_OPTIONS = [
  {...RENDER_OPTIONS, padding: 8, nodeSpacing: 14, layerSpacing: 30},
  {...RENDER_OPTIONS, padding: 4, nodeSpacing: 12, layerSpacing: 30},
];

/** The post column at 390 px (a current phone) and at 1280 px, in CSS px. */
export const PHONE_COLUMN = 358;
export const DESKTOP_COLUMN = 633;
/** The narrow layout aims below the phone column, for phones narrower than 390 px. */
export const PHONE_WIDTH = 340;
/** The smallest text a reader should meet on screen, in px. */
export const MIN_TEXT_PX = 10;
/**
 * Column widths from which a diagram with two layouts shows the wide one.
 * src/css/custom.css has one container query for each (`.diagram--from-N`).
 */
export const WIDE_FROM = [400, 440, 480, 520, 560, 600, 633] as const;

/** One layout: raw SVG (data-* attributes still in), its size and its smallest font size. */
export type Layout = Readonly<{svg: string; width: number; height: number; minFont: number}>;

/**
 * `narrow` and `wideFrom` come together: the column width from which the
 * wide layout shows. `problems`: labels that do not fit or lie over edges,
 * text too small, layouts that differ.
 */
export type Drawing = Readonly<{
  wide: Layout;
  narrow?: Layout;
  wideFrom?: number;
  problems: readonly string[];
}>;

function layout(svg: string): Layout {
  const root = DomUtils.findOne(
    (el) => el.name === 'svg',
    parseDocument(svg, {xmlMode: true}).children,
  );
  const sizes = DomUtils.findAll((el) => el.name === 'text', root ? [root] : []).map((el) =>
    Number(el.attribs['font-size'] ?? 0),
  );
  return {
    svg,
    width: Math.ceil(Number(root?.attribs.width ?? 0)),
    height: Math.ceil(Number(root?.attribs.height ?? 0)),
    minFont: Math.min(...sizes.filter((size) => size > 0)),
  };
}

/** The smallest text of `drawing` on screen in a column `column` px wide (it shrinks to fit, never grows). */
export const textOnScreen = (drawing: Layout, column: number): number =>
  drawing.minFont * Math.min(1, column / drawing.width);

const legible = (drawing: Layout, column: number) =>
  textOnScreen(drawing, column) >= MIN_TEXT_PX - 1e-9;

/** Labels that may wrap, by the class of their element. Subgraph titles may not: their band holds one line. */
const FONTS: Record<string, Font> = {
  node: {size: 13, weight: 500},
  edge: {size: 11, weight: 400},
};

/** The labels a flowchart's lines may wrap in, with their fonts. */
function wrappable(drawn: string): Array<[string, Font]> {
  const doc = parseDocument(drawn, {xmlMode: true}).children;
  const labels: Array<[string, Font]> = [];
  for (const el of DomUtils.findAll((e) => Boolean(e.attribs['data-label']), doc)) {
    const font = FONTS[(el.attribs.class ?? '').split(' ')[0] ?? ''];
    if (font) labels.push([el.attribs['data-label'] ?? '', font]);
  }
  return labels;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The flowchart's source with every label line wider than `cap` px broken
 * with `<br/>`, and left-to-right turned top-to-bottom when `vertical`.
 * Labels come from the first drawing's data-label attributes; a line is
 * replaced only where it stands between label delimiters.
 */
export function wrapFlowchart(
  source: string,
  drawn: string,
  cap: number | ((line: string) => number),
  vertical: boolean,
): string {
  const capOf = typeof cap === 'number' ? () => cap : cap;
  let text = source;
  if (vertical) text = text.replace(/^(\s*(?:flowchart|graph)\s+)(LR|RL)\b/m, '$1TD');
  const done = new Set<string>();
  for (const [label, font] of wrappable(drawn)) {
    for (const line of label.split('\n')) {
      const key = `${font.size}:${line}`;
      if (!line.trim() || done.has(key)) continue;
      done.add(key);
      const lines = wrapText(line, capOf(line), font);
      if (lines.length < 2) continue;
      const before = String.raw`(?<=[\[({|>"/\\]|<br\s*/?>|^\s*subgraph\s+|--\s|==\s|-\.\s)`;
      const after = String.raw`(?=[\])}|"/\\]|<br\s*/?>|[ \t]*$|\s--|\s==|\s\.-)`;
      text = text.replace(
        new RegExp(`${before}${escapeRegExp(line)}${after}`, 'gm'),
        lines.join('<br/>'),
      );
    }
  }
  return text;
}

/** Label line caps tried, widest first, until a flowchart fits. */
const CAPS = [Infinity, 240, 200, 170, 150, 130, 115, 100, 88, 76, 64, 54, 46, 40, 34, 30];

function checked(drawing: Layout): string[] {
  return [...labelsThatDoNotFit(drawing.svg), ...labelsOverEdges(drawing.svg)];
}

/**
 * The widest-capped wrapping of a flowchart that fits `width` and passes the
 * checks. With `parts` (its top-level subgraphs, each a flowchart of its
 * own), the parts are drawn one above the other.
 */
async function fitFlowchart(
  source: string,
  drawn: string,
  options: RenderOptions,
  width: number,
  vertical: boolean,
  parts?: readonly string[],
): Promise<Layout | undefined> {
  const padding = Number(options.padding ?? 40);
  const attempt = async (capOf: (line: string) => number): Promise<Layout | undefined> => {
    const sources = (parts ?? [source]).map((part) => wrapFlowchart(part, drawn, capOf, vertical));
    // ELK gives up on some tight layouts ("Invalid hitboxes"): that cap does not fit.
    const drawings = await Promise.all(
      sources.map((part) => renderMermaid(part, options).then((svg) => tighten(svg, padding))),
    ).catch(() => undefined);
    if (!drawings) return undefined;
    const candidate = layout(
      drawings.length > 1 ? stack(drawings, padding * 2) : (drawings[0] ?? ''),
    );
    return candidate.width <= width && checked(candidate).length === 0 ? candidate : undefined;
  };
  let previous = '';
  for (const cap of CAPS) {
    const key = wrapFlowchart(source, drawn, cap, vertical);
    if (key === previous) continue;
    previous = key;
    let best = await attempt(() => cap);
    if (!best) continue;
    // One cap for every label leaves room unused where a layer has a single
    // box: give each wrapped line, widest first, more room while it still fits.
    const caps = new Map<string, number>();
    const wrappedLines = wrappable(drawn)
      .flatMap(([label, font]) => label.split('\n').map((line) => ({line, font})))
      .filter(({line, font}) => wrapText(line, cap, font).length > 1)
      .sort((a, b) => linesWidth([b.line], b.font) - linesWidth([a.line], a.font));
    for (const {line} of wrappedLines) {
      for (const wider of [Infinity, cap * 2, cap * 1.5]) {
        caps.set(line, wider);
        const relaxed = await attempt((l) => caps.get(l) ?? cap);
        if (relaxed) {
          best = relaxed;
          break;
        }
        caps.delete(line);
      }
    }
    return best;
  }
  return undefined;
}

/** Participants and messages as beautiful-mermaid reads them (its data-* attributes). */
function readByRenderer(svg: string): string[] {
  const doc = parseDocument(svg, {xmlMode: true}).children;
  const of = (kind: string) =>
    DomUtils.findAll((el) => el.attribs.class === kind, doc).map((el) =>
      kind === 'actor'
        ? `actor ${el.attribs['data-id']} ${el.attribs['data-label']}`
        : `message ${el.attribs['data-from']}→${el.attribs['data-to']} ${el.attribs['data-label']}`,
    );
  return [...of('actor'), ...of('message')];
}

async function drawLayouts(
  source: string,
): Promise<{wide: Layout; narrow?: Layout; problems: string[]}> {
  const kind = source.trim().split('\n')[0]?.trim() ?? '';
  // Throws when beautiful-mermaid cannot parse it.
  const drawn = await renderMermaid(source, RENDER_OPTIONS);
  if (/^sequenceDiagram\b/.test(kind)) {
    const sequence = parseSequence(source);
    const ours = [
      ...sequence.actors.map((a) => `actor ${a.id} ${a.label}`),
      ...sequence.events.flatMap((e) =>
        e.kind === 'message' ? [`message ${e.from}→${e.to} ${e.label}`] : [],
      ),
    ];
    const theirs = readByRenderer(drawn);
    const problems =
      ours.length === theirs.length && ours.every((line, i) => sameText(line, theirs[i] ?? ''))
        ? []
        : [
            `beautiful-mermaid reads it differently:\n    ours:   ${ours.join('; ')}\n    theirs: ${theirs.join('; ')}`,
          ];
    const wide = layout(drawSequence(sequence, DESKTOP_STYLE).svg);
    const narrow = legible(wide, PHONE_COLUMN)
      ? undefined
      : layout(drawSequence(sequence, PHONE_STYLE).svg);
    return {wide, narrow, problems};
  }
  const authored = layout(drawn);
  if (!/^(flowchart|graph)\b/.test(kind)) return {wide: authored, problems: []};
  // For the desktop column: as written, else wrapped, else wrapped top to bottom.
  let wide: Layout | undefined = legible(authored, DESKTOP_COLUMN) ? authored : undefined;
  for (const vertical of [false, true]) {
    wide ??= await fitFlowchart(source, drawn, RENDER_OPTIONS, DESKTOP_COLUMN, vertical);
  }
  if (!wide) {
    // No layout for the desktop column: the narrow one serves every column.
    const narrow = await fitNarrow(source, drawn, authored);
    return {wide: narrow ?? authored, problems: []};
  }
  if (legible(wide, PHONE_COLUMN)) return {wide, problems: []};
  return {wide, narrow: await fitNarrow(source, drawn, wide), problems: []};
}

/**
 * A flowchart for a phone's column: below it if it can be, else as wide as
 * text of 10 px allows; top-level subgraphs side by side may go one above
 * the other.
 */
async function fitNarrow(source: string, drawn: string, wide: Layout): Promise<Layout | undefined> {
  const widths = [PHONE_WIDTH, Math.floor((PHONE_COLUMN * wide.minFont) / MIN_TEXT_PX)];
  const parts = subgraphParts(source);
  for (const width of widths) {
    for (const split of parts ? [undefined, parts] : [undefined]) {
      for (const options of NARROW_OPTIONS) {
        const narrow = await fitFlowchart(source, drawn, options, width, true, split);
        if (narrow) return narrow;
      }
    }
  }
  return undefined;
}

const drawings = new Map<string, Promise<Drawing>>();

/**
 * Throws when the renderer cannot parse `source`. The same source is drawn
 * once per process (the server and client builds both compile each page).
 */
export function drawDiagram(source: string): Promise<Drawing> {
  let drawing = drawings.get(source);
  if (!drawing) {
    drawing = draw(source);
    drawings.set(source, drawing);
    drawing.catch(() => drawings.delete(source));
  }
  return drawing;
}

async function draw(source: string): Promise<Drawing> {
  const {wide, narrow, problems} = await drawLayouts(source);
  const all = [...problems];
  for (const [name, drawing] of [
    ['wide', wide],
    ['narrow', narrow],
  ] as const) {
    if (!drawing) continue;
    for (const problem of checked(drawing)) all.push(`${name} layout: ${problem}`);
  }
  const onPhone = narrow ?? wide;
  if (!legible(onPhone, PHONE_COLUMN)) {
    all.push(
      `at ${PHONE_COLUMN} px its smallest text would be ${textOnScreen(onPhone, PHONE_COLUMN).toFixed(1)} px ` +
        `(${onPhone.width} px wide${narrow ? ', narrow layout' : ''}): shorten labels or split the diagram`,
    );
  }
  if (!legible(wide, DESKTOP_COLUMN) && !narrow) {
    all.push(
      `at ${DESKTOP_COLUMN} px its smallest text would be ${textOnScreen(wide, DESKTOP_COLUMN).toFixed(1)} px`,
    );
  }
  if (narrow) {
    const a = contents(wide.svg);
    const b = contents(narrow.svg);
    const missing = a.filter((item) => !b.includes(item));
    const extra = b.filter((item) => !a.includes(item));
    if (missing.length > 0 || extra.length > 0) {
      all.push(
        `the narrow layout is not the same diagram: missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}`,
      );
    }
  }
  const threshold = (wide.width * MIN_TEXT_PX) / wide.minFont;
  const wideFrom = narrow ? WIDE_FROM.find((from) => from >= threshold - 1e-9) : undefined;
  if (narrow && wideFrom === undefined) {
    all.push(`its wide layout (${wide.width} px) is too wide for the ${DESKTOP_COLUMN} px column`);
  }
  return {wide, narrow, wideFrom, problems: all};
}
