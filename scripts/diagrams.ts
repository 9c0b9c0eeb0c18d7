/**
 * Checks the ```mermaid diagrams of some Markdown files without a site build,
 * through the same steps as the remark plugin (src/plugins/diagrams/draw.ts:
 * both layouts, fit and overlap checks in Noto Sans SC, legibility), and can
 * write a PNG of each layout (the standalone file, light colours) to look at.
 *
 *   tsx scripts/diagrams.ts [--png=DIR] [file.md ...]   (default: blog/ and docs/)
 */
import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {basename, join} from 'node:path';
import {initWasm, Resvg} from '@resvg/resvg-wasm';
import {
  DESKTOP_COLUMN,
  drawDiagram,
  PHONE_COLUMN,
  textOnScreen,
  type Layout,
} from '../src/plugins/diagrams/draw';
import {standaloneSvg} from '../src/plugins/diagrams/svg';

const require = createRequire(__filename);
const args = process.argv.slice(2);
const pngDir = args.find((arg) => arg.startsWith('--png='))?.slice('--png='.length);
const listed = args.filter((arg) => !arg.startsWith('--'));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

async function toPng(svg: string): Promise<Uint8Array> {
  const font = (weight: string) =>
    readFileSync(
      require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`),
    );
  const resvg = new Resvg(svg, {
    fitTo: {mode: 'zoom', value: 2},
    background: '#ffffff',
    font: {
      fontBuffers: ['400Regular', '500Medium', '700Bold'].map(font),
      loadSystemFonts: false,
      defaultFontFamily: 'Noto Sans SC',
    },
  });
  const png = resvg.render().asPng();
  resvg.free();
  return png;
}

const describe = (layout: Layout): string =>
  `${layout.width}×${layout.height}, text ${layout.minFont} px ` +
  `(${textOnScreen(layout, PHONE_COLUMN).toFixed(1)} px at ${PHONE_COLUMN}, ` +
  `${textOnScreen(layout, DESKTOP_COLUMN).toFixed(1)} px at ${DESKTOP_COLUMN})`;

async function main(): Promise<void> {
  const files = listed.length > 0 ? listed : [...markdownFiles('blog'), ...markdownFiles('docs')];
  if (pngDir) {
    mkdirSync(pngDir, {recursive: true});
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  }
  let count = 0;
  let failed = 0;
  for (const file of files.sort()) {
    const text = readFileSync(file, 'utf8');
    const blocks = [...text.matchAll(/^```mermaid([^\n]*)\n([\s\S]*?)^```$/gm)];
    for (const [index, block] of blocks.entries()) {
      count += 1;
      const line = text.slice(0, block.index).split('\n').length;
      const title = /title="([^"]+)"/.exec(block[1] ?? '')?.[1] ?? '';
      try {
        const {wide, narrow, wideFrom, problems} = await drawDiagram(block[2] ?? '');
        console.log(
          `${problems.length || !title ? '✗' : '✓'} ${file}:${line} ${title || '(no title)'}\n` +
            `    wide ${describe(wide)}\n` +
            (narrow ? `    narrow ${describe(narrow)}; wide from ${wideFrom} px\n` : '') +
            problems.map((problem) => `    ${problem}\n`).join(''),
        );
        if (problems.length || !title) failed += 1;
        if (pngDir) {
          const name = `${basename(file).replace(/\.mdx?$/, '')}-${index + 1}`;
          for (const [kind, layout] of [
            ['wide', wide],
            ['narrow', narrow],
          ] as const) {
            if (!layout) continue;
            const png = await toPng(standaloneSvg(layout.svg, title));
            writeFileSync(join(pngDir, `${name}-${kind}.png`), png);
          }
        }
      } catch (error) {
        failed += 1;
        console.log(`✗ ${file}:${line} ${title}: ${(error as Error).message}`);
      }
    }
  }
  console.log(`${count} diagrams, ${failed} with problems`);
  process.exitCode = failed > 0 ? 1 : 0;
}

void main();
