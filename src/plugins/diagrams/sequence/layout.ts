/**
 * Where the lifelines of a sequence diagram go: each gap between two
 * participants as small as their boxes allow, widened where a message, a
 * note or a block's label needs room, with labels wrapped as narrow as it
 * takes for the whole to fit `maxWidth`.
 */
import {linesWidth, wrapText, type Font} from '../wrap';
import type {BlockStart, Message, Note, Sequence} from './parse';

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

export const ACTOR_FONT: Font = {size: 13, weight: 500};
export const LABEL_FONT: Font = {size: 11, weight: 400};
export const HEADER_FONT: Font = {size: 11, weight: 600};
const LINE = 1.3;
export const NOTE_PAD_X = 8;
export const NOTE_PAD_Y = 5;
/** How far a note over several lanes reaches past the outer lifelines. */
export const NOTE_REACH = 10;
export const LOOP_W = 24;
export const LOOP_H = 16;
export const TAB_PAD = 8;
/** Narrowest a wrapped label may get, in px. */
const MIN_TEXT = 36;

export const lineHeight = (font: Font) => font.size * LINE;

/** Something of width `width` that must fit across the gaps `from`..`to` - 1. */
type Demand = {from: number; to: number; width: number};

export type Block = {
  start: number;
  end: number;
  /** Lanes it covers. */
  low: number;
  high: number;
  /** 1 for a block with no block inside, and so on. */
  height: number;
};

export const laneOf = (sequence: Sequence) => {
  const index = new Map(sequence.actors.map((actor, i) => [actor.id, i]));
  return (id: string) => index.get(id) ?? 0;
};

export const blockTitle = (start: BlockStart) =>
  start.label ? `${start.type} [${start.label}]` : start.type;

/** Blocks with the lanes their content touches, and how deeply each nests. */
export function blocksOf(sequence: Sequence, lane: (id: string) => number): Block[] {
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

export type Text = {lines: string[]; width: number};

/** `text` wrapped to `max` px (never narrower than MIN_TEXT), and how wide it came out. */
export const wrapped = (text: string, max: number, font: Font): Text => {
  const lines = wrapText(text, Math.max(max, MIN_TEXT), font);
  return {lines, width: linesWidth(lines, font)};
};

export type Horizontal = {
  centres: number[];
  actorWidths: number[];
  actorText: Text[];
  width: number;
};

/** What one layout asks of the gaps: room at either end, and demands across lanes. */
type Room = {left: number; right: number; demands: Demand[]};

type Sizing = Readonly<{
  n: number;
  style: SequenceStyle;
  lane: (id: string) => number;
  /** Width of `text` wrapped to the cap being tried. */
  textWidth: (text: string, font: Font) => number;
}>;

function messageRoom(event: Message, room: Room, {n, style, lane, textWidth}: Sizing): void {
  const a = lane(event.from);
  const b = lane(event.to);
  const width = textWidth(event.label, LABEL_FONT);
  if (a === b) {
    const need = LOOP_W + style.labelPad + width + style.labelPad;
    if (a < n - 1) room.demands.push({from: a, to: a + 1, width: need});
    else room.right = Math.max(room.right, need + style.pad);
  } else {
    room.demands.push({
      from: Math.min(a, b),
      to: Math.max(a, b),
      width: width + 2 * style.labelPad,
    });
  }
}

function noteRoom(event: Note, room: Room, {n, style, lane, textWidth}: Sizing): void {
  const lanes = event.actors.map(lane);
  const a = Math.min(...lanes);
  const b = Math.max(...lanes);
  const width = textWidth(event.text, LABEL_FONT) + 2 * NOTE_PAD_X;
  const {demands} = room;
  if (event.position === 'over' && a !== b) {
    demands.push({from: a, to: b, width: width - 2 * NOTE_REACH});
    if (a === 0) room.left = Math.max(room.left, style.pad + NOTE_REACH);
    if (b === n - 1) room.right = Math.max(room.right, style.pad + NOTE_REACH);
  } else if (event.position === 'over') {
    if (a === 0) room.left = Math.max(room.left, style.pad + width / 2);
    if (a === n - 1) room.right = Math.max(room.right, style.pad + width / 2);
    if (a > 0) demands.push({from: a - 1, to: a, width: width / 2 + style.labelPad});
    if (a < n - 1) demands.push({from: a, to: a + 1, width: width / 2 + style.labelPad});
  } else if (event.position === 'left') {
    if (a === 0) room.left = Math.max(room.left, style.pad + width + style.labelPad);
    else demands.push({from: a - 1, to: a, width: width + 2 * style.labelPad});
  } else if (b === n - 1) room.right = Math.max(room.right, style.pad + width + style.labelPad);
  else demands.push({from: b, to: b + 1, width: width + 2 * style.labelPad});
}

/** A block reaches past its outer participants' boxes, and its header and dividers need room inside it. */
function blockRoom(
  block: Block,
  sequence: Sequence,
  actorWidths: readonly number[],
  room: Room,
  {n, style, textWidth}: Sizing,
): void {
  const reach = style.blockPad * block.height;
  if (block.low === 0) {
    room.left = Math.max(room.left, style.pad + (actorWidths[0] ?? 0) / 2 + reach);
  }
  if (block.high === n - 1) {
    room.right = Math.max(room.right, style.pad + (actorWidths[n - 1] ?? 0) / 2 + reach);
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
      if (block.low === 0) {
        room.left = Math.max(room.left, style.pad + need / 2 + inner / 2 + reach);
      }
      if (block.high === n - 1) {
        room.right = Math.max(room.right, style.pad + need / 2 + inner / 2 + reach);
      }
      if (block.low > 0) room.demands.push({from: block.low - 1, to: block.low, width: need / 2});
      if (block.high < n - 1) {
        room.demands.push({from: block.high, to: block.high + 1, width: need / 2});
      }
    } else room.demands.push({from: block.low, to: block.high, width: need});
  }
}

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
  const actorText = sequence.actors.map((actor) => wrapped(actor.label, actorCap, ACTOR_FONT));
  const actorWidths = actorText.map((text) =>
    Math.max(style.actorMinWidth, text.width + 2 * style.actorPadX),
  );
  const gaps = Array.from(
    {length: Math.max(0, n - 1)},
    (_, i) => ((actorWidths[i] ?? 0) + (actorWidths[i + 1] ?? 0)) / 2 + style.actorGap,
  );
  // Room needed left of the first lifeline and right of the last.
  const room: Room = {
    left: style.pad + (actorWidths[0] ?? 0) / 2,
    right: style.pad + (actorWidths[n - 1] ?? 0) / 2,
    demands: [],
  };
  const sizing: Sizing = {
    n,
    style,
    lane: laneOf(sequence),
    textWidth: (text, font) => wrapped(text, cap, font).width,
  };
  for (const event of sequence.events) {
    if (event.kind === 'message') messageRoom(event, room, sizing);
    else if (event.kind === 'note') noteRoom(event, room, sizing);
    // A block's header and divider labels are inside the block: blockRoom.
  }
  for (const block of blocks) blockRoom(block, sequence, actorWidths, room, sizing);
  // Shortest spans first: a long span takes what the short ones left it.
  room.demands.sort((x, y) => x.to - x.from - (y.to - y.from));
  for (const {from, to, width} of room.demands) {
    const have = gaps.slice(from, to).reduce((sum, gap) => sum + gap, 0);
    if (have >= width) continue;
    const extra = (width - have) / (to - from);
    for (let i = from; i < to; i += 1) gaps[i] = (gaps[i] ?? 0) + extra;
  }
  const centres = [room.left];
  gaps.forEach((gap, i) => centres.push((centres[i] ?? 0) + gap));
  return {centres, actorWidths, actorText, width: (centres.at(-1) ?? 0) + room.right};
}

/** The widest label cap (and participant cap) whose layout fits `style.maxWidth`. */
export function fit(
  sequence: Sequence,
  blocks: readonly Block[],
  style: SequenceStyle,
): Horizontal {
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
