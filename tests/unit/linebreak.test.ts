// The line-breaking module of diagram labels and social cards (src/lib/linebreak.ts):
// Chinese breaks only between words, by a pinned dictionary.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {textWidth} from '../../src/lib/fontMetrics';
import {breakPieces, breaksInsideWords, chineseWords, wrapText} from '../../src/lib/linebreak';

const label = (line: string) => textWidth(line, 13, 500);

/** Labels a phone reader once read cut in two, with the words they hold. */
const CUT_BEFORE: ReadonlyArray<[string, string[]]> = [
  // introducing-the-registry: 官方注 / 册表, 只存元 / 数据, 远程服 / 务器, 公开市 / 场、企 / 业内部, 包注册 / 表：
  ['官方注册表', ['官方', '注册表']],
  ['只存元数据', ['只', '存', '元数据']],
  ['远程服务器', ['远程', '服务器']],
  ['公开市场、企业内部', ['公开市场', '企业', '内部']],
  ['包注册表', ['包', '注册表']],
  // moderation-guidelines: 发布时核 / 对包归属, 缺少与路径一 / 致的
  ['发布时核对包归属', ['发布', '时', '核对', '包', '归属']],
  ['缺少与路径一致的', ['缺少', '与', '路径', '一致', '的']],
];

test('the words of the labels once cut in two come from the dictionary, whole', () => {
  for (const [text, words] of CUT_BEFORE) {
    const runs = text.match(/\p{Script=Han}+/gu) ?? [];
    assert.deepEqual(
      runs.flatMap((run) => chineseWords(run)),
      words,
      text,
    );
  }
});

test('at every width, those labels break only between words (a word stays whole past the line)', () => {
  for (const [text] of CUT_BEFORE) {
    const whole = `${text}：npm、PyPI`;
    for (let max = 10; max <= 200; max += 3) {
      const lines = wrapText(whole, max, label, {overflow: 160});
      assert.equal(lines.join(''), whole.replace(/\s/g, ''), `${text} at ${max} px`);
      assert.deepEqual(breaksInsideWords(lines), [], `${text} at ${max} px: ${lines.join(' / ')}`);
      // Closing punctuation never starts a line.
      for (const line of lines)
        assert.doesNotMatch(line, /^[，。、；：）]/, `${text} at ${max} px`);
    }
  }
});

test('a word wider than the line stays whole up to the overflow, then breaks', () => {
  // 注册表 is 39 px at 13 px: on a 20 px line it stands alone, past the line.
  assert.deepEqual(wrapText('官方注册表', 20, label, {overflow: 160}), ['官方', '注册表']);
  // With no room to overflow, a word wider than the line breaks between characters.
  assert.deepEqual(wrapText('注册表', 20, label), ['注', '册', '表']);
});

test('a line end inside a word is found, naming the line; one between words is not', () => {
  assert.deepEqual(breaksInsideWords(['官方注', '册表', '只存元', '数据']), [0, 2]);
  assert.deepEqual(breaksInsideWords(['公开市', '场、企', '业内部']), [0, 1]);
  assert.deepEqual(breaksInsideWords(['官方注册表', '只存元数据']), []);
  assert.deepEqual(breaksInsideWords(['发布时', '核对包归属']), []);
  // A break next to Latin text or punctuation is no Chinese word's business.
  assert.deepEqual(breaksInsideWords(['包注册表：', 'npm、PyPI', 'MCPB']), []);
});

test('Latin words, versions and file names are pieces of their own; punctuation stays with its word', () => {
  const pieces = breakPieces('读懂 MCP 规范 2024-11-05：server.json（草案）');
  assert.ok(pieces.includes('MCP'));
  assert.ok(pieces.includes('2024-11-05：'));
  assert.ok(pieces.includes('server.json'));
  assert.ok(pieces.includes('（草案）'));
  // A closing mark never opens a piece; an opening mark never ends one.
  assert.ok(pieces.every((piece) => !/^[：）]/.test(piece) && !/（$/.test(piece)));
});

test('the same text is cut the same way every time', () => {
  const text = '子注册表定时拉取官方注册表的元数据，再按自己的规则筛选';
  const first = breakPieces(text);
  for (let i = 0; i < 5; i += 1) assert.deepEqual(breakPieces(text), first);
});
