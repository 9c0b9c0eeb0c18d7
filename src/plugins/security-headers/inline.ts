/** What a page holds inline (scripts, styles) and what the policy makes of it. */
import {Parser} from 'htmlparser2';
import {ALLOWED_STYLE_ATTRIBUTES, sha256} from './policy';

/** A `<script>` element without `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** Hashes (`'sha256-…'`) of every executable inline script in the pages, sorted. */
export function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
      // Data blocks (JSON-LD) do not run, so CSP does not govern them.
      if (/type="?application\/(ld\+)?json/.test(attributes ?? '')) continue;
      hashes.add(sha256(body ?? ''));
    }
  }
  return [...hashes].sort();
}

/**
 * Every `style` attribute and `<style>` element of a page that the policy
 * blocks, in words (`style="…"`, `<style>`). Attributes are compared as the
 * browser hashes them: their value with character references decoded.
 */
export function blockedStyles(html: string): string[] {
  const allowed = new Set(ALLOWED_STYLE_ATTRIBUTES);
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'style') found.push('<style>');
        const style = attributes.style;
        if (style !== undefined && !allowed.has(style)) found.push(`style="${style}"`);
      },
    },
    {decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true},
  );
  parser.write(html);
  parser.end();
  return found;
}
