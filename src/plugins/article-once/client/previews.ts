/**
 * What the shell of a post's preview (its `?truncated` Markdown, on a list
 * page) imports: `previewOnce`, its default export's maker. When first
 * evaluated, it keeps a reference to each preview element on screen under
 * its post's path. That is while the first list page with such previews
 * loads its code, before React hydrates it; any page shown before had none
 * (this would have run then), and a preview its module renders in the
 * browser is never read from the store. Kept out of main.js: only list pages
 * need it.
 */
import {previewHtml, setPreview} from '@site/src/lib/article-store';
import {PREVIEW_ATTRIBUTE} from './marker';
import {shell} from './Article';
import type {Behaviour} from './behaviour';

if (typeof document !== 'undefined') {
  document
    .querySelectorAll(`[${PREVIEW_ATTRIBUTE}]`)
    .forEach((preview) => setPreview(preview.getAttribute(PREVIEW_ATTRIBUTE) ?? '', preview));
}

export const previewOnce = (...behaviours: Behaviour[]): ReturnType<typeof shell> =>
  shell(previewHtml, behaviours);
