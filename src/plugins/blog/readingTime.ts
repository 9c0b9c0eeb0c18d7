/**
 * Reading time for Chinese technical posts.
 *
 * Docusaurus counts every Han character as one English word at 200 words a
 * minute, which makes a Chinese post look about twice as long as it reads.
 * Here each kind of text gets its own rate:
 *
 * - Han characters: 400 a minute. The national Chinese curriculum
 *   (《义务教育语文课程标准》, grades 7–9) asks for silent reading of general
 *   texts at no less than 500 characters a minute; technical prose with
 *   commands and field names is slower, so we take 80 % of that.
 * - Latin words (identifiers, English terms, numbers): 238 a minute, the
 *   silent-reading rate for English non-fiction in Brysbaert (2019), "How many
 *   words do we read per minute?", Journal of Memory and Language 109.
 * - Code: 40 non-empty lines a minute (1.5 s a line). There is no study to
 *   lean on here; it is this site's own estimate for a reader who follows a
 *   command or a JSON example line by line without studying every value.
 */
export const HAN_PER_MINUTE = 400;
export const LATIN_WORDS_PER_MINUTE = 238;
export const CODE_LINES_PER_MINUTE = 40;

export type TextCounts = Readonly<{han: number; latinWords: number; codeLines: number}>;

const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^ {0,3}\1[`~]*[ \t]*$/gm;
const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /[\p{Script=Latin}\d]+(?:['’.\-_/][\p{Script=Latin}\d]+)*/gu;

/** Counts what a reader reads in a post's Markdown (front matter already removed). */
export function countText(markdown: string): TextCounts {
  let codeLines = 0;
  const prose = markdown
    .replace(FENCE, (_block, _fence: string, code: string) => {
      codeLines += code.split('\n').filter((line) => line.trim() !== '').length;
      return '\n';
    })
    // Comments (the truncate marker), MDX imports/exports and JSX tags: not read.
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/^(?:import|export)\s.*$/gm, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    // Links and images are read by their text, not their address.
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ');
  return {
    han: prose.match(HAN)?.length ?? 0,
    latinWords: prose.match(LATIN_WORD)?.length ?? 0,
    codeLines,
  };
}

/** Minutes (not rounded: the theme rounds up) to read a post's Markdown. */
export function readingTimeMinutes(markdown: string): number {
  const {han, latinWords, codeLines} = countText(markdown);
  return (
    han / HAN_PER_MINUTE + latinWords / LATIN_WORDS_PER_MINUTE + codeLines / CODE_LINES_PER_MINUTE
  );
}
