// Issue 18: the build-time diagram checks and the SVG clean-up.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {droppedNotes, labelsThatDoNotFit} from '../../src/plugins/diagrams/fit';
import {renderMermaid} from '../../src/plugins/diagrams/render';
import {RENDER_OPTIONS} from '../../src/plugins/diagrams/draw';
import {inlineSvg} from '../../src/plugins/diagrams/svg';

const node = (width: number, label: string) =>
  `<svg viewBox="0 0 400 100" width="400" height="100"><g class="node">` +
  `<rect x="10" y="10" width="${width}" height="30" />` +
  `<text x="${10 + width / 2}" y="25" text-anchor="middle" font-size="13" font-weight="500">${label}</text>` +
  `</g></svg>`;

test('a label that fits its box passes; the same label in a narrower box is reported', () => {
  assert.deepEqual(labelsThatDoNotFit(node(120, '目标端 TPG 1')), []);
  const problems = labelsThatDoNotFit(node(60, '目标端 TPG 1'));
  assert.equal(problems.length, 1);
  assert.match(problems[0] ?? '', /"目标端 TPG 1" is [\d.]+ px wide in Noto Sans SC/);
});

test('Chinese text is measured at one em per character, entities decoded', () => {
  // 6 ideographs at 13 px = 78 px: fits 82 (2 px inset each side), not 80.
  assert.deepEqual(labelsThatDoNotFit(node(82, '发起端目标端')), []);
  assert.equal(labelsThatDoNotFit(node(80, '发起端目标端')).length, 1);
  assert.equal(labelsThatDoNotFit(node(60, 'a&lt;b&amp;c')).length, 0);
});

test('a note before the first message is reported as not drawn', async () => {
  const source =
    'sequenceDiagram\n  participant A as 甲\n  participant B as 乙\n  Note over A,B: 开始\n  A->>B: 请求\n  Note over A,B: 之后';
  const svg = await renderMermaid(source, RENDER_OPTIONS);
  assert.deepEqual(droppedNotes(source, svg), [
    'the note "开始" is not drawn (a note must follow a message)',
  ]);
  assert.deepEqual(labelsThatDoNotFit(svg), []);
});

test('the inline SVG has prefixed ids, no style block or data attributes, and a name', async () => {
  const source = 'flowchart LR\n  A[发起端] -->|TCP 3260| B[门户]';
  const {svg, width, captionId} = inlineSvg(await renderMermaid(source, RENDER_OPTIONS), source);
  assert.ok(width > 0);
  assert.doesNotMatch(svg, /<style|@import|fonts\.googleapis|data-label/);
  assert.match(svg, new RegExp(`^<svg [^>]*role=img aria-labelledby=${captionId}[ >]`));
  assert.doesNotMatch(svg, />\s+</, 'no white space between tags');
  const ids = [...svg.matchAll(/\sid=([^\s>]+)/g)].map((m) => m[1] ?? '');
  assert.ok(ids.length > 0);
  for (const id of ids) assert.match(id, /^d[0-9a-f]{8}-/);
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref ?? ''), ref);
});
