/**
 * Draws a laid-out sequence diagram as SVG in beautiful-mermaid's markup
 * (`g.actor`, `g.message`, `g.note`, `g.block`, its colour variables), top
 * to bottom, one function per kind of event.
 */
import {escapeAttribute} from '../../../lib/escape';
import type {Font} from '../wrap';
import {
  ACTOR_FONT,
  blocksOf,
  blockTitle,
  fit,
  HEADER_FONT,
  LABEL_FONT,
  laneOf,
  lineHeight,
  LOOP_H,
  LOOP_W,
  NOTE_PAD_X,
  NOTE_PAD_Y,
  NOTE_REACH,
  TAB_PAD,
  wrapped,
  type Block,
  type SequenceStyle,
} from './layout';
import type {Actor, BlockStart, Divider, Message, Note, Sequence} from './parse';

const ACTIVATION_W = 10;
/** A halo in the background colour: a lifeline crossing a label stops short of its letters. */
const HALO = 'stroke="var(--bg)" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';

const r = (value: number) => Math.round(value * 100) / 100;

/** Lines centred on (x, y) vertically, as beautiful-mermaid's renderMultilineText. */
function text(lines: readonly string[], x: number, y: number, font: Font, attrs: string): string {
  const head = `<text x="${r(x)}" y="${r(y)}" font-size="${font.size}" font-weight="${font.weight}" ${attrs}`;
  if (lines.length === 1)
    return `${head} dy="${r(font.size * 0.35)}">${escapeAttribute(lines[0] ?? '')}</text>`;
  const lh = lineHeight(font);
  const first = -((lines.length - 1) / 2) * lh + font.size * 0.35;
  return `${head}>${lines
    .map(
      (line, i) =>
        `<tspan x="${r(x)}" dy="${r(i === 0 ? first : lh)}">${escapeAttribute(line)}</tspan>`,
    )
    .join('')}</text>`;
}

const MARKERS =
  '<defs>' +
  '<marker id="seq-arrow" markerWidth="8" markerHeight="5" refX="8" refY="2.5" orient="auto-start-reverse">' +
  '<polygon points="0 0, 8 2.5, 0 5" fill="var(--_arrow)" /></marker>' +
  '<marker id="seq-arrow-open" markerWidth="8" markerHeight="5" refX="8" refY="2.5" orient="auto-start-reverse">' +
  '<polyline points="0 0, 8 2.5, 0 5" fill="none" stroke="var(--_arrow)" stroke-width="1" /></marker>' +
  '</defs>';

/** beautiful-mermaid's person icon for `actor`, in a box of `size` px centred on `x`. */
function personIcon(x: number, y: number, size: number): string {
  const s = (size / 24) * 0.9;
  const at = `translate(${r(x - 12 * s)},${r(y + (size - 24 * s) / 2)}) scale(${r(s)})`;
  const stroke = `fill="none" stroke="var(--_line)" stroke-width="${r(1 / s)}"`;
  return (
    `<g transform="${at}">` +
    `<circle cx="12" cy="12" r="9" ${stroke} />` +
    `<circle cx="12" cy="10" r="3" ${stroke} />` +
    `<path d="M5.63 18.36C7.09 17.04 9.4 16 12 16C14.6 16 16.91 17.04 18.37 18.36" ${stroke} />` +
    `</g>`
  );
}

/** A block being drawn: its header is placed, its rectangle waits for its end. */
type OpenBlock = {block: Block; top: number; left: number; right: number; parts: string[]};

/** The layout, fixed, and the drawing so far, top to bottom. */
type Canvas = {
  readonly n: number;
  readonly style: SequenceStyle;
  readonly lane: (id: string) => number;
  readonly centres: readonly number[];
  readonly actorWidths: readonly number[];
  readonly width: number;
  readonly blockAt: ReadonlyMap<number, Block>;
  /** Where the next row starts. */
  y: number;
  /** Where the last message's arrow is: activations start and end there. */
  lastLineY: number;
  /** Blocks (drawn first), messages, notes (drawn over the messages). */
  back: string[];
  front: string[];
  notes: string[];
  open: OpenBlock[];
  activations: Map<string, number[]>;
  activationRects: string[];
};

const centre = (c: Canvas, lane: number) => c.centres[lane] ?? 0;

function startActivation(c: Canvas, actor: string, at: number): void {
  const stack = c.activations.get(actor) ?? [];
  stack.push(at);
  c.activations.set(actor, stack);
}

function endActivation(c: Canvas, actor: string, at: number): void {
  const stack = c.activations.get(actor);
  const start = stack?.pop();
  if (start === undefined) return;
  const depth = stack?.length ?? 0;
  c.activationRects.push(
    `<rect class="activation" x="${r(centre(c, c.lane(actor)) - ACTIVATION_W / 2 + depth * 4)}" y="${r(start)}" width="${ACTIVATION_W}" height="${r(Math.max(at - start, 4))}" fill="var(--_node-fill)" stroke="var(--_node-stroke)" stroke-width="0.75" />`,
  );
}

/** A message to oneself: a loop right of the lifeline, its label beside it. */
function drawSelfMessage(c: Canvas, a: number, marker: string, dash: string, label: string): void {
  const {n, style, width} = c;
  const room =
    a < n - 1
      ? centre(c, a + 1) - centre(c, a) - LOOP_W - 2 * style.labelPad
      : width - style.pad - centre(c, a) - LOOP_W - style.labelPad;
  const {lines} = wrapped(label, room, LABEL_FONT);
  const height = Math.max(LOOP_H, lines.length * lineHeight(LABEL_FONT));
  const lineY = c.y + 4;
  const cx = centre(c, a);
  c.front.push(
    `<g class="message"><polyline points="${r(cx)},${r(lineY)} ${r(cx + LOOP_W)},${r(lineY)} ${r(cx + LOOP_W)},${r(lineY + LOOP_H)} ${r(cx)},${r(lineY + LOOP_H)}" fill="none" stroke="var(--_line)" stroke-width="1"${dash} marker-end="url(#${marker})" />` +
      text(
        lines,
        cx + LOOP_W + style.labelPad,
        lineY + LOOP_H / 2,
        LABEL_FONT,
        `text-anchor="start" fill="var(--_text-muted)" ${HALO}`,
      ) +
      '</g>',
  );
  c.lastLineY = lineY;
  c.y = lineY + Math.max(LOOP_H, height) + style.rowGap;
}

/** A message between two lifelines: its label above the arrow, between them. */
function drawCrossMessage(c: Canvas, event: Message, marker: string, dash: string): void {
  const a = c.lane(event.from);
  const b = c.lane(event.to);
  const left = centre(c, Math.min(a, b));
  const right = centre(c, Math.max(a, b));
  const {lines} = wrapped(event.label, right - left - 2 * c.style.labelPad, LABEL_FONT);
  const labelHeight = lines.length * lineHeight(LABEL_FONT);
  const lineY = c.y + labelHeight + 4;
  c.front.push(
    `<g class="message"><line x1="${r(centre(c, a))}" y1="${r(lineY)}" x2="${r(centre(c, b))}" y2="${r(lineY)}" stroke="var(--_line)" stroke-width="1"${dash} marker-end="url(#${marker})" />` +
      text(
        lines,
        (left + right) / 2,
        c.y + labelHeight / 2,
        LABEL_FONT,
        `text-anchor="middle" fill="var(--_text-muted)"${Math.abs(a - b) > 1 ? ` ${HALO}` : ''}`,
      ) +
      '</g>',
  );
  c.lastLineY = lineY;
  c.y = lineY + c.style.rowGap;
}

function drawMessage(c: Canvas, event: Message): void {
  const a = c.lane(event.from);
  const marker = event.open ? 'seq-arrow-open' : 'seq-arrow';
  const dash = event.dashed ? ' stroke-dasharray="6 4"' : '';
  if (a === c.lane(event.to)) drawSelfMessage(c, a, marker, dash, event.label);
  else drawCrossMessage(c, event, marker, dash);
  if (event.activate) startActivation(c, event.to, c.lastLineY);
  if (event.deactivate) endActivation(c, event.from, c.lastLineY);
}

/** Left and right edges of a note, as wide as its text needs within the room its lanes leave. */
function noteEdges(c: Canvas, event: Note): {left: number; right: number} {
  const {n, style, width} = c;
  const lanes = event.actors.map(c.lane);
  const a = Math.min(...lanes);
  const b = Math.max(...lanes);
  if (event.position === 'over' && a !== b) {
    return {left: centre(c, a) - NOTE_REACH, right: centre(c, b) + NOTE_REACH};
  }
  if (event.position === 'over') {
    const room = Math.min(
      a > 0 ? 2 * (centre(c, a) - centre(c, a - 1) - style.labelPad) : Infinity,
      a < n - 1 ? 2 * (centre(c, a + 1) - centre(c, a) - style.labelPad) : Infinity,
      2 * Math.min(centre(c, a) - style.pad, width - style.pad - centre(c, a)),
    );
    const w = wrapped(event.text, room - 2 * NOTE_PAD_X, LABEL_FONT).width + 2 * NOTE_PAD_X;
    const left = centre(c, a) - w / 2;
    return {left, right: left + w};
  }
  if (event.position === 'left') {
    const right = centre(c, a) - style.labelPad;
    const limit = a > 0 ? centre(c, a - 1) + style.labelPad : style.pad;
    const w = wrapped(event.text, right - limit - 2 * NOTE_PAD_X, LABEL_FONT).width;
    return {left: right - w - 2 * NOTE_PAD_X, right};
  }
  const left = centre(c, b) + style.labelPad;
  const limit = b < n - 1 ? centre(c, b + 1) - style.labelPad : width - style.pad;
  const w = wrapped(event.text, limit - left - 2 * NOTE_PAD_X, LABEL_FONT).width;
  return {left, right: left + w + 2 * NOTE_PAD_X};
}

function drawNote(c: Canvas, event: Note): void {
  const {left, right} = noteEdges(c, event);
  const {lines} = wrapped(event.text, right - left - 2 * NOTE_PAD_X, LABEL_FONT);
  const noteTop = c.y;
  const h = lines.length * lineHeight(LABEL_FONT) + 2 * NOTE_PAD_Y;
  const fold = 6;
  c.notes.push(
    `<g class="note"><polygon points="${r(left)},${r(noteTop)} ${r(right - fold)},${r(noteTop)} ${r(right)},${r(noteTop + fold)} ${r(right)},${r(noteTop + h)} ${r(left)},${r(noteTop + h)}" fill="var(--bg)" stroke="var(--_node-stroke)" stroke-width="0.75" />` +
      `<polygon points="${r(right - fold)},${r(noteTop)} ${r(right)},${r(noteTop + fold)} ${r(right - fold)},${r(noteTop + fold)}" fill="var(--_inner-stroke)" stroke="var(--_node-stroke)" stroke-width="0.75" />` +
      text(
        lines,
        (left + right) / 2,
        noteTop + h / 2,
        LABEL_FONT,
        'text-anchor="middle" fill="var(--_text-muted)"',
      ) +
      '</g>',
  );
  c.y = noteTop + h + c.style.rowGap;
}

/** A block's header tab; its rectangle is drawn at its end. */
function openBlock(c: Canvas, event: BlockStart, index: number): void {
  const block = c.blockAt.get(index);
  if (!block) return;
  const reach = c.style.blockPad * block.height;
  const left = centre(c, block.low) - (c.actorWidths[block.low] ?? 0) / 2 - reach;
  const right = centre(c, block.high) + (c.actorWidths[block.high] ?? 0) / 2 + reach;
  const title = wrapped(blockTitle(event), right - left - 2 * TAB_PAD, HEADER_FONT);
  const tabHeight = Math.max(18, title.lines.length * lineHeight(HEADER_FONT) + 6);
  const parts = [
    `<rect x="${r(left)}" y="${r(c.y)}" width="${r(title.width + 2 * TAB_PAD)}" height="${r(tabHeight)}" fill="var(--_group-hdr)" stroke="var(--_node-stroke)" stroke-width="1" />`,
    text(title.lines, left + TAB_PAD, c.y + tabHeight / 2, HEADER_FONT, 'fill="var(--_text-sec)"'),
  ];
  c.open.push({block, top: c.y, left, right, parts});
  c.y += tabHeight + c.style.rowGap;
}

function drawDivider(c: Canvas, event: Divider): void {
  const current = c.open.at(-1);
  if (!current) return;
  const dividerY = c.y - c.style.rowGap / 2;
  current.parts.push(
    `<line x1="${r(current.left)}" y1="${r(dividerY)}" x2="${r(current.right)}" y2="${r(dividerY)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`,
  );
  if (!event.label) return;
  const {lines} = wrapped(
    `[${event.label}]`,
    current.right - current.left - 2 * TAB_PAD,
    LABEL_FONT,
  );
  const h = lines.length * lineHeight(LABEL_FONT);
  current.parts.push(
    text(
      lines,
      current.left + TAB_PAD,
      dividerY + 4 + h / 2,
      LABEL_FONT,
      `text-anchor="start" fill="var(--_text-muted)" ${HALO}`,
    ),
  );
  c.y = dividerY + 4 + h + c.style.rowGap;
}

function closeBlock(c: Canvas): void {
  const current = c.open.pop();
  if (!current) return;
  const bottom = c.y - c.style.rowGap / 2;
  c.back.push(
    `<g class="block"><rect x="${r(current.left)}" y="${r(current.top)}" width="${r(current.right - current.left)}" height="${r(bottom - current.top)}" fill="none" stroke="var(--_node-stroke)" stroke-width="1" />${current.parts.join('')}</g>`,
  );
  c.y = bottom + c.style.rowGap;
}

/** A participant's box (or person icon, for `actor`) and name. */
function drawActor(
  actor: Actor,
  cx: number,
  w: number,
  lines: readonly string[],
  top: number,
  height: number,
): string {
  if (actor.type === 'actor') {
    return `<g class="actor">${personIcon(cx, top, height * 0.6)}<rect x="${r(cx - w / 2)}" y="${r(top)}" width="${r(w)}" height="${r(height)}" fill="none" stroke="none" />${text(lines, cx, top + height * 0.8, ACTOR_FONT, 'text-anchor="middle" fill="var(--_text)"')}</g>`;
  }
  const label = text(
    lines,
    cx,
    top + height / 2,
    ACTOR_FONT,
    'text-anchor="middle" fill="var(--_text)"',
  );
  return `<g class="actor"><rect x="${r(cx - w / 2)}" y="${r(top)}" width="${r(w)}" height="${r(height)}" rx="4" ry="4" fill="var(--_node-fill)" stroke="var(--_node-stroke)" stroke-width="1" />${label}</g>`;
}

export type DrawnSequence = Readonly<{svg: string; width: number; height: number}>;

/** The diagram as an SVG document, at most `style.maxWidth` wide where labels can wrap that far. */
export function drawSequence(sequence: Sequence, style: SequenceStyle): DrawnSequence {
  const n = sequence.actors.length;
  if (n === 0) throw new Error('sequence diagram: no participants');
  const lane = laneOf(sequence);
  const blocks = blocksOf(sequence, lane);
  const {centres, actorWidths, actorText, width} = fit(sequence, blocks, style);

  const actorLines = Math.max(...actorText.map((t) => t.lines.length));
  const actorHeight = Math.max(36, actorLines * lineHeight(ACTOR_FONT) + 16);
  const top = style.pad;
  const y = top + actorHeight + style.rowGap;
  const c: Canvas = {
    n,
    style,
    lane,
    centres,
    actorWidths,
    width,
    blockAt: new Map(blocks.map((block) => [block.start, block])),
    y,
    lastLineY: y,
    back: [],
    front: [],
    notes: [],
    open: [],
    activations: new Map(),
    activationRects: [],
  };
  sequence.events.forEach((event, index) => {
    if (event.kind === 'message') drawMessage(c, event);
    else if (event.kind === 'note') drawNote(c, event);
    else if (event.kind === 'start') openBlock(c, event, index);
    else if (event.kind === 'divider') drawDivider(c, event);
    else if (event.kind === 'end') closeBlock(c);
    else if (event.kind === 'activate') startActivation(c, event.actor, c.lastLineY);
    else endActivation(c, event.actor, c.lastLineY);
  });
  const bottom = c.y;
  for (const actor of c.activations.keys()) {
    while ((c.activations.get(actor)?.length ?? 0) > 0)
      endActivation(c, actor, bottom - style.rowGap);
  }
  const lifelines = centres.map(
    (cx) =>
      `<line class="lifeline" x1="${r(cx)}" y1="${r(top + actorHeight)}" x2="${r(cx)}" y2="${r(bottom)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`,
  );
  const actors = sequence.actors.map((actor, i) =>
    drawActor(
      actor,
      centres[i] ?? 0,
      actorWidths[i] ?? 0,
      actorText[i]?.lines ?? [actor.label],
      top,
      actorHeight,
    ),
  );
  const height = bottom + style.pad;
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    MARKERS +
    // Back to front: blocks, lifelines, activations, messages, notes, participants.
    c.back.reverse().join('') +
    lifelines.join('') +
    c.activationRects.join('') +
    c.front.join('') +
    c.notes.join('') +
    actors.join('') +
    '</svg>';
  return {svg, width: w, height: h};
}
