/**
 * What a table wider than the page gets in the browser, on its
 * server-rendered box (src/components/ScrollableTable): the box scrolls
 * sideways, and only then is it a keyboard stop, a labelled region named
 * after the table's columns (so that two such tables on a page differ). The
 * same code serves a table React rendered and one inside an article React
 * never hydrates (src/plugins/article-once), which finds the boxes by their
 * attribute.
 */
import {translate} from '@docusaurus/Translate';
import observeResize from './observe-resize';

/** Column headings that name the box: enough to tell two tables on a page apart. */
const MAX_NAME_LENGTH = 60;

/** Marks the box ScrollableTable renders around a table. */
export const TABLE_BOX_ATTRIBUTE = 'data-table-box';
export const TABLE_BOX_SELECTOR = `[${TABLE_BOX_ATTRIBUTE}]`;

function tableLabel(columns: string): string {
  return translate(
    {
      id: 'site.scrollableTable.label',
      message: '表格（可左右滚动）：{columns}',
      description:
        'Accessible name of a table wider than the page, which scrolls sideways; {columns} lists its column headings',
    },
    {columns},
  );
}

export default function enhanceTable(box: HTMLElement): () => void {
  const columns = Array.from(box.querySelectorAll('thead th'), (th) =>
    (th.textContent ?? '').trim(),
  )
    .filter(Boolean)
    .join('、')
    .slice(0, MAX_NAME_LENGTH);
  return observeResize(box, () => {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', tableLabel(columns));
    } else {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  });
}
