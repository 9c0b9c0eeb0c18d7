// The sharded site search (src/plugins/shard-search): terms, page extraction,
// index and shards, and the browser engine over a built index.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {
  buildIndex,
  DEFAULT_BUILD_OPTIONS,
  typoShardOf,
  type Shard,
  type TypoShard,
} from '../../src/plugins/shard-search/build';
import {createEngine} from '../../src/plugins/shard-search/client';
import {extractPage, type ExtractedPage} from '../../src/plugins/shard-search/extract';
import {
  MAX_PREFIX,
  MAX_QUERY_TERMS,
  documentTerms,
  hash,
  highlightNeedles,
  highlightRanges,
  isCharTerm,
  oneEditApart,
  prefixTerms,
  querySlots,
  queryTerms,
  shardOf,
  typoKeys,
} from '../../src/plugins/shard-search/client/tokenize';

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

test('a query uses bigrams, a single character when it is alone or may start the next word', () => {
  // The last character may be the start of a word the reader is still typing.
  assert.deepEqual(
    queryTerms('游标分页').map((t) => [t.term, t.weight]),
    [
      ['游标', 1],
      ['分页', 1],
      ['标分', 1],
      ['页', 0.2],
    ],
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
      ['段', 0.2],
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
    ['審核', '核審', '核'],
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
      {anchor: '', heading: '', text: '一句摘要。 开头一段。', list: false},
      {anchor: 'first', heading: '第一节', text: '第一节正文', list: false},
      {anchor: 'sub', heading: '小节', text: '甲 乙', list: false},
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
      {anchor: '', heading: '', text: `注册 第 ${i} 篇的正文 word${i}`, list: false},
      {anchor: 'more', heading: '更多', text: i % 2 ? '同步' : '注册表同步', list: false},
    ],
  }));
}

test('a common term keeps only its best pages, and shards stay the same size as the index grows', () => {
  const options = {
    ...DEFAULT_BUILD_OPTIONS,
    postingsPerTerm: 5,
    shardBytes: 2000,
    snippetChars: 100,
  };
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

test('a Latin or code term is also indexed under its starts, from three characters', () => {
  assert.deepEqual(prefixTerms('iscsiadm'), ['>isc', '>iscs', '>iscsi', '>iscsia', '>iscsiad']);
  // A query token never ends in `.` or `-`, so no prefix does.
  assert.deepEqual(prefixTerms('mcp-pub'), ['>mcp', '>mcp-p', '>mcp-pu']);
  assert.deepEqual(prefixTerms('mcp'), []);
  assert.deepEqual(prefixTerms('审核指南'), []);
  const long = 'x'.repeat(MAX_PREFIX + 10);
  assert.equal(prefixTerms(long).at(-1), `>${'x'.repeat(MAX_PREFIX)}`);
  // A prefix term shares its shard with the word of the same letters: one fetch for both.
  for (const shards of [7, 135, 240])
    assert.equal(shardOf('>iscsi', shards), shardOf('iscsi', shards));
});

test('only the last word of a query is also matched as the start of longer words', () => {
  assert.deepEqual(
    querySlots('iscsiadm Multipat').map((slot) => slot.lookups.map((t) => [t.term, t.weight])),
    [
      [['iscsiadm', 1]],
      [
        ['multipat', 1],
        ['>multipat', 0.5],
      ],
    ],
  );
  // Too short to be a prefix: matched as a word only.
  assert.deepEqual(
    queryTerms('ab').map((t) => t.term),
    ['ab'],
  );
  // Words of five letters or more may be corrected; their parts too.
  assert.deepEqual(
    querySlots('relyd mcp-publsher').map((slot) => slot.typo),
    ['relyd', null, null, 'publsher'],
  );
  assert.deepEqual(
    querySlots('relay').map((slot) => slot.typo),
    ['relay'],
  );
  assert.deepEqual(
    querySlots('oauth').map((slot) => slot.typo),
    ['oauth'],
  );
  assert.equal(querySlots('pkce')[0]?.typo, null);
});

test('one edit is an insertion, a deletion, a substitution or a swap of neighbours', () => {
  for (const [typed, word] of [
    ['targtcli', 'targetcli'],
    ['iscsiamd', 'iscsiadm'],
    ['relyd', 'relayd'],
    ['relaydd', 'relayd'],
    ['relaxd', 'relayd'],
    ['erlayd', 'relayd'],
  ] as const) {
    assert.ok(oneEditApart(typed, word), `${typed} → ${word}`);
  }
  for (const [typed, word] of [
    ['relayd', 'relayd'],
    ['rleyad', 'relayd'],
    ['targcli', 'targetcli'],
    ['iscsiadm', 'iscsi'],
  ] as const) {
    assert.ok(!oneEditApart(typed, word), `${typed} ↛ ${word}`);
  }
  // Whatever the one edit, one of the two typo keys is untouched.
  const word = 'relayd';
  const variants = [
    'xelayd',
    'rxlayd',
    'erlayd',
    'elayd',
    'relyd',
    'relaxd',
    'relady',
    'relay',
    'relaydx',
  ];
  for (const typed of variants) {
    assert.ok(oneEditApart(typed, word), typed);
    const [first, last] = typoKeys(typed);
    assert.ok(typoKeys(word).includes(first) || typoKeys(word).includes(last), typed);
  }
});

/** A post with `text` as its one section's text. */
const post = (n: number, text: string, heading = '正文', list = false): ExtractedPage => ({
  url: `/blog/p${n}`,
  title: `第 ${n} 篇`,
  path: ['博客'],
  sections: [
    {anchor: '', heading: '', text: '开头。', list: false},
    {anchor: `s${n}`, heading, text, list},
  ],
});

test('a prefix term lists the pages of the words it starts, scored by the best of them', () => {
  const pages = [
    post(0, '用 iscsiadm 登录，iscsiadm 发现目标'),
    post(1, '安装 iscsid 服务'),
    post(2, '只提到 iscsi'),
  ];
  const {files, manifest} = buildIndex(pages);
  const shard = (term: string) =>
    JSON.parse(files.get(`t/${shardOf(term, manifest.shards)}.json`) ?? '{}') as Shard;
  const pagesOf = (term: string) =>
    (shard(term)[term] ?? []).filter((_, i) => i % 3 === 0).sort((a, b) => a - b);
  assert.deepEqual(pagesOf('>iscsi'), [0, 1]);
  assert.deepEqual(pagesOf('>iscsia'), [0]);
  // The word itself is not its own prefix: page 2 has only the exact word.
  assert.deepEqual(pagesOf('iscsi'), [2]);
  const [, , exactScore] = shard('iscsiadm')['iscsiadm'] ?? [];
  const [, , prefixScore] = shard('>iscsia')['>iscsia'] ?? [];
  assert.equal(prefixScore, exactScore);
});

test('a common prefix keeps only its best pages, and the index grows in shards, not shard size', () => {
  const options = {...DEFAULT_BUILD_OPTIONS, postingsPerTerm: 5, shardBytes: 2000};
  const many = (count: number) =>
    Array.from({length: count}, (_, i) => post(i, `configure${i} configuration`));
  const small = buildIndex(many(20), options);
  const large = buildIndex(many(400), options);
  const list = (index: typeof small, term: string) =>
    (
      JSON.parse(index.files.get(`t/${shardOf(term, index.manifest.shards)}.json`) ?? '{}') as Shard
    )[term];
  assert.equal(list(large, '>config')?.length, 5 * 3);
  assert.ok(large.manifest.shards > small.manifest.shards * 5);
  const biggest = (index: typeof small) =>
    Math.max(...[...index.files].filter(([n]) => n.startsWith('t/')).map(([, t]) => t.length));
  assert.ok(biggest(large) < biggest(small) * 2);
});

test('the typo lists name each word under its first and last two letters, most used first', () => {
  const pages = [post(0, 'relayd relay'), post(1, 'relayd 中继'), post(2, 'ready')];
  const {files, manifest} = buildIndex(pages);
  const list = (key: string) =>
    (JSON.parse(files.get(`f/${typoShardOf(key, manifest.typoShards)}.json`) ?? '{}') as TypoShard)[
      key
    ];
  assert.deepEqual(list('^re'), ['relayd', 2, 'ready', 1, 'relay', 1]);
  assert.deepEqual(list('$yd'), ['relayd', 2]);
  // Short words, CJK and numbers are not listed.
  assert.equal(list('^中继'), undefined);
});

test('a section that is a list of links is marked as a list', () => {
  const html = page(
    `<article><h1>文章</h1><div class=markdown><p>正文提到 relayd。</p>` +
      `<h2 id=links>相关文档</h2><ul><li><a href=/a>relayd 的 README</a><li><a href=/b>OpenWrt 手册</a></ul>` +
      `<h2 id=steps>步骤</h2><ul><li>先运行 <a href=/c>relayd</a>，再检查网桥是否已经收到了来自上游的地址</ul>` +
      `<h2 id=refs>参考资料</h2><p>见下列资料。</p></div></article>`,
  );
  const sections = extractPage(html, '/blog/a', LABELS)?.sections ?? [];
  assert.deepEqual(
    sections.map((s) => [s.heading, s.list]),
    [
      ['', false],
      ['相关文档', true],
      ['步骤', false],
      ['参考资料', true],
    ],
  );
});

test('a passage outranks a list of links, and a word only in a list is still found', async () => {
  // Page 1 names relayd in its prose once; page 0 only in its reference list, twice.
  const pages = [
    post(0, 'relayd 的文档 relayd 的源码', '参考资料', true),
    post(1, '用 relayd 桥接网段，检查地址'),
    post(2, 'odhcpd 的源码', '参考资料', true),
  ];
  const ranked = async (listWeight: number, query: string) => {
    const {engine, restore} = engineOver(
      buildIndex(pages, {...DEFAULT_BUILD_OPTIONS, listWeight}).files,
    );
    try {
      return (await engine.search(query, 5)).hits.map((hit) => hit.u);
    } finally {
      restore();
    }
  };
  assert.deepEqual(await ranked(DEFAULT_BUILD_OPTIONS.listWeight, 'relayd'), [
    '/blog/p1#s1',
    '/blog/p0#s0',
  ]);
  // Weighted like prose, the list's two mentions would win.
  assert.deepEqual(await ranked(1, 'relayd'), ['/blog/p0#s0', '/blog/p1#s1']);
  assert.deepEqual(await ranked(DEFAULT_BUILD_OPTIONS.listWeight, 'odhcpd'), ['/blog/p2#s2']);
});

test('an exact word ranks above a longer word it starts, and a typo below both', async () => {
  const pages = [post(0, '安装 relayd 服务'), post(1, '安装 relay 服务'), post(2, '中继 说明')];
  const {engine, fetched, restore} = engineOver(buildIndex(pages).files);
  try {
    const relay = await engine.search('relay', 5);
    assert.deepEqual(
      relay.hits.map((hit) => hit.page),
      [1, 0],
    );
    // The same page, reached by its whole word, by half of it, and by a typo.
    const exact = (await engine.search('relayd', 5)).hits[0];
    const prefix = (await engine.search('relay', 5)).hits.find((hit) => hit.page === 0);
    const typo = await engine.search('relyd', 5);
    assert.equal(exact?.page, 0);
    assert.equal(typo.hits[0]?.page, 0);
    assert.deepEqual(typo.corrections, ['relayd']);
    assert.ok((exact?.score ?? 0) > (prefix?.score ?? 0));
    assert.ok((prefix?.score ?? 0) > (typo.hits[0]?.score ?? 0));
    // Typo lists are fetched only when the word finds nothing.
    fetched.length = 0;
    await engine.search('relayd', 5);
    await engine.search('rela', 5);
    assert.deepEqual(
      fetched.filter((f) => f.startsWith('f/')),
      [],
    );
    // A word with no neighbour finds nothing, and says so.
    assert.equal((await engine.search('zqxjkv', 5)).total, 0);
  } finally {
    restore();
  }
});

test('a half-typed word finds its page; the words before it stay exact', async () => {
  const pages = [
    post(0, 'targetcli saveconfig 保存配置'),
    post(1, 'iscsiadm 登录目标'),
    post(2, 'savecore 保存内核转储'),
  ];
  const {engine, restore} = engineOver(buildIndex(pages).files);
  try {
    assert.equal((await engine.search('targetc', 5)).hits[0]?.page, 0);
    assert.equal((await engine.search('iscsia', 5)).hits[0]?.page, 1);
    // `savec` starts words on two pages; with `targetcli` before it, page 0 first.
    assert.deepEqual(
      (await engine.search('targetcli savec', 5)).hits.map((hit) => hit.page),
      [0, 2],
    );
    // An unfinished earlier word is not a prefix: `targ` finds nothing by itself.
    assert.deepEqual(
      (await engine.search('targ 登录', 5)).hits.map((hit) => hit.page),
      [1],
    );
  } finally {
    restore();
  }
});

test('a failed fetch rejects the search instead of answering "nothing found", and is retried', async () => {
  const {files} = buildIndex(archive(10));
  const {engine, restore} = engineOver(files);
  const saved = new Map(files);
  try {
    for (const name of [...files.keys()]) if (name.startsWith('t/')) files.delete(name);
    await assert.rejects(engine.search('注册', 5));
    for (const [name, text] of saved) files.set(name, text);
    assert.ok((await engine.search('注册', 5)).total > 0);
  } finally {
    restore();
  }
});

test('a Chinese query that stops part way ranks the pages that go on with its last character', async () => {
  const pages = [
    post(0, '发起端的概念和命名规则'),
    post(1, '在发起端配置凭据，然后登录'),
    post(2, '道路和配送'),
  ];
  const {engine, restore} = engineOver(buildIndex(pages).files);
  try {
    // 配 starts 配置: page 1 goes on with it; page 2 has only the character, and is not found.
    assert.deepEqual(
      (await engine.search('发起端配', 5)).hits.map((hit) => hit.page),
      [1, 0],
    );
    // Without the last character, page 0 (shorter, the same words) would come first.
    assert.deepEqual(
      (await engine.search('发起端', 5)).hits.map((hit) => hit.page),
      [0, 1],
    );
  } finally {
    restore();
  }
});
