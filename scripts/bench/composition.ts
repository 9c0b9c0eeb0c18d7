/**
 * What main.js holds, by npm package, in gzip bytes.
 *
 * Method: a bench-only build (sourcemap.config.ts: the site's config plus a
 * source map with `module: false`, so every byte of the minified file maps to
 * the file the bundler read, node_modules/<package>/...). Each byte of main.js
 * goes to the package of its mapped source; `(site)` is src/, `(docusaurus
 * generated)` is .docusaurus/ (routes.js, registry.js, the config and global
 * data), `(bundler glue)` is what maps to nothing (chunk wrapper, module ids).
 * Gzip does not split by module, so each group's bytes are gzipped on their
 * own and the results scaled to the file's real gzip size (level 9, as
 * scripts/lib/page-weight.ts weighs what Chromium loads): shares are
 * approximate, the total is exact. The runtime chunk (webpack runtime and the
 * chunk-name/hash map of every route) has no map and is given whole.
 *
 * The bench build's main.js is not byte for byte the deployed one: the site
 * config and plugin list bundled in it name the extra plugin and absolute
 * plugin paths (some tens of bytes, all in .docusaurus/). So the totals are
 * taken from the deployed main.js of a normal build, and the difference comes
 * off `(docusaurus generated)`.
 *
 * `--bundle-analyzer` is no help: in 3.7.0 it starts webpack-bundle-analyzer
 * as a server, which keeps the build from ending.
 */
import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {ChunkComposition, Composition, PackageShare} from './types';
import {ROOT, TMP} from './util';

const OUT_DIR = join(TMP, 'composition-build');
const GLUE = '(bundler glue)';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((char, index) => [char, index]));

/** One line's segments of a source map's `mappings`: [column, source index or -1]. */
function decodeMappings(mappings: string): [number, number][][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: [number, number][] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64_VALUE.get(char);
        if (digit === undefined) throw new Error(`bad source map character ${char}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    return segments;
  });
}

/** `webpack:///./node_modules/@scope/name/lib/x.js` → `@scope/name`. */
export function groupOf(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [first = '', second = ''] = path.slice(inModules + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (path.startsWith('./.docusaurus/')) return '(docusaurus generated)';
  if (path.startsWith('./')) return '(site)';
  if (path.startsWith('webpack/')) return '(bundler runtime)';
  return GLUE;
}

const gzipSize = (text: string) => gzipSync(Buffer.from(text), {level: 9}).length;

const withoutMapComment = (code: string) => code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');

/**
 * Attributes the bytes of one built JS file with a `.map` beside it; the
 * totals are those of `deployed`, the same chunk from a normal build.
 */
export function chunkComposition(path: string, deployed: string): ChunkComposition {
  const code = withoutMapComment(readFileSync(path, 'utf8'));
  const real = readFileSync(deployed, 'utf8');
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const groups = map.sources.map(groupOf);
  const parts = new Map<string, string[]>();
  const add = (group: string, text: string) => {
    if (text) parts.set(group, [...(parts.get(group) ?? []), text]);
  };
  const lines = code.split('\n');
  const segments = decodeMappings(map.mappings);
  lines.forEach((line, index) => {
    const onLine = segments[index] ?? [];
    add(GLUE, line.slice(0, onLine[0]?.[0] ?? line.length));
    onLine.forEach(([column, source], i) => {
      const end = onLine[i + 1]?.[0] ?? line.length;
      add(source >= 0 ? (groups[source] ?? GLUE) : GLUE, line.slice(column, end));
    });
    if (index < lines.length - 1) add(GLUE, '\n');
  });
  const gzip = gzipSize(real);
  const extra = Buffer.byteLength(code) - Buffer.byteLength(real);
  const measured = [...parts].map(([name, texts]) => {
    const text = texts.join('');
    const raw = Buffer.byteLength(text) - (name === '(docusaurus generated)' ? extra : 0);
    return {name, raw, alone: gzipSize(text)};
  });
  const sumAlone = measured.reduce((sum, m) => sum + m.alone, 0);
  const packages: PackageShare[] = measured
    .map(({name, raw, alone}) => ({name, raw, gzip: Math.round((alone * gzip) / sumAlone)}))
    .sort((a, b) => b.gzip - a.gzip);
  // Rounding: the biggest share takes the odd bytes, so the shares add up to the file.
  const first = packages[0];
  if (first) first.gzip += gzip - packages.reduce((sum, p) => sum + p.gzip, 0);
  return {
    file: deployed.slice(deployed.lastIndexOf('/') + 1),
    raw: Buffer.byteLength(real),
    gzip,
    packages,
  };
}

const chunks = (dir: string) => {
  const files = readdirSync(dir);
  const main = files.find((file) => /^main\.\w+\.js$/.test(file));
  const runtime = files.find((file) => /^runtime~main\.\w+\.js$/.test(file));
  if (!main || !runtime) throw new Error(`no main or runtime chunk in ${dir}`);
  return {main: join(dir, main), runtime: join(dir, runtime)};
};

/**
 * Builds the site with source maps into bench/tmp/composition-build and
 * attributes its main.js; `buildDir` holds a normal build of the same tree.
 */
export function mainJsComposition(buildDir: string): Composition {
  try {
    execFileSync(
      'npx',
      [
        'docusaurus',
        'build',
        '--config',
        'scripts/bench/sourcemap.config.ts',
        '--out-dir',
        OUT_DIR,
      ],
      {cwd: ROOT, stdio: 'ignore'},
    );
  } catch (error) {
    throw new Error('docusaurus build with source maps failed', {cause: error});
  }
  const mapped = chunks(join(OUT_DIR, 'assets/js'));
  const deployed = chunks(join(buildDir, 'assets/js'));
  const runtimeCode = readFileSync(deployed.runtime, 'utf8');
  return {
    main: chunkComposition(mapped.main, deployed.main),
    runtime: {
      file: deployed.runtime.slice(deployed.runtime.lastIndexOf('/') + 1),
      raw: Buffer.byteLength(runtimeCode),
      gzip: gzipSize(runtimeCode),
    },
  };
}
