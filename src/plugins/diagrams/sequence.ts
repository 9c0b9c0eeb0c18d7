/**
 * Sequence diagrams, laid out and drawn here in beautiful-mermaid's style
 * (same shapes, classes and colour variables) but to a width: its own
 * layout spaces lifelines by the participants' names only, so long message
 * labels run over the lifelines, notes stick out past the first lane, and a
 * diagram of three participants is never narrower than 420 px.
 *
 * Here every label fits between the lifelines it joins, every note between
 * the lanes it covers, and labels wrap (wrap.ts) when the diagram would be
 * wider than `maxWidth`: the same diagram drawn for the desktop column and
 * for a phone. The syntax is beautiful-mermaid's (its parser's rules); draw.ts
 * checks that both read the same participants and messages.
 */
import {linesWidth, wrapText, type Font} from './wrap';
import {escapeAttribute} from '../../lib/escape';

export type Actor = Readonly<{id: string; label: string; type: 'participant' | 'actor'}>;

export type SequenceEvent =
  | Readonly<{
      kind: 'message';
      from: string;
      to: string;
      label: string;
      dashed: boolean;
      open: boolean;
      activate: boolean;
      deactivate: boolean;
    }>
  | Readonly<{kind: 'note'; position: 'left' | 'right' | 'over'; actors: string[]; text: string}>
  | Readonly<{kind: 'start'; type: string; label: string}>
  | Readonly<{kind: 'divider'; label: string}>
  | Readonly<{kind: 'end'}>
  | Readonly<{kind: 'activate' | 'deactivate'; actor: string}>;

export type Sequence = Readonly<{actors: Actor[]; events: SequenceEvent[]}>;

/** `<br>` → line break, surrounding double quotes dropped (beautiful-mermaid's normalizeBrTags). */
function label(raw: string): string {
  const text = raw.trim();
  const unquoted = text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  return unquoted.replace(/<br\s*\/?>/gi, '\n').replace(/\\n/g, '\n');
}

const ACTOR = /^(participant|actor)\s+(\S+?)(?:\s+as\s+(.+))?$/;
const NOTE = /^Note\s+(left of|right of|over)\s+([^:]+):\s*(.+)$/i;
const BLOCK = /^(loop|alt|opt|par|critical|break|rect)\b\s*(.*)$/;
const DIVIDER = /^(else|and|option)\b\s*(.*)$/;
const MESSAGE = /^(\S+?)\s*(-->>|->>|--\)|-\)|--x|-x|-->|->)\s*([+-]?)(\S+?)\s*:\s*(.+)$/;
const ACTIVATION = /^(activate|deactivate)\s+(\S+)$/;

/** Reads a `sequenceDiagram`; throws, naming the line, on what it does not know. */
export function parseSequence(source: string): Sequence {
  const actors: Actor[] = [];
  const events: SequenceEvent[] = [];
  const known = new Set<string>();
  const ensure = (id: string) => {
    if (!known.has(id)) {
      known.add(id);
      actors.push({id, label: id, type: 'participant'});
    }
  };
  let depth = 0;
  const lines = source.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('%%') || /^sequenceDiagram$/.test(line)) return;
    let m: RegExpExecArray | null;
    if ((m = ACTOR.exec(line))) {
      const id = m[2] ?? '';
      if (!known.has(id)) {
        known.add(id);
        actors.push({
          id,
          label: label(m[3] ?? id),
          type: m[1] === 'actor' ? 'actor' : 'participant',
        });
      }
    } else if ((m = NOTE.exec(line))) {
      const ids = (m[2] ?? '').split(',').map((s) => s.trim());
      ids.forEach(ensure);
      const where = (m[1] ?? '').toLowerCase();
      const position = where === 'left of' ? 'left' : where === 'right of' ? 'right' : 'over';
      events.push({kind: 'note', position, actors: ids, text: label(m[3] ?? '')});
    } else if ((m = BLOCK.exec(line))) {
      depth += 1;
      events.push({kind: 'start', type: m[1] ?? '', label: label(m[2] ?? '')});
    } else if ((m = DIVIDER.exec(line)) && depth > 0) {
      events.push({kind: 'divider', label: label(m[2] ?? '')});
    } else if (line === 'end' && depth > 0) {
      depth -= 1;
      events.push({kind: 'end'});
    } else if ((m = MESSAGE.exec(line))) {
      const [, from = '', arrow = '', mark, to = ''] = m;
      ensure(from);
      ensure(to);
      events.push({
        kind: 'message',
        from,
        to,
        label: label(m[5] ?? ''),
        dashed: arrow.startsWith('--'),
        open: !arrow.includes('>>') && !arrow.includes('x'),
        activate: mark === '+',
        deactivate: mark === '-',
      });
    } else if ((m = ACTIVATION.exec(line))) {
      ensure(m[2] ?? '');
      events.push({kind: m[1] === 'activate' ? 'activate' : 'deactivate', actor: m[2] ?? ''});
    } else {
      throw new Error(`sequence diagram line ${index + 1}: "${line}" is not understood here`);
    }
  });
  if (depth > 0) throw new Error(`sequence diagram: ${depth} block(s) without "end"`);
  return {actors, events};
}

/** Spacing of one layout. */
export type SequenceStyle = Readonly<{
  /** The widest the drawing may be, in px; labels wrap to keep within it. */
  maxWidth: number;
  /** Around the drawing. */
  pad: number;
  actorPadX: number;
  actorMinWidth: number;
  /** Room between two participants' boxes. */
  actorGap: number;
  /** Room between a label and a lifeline. */
  labelPad: number;
  /** How far a block reaches past the boxes of its outermost participants, per level. */
  blockPad: number;
  /** Vertical room after each row. */
  rowGap: number;
}>;

/** For the desktop column (633 px in a 1280 px window), drawn at its natural size. */
export const DESKTOP_STYLE: SequenceStyle = {
  maxWidth: 633,
  pad: 24,
  actorPadX: 16,
  actorMinWidth: 80,
  actorGap: 40,
  labelPad: 12,
  blockPad: 10,
  rowGap: 16,
};

/** For a phone's column. */
export const PHONE_STYLE: SequenceStyle = {
  maxWidth: 340,
  pad: 6,
  actorPadX: 8,
  actorMinWidth: 56,
  actorGap: 10,
  labelPad: 6,
  blockPad: 6,
  rowGap: 12,
};

const ACTOR_FONT: Font = {size: 13, weight: 500};
const LABEL_FONT: Font = {size: 11, weight: 400};
const HEADER_FONT: Font = {size: 11, weight: 600};
const LINE = 1.3;
const NOTE_PAD_X = 8;
const NOTE_PAD_Y = 5;
/** How far a note over several lanes reaches past the outer lifelines. */
const NOTE_REACH = 10;
const LOOP_W = 24;
const LOOP_H = 16;
const TAB_PAD = 8;
const ACTIVATION_W = 10;
/** Narrowest a wrapped label may get, in px. */
const MIN_TEXT = 36;

const lineHeight = (font: Font) => font.size * LINE;
/** A halo in the background colour: a lifeline crossing a label stops short of its letters. */
const HALO = 'stroke="var(--bg)" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';

/** Something of width `width` that must fit across the gaps `from`..`to` - 1, less `less`. */
type Demand = {from: number; to: number; width: number};

type Block = {
  start: number;
  end: number;
  /** Lanes it covers. */
  low: number;
  high: number;
  /** 1 for a block with no block inside, and so on. */
  height: number;
};

/** Blocks with the lanes their content touches, and how deeply each nests. */
function blocksOf(sequence: Sequence, lane: (id: string) => number): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  sequence.events.forEach((event, index) => {
    const touch = (ids: string[]) => {
      for (const block of open) {
        for (const id of ids) {
          block.low = Math.min(block.low, lane(id));
          block.high = Math.max(block.high, lane(id));
        }
      }
    };
    if (event.kind === 'start') {
      open.push({start: index, end: index, low: Infinity, high: -Infinity, height: 1});
    } else if (event.kind === 'end') {
      const block = open.pop();
      if (!block) return;
      block.end = index;
      blocks.push(block);
      const parent = open.at(-1);
      if (parent) {
        parent.height = Math.max(parent.height, block.height + 1);
        parent.low = Math.min(parent.low, block.low);
        parent.high = Math.max(parent.high, block.high);
      }
    } else if (event.kind === 'message') touch([event.from, event.to]);
    else if (event.kind === 'note') touch(event.actors);
  });
  for (const block of blocks) {
    if (!Number.isFinite(block.low)) {
      block.low = 0;
      block.high = sequence.actors.length - 1;
    }
  }
  return blocks;
}

type Text = {lines: string[]; width: number};

const wrapped = (text: string, max: number, font: Font): Text => {
  const lines = wrapText(text, Math.max(max, MIN_TEXT), font);
  return {lines, width: linesWidth(lines, font)};
};

type Horizontal = {
  centres: number[];
  actorWidths: number[];
  actorText: Text[];
  width: number;
};

/**
 * Lifeline positions for `cap` (the widest any wrapped label may be): each
 * gap as small as the boxes allow, widened where a label or note needs room.
 */
function place(
  sequence: Sequence,
  blocks: readonly Block[],
  style: SequenceStyle,
  cap: number,
  actorCap: number,
): Horizontal {
  const n = sequence.actors.length;
  const lane = laneOf(sequence);
  const actorText = sequence.actors.map((actor) => wrapped(actor.label, actorCap, ACTOR_FONT));
  const actorWidths = actorText.map((text) =>
    Math.max(style.actorMinWidth, text.width + 2 * style.actorPadX),
  );
  const gaps = Array.from(
    {length: Math.max(0, n - 1)},
    (_, i) => ((actorWidths[i] ?? 0) + (actorWidths[i + 1] ?? 0)) / 2 + style.actorGap,
  );
  // Room needed left of the first lifeline and right of the last.
  let left = style.pad + (actorWidths[0] ?? 0) / 2;
  let right = style.pad + (actorWidths[n - 1] ?? 0) / 2;
  const demands: Demand[] = [];
  const textWidth = (text: string, font: Font) => wrapped(text, cap, font).width;
  for (const event of sequence.events) {
    if (event.kind === 'message') {
      const a = lane(event.from);
      const b = lane(event.to);
      const width = textWidth(event.label, LABEL_FONT);
      if (a === b) {
        const need = LOOP_W + style.labelPad + width + style.labelPad;
        if (a < n - 1) demands.push({from: a, to: a + 1, width: need});
        else right = Math.max(right, need + style.pad);
      } else {
        demands.push({from: Math.min(a, b), to: Math.max(a, b), width: width + 2 * style.labelPad});
      }
    } else if (event.kind === 'note') {
      const lanes = event.actors.map(lane);
      const a = Math.min(...lanes);
      const b = Math.max(...lanes);
      const width = textWidth(event.text, LABEL_FONT) + 2 * NOTE_PAD_X;
      if (event.position === 'over' && a !== b) {
        demands.push({from: a, to: b, width: width - 2 * NOTE_REACH});
        if (a === 0) left = Math.max(left, style.pad + NOTE_REACH);
        if (b === n - 1) right = Math.max(right, style.pad + NOTE_REACH);
      } else if (event.position === 'over') {
        if (a === 0) left = Math.max(left, style.pad + width / 2);
        if (a === n - 1) right = Math.max(right, style.pad + width / 2);
        if (a > 0) demands.push({from: a - 1, to: a, width: width / 2 + style.labelPad});
        if (a < n - 1) demands.push({from: a, to: a + 1, width: width / 2 + style.labelPad});
      } else if (event.position === 'left') {
        if (a === 0) left = Math.max(left, style.pad + width + style.labelPad);
        else demands.push({from: a - 1, to: a, width: width + 2 * style.labelPad});
      } else if (b === n - 1) right = Math.max(right, style.pad + width + style.labelPad);
      else demands.push({from: b, to: b + 1, width: width + 2 * style.labelPad});
    } else if (event.kind === 'divider' || event.kind === 'start') {
      // The block's header or divider label, inside the block (checked below).
    }
  }
  for (const block of blocks) {
    const reach = style.blockPad * block.height;
    if (block.low === 0) left = Math.max(left, style.pad + (actorWidths[0] ?? 0) / 2 + reach);
    if (block.high === n - 1) {
      right = Math.max(right, style.pad + (actorWidths[n - 1] ?? 0) / 2 + reach);
    }
    const start = sequence.events[block.start];
    const labels: Array<[string, Font]> = [];
    if (start?.kind === 'start') labels.push([blockTitle(start), HEADER_FONT]);
    for (let i = block.start + 1; i < block.end; i += 1) {
      const event = sequence.events[i];
      if (event?.kind === 'divider' && event.label) labels.push([`[${event.label}]`, LABEL_FONT]);
    }
    const inner = (actorWidths[block.low] ?? 0) / 2 + (actorWidths[block.high] ?? 0) / 2;
    for (const [text, font] of labels) {
      const need = textWidth(text, font) + 2 * TAB_PAD - inner - 2 * reach;
      if (block.low === block.high) {
        // One lane: the block grows sideways, both ways.
        if (block.low === 0) left = Math.max(left, style.pad + need / 2 + inner / 2 + reach);
        if (block.high === n - 1) right = Math.max(right, style.pad + need / 2 + inner / 2 + reach);
        if (block.low > 0) demands.push({from: block.low - 1, to: block.low, width: need / 2});
        if (block.high < n - 1)
          demands.push({from: block.high, to: block.high + 1, width: need / 2});
      } else demands.push({from: block.low, to: block.high, width: need});
    }
  }
  // Shortest spans first: a long span takes what the short ones left it.
  demands.sort((x, y) => x.to - x.from - (y.to - y.from));
  for (const {from, to, width} of demands) {
    const have = gaps.slice(from, to).reduce((sum, gap) => sum + gap, 0);
    if (have >= width) continue;
    const extra = (width - have) / (to - from);
    for (let i = from; i < to; i += 1) gaps[i] = (gaps[i] ?? 0) + extra;
  }
  const centres = [left];
  gaps.forEach((gap, i) => centres.push((centres[i] ?? 0) + gap));
  return {centres, actorWidths, actorText, width: (centres.at(-1) ?? 0) + right};
}

const laneOf = (sequence: Sequence) => {
  const index = new Map(sequence.actors.map((actor, i) => [actor.id, i]));
  return (id: string) => index.get(id) ?? 0;
};

const blockTitle = (start: Extract<SequenceEvent, {kind: 'start'}>) =>
  start.label ? `${start.type} [${start.label}]` : start.type;

/** The widest label cap (and participant cap) whose layout fits `style.maxWidth`. */
function fit(sequence: Sequence, blocks: readonly Block[], style: SequenceStyle): Horizontal {
  const widest = Math.max(
    MIN_TEXT,
    ...sequence.events.flatMap((event) =>
      event.kind === 'message'
        ? [linesWidth(event.label.split('\n'), LABEL_FONT)]
        : event.kind === 'note'
          ? [linesWidth(event.text.split('\n'), LABEL_FONT)]
          : event.kind === 'start'
            ? [linesWidth(blockTitle(event).split('\n'), HEADER_FONT)]
            : event.kind === 'divider'
              ? [linesWidth(`[${event.label}]`.split('\n'), LABEL_FONT)]
              : [],
    ),
  );
  const widestActor = Math.max(
    MIN_TEXT,
    ...sequence.actors.map((actor) => linesWidth(actor.label.split('\n'), ACTOR_FONT)),
  );
  let best = place(sequence, blocks, style, widest, widestActor);
  if (best.width <= style.maxWidth) return best;
  // Participants' names wrap only if labels alone cannot make it fit.
  for (const actorCap of [widestActor, widestActor * 0.75, widestActor * 0.5, MIN_TEXT]) {
    let low = MIN_TEXT;
    let high = widest;
    const narrowest = place(sequence, blocks, style, low, actorCap);
    if (narrowest.width > style.maxWidth) {
      best = narrowest;
      continue;
    }
    best = narrowest;
    for (let i = 0; i < 14 && high - low > 1; i += 1) {
      const mid = (low + high) / 2;
      const tried = place(sequence, blocks, style, mid, actorCap);
      if (tried.width <= style.maxWidth) {
        best = tried;
        low = mid;
      } else high = mid;
    }
    return best;
  }
  return best;
}

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

export type DrawnSequence = Readonly<{svg: string; width: number; height: number}>;

/** The diagram as an SVG document, at most `style.maxWidth` wide where labels can wrap that far. */
export function drawSequence(sequence: Sequence, style: SequenceStyle): DrawnSequence {
  const n = sequence.actors.length;
  if (n === 0) throw new Error('sequence diagram: no participants');
  const lane = laneOf(sequence);
  const blocks = blocksOf(sequence, lane);
  const {centres, actorWidths, actorText, width} = fit(sequence, blocks, style);
  const x = (id: string) => centres[lane(id)] ?? 0;
  const labelLh = lineHeight(LABEL_FONT);

  const actorLines = Math.max(...actorText.map((t) => t.lines.length));
  const actorHeight = Math.max(36, actorLines * lineHeight(ACTOR_FONT) + 16);
  const top = style.pad;
  let y = top + actorHeight + style.rowGap;

  const back: string[] = [];
  const front: string[] = [];
  const notes: string[] = [];
  const blockAt = new Map(blocks.map((block) => [block.start, block]));
  const open: Array<{block: Block; top: number; left: number; right: number; parts: string[]}> = [];
  const activations = new Map<string, number[]>();
  const activationRects: string[] = [];
  let lastLineY = y;

  /** Room available to a label between lanes a and b (inclusive), and its centre. */
  const span = (a: number, b: number) => {
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    return {
      left: centres[low] ?? 0,
      right: centres[high] ?? 0,
    };
  };

  const endActivation = (actor: string, at: number) => {
    const stack = activations.get(actor);
    const start = stack?.pop();
    if (start === undefined) return;
    const depth = stack?.length ?? 0;
    activationRects.push(
      `<rect class="activation" x="${r(x(actor) - ACTIVATION_W / 2 + depth * 4)}" y="${r(start)}" width="${ACTIVATION_W}" height="${r(Math.max(at - start, 4))}" fill="var(--_node-fill)" stroke="var(--_node-stroke)" stroke-width="0.75" />`,
    );
  };
  const startActivation = (actor: string, at: number) => {
    const stack = activations.get(actor) ?? [];
    stack.push(at);
    activations.set(actor, stack);
  };

  sequence.events.forEach((event, index) => {
    if (event.kind === 'message') {
      const a = lane(event.from);
      const b = lane(event.to);
      const marker = event.open ? 'seq-arrow-open' : 'seq-arrow';
      const dash = event.dashed ? ' stroke-dasharray="6 4"' : '';
      if (a === b) {
        const room =
          a < n - 1
            ? (centres[a + 1] ?? 0) - (centres[a] ?? 0) - LOOP_W - 2 * style.labelPad
            : width - style.pad - (centres[a] ?? 0) - LOOP_W - style.labelPad;
        const {lines} = wrapped(event.label, room, LABEL_FONT);
        const height = Math.max(LOOP_H, lines.length * labelLh);
        const lineY = y + 4;
        const cx = centres[a] ?? 0;
        front.push(
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
        lastLineY = lineY;
        y = lineY + Math.max(LOOP_H, height) + style.rowGap;
      } else {
        const {left, right} = span(a, b);
        const {lines} = wrapped(event.label, right - left - 2 * style.labelPad, LABEL_FONT);
        const labelHeight = lines.length * labelLh;
        const lineY = y + labelHeight + 4;
        front.push(
          `<g class="message"><line x1="${r(x(event.from))}" y1="${r(lineY)}" x2="${r(x(event.to))}" y2="${r(lineY)}" stroke="var(--_line)" stroke-width="1"${dash} marker-end="url(#${marker})" />` +
            text(
              lines,
              (left + right) / 2,
              y + labelHeight / 2,
              LABEL_FONT,
              `text-anchor="middle" fill="var(--_text-muted)"${Math.abs(a - b) > 1 ? ` ${HALO}` : ''}`,
            ) +
            '</g>',
        );
        lastLineY = lineY;
        y = lineY + style.rowGap;
      }
      if (event.activate) startActivation(event.to, lastLineY);
      if (event.deactivate) endActivation(event.from, lastLineY);
    } else if (event.kind === 'note') {
      const lanes = event.actors.map(lane);
      const a = Math.min(...lanes);
      const b = Math.max(...lanes);
      let left: number;
      let right: number;
      if (event.position === 'over' && a !== b) {
        left = (centres[a] ?? 0) - NOTE_REACH;
        right = (centres[b] ?? 0) + NOTE_REACH;
      } else if (event.position === 'over') {
        const room = Math.min(
          a > 0 ? 2 * ((centres[a] ?? 0) - (centres[a - 1] ?? 0) - style.labelPad) : Infinity,
          a < n - 1 ? 2 * ((centres[a + 1] ?? 0) - (centres[a] ?? 0) - style.labelPad) : Infinity,
          2 * Math.min((centres[a] ?? 0) - style.pad, width - style.pad - (centres[a] ?? 0)),
        );
        const w = wrapped(event.text, room - 2 * NOTE_PAD_X, LABEL_FONT).width + 2 * NOTE_PAD_X;
        left = (centres[a] ?? 0) - w / 2;
        right = left + w;
      } else if (event.position === 'left') {
        right = (centres[a] ?? 0) - style.labelPad;
        const limit = a > 0 ? (centres[a - 1] ?? 0) + style.labelPad : style.pad;
        const w = wrapped(event.text, right - limit - 2 * NOTE_PAD_X, LABEL_FONT).width;
        left = right - w - 2 * NOTE_PAD_X;
      } else {
        left = (centres[b] ?? 0) + style.labelPad;
        const limit = b < n - 1 ? (centres[b + 1] ?? 0) - style.labelPad : width - style.pad;
        const w = wrapped(event.text, limit - left - 2 * NOTE_PAD_X, LABEL_FONT).width;
        right = left + w + 2 * NOTE_PAD_X;
      }
      const {lines} = wrapped(event.text, right - left - 2 * NOTE_PAD_X, LABEL_FONT);
      const noteTop = y;
      const h = lines.length * labelLh + 2 * NOTE_PAD_Y;
      const fold = 6;
      notes.push(
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
      y = noteTop + h + style.rowGap;
    } else if (event.kind === 'start') {
      const block = blockAt.get(index);
      if (!block) return;
      const reach = style.blockPad * block.height;
      const left = (centres[block.low] ?? 0) - (actorWidths[block.low] ?? 0) / 2 - reach;
      const right = (centres[block.high] ?? 0) + (actorWidths[block.high] ?? 0) / 2 + reach;
      const title = wrapped(blockTitle(event), right - left - 2 * TAB_PAD, HEADER_FONT);
      const tabHeight = Math.max(18, title.lines.length * lineHeight(HEADER_FONT) + 6);
      const parts = [
        `<rect x="${r(left)}" y="${r(y)}" width="${r(title.width + 2 * TAB_PAD)}" height="${r(tabHeight)}" fill="var(--_group-hdr)" stroke="var(--_node-stroke)" stroke-width="1" />`,
        text(
          title.lines,
          left + TAB_PAD,
          y + tabHeight / 2,
          HEADER_FONT,
          'fill="var(--_text-sec)"',
        ),
      ];
      open.push({block, top: y, left, right, parts});
      y += tabHeight + style.rowGap;
    } else if (event.kind === 'divider') {
      const current = open.at(-1);
      if (!current) return;
      const dividerY = y - style.rowGap / 2;
      current.parts.push(
        `<line x1="${r(current.left)}" y1="${r(dividerY)}" x2="${r(current.right)}" y2="${r(dividerY)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`,
      );
      if (event.label) {
        const {lines} = wrapped(
          `[${event.label}]`,
          current.right - current.left - 2 * TAB_PAD,
          LABEL_FONT,
        );
        const h = lines.length * labelLh;
        current.parts.push(
          text(
            lines,
            current.left + TAB_PAD,
            dividerY + 4 + h / 2,
            LABEL_FONT,
            `text-anchor="start" fill="var(--_text-muted)" ${HALO}`,
          ),
        );
        y = dividerY + 4 + h + style.rowGap;
      }
    } else if (event.kind === 'end') {
      const current = open.pop();
      if (!current) return;
      const bottom = y - style.rowGap / 2;
      back.push(
        `<g class="block"><rect x="${r(current.left)}" y="${r(current.top)}" width="${r(current.right - current.left)}" height="${r(bottom - current.top)}" fill="none" stroke="var(--_node-stroke)" stroke-width="1" />${current.parts.join('')}</g>`,
      );
      y = bottom + style.rowGap;
    } else if (event.kind === 'activate') startActivation(event.actor, lastLineY);
    else endActivation(event.actor, lastLineY);
  });
  const bottom = y;
  for (const actor of activations.keys()) {
    while ((activations.get(actor)?.length ?? 0) > 0) endActivation(actor, bottom - style.rowGap);
  }
  const lifelines = centres.map(
    (cx) =>
      `<line class="lifeline" x1="${r(cx)}" y1="${r(top + actorHeight)}" x2="${r(cx)}" y2="${r(bottom)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`,
  );
  const actors = sequence.actors.map((actor, i) => {
    const cx = centres[i] ?? 0;
    const w = actorWidths[i] ?? 0;
    const lines = actorText[i]?.lines ?? [actor.label];
    const label = text(
      lines,
      cx,
      top + actorHeight / 2,
      ACTOR_FONT,
      'text-anchor="middle" fill="var(--_text)"',
    );
    return actor.type === 'actor'
      ? `<g class="actor">${personIcon(cx, top, actorHeight * 0.6)}<rect x="${r(cx - w / 2)}" y="${r(top)}" width="${r(w)}" height="${r(actorHeight)}" fill="none" stroke="none" />${text(lines, cx, top + actorHeight * 0.8, ACTOR_FONT, 'text-anchor="middle" fill="var(--_text)"')}</g>`
      : `<g class="actor"><rect x="${r(cx - w / 2)}" y="${r(top)}" width="${r(w)}" height="${r(actorHeight)}" rx="4" ry="4" fill="var(--_node-fill)" stroke="var(--_node-stroke)" stroke-width="1" />${label}</g>`;
  });
  const height = bottom + style.pad;
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    MARKERS +
    // Back to front: blocks, lifelines, activations, messages, notes, participants.
    back.reverse().join('') +
    lifelines.join('') +
    activationRects.join('') +
    front.join('') +
    notes.join('') +
    actors.join('') +
    '</svg>';
  return {svg, width: w, height: h};
}
