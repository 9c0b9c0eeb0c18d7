/**
 * Checks the ```mermaid diagrams of some Markdown files without a site build,
 * through the same steps as the remark plugin (src/plugins/diagrams/draw.ts:
 * render, fit check in Noto Sans SC, inline SVG), and can write a PNG of each
 * (light colours) to look at.
 *
 *   tsx scripts/diagrams.ts [--png=DIR] [file.md ...]   (default: blog/ and docs/)
 */
import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {basename, join} from 'node:path';
import {initWasm, Resvg} from '@resvg/resvg-wasm';
import {drawDiagram} from '../src/plugins/diagrams/draw';

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

/** The light theme's values of the variables the Diagram component sets. */
const LIGHT: Record<string, string> = {
  '--bg': '#ffffff',
  '--fg': '#1c1e21',
  '--_text': '#1c1e21',
  '--_text-sec': '#444950',
  '--_text-muted': '#444950',
  '--_text-faint': '#444950',
  '--_line': '#8d949e',
  '--_arrow': '#444950',
  '--_node-fill': '#f5f6f7',
  '--_node-stroke': '#8d949e',
  '--_group-fill': '#ffffff',
  '--_group-hdr': '#ebedf0',
  '--_inner-stroke': '#dadde1',
  '--_key-badge': '#ebedf0',
};

async function toPng(svg: string): Promise<Uint8Array> {
  const font = (weight: string) =>
    readFileSync(
      require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`),
    );
  // Back to XML for resvg: quotes around the values the inline form leaves bare.
  const painted = svg
    .replace(/(<[^>]*)/g, (tag) => tag.replace(/(\s[\w:-]+)=([^\s"'>]+)/g, '$1="$2"'))
    .replace(/var\((--[\w-]+)\)/g, (_, name: string) => LIGHT[name] ?? '#000000')
    .replace('<svg ', '<svg style="background:#ffffff" ');
  const resvg = new Resvg(painted, {
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
        const {svg, width, height, problems} = await drawDiagram(block[2] ?? '');
        const gzip = (await import('node:zlib')).gzipSync(svg).length;
        console.log(
          `${problems.length || !title ? '✗' : '✓'} ${file}:${line} ${title || '(no title)'}: ` +
            `${Math.ceil(width)}×${Math.ceil(height)}, ${svg.length} B, ${gzip} B gzip`,
        );
        for (const problem of problems) console.log(`    ${problem}`);
        if (problems.length || !title) failed += 1;
        if (pngDir) {
          const name = `${basename(file).replace(/\.mdx?$/, '')}-${index + 1}.png`;
          writeFileSync(join(pngDir, name), await toPng(svg));
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
