/**
 * Stands in for `@easyops-cn/docusaurus-search-local`'s `utils/cutZhWords`
 * (0.55.3) in the browser bundle: same signature, same splits, same order,
 * with a ceiling on the work done.
 *
 * The upstream function lists every way a run of Chinese characters can be
 * cut into indexed words, and their number doubles with each extra word. On
 * this site's index a 30-character sentence pasted into the search box kept
 * the search worker busy for over a minute, and every later query waited
 * behind it. Search only uses the best dozen splits anyway (`smartTerms`
 * keeps six per run, twelve in all), so stopping after `MAX_CUTS` steps costs
 * nothing for the short queries readers type and keeps long ones responsive.
 */

type WordTerm = {value: string; trailing?: boolean};
type WrappedTerm = {missed: number; term: WordTerm[]};

/**
 * Steps of the search below before it stops looking for more splits. Queries
 * of a dozen characters stay well under it; with this site's dictionary of
 * about 3,200 words it bounds a query to a few hundred milliseconds.
 */
export const MAX_CUTS = 1500;

/**
 * All the ways to cut `token`, a run of Chinese characters, into words of
 * `zhDictionary` (the last may be a word's prefix), up to `MAX_CUTS` steps:
 * splits that skip no character first, then those with fewer words.
 */
export function cutZhWords(token: string, zhDictionary: readonly string[]): WordTerm[][] {
  const wrappedTerms: WrappedTerm[] = [];
  let steps = 0;

  function cut(subToken: string, carry: WrappedTerm): void {
    steps += 1;
    if (steps > MAX_CUTS) return;
    let matchedLastIndex = 0;
    let matched = false;
    for (const words of zhDictionary) {
      if (subToken.startsWith(words)) {
        const nextCarry = {missed: carry.missed, term: [...carry.term, {value: words}]};
        if (subToken.length > words.length) {
          cut(subToken.slice(words.length), nextCarry);
        } else {
          wrappedTerms.push(nextCarry);
        }
        matched = true;
      } else {
        // The query may end inside a word: accept the longest prefix of one.
        for (let lastIndex = words.length - 1; lastIndex > matchedLastIndex; lastIndex -= 1) {
          const subWords = words.slice(0, lastIndex);
          if (subToken.startsWith(subWords)) {
            matchedLastIndex = lastIndex;
            const nextCarry = {
              missed: carry.missed,
              term: [...carry.term, {value: subWords, trailing: true}],
            };
            if (subToken.length > lastIndex) {
              cut(subToken.slice(lastIndex), nextCarry);
            } else {
              wrappedTerms.push(nextCarry);
            }
            matched = true;
            break;
          }
        }
      }
    }
    if (!matched) {
      if (subToken.length > 0) {
        cut(subToken.slice(1), {missed: carry.missed + 1, term: carry.term});
      } else if (carry.term.length > 0) {
        wrappedTerms.push(carry);
      }
    }
  }

  cut(token, {missed: 0, term: []});
  return wrappedTerms
    .sort((a, b) => {
      const aMissed = a.missed > 0 ? 1 : 0;
      const bMissed = b.missed > 0 ? 1 : 0;
      // Splits that skip no character first, then those with fewer words.
      return aMissed !== bMissed ? aMissed - bMissed : a.term.length - b.term.length;
    })
    .map((item) => item.term);
}
