/**
 * The limit column: our build with every `<script>` and every script preload
 * removed from each HTML file, so a route costs only its HTML, CSS, fonts and
 * images. What no amount of JS work on this site can beat.
 */
import {cpSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {builtPages} from '../../src/lib/build-files';
import {LIMIT, OURS} from './sites';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}=["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1]?.toLowerCase();
const isScriptPreload = (tag: string) =>
  ['preload', 'modulepreload'].includes(attr(tag, 'rel') ?? '') && attr(tag, 'as') === 'script';

export function stripScripts(html: string): string {
  return html.replace(SCRIPT, '').replace(LINK, (tag) => (isScriptPreload(tag) ? '' : tag));
}

/**
 * Copies our build (or `from`, another build of ours) to bench/tmp/limit and
 * strips its scripts; returns the number of files changed.
 */
export function prepareLimit(from: string = OURS.buildDir): number {
  rmSync(LIMIT.buildDir, {recursive: true, force: true});
  cpSync(from, LIMIT.buildDir, {recursive: true});
  let changed = 0;
  for (const file of builtPages(LIMIT.buildDir).map((page) => join(LIMIT.buildDir, page))) {
    const html = readFileSync(file, 'utf8');
    const stripped = stripScripts(html);
    if (stripped !== html) {
      writeFileSync(file, stripped);
      changed += 1;
    }
  }
  return changed;
}
