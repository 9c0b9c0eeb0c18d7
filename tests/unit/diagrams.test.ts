// Issues 18 and 35: the build-time diagram checks, the narrow layouts and the SVG clean-up.
import {strict as assert} from 'node:assert';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {parseDocument} from 'htmlparser2';
import {
  DESKTOP_COLUMN,
  drawDiagram,
  MIN_TEXT_PX,
  PHONE_COLUMN,
  RENDER_OPTIONS,
  textOnScreen,
  WIDE_FROM,
} from '../../src/plugins/diagrams/draw';
import {labelsThatDoNotFit} from '../../src/plugins/diagrams/fit';
import {contents, labelsOverEdges} from '../../src/plugins/diagrams/overlap';
import {renderMermaid} from '../../src/plugins/diagrams/render';
import {parseSequence} from '../../src/plugins/diagrams/sequence';
import {inlineSvg, standaloneSvg} from '../../src/plugins/diagrams/svg';
import {sameText, wrapText} from '../../src/plugins/diagrams/wrap';

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

test('labels wrap between Chinese words and at spaces, never before closing punctuation', () => {
  const font = {size: 11, weight: 400};
  const lines = wrapText(
    '应答二：CHAP_N 是 mutual_userid，CHAP_R 用 mutual_password 算',
    150,
    font,
  );
  assert.ok(lines.length > 1);
  for (const line of lines) assert.doesNotMatch(line, /^[，。、：；）]/);
  assert.ok(
    sameText(lines.join(''), '应答二：CHAP_N 是 mutual_userid，CHAP_R 用 mutual_password 算'),
  );
  // A word stays whole when it is narrower than the hard limit, even past the line.
  assert.deepEqual(wrapText('initialize，protocolVersion', 40, font), [
    'initialize，',
    'protocolVersion',
  ]);
  // Dates, versions, addresses and file names stay whole; a long path still breaks after its slashes.
  assert.deepEqual(wrapText('按 2025-03-26', 30, font), ['按', '2025-03-26']);
  assert.deepEqual(wrapText('门户 198.51.100.10:3260', 40, font), ['门户', '198.51.100.10:3260']);
  assert.equal(wrapText('iscsid.conf 当时的内容', 40, font)[0], 'iscsid.conf');
  assert.ok(wrapText('/v0/servers/{serverName}/versions/{version}', 60, font).length > 1);
  // A Chinese word wider than the line stays whole: the layout makes room for it.
  assert.deepEqual(wrapText('官方注册表只存元数据', 30, {size: 13, weight: 500}), [
    '官方',
    '注册表',
    '只存',
    '元数据',
  ]);
});

/** A flowchart far too wide for a phone: left to right, long labels. */
const WIDE_FLOWCHART = `flowchart LR
  A[客户端发起一次带着会话头的请求] -->|检查会话头里的协议版本| B{服务器认识这个版本吗}
  B -->|认识，而且会话还在| C[按会话里协商出的版本处理这个请求]
  B -->|不认识这个版本号| E[返回 400 Bad Request 并在正文里说明原因]
  C -->|处理完毕| F[(会话记录：mcp-session-id)]`;

/** A sequence diagram too wide for a phone: four participants, long labels, a block and notes. */
const WIDE_SEQUENCE = `sequenceDiagram
  participant C as MCP 客户端
  participant M as MCP 服务器（资源服务器）
  participant A as 第三方授权服务器
  participant D as PostgreSQL 存储层
  Note over C,D: 一开始客户端什么令牌都没有，先试一次
  C->>M: GET /.well-known/oauth-protected-resource
  M-->>C: resource、authorization_servers、scopes_supported
  alt 服务器提供元数据
    C->>A: GET /.well-known/oauth-authorization-server
    A-->>C: 授权服务器元数据（RFC 8414）
  else 没有元数据
    C->>C: 改用默认端点 /authorize、/token、/register
  end
  M->>D: 写入会话记录，带上受众和过期时间
  Note right of D: 存储层只认带 official.id 的记录`;

for (const [kind, source] of [
  ['flowchart', WIDE_FLOWCHART],
  ['sequence diagram', WIDE_SEQUENCE],
] as const) {
  test(`the narrow layout of a wide ${kind} fits a phone, legibly, and is the same diagram`, async () => {
    const {wide, narrow, wideFrom, problems} = await drawDiagram(source);
    assert.deepEqual(problems, []);
    assert.ok(narrow, 'a narrow layout');
    // The wide one cannot shrink to the phone's column legibly; the narrow one can.
    assert.ok(textOnScreen(wide, PHONE_COLUMN) < MIN_TEXT_PX, `wide is ${wide.width} px`);
    assert.ok(textOnScreen(narrow, PHONE_COLUMN) >= MIN_TEXT_PX, `narrow is ${narrow.width} px`);
    assert.ok(textOnScreen(wide, DESKTOP_COLUMN) >= MIN_TEXT_PX);
    assert.ok(wideFrom !== undefined && (WIDE_FROM as readonly number[]).includes(wideFrom));
    assert.ok((wide.width * MIN_TEXT_PX) / wide.minFont <= (wideFrom ?? 0));
    // The same boxes, arrows and words, in both.
    assert.deepEqual(contents(narrow.svg), contents(wide.svg));
    for (const drawing of [wide, narrow]) {
      assert.deepEqual(labelsThatDoNotFit(drawing.svg), []);
      assert.deepEqual(labelsOverEdges(drawing.svg), []);
    }
  });
}

test('a flowchart no layout makes legible on a phone is reported, with its width', async () => {
  const leaves = [
    '一号叶子节点的说明文字',
    '二号叶子节点的说明文字',
    '三号叶子节点的说明文字',
    '四号叶子节点的说明文字',
    '五号叶子节点的说明文字',
    '六号叶子节点的说明文字',
  ];
  const source = `flowchart TD\n${leaves.map((leaf, i) => `  R[根] --> N${i}[${leaf}]`).join('\n')}`;
  const {problems} = await drawDiagram(source);
  assert.ok(
    problems.some((problem) =>
      /^at 358 px its smallest text would be [\d.]+ px \(\d+ px wide\): shorten labels or split the diagram$/.test(
        problem,
      ),
    ),
    problems.join('\n'),
  );
});

test('a diagram a phone can read as it is gets one layout', async () => {
  const {narrow, wideFrom} = await drawDiagram('flowchart TD\n  A[客户端] -->|请求| B[服务器]');
  assert.equal(narrow, undefined);
  assert.equal(wideFrom, undefined);
});

test('in a sequence diagram, labels stay between their lifelines and notes are drawn, the first too', async () => {
  const source =
    'sequenceDiagram\n  participant A as 甲\n  participant B as 乙\n  Note over A,B: 开始之前\n  A->>B: 一条相当长的请求说明文字，比两条生命线之间的默认距离长得多\n  Note over A,B: 之后';
  const {wide} = await drawDiagram(source);
  const text = contents(wide.svg).join('\n');
  assert.match(text, /开始之前/);
  assert.match(text, /之后/);
  assert.deepEqual(labelsOverEdges(wide.svg), []);
  // beautiful-mermaid's own layout lets this label run over both lifelines.
  const theirs = await renderMermaid(source, RENDER_OPTIONS);
  assert.ok(labelsOverEdges(theirs).length > 0);
});

test('a sequence diagram line that is not understood fails, naming the line', () => {
  assert.throws(
    () => parseSequence('sequenceDiagram\n  participant A\n  box 一组\n  end'),
    /line 3: "box 一组" is not understood/,
  );
});

test('the inline SVG has prefixed ids, no style block or data attributes, a class and a name', async () => {
  const source = 'flowchart LR\n  A[发起端] -->|TCP 3260| B[门户 198.51.100.10:3260]';
  const {svg, width} = inlineSvg(await renderMermaid(source, RENDER_OPTIONS), {
    prefix: 'd12345678-',
    labelledBy: 'd12345678-caption',
    className: 'diagram__wide',
  });
  assert.ok(width > 0);
  assert.doesNotMatch(svg, /<style|@import|fonts\.googleapis|data-label/);
  assert.match(
    svg,
    /^<svg [^>]*class=diagram__wide role=img aria-labelledby=d12345678-caption[ >]/,
  );
  assert.doesNotMatch(svg, />\s+</, 'no white space between tags');
  const ids = [...svg.matchAll(/\sid=([^\s>]+)/g)].map((m) => m[1] ?? '');
  assert.ok(ids.length > 0);
  for (const id of ids) assert.match(id, /^d12345678-/);
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref ?? ''), ref);
  // Coordinates are rounded; the words are not (this address once lost its 100).
  assert.match(svg, /198\.51\.100\.10:3260/);
});

test('the standalone SVG is XML in the light colours, with a title and no style to block', async () => {
  const raw = (await drawDiagram(WIDE_SEQUENCE)).wide.svg;
  const file = standaloneSvg(raw, '标题 & 说明');
  assert.match(
    file,
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
  );
  assert.doesNotMatch(file, /<style|\sstyle=|var\(--/);
  assert.match(file, /<title>标题 &amp; 说明<\/title>/);
  assert.match(file, /fill="#f5f6f7"/);
  const doc = parseDocument(file, {xmlMode: true});
  assert.ok(doc.children.length > 0);
});

test('the stylesheet has a container query for every column width the wide layout may need', () => {
  const css = readFileSync('src/css/custom.css', 'utf8');
  for (const from of WIDE_FROM) {
    const rule = new RegExp(
      `@container \\(min-width: ${from}px\\) \\{\\s*\\.diagram--from-${from} \\.diagram__wide \\{\\s*display: block;\\s*\\}\\s*\\.diagram--from-${from} \\.diagram__narrow \\{\\s*display: none;`,
    );
    assert.match(css, rule, `no rule for .diagram--from-${from}`);
  }
});
