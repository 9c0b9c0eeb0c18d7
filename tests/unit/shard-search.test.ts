// The sharded site search (src/plugins/shard-search): terms, page extraction,
// index and shards, and the browser engine over a built index.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {buildIndex, DEFAULT_BUILD_OPTIONS, type Shard} from '../../src/plugins/shard-search/build';
import {createEngine} from '../../src/plugins/shard-search/client';
import {extractPage, type ExtractedPage} from '../../src/plugins/shard-search/extract';
import {
  MAX_QUERY_TERMS,
  documentTerms,
  hash,
  highlightNeedles,
  highlightRanges,
  isCharTerm,
  queryTerms,
  shardOf,
} from '../../src/plugins/shard-search/tokenize';

const LABELS = {blog: '博客', docs: '文档'};

test('code tokens are kept whole and also split into their parts', () => {
  assert.deepEqual(documentTerms('server.json'), ['server.json', 'server', 'json']);
  assert.deepEqual(documentTerms('Mcp-Session-Id'), ['mcp-session-id', 'mcp', 'session', 'id']);
  assert.deepEqual(documentTerms('_netdev iscsiadm'), ['_netdev', 'netdev', 'iscsiadm']);
  assert.deepEqual(documentTerms('802.11s'), ['802.11s', '802', '11s']);
  // A sentence's full stop is not part of the word before it.
  assert.deepEqual(documentTerms('run it.'), ['run', 'it']);
  // Full-width letters read as their ASCII forms.
  assert.deepEqual(documentTerms('ＩＳＣＳＩＡＤＭ'), ['iscsiadm']);
});

test('Chinese text becomes single characters and bigrams, and Latin words split it', () => {
  assert.deepEqual(documentTerms('审核指南'), ['审', '审核', '核', '核指', '指', '指南', '南']);
  assert.deepEqual(documentTerms('用iscsiadm登录'), ['用', 'iscsiadm', '登', '登录', '录']);
});

test('a query uses bigrams, a single character only when it is alone', () => {
  assert.deepEqual(
    queryTerms('游标分页').map((t) => t.term),
    ['游标', '分页', '标分'],
  );
  assert.deepEqual(
    queryTerms('审').map((t) => t.term),
    ['审'],
  );
  const parts = queryTerms('server.json 字段');
  assert.deepEqual(
    parts.map((t) => [t.term, t.weight]),
    [
      ['server.json', 1],
      ['server', 0.4],
      ['json', 0.4],
      ['字段', 1],
    ],
  );
});

test('a long pasted sentence looks up a bounded number of terms', () => {
  const sentence = '如何在服务器上用命令行发现并登录远程的磁盘目标然后开机自动挂载';
  const terms = queryTerms(sentence);
  assert.equal(terms.length, MAX_QUERY_TERMS);
  // Non-overlapping bigrams first: the first 32 characters are all covered.
  assert.equal(terms[0]?.term, '如何');
  assert.equal(terms[1]?.term, '在服');
  assert.deepEqual(
    queryTerms('審核'.repeat(500)).map((t) => t.term),
    ['審核', '核審'],
  );
  assert.deepEqual(queryTerms('.*+?^${}()|[]\\'), []);
});

test('the shard of a term is the same number wherever it is computed', () => {
  // FNV-1a reference values.
  assert.equal(hash(''), 0x811c9dc5);
  assert.equal(hash('a'), 0xe40c292c);
  assert.equal(shardOf('a', 7), 0xe40c292c % 7);
  assert.ok(isCharTerm('审'));
  assert.ok(!isCharTerm('a'));
  assert.ok(!isCharTerm('审核'));
});

test('highlighting marks words and bigrams, merging overlaps', () => {
  const needles = highlightNeedles('MCP 审核指南');
  assert.deepEqual(highlightRanges('MCP Registry 的审核指南', needles), [
    [0, 3],
    [14, 18],
  ]);
  assert.deepEqual(highlightRanges('没有匹配', needles), []);
});

const page = (body: string, htmlClass = 'blog-wrapper blog-post-page') =>
  `<!doctype html><html lang=zh-Hans class="${htmlClass}"><head><title>标题 | 栈底笔记</title>` +
  `<meta name=description content="一句摘要。"></head><body><nav class=navbar>导航</nav>${body}</body></html>`;

test('a post is read into sections, without the series box, heading links or SVG', () => {
  const html = page(
    `<article><header><h1>文章标题</h1></header><div class=markdown><p>开头<strong>一段</strong>。</p>` +
      `<div class=series-box>别的文章</div>` +
      `<h2 id=first>第一节<a href=#first class=hash-link>#</a></h2><p>第一节正文</p><svg><text>图</text></svg>` +
      `<h3 id=sub>小节</h3><ul><li>甲<li>乙</ul></div></article>`,
  );
  const extracted = extractPage(html, '/blog/a', LABELS);
  assert.deepEqual(extracted, {
    url: '/blog/a',
    title: '标题',
    path: ['博客'],
    sections: [
      {anchor: '', heading: '', text: '一句摘要。 开头一段。'},
      {anchor: 'first', heading: '第一节', text: '第一节正文'},
      {anchor: 'sub', heading: '小节', text: '甲 乙'},
    ],
  } satisfies ExtractedPage);
});

test('a doc page takes its title from the h1 and its path from the breadcrumbs', () => {
  const html = page(
    `<nav class="theme-doc-breadcrumbs"><ul><li><a aria-label=主页面 href=/><svg></svg></a>` +
      `<li><span>教程：基础</span><li><span>部署</span></ul></nav>` +
      `<div class="theme-doc-markdown markdown"><header><h1>部署站点</h1></header><p>正文</p></div>`,
    'docs-wrapper docs-doc-page',
  );
  const extracted = extractPage(html, '/docs/deploy', LABELS);
  assert.equal(extracted?.title, '部署站点');
  assert.deepEqual(extracted?.path, ['文档', '教程：基础']);
});

test('pages that only list other pages are not indexed', () => {
  assert.equal(
    extractPage(page('<main>列表</main>', 'blog-wrapper blog-list-page'), '/blog', LABELS),
    null,
  );
  // A doc category index has no Markdown body.
  assert.equal(
    extractPage(page('<main><article>卡片</article></main>', 'docs-doc-page'), '/docs/c', LABELS),
    null,
  );
});

/** `count` pages that all mention 注册 (a common term), one with it in its title. */
function archive(count: number): ExtractedPage[] {
  return Array.from({length: count}, (_, i) => ({
    url: `/blog/p${i}`,
    title: i === 3 ? '注册中心' : `第 ${i} 篇`,
    path: ['博客'],
    sections: [
      {anchor: '', heading: '', text: `注册 第 ${i} 篇的正文 word${i}`},
      {anchor: 'more', heading: '更多', text: i % 2 ? '同步' : '注册表同步'},
    ],
  }));
}

test('a common term keeps only its best pages, and shards stay the same size as the index grows', () => {
  const options = {postingsPerTerm: 5, shardBytes: 2000, snippetChars: 100};
  const small = buildIndex(archive(20), options);
  const large = buildIndex(archive(400), options);
  const shardsOf = (index: typeof small) =>
    [...index.files].filter(([name]) => name.startsWith('t/')).map(([, text]) => text);
  for (const index of [small, large]) {
    for (const text of shardsOf(index)) {
      const shard = JSON.parse(text) as Shard;
      for (const [term, list] of Object.entries(shard)) {
        assert.ok(list.length <= 5 * 3, term);
      }
    }
  }
  assert.ok(large.manifest.shards > small.manifest.shards * 10);
  const biggest = (index: typeof small) => Math.max(...shardsOf(index).map((t) => t.length));
  assert.ok(biggest(large) < biggest(small) * 2);
  // Every term sits in the shard its hash names; single characters in u/.
  const shard = JSON.parse(
    large.files.get(`t/${shardOf('注册', large.manifest.shards)}.json`) ?? '{}',
  ) as Shard;
  assert.equal(shard['注册']?.length, 15);
  assert.ok(large.files.has(`u/${shardOf('注', large.manifest.charShards)}.json`));
  assert.equal(large.manifest.sections, 800);
  assert.ok(large.files.has('d/799.json'));
});

/** The engine over an index held in memory; records the files it fetches. */
function engineOver(files: Map<string, string>) {
  const fetched: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string) => {
    const path = url.replace(/^\/index\//, '');
    fetched.push(path);
    const text = files.get(path);
    return {
      ok: text !== undefined,
      status: text ? 200 : 404,
      json: async () => JSON.parse(text ?? ''),
    };
  }) as unknown as typeof fetch;
  return {engine: createEngine('/index/'), fetched, restore: () => (globalThis.fetch = original)};
}

test("the engine ranks a title match first and fetches only its terms' shards and hits", async () => {
  const {files, manifest} = buildIndex(archive(60), {...DEFAULT_BUILD_OPTIONS, shardBytes: 500});
  const {engine, fetched, restore} = engineOver(files);
  try {
    const results = await engine.search('注册中心', 5);
    assert.equal(results.hits[0]?.u, '/blog/p3');
    assert.equal(results.hits[0]?.t, '注册中心');
    const shards = fetched.filter((f) => f.startsWith('t/'));
    assert.ok(shards.length <= queryTerms('注册中心').length);
    assert.ok(shards.length < manifest.shards);
    assert.ok(fetched.filter((f) => f.startsWith('d/')).length <= 5);

    // The hit shows the section that matched: 注册表 is in the second section.
    const table = await engine.search('注册表', 5);
    assert.match(table.hits[0]?.u ?? '', /#more$/);
    assert.equal((await engine.search('zqxjkv', 5)).total, 0);
  } finally {
    restore();
  }
});
