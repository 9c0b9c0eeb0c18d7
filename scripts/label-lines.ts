/**
 * The diagram label lines that differ between two builds: for each page,
 * diagram and layout (wide, narrow), each label whose line breaks changed,
 * before → after. For a change to line breaking (src/lib/linebreak.ts, a
 * word added to SITE_WORDS) or to a diagram's layout.
 *
 *   tsx scripts/label-lines.ts BEFORE_BUILD [AFTER_BUILD]   (default: build)
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join, relative} from 'node:path';
import {DomUtils, parseDocument} from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.findAll>[number];
/** "page #n layout" → each label's lines, in drawing order. */
type Labels = Map<string, string[][]>;

const [before, after = 'build'] = process.argv.slice(2);
if (!before) {
  console.error('usage: tsx scripts/label-lines.ts BEFORE_BUILD [AFTER_BUILD]');
  process.exit(2);
}

const hasClass = (el: Element, name: string) =>
  (el.attribs.class ?? '').split(/\s+/).includes(name);

function labels(root: string): Labels {
  const found: Labels = new Map();
  const pages = readdirSync(root, {recursive: true, encoding: 'utf8'}).filter((file) =>
    file.endsWith('.html'),
  );
  for (const file of pages.sort()) {
    const html = readFileSync(join(root, file), 'utf8');
    if (!html.includes('diagram__drawing')) continue;
    const doc = parseDocument(html).children;
    const figures = DomUtils.findAll((el) => el.name === 'figure' && hasClass(el, 'diagram'), doc);
    figures.forEach((figure, index) => {
      for (const svg of DomUtils.findAll((el) => el.name === 'svg', [figure])) {
        const layout = hasClass(svg, 'diagram__narrow') ? 'narrow' : 'wide';
        const texts = DomUtils.findAll((el) => el.name === 'text', [svg]).map((text) => {
          const spans = DomUtils.findAll((el) => el.name === 'tspan', [text]);
          return (spans.length > 0 ? spans : [text]).map((el) => DomUtils.textContent(el));
        });
        found.set(`/${relative(root, join(root, file))} #${index + 1} ${layout}`, texts);
      }
    });
  }
  return found;
}

const a = labels(before);
const b = labels(after);
let changed = 0;
for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
  const old = a.get(key) ?? [];
  const now = b.get(key) ?? [];
  // Labels are matched by their text without breaks and spaces: a layout may draw them in another order.
  const textOf = (lines: readonly string[]) => lines.join('').replace(/\s+/g, '');
  const unmatched = new Map<string, string[][]>();
  for (const lines of now) {
    const text = textOf(lines);
    unmatched.set(text, [...(unmatched.get(text) ?? []), lines]);
  }
  const lines: string[] = [];
  for (const was of old) {
    const is = unmatched.get(textOf(was))?.shift();
    if (!is) lines.push(`  ${was.join(' / ')} → (gone)`);
    else if (is.join('\n') !== was.join('\n'))
      lines.push(`  ${was.join(' / ')} → ${is.join(' / ')}`);
  }
  for (const rest of unmatched.values()) {
    for (const is of rest) lines.push(`  (new) → ${is.join(' / ')}`);
  }
  if (lines.length === 0) continue;
  changed += lines.length;
  console.log(`${key}\n${lines.join('\n')}`);
}
console.log(`${changed} label(s) changed`);
