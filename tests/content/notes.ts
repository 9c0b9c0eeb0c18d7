/**
 * The rules for 更正 and 后续更新 notes in a post (issue 30), as functions over
 * a post's Markdown body: each returns what is wrong, or an empty list, so a
 * test can run it on every post in blog/ and on small synthetic posts alike.
 *
 * - A note is an admonition titled `更正（YYYY-MM-DD）` (`:::warning`) or
 *   `后续更新（YYYY-MM-DD）` (`:::info`), optionally `（首次，YYYY-MM-DD 修订）`.
 *   Its dates are real, the revision later than the first, none before the
 *   post's date and none after today.
 * - Between `<!-- truncate -->` and the first `## `: at most one note, at most
 *   120 Han characters (title and text), no code block, a link `](#…)` to
 *   where the detail is.
 * - No note before the truncate marker, in 参考资料 or in 更正记录.
 * - `## 更正记录`, if any, comes directly before `## 参考资料`; each of its
 *   top-level list items starts with a date.
 * - No note refers to another note as wrong (上一条更正, 这条更正……不对, …).
 */

export const NOTE_KINDS = {更正: 'warning', 后续更新: 'info'} as const;
export type NoteKind = keyof typeof NOTE_KINDS;

/** At most this many Han characters in the one note before the first heading. */
export const OPENING_NOTE_MAX_HAN = 120;

export type Note = Readonly<{
  kind: NoteKind;
  /** The admonition type, e.g. `warning`. */
  admonition: string;
  title: string;
  /** The lines between the opening and the closing line. */
  text: string;
  /** 1-based line of the opening line in the body. */
  line: number;
  /** 0-based line indexes of the opening and closing lines. */
  start: number;
  end: number;
}>;

export type Section = Readonly<{heading: string; start: number; end: number}>;

export type NoteLayout = Readonly<{
  lines: readonly string[];
  /** Line index of `<!-- truncate -->`, or -1. */
  truncate: number;
  /** Lines inside fenced code blocks (fence lines included). */
  inCode: ReadonlySet<number>;
  notes: readonly Note[];
  /** The h2 sections, in order; `end` is the next h2's line or the line count. */
  sections: readonly Section[];
}>;

const FENCE = /^\s*(`{3,}|~{3,})/;
const ADMONITION_OPEN = /^\s*(:{3,})([A-Za-z]+)(?:\[([^\]]*)\]|[ \t]+(\S.*))?\s*$/;
const TITLE = /^(更正|后续更新)（(\d{4}-\d{2}-\d{2})(?:，(\d{4}-\d{2}-\d{2}) 修订)?）$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function codeLines(lines: readonly string[]): Set<number> {
  const inCode = new Set<number>();
  let fence: string | undefined;
  for (const [i, line] of lines.entries()) {
    const match = FENCE.exec(line);
    if (fence === undefined) {
      if (match) {
        fence = match[1];
        inCode.add(i);
      }
      continue;
    }
    inCode.add(i);
    const trimmed = line.trim();
    if (trimmed.startsWith(fence ?? '') && /^[`~]+$/.test(trimmed)) fence = undefined;
  }
  return inCode;
}

/** The kind a title names, from its first words (also for a title in the wrong format). */
const kindOf = (title: string): NoteKind | undefined =>
  (Object.keys(NOTE_KINDS) as NoteKind[]).find((kind) => title.trim().startsWith(kind));

export function noteLayout(body: string): NoteLayout {
  const lines = body.split('\n');
  const inCode = codeLines(lines);
  const notes: Note[] = [];
  const sections: Section[] = [];
  let truncate = -1;
  for (let i = 0; i < lines.length; i += 1) {
    if (inCode.has(i)) continue;
    const line = lines[i] ?? '';
    if (truncate < 0 && /^<!--\s*truncate\s*-->\s*$/.test(line)) truncate = i;
    const heading = /^## (.+?)\s*$/.exec(line);
    if (heading) {
      const last = sections.at(-1);
      if (last) sections[sections.length - 1] = {...last, end: i};
      sections.push({heading: heading[1] ?? '', start: i, end: lines.length});
    }
    const open = ADMONITION_OPEN.exec(line);
    if (!open) continue;
    const colons = open[1] ?? ':::';
    let end = i + 1;
    while (end < lines.length && (inCode.has(end) || (lines[end] ?? '').trim() !== colons)) {
      end += 1;
    }
    const title = (open[3] ?? open[4] ?? '').trim();
    const kind = kindOf(title);
    if (kind !== undefined) {
      notes.push({
        kind,
        admonition: open[2] ?? '',
        title,
        text: lines.slice(i + 1, end).join('\n'),
        line: i + 1,
        start: i,
        end,
      });
    }
  }
  return {lines, truncate, inCode, notes, sections};
}

/** Whether `date` (YYYY-MM-DD) is a day of the calendar. */
export function isRealDate(date: string): boolean {
  const match = ISO_DATE.exec(date);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const time = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0);
  return new Date(time).toISOString().slice(0, 10) === date;
}

/**
 * Today as a writer anywhere may date a note: the date at UTC+14, the
 * earliest time zone, so a note written this morning in Beijing is not "in
 * the future" for a test run in UTC.
 */
export const latestToday = (now = new Date()): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

function dateProblems(date: string, where: string, postDate: string, today: string): string[] {
  if (!isRealDate(date)) return [`${where}: ${date} is not a date`];
  if (date < postDate) return [`${where}: ${date} is before the post's date ${postDate}`];
  if (date > today) return [`${where}: ${date} is after today, ${today}`];
  return [];
}

/** Every note's title: kind and admonition, true dates in order. */
export function noteTitleProblems(body: string, postDate: string, today: string): string[] {
  const problems: string[] = [];
  for (const note of noteLayout(body).notes) {
    const where = `line ${note.line} [${note.title}]`;
    const expected = NOTE_KINDS[note.kind];
    if (note.admonition !== expected) {
      problems.push(`${where}: a ${note.kind} note is :::${expected}, not :::${note.admonition}`);
    }
    const match = TITLE.exec(note.title);
    if (!match) {
      problems.push(
        `${where}: the title is ${note.kind}（YYYY-MM-DD）or ${note.kind}（YYYY-MM-DD，YYYY-MM-DD 修订）`,
      );
      continue;
    }
    const [, , first = '', revised] = match;
    problems.push(...dateProblems(first, where, postDate, today));
    if (revised !== undefined) {
      problems.push(...dateProblems(revised, where, postDate, today));
      if (revised <= first) problems.push(`${where}: revised ${revised}, not after ${first}`);
    }
  }
  return problems;
}

const hanIn = (text: string): number => text.match(/\p{Script=Han}/gu)?.length ?? 0;

/** The notes between the truncate marker and the first h2. */
function openingNotes(layout: NoteLayout): Note[] {
  const firstHeading = layout.sections[0]?.start ?? layout.lines.length;
  return layout.notes.filter((n) => n.start > layout.truncate && n.start < firstHeading);
}

/** At most one note opens the post: short, no code, linking to its detail. */
export function openingNoteProblems(body: string): string[] {
  const layout = noteLayout(body);
  const opening = openingNotes(layout);
  const problems: string[] = [];
  if (opening.length > 1) {
    problems.push(
      `${opening.length} notes before the first heading (lines ${opening.map((n) => n.line).join(', ')}), at most 1`,
    );
  }
  for (const note of opening) {
    const where = `line ${note.line} [${note.title}]`;
    // Title and text, as issue 30 counted them.
    const han = hanIn(`${note.title}\n${note.text}`);
    if (han > OPENING_NOTE_MAX_HAN) {
      problems.push(`${where}: ${han} Han characters, at most ${OPENING_NOTE_MAX_HAN}`);
    }
    if (!/\]\(#[^)\s]+\)/.test(note.text)) {
      problems.push(`${where}: no link [...](#...) to the section or 更正记录 with the detail`);
    }
    for (let i = note.start + 1; i < note.end; i += 1) {
      if (layout.inCode.has(i)) {
        problems.push(`${where}: a code block; put commands in the section it corrects`);
        break;
      }
    }
  }
  return problems;
}

const ENDING_SECTIONS = new Set(['参考资料', '更正记录']);

/** Notes sit in the post: not before the marker, not in 参考资料 or 更正记录. */
export function notePlacementProblems(body: string): string[] {
  const layout = noteLayout(body);
  const problems: string[] = [];
  for (const note of layout.notes) {
    const where = `line ${note.line} [${note.title}]`;
    if (layout.truncate < 0 || note.start < layout.truncate) {
      problems.push(`${where}: before the truncate marker, in the excerpt on the blog list`);
      continue;
    }
    const section = layout.sections.filter((s) => s.start < note.start).at(-1);
    if (section && ENDING_SECTIONS.has(section.heading)) {
      problems.push(`${where}: inside ## ${section.heading}`);
    }
  }
  return problems;
}

/** `## 更正记录`: directly before `## 参考资料`, each entry a dated list item. */
export function correctionLogProblems(body: string, postDate: string, today: string): string[] {
  const layout = noteLayout(body);
  const index = layout.sections.findIndex((s) => s.heading === '更正记录');
  if (index < 0) return [];
  const problems: string[] = [];
  if (layout.sections.filter((s) => s.heading === '更正记录').length > 1) {
    problems.push('more than one ## 更正记录');
  }
  const next = layout.sections[index + 1];
  if (next?.heading !== '参考资料') {
    problems.push(
      `## 更正记录 is followed by ${next ? `## ${next.heading}` : 'nothing'}, not ## 参考资料`,
    );
  }
  const section = layout.sections[index];
  let items = 0;
  for (let i = (section?.start ?? 0) + 1; i < (section?.end ?? 0); i += 1) {
    if (layout.inCode.has(i)) continue;
    const line = layout.lines[i] ?? '';
    if (!/^(?:[-*+]|\d+[.)])\s/.test(line)) continue;
    items += 1;
    const date = /^(?:[-*+]|\d+[.)])\s+(\d{4}-\d{2}-\d{2})(?=[：，\s])/.exec(line)?.[1];
    if (date === undefined) {
      problems.push(`line ${i + 1}: an entry of 更正记录 starts with its date, YYYY-MM-DD：`);
      continue;
    }
    problems.push(...dateProblems(date, `line ${i + 1}`, postDate, today));
  }
  if (items === 0) problems.push('## 更正记录 has no dated list items');
  return problems;
}

/** Phrases that point from one note to another, anywhere in the prose. */
const POINTERS: readonly RegExp[] = [
  /[上前]一条更正/,
  /[上下]面(?:这|那)?[一]?条更正/,
  /下一条更正/,
  /见下一条/,
  /上面的更正/,
];
/** Phrases inside a note that call a note wrong. */
const VERDICTS: readonly RegExp[] = [
  /(?:这|那|上|前|此)一?条更正[^。\n]{0,60}?(?:不对|有误|是错|也错|错了|不正确)/,
  /更正[^。\n]{0,20}?(?:同样|也)(?:是)?错/,
  /上一条[^。\n]{0,60}?(?:不对|有误|是错|也错|错了)/,
];

/** No note refers to another note, let alone as wrong: one current statement per fact. */
export function noteReferenceProblems(body: string): string[] {
  const layout = noteLayout(body);
  const problems: string[] = [];
  const prose = layout.lines.map((line, i) => (layout.inCode.has(i) ? '' : line));
  for (const [i, line] of prose.entries()) {
    for (const pattern of POINTERS) {
      const match = pattern.exec(line);
      if (match) problems.push(`line ${i + 1}: 「${match[0]}」 points to another note`);
    }
  }
  for (const note of layout.notes) {
    const text = prose.slice(note.start + 1, note.end).join('\n');
    // One finding per note is enough to send the writer to it.
    const match = VERDICTS.map((pattern) => pattern.exec(text)).find((m) => m !== null);
    if (match) {
      problems.push(
        `line ${note.line} [${note.title}]: 「${match[0]}」 calls a note wrong; rewrite that note`,
      );
    }
  }
  return problems;
}

/** Every rule at once, for a whole post. */
export function allNoteProblems(body: string, postDate: string, today: string): string[] {
  return [
    ...noteTitleProblems(body, postDate, today),
    ...openingNoteProblems(body),
    ...notePlacementProblems(body),
    ...correctionLogProblems(body, postDate, today),
    ...noteReferenceProblems(body),
  ];
}
