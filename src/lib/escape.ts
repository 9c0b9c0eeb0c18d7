/**
 * Escaping for the markup this site writes itself: HTML and SVG at build
 * time, and the code block's static HTML in the browser. One module, so
 * every writer escapes the same characters the same way.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const replace = (pattern: RegExp) => (text: string) =>
  text.replace(pattern, (char) => ENTITIES[char] ?? char);

/** Element text: `&`, `<` and `>`. */
export const escapeText: (text: string) => string = replace(/[&<>]/g);

/** A double-quoted attribute value (and element text). */
export const escapeAttribute: (value: string) => string = replace(/[&<>"]/g);

/** XML text or an attribute in either kind of quotes. */
export const escapeXml: (text: string) => string = replace(/[&<>"']/g);

/** Back from any of the above, and from decimal character references. */
export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
