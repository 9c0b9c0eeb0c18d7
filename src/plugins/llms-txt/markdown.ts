/**
 * Markdown for llms-full.txt: a post or doc's source as a reader would want
 * it, without what only the MDX compiler reads.
 */

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
/** A JSX component tag (capitalised: `<Tabs>`, `</TabItem>`, `<Highlight color="…">`). */
const JSX_TAG = /<\/?[A-Z][\w.]*(?:\s[^<>]*)?\/?>/g;
/** `<!-- truncate -->` and MDX comments `{/* … *\/}` on one line. */
const COMMENT = /<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g;

/**
 * Leaves out the front matter, MDX import/export blocks (an ESM block runs to
 * the next blank line, as in MDX), comments and JSX component tags (their
 * Markdown children stay). Fenced code is kept exactly as written. With
 * `siteRoot` (url + baseUrl), site-root links (`](/docs/intro)`) become
 * absolute: the file is read away from the site.
 */
export function toPlainMarkdown(source: string, siteRoot?: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let inEsm = false;
  let paragraphStart = true;
  for (const line of source.replace(FRONT_MATTER, '').split(/\r?\n/)) {
    if (fence !== undefined) {
      out.push(line);
      if (closesFence(line, fence)) fence = undefined;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && !inEsm) {
      fence = open[1] ?? '```';
      out.push(line);
      paragraphStart = false;
      continue;
    }
    if (line.trim() === '') {
      inEsm = false;
      paragraphStart = true;
      out.push('');
      continue;
    }
    if (inEsm || (paragraphStart && /^(?:import|export)\s/.test(line))) {
      inEsm = true;
      continue;
    }
    paragraphStart = false;
    let text = line.replace(COMMENT, '').replace(JSX_TAG, '');
    if (siteRoot) text = text.replace(/\]\(\/(?!\/)/g, `](${siteRoot}/`);
    // A line that held only tags or comments goes entirely.
    if (text.trim() !== '') out.push(text.trimEnd());
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function closesFence(line: string, fence: string): boolean {
  const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)?.[1];
  return close !== undefined && close[0] === fence[0] && close.length >= fence.length;
}
