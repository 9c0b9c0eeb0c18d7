/**
 * The search benchmark's query sets: what a Chinese technical reader types,
 * and the page that must come back near the top. Whole words (recall@5 and
 * MRR), then the same kind of words half typed and misspelt, as the navbar
 * box sees them while the reader is still typing (recall@3). `npm run
 * bench:search` runs every query; the search browser tests reuse a few.
 */
export type SearchQuery = Readonly<{
  query: string;
  kind: 'zh' | 'en' | 'code' | 'mixed';
  /** Path of the page the query is meant to find (any of them, if several). */
  expect: string | readonly string[];
}>;

const post = (date: string, slug: string) => `/blog/${date.replaceAll('-', '/')}/${slug}`;
const REGISTRY = (slug: string) => post('2025-09-15', slug);

export const SEARCH_QUERIES: readonly SearchQuery[] = [
  // Chinese words, as typed: two- to four-character words inside longer text.
  {query: '审核', kind: 'zh', expect: REGISTRY('moderation-guidelines')},
  {query: '中继', kind: 'zh', expect: post('2025-02-24', 'wifi-repeater-relayd')},
  {query: '发起端', kind: 'zh', expect: post('2025-02-27', 'iscsi-basics')},
  {query: '游标分页', kind: 'zh', expect: REGISTRY('official-registry-api')},
  {query: '增量同步', kind: 'zh', expect: REGISTRY('use-rest-api')},
  {query: '子注册表', kind: 'zh', expect: REGISTRY('use-rest-api')},
  {query: '结构化输出', kind: 'zh', expect: post('2025-06-19', 'mcp-spec-2025-06-18')},
  {query: '断线续传', kind: 'zh', expect: post('2025-04-17', 'mcp-streamable-http')},
  {query: '动态注册', kind: 'zh', expect: post('2025-04-24', 'mcp-authorization')},
  {query: '能力协商', kind: 'zh', expect: post('2025-02-19', 'mcp-spec-2024-11-05')},
  {query: '工具注解', kind: 'zh', expect: post('2025-03-27', 'mcp-spec-2025-03-26')},
  {query: '升级路线', kind: 'zh', expect: post('2025-06-26', 'mcp-spec-versions-compared')},
  {query: '预览版', kind: 'zh', expect: REGISTRY('introducing-the-registry')},
  {query: '逐字段', kind: 'zh', expect: REGISTRY('generic-server-json')},
  {query: '多路径', kind: 'zh', expect: post('2025-04-10', 'iscsi-chap-multipath')},
  {query: '版本快照', kind: 'zh', expect: '/docs/tutorial-extras/manage-docs-versions'},
  {query: '翻译', kind: 'zh', expect: '/docs/tutorial-extras/translate-your-site'},
  {query: '部署', kind: 'zh', expect: '/docs/tutorial-basics/deploy-your-site'},
  // English words and code tokens.
  {query: 'server.json', kind: 'code', expect: REGISTRY('generic-server-json')},
  {query: 'mcp-publisher', kind: 'code', expect: REGISTRY('commands')},
  {
    query: 'updated_since',
    kind: 'code',
    expect: [
      REGISTRY('use-rest-api'),
      REGISTRY('official-registry-api'),
      REGISTRY('generic-registry-api'),
    ],
  },
  {query: 'iscsiadm', kind: 'code', expect: post('2025-03-13', 'iscsi-initiator-iscsiadm')},
  {query: 'targetcli', kind: 'code', expect: post('2025-03-06', 'iscsi-target-targetcli')},
  {query: 'relayd', kind: 'code', expect: post('2025-02-24', 'wifi-repeater-relayd')},
  {query: '802.11s', kind: 'code', expect: post('2025-04-03', 'wifi-repeater-wds')},
  {query: 'Mcp-Session-Id', kind: 'code', expect: post('2025-04-17', 'mcp-streamable-http')},
  {query: 'runtime_hint', kind: 'code', expect: REGISTRY('generic-server-json')},
  {query: 'saveconfig', kind: 'code', expect: post('2025-03-06', 'iscsi-target-targetcli')},
  {query: '_netdev', kind: 'code', expect: post('2025-03-13', 'iscsi-initiator-iscsiadm')},
  {query: 'authors.yml', kind: 'code', expect: '/docs/tutorial-basics/create-a-blog-post'},
  {query: 'Streamable HTTP', kind: 'en', expect: post('2025-04-17', 'mcp-streamable-http')},
  {query: 'OAuth', kind: 'en', expect: post('2025-04-24', 'mcp-authorization')},
  {query: 'PKCE', kind: 'en', expect: post('2025-04-24', 'mcp-authorization')},
  {query: 'elicitation', kind: 'en', expect: post('2025-06-19', 'mcp-spec-2025-06-18')},
  {query: 'multipath', kind: 'en', expect: post('2025-04-10', 'iscsi-chap-multipath')},
  {query: 'WDS', kind: 'en', expect: post('2025-04-03', 'wifi-repeater-wds')},
  {query: 'nginx', kind: 'en', expect: '/docs/tutorial-basics/deploy-your-site'},
  // Mixed Chinese and Latin, the way people actually search.
  {query: 'iSCSI 概念', kind: 'mixed', expect: post('2025-02-27', 'iscsi-basics')},
  {query: 'OpenWrt 中继', kind: 'mixed', expect: post('2025-02-24', 'wifi-repeater-relayd')},
  {query: '双向 CHAP', kind: 'mixed', expect: post('2025-04-10', 'iscsi-chap-multipath')},
  {query: 'MCP 注册表 审核', kind: 'mixed', expect: REGISTRY('moderation-guidelines')},
  {query: 'server.json 字段', kind: 'mixed', expect: REGISTRY('generic-server-json')},
  {query: 'GitHub Pages 部署', kind: 'mixed', expect: '/docs/tutorial-basics/deploy-your-site'},
  {query: 'MDX 组件', kind: 'mixed', expect: '/docs/tutorial-basics/markdown-features'},
];

const ISCSIADM = post('2025-03-13', 'iscsi-initiator-iscsiadm');
const TARGETCLI = post('2025-03-06', 'iscsi-target-targetcli');
const MULTIPATH = post('2025-04-10', 'iscsi-chap-multipath');
const RELAYD = post('2025-02-24', 'wifi-repeater-relayd');
const SPEC_2025_06 = post('2025-06-19', 'mcp-spec-2025-06-18');
const UPDATED_SINCE = [
  REGISTRY('use-rest-api'),
  REGISTRY('official-registry-api'),
  REGISTRY('generic-registry-api'),
];

/**
 * Words from the posts (command names, options, field names) cut off part
 * way, as the navbar box sees them while the reader is still typing; and
 * Chinese words that stop part way.
 */
export const HALF_TYPED_QUERIES: readonly SearchQuery[] = [
  {query: 'iscsia', kind: 'code', expect: ISCSIADM},
  {query: 'targetc', kind: 'code', expect: TARGETCLI},
  {query: 'multipat', kind: 'en', expect: MULTIPATH},
  {query: 'mcp-pub', kind: 'code', expect: [REGISTRY('commands'), REGISTRY('publish-server')]},
  {query: 'relay', kind: 'code', expect: RELAYD},
  {query: 'savecon', kind: 'code', expect: TARGETCLI},
  {query: '_netd', kind: 'code', expect: ISCSIADM},
  {query: 'backstor', kind: 'code', expect: TARGETCLI},
  {query: 'find_multi', kind: 'code', expect: MULTIPATH},
  {query: 'mesh_fw', kind: 'code', expect: post('2025-04-03', 'wifi-repeater-wds')},
  {query: 'updated_si', kind: 'code', expect: UPDATED_SINCE},
  {query: 'runtime_h', kind: 'code', expect: REGISTRY('generic-server-json')},
  {query: 'packageArg', kind: 'code', expect: REGISTRY('generic-server-json')},
  {query: 'structuredCon', kind: 'code', expect: SPEC_2025_06},
  {query: 'registration_end', kind: 'code', expect: post('2025-04-24', 'mcp-authorization')},
  {query: 'Last-Event', kind: 'code', expect: post('2025-04-17', 'mcp-streamable-http')},
  {query: 'elicit', kind: 'en', expect: SPEC_2025_06},
  {query: 'versions.js', kind: 'code', expect: '/docs/tutorial-extras/manage-docs-versions'},
  {query: '结构化输', kind: 'zh', expect: SPEC_2025_06},
  {query: '断线续', kind: 'zh', expect: post('2025-04-17', 'mcp-streamable-http')},
  {query: '游标分', kind: 'zh', expect: REGISTRY('official-registry-api')},
  {query: 'iSCSI 发起', kind: 'mixed', expect: post('2025-02-27', 'iscsi-basics')},
];

/** Words of five letters or more from the posts with one typo: a letter left out, added, changed or swapped. */
export const MISSPELT_QUERIES: readonly SearchQuery[] = [
  {query: 'targtcli', kind: 'code', expect: TARGETCLI},
  {query: 'iscsiamd', kind: 'code', expect: ISCSIADM},
  {query: 'relyd', kind: 'code', expect: RELAYD},
  {query: 'multiapth', kind: 'en', expect: MULTIPATH},
  {query: 'saveconifg', kind: 'code', expect: TARGETCLI},
  {query: 'backstors', kind: 'code', expect: TARGETCLI},
  {query: 'dnsmsaq', kind: 'code', expect: RELAYD},
  {query: 'elicitaton', kind: 'en', expect: SPEC_2025_06},
  {query: 'structuredContnet', kind: 'code', expect: SPEC_2025_06},
  {query: 'updated_sinse', kind: 'code', expect: UPDATED_SINCE},
  {query: 'runtime_hnit', kind: 'code', expect: REGISTRY('generic-server-json')},
  {query: 'mcp-publsher', kind: 'code', expect: REGISTRY('commands')},
  {query: 'authorizaton', kind: 'en', expect: post('2025-04-24', 'mcp-authorization')},
  {query: 'nignx', kind: 'en', expect: '/docs/tutorial-basics/deploy-your-site'},
  {query: 'iSCSI 发起端 targtcli', kind: 'mixed', expect: TARGETCLI},
];
