/**
 * Text of a social card that pages also need (the image's alt text). Kept
 * apart from the renderer: the blog post page's metadata imports it, and this
 * module must stay small and free of Node.js imports.
 */

/** `2025-09-15T00:00:00.000Z` → `2025 年 9 月 15 日` (the post's date, as on the card). */
export function formatCardDate(isoDate: string): string {
  // Read from the string: ISO dates are UTC, and the page needs no Date here.
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${year} 年 ${month} 月 ${day} 日`;
}

/** What a post's card shows, as one line: its alt text. */
export function postCardAlt(title: string, siteName: string, isoDate: string): string {
  return `${title}（${siteName}，${formatCardDate(isoDate)}）`;
}
