/**
 * The search benchmark's query set: what a Chinese technical reader types, and
 * the page that must come back in the first five results. `npm run
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
