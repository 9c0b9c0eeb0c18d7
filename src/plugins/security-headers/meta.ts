/**
 * The policy in a page: a `<meta http-equiv="Content-Security-Policy">`, for
 * hosts that cannot set response headers (GitHub Pages).
 */
import {escapeAttribute, unescapeXml} from '../../lib/escape';

export function metaTag(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`;
}

/** Every CSP `<meta>` element of a page (attributes in any order, quoted or not). */
const CSP_META = /<meta\b(?=[^>]*\shttp-equiv=["']?content-security-policy["'\s>])[^>]*>/gi;
const CHARSET_META = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i;
const HEAD_START = /<head(\s[^>]*)?>/i;

/**
 * The page with `tag` as its only CSP `<meta>`, placed as early in `<head>`
 * as it may be: right after `<meta charset>` (which must come first), else
 * at the start of `<head>`. A policy in a `<meta>` element governs only what
 * comes after it, so it must precede every script and stylesheet. The
 * minified pages of Docusaurus 3.7.0 omit the optional `<head>` start tag and
 * open with `<meta charset=UTF-8>`; a page with neither throws.
 */
export function withMetaPolicy(html: string, tag: string): string {
  const page = html.replace(CSP_META, '');
  for (const anchor of [CHARSET_META, HEAD_START]) {
    const match = anchor.exec(page);
    if (match) {
      const at = match.index + match[0].length;
      return page.slice(0, at) + tag + page.slice(at);
    }
  }
  throw new Error('no <meta charset> and no <head> to put the CSP <meta> after');
}

/** The policies of a page's CSP `<meta>` elements, and whether any script comes before the first. */
export function metaPolicies(html: string): {policies: string[]; scriptBefore: boolean} {
  const tags = [...html.matchAll(CSP_META)];
  const policies = tags.map((tag) =>
    unescapeXml(
      /\scontent=(?:"([^"]*)"|'([^']*)'|([^\s>]*))/
        .exec(tag[0])
        ?.slice(1)
        .find((v) => v !== undefined) ?? '',
    ),
  );
  const first = tags[0]?.index ?? html.length;
  return {policies, scriptBefore: /<script[\s>]/i.test(html.slice(0, first))};
}
