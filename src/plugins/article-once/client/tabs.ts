/**
 * The theme's Tabs (3.7.0, theme-classic Tabs/index.js), on its
 * server-rendered markup: a click or Enter on a tab shows its panel (the tab
 * list stays where it was on screen, as the theme's useScrollPositionBlocker
 * keeps it), the arrow keys move the focus along the tabs. Pages whose Tabs
 * keep their choice elsewhere (`groupId`, `queryString`) or render panels on
 * demand (`lazy`) are not made into shells (../transform.ts).
 */
import {eachIn, type Behaviour} from './behaviour';

const ACTIVE = 'tabs__item--active';

function enhanceTabs(container: Element): () => void {
  const tabs = Array.from(
    container.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]'),
  );
  const panels = Array.from(
    container.querySelectorAll<HTMLElement>(':scope > div > [role=tabpanel]'),
  );
  const select = (tab: HTMLElement) => {
    if (tab.getAttribute('aria-selected') === 'true') return;
    const top = tab.getBoundingClientRect().top;
    tabs.forEach((other, i) => {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      other.classList.toggle(ACTIVE, selected);
      panels[i]?.toggleAttribute('hidden', !selected);
    });
    // The panels' heights differ: keep the tab where the reader's pointer is.
    window.scrollBy(0, tab.getBoundingClientRect().top - top);
  };
  const tabOf = (event: Event) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role=tab]');
    return tab && tabs.includes(tab) ? tab : null;
  };
  const onClick = (event: Event) => {
    const tab = tabOf(event);
    if (tab) select(tab);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = tabOf(event);
    if (!tab) return;
    const i = tabs.indexOf(tab);
    if (event.key === 'Enter') select(tab);
    else if (event.key === 'ArrowRight') (tabs[i + 1] ?? tabs[0])?.focus();
    else if (event.key === 'ArrowLeft') (tabs[i - 1] ?? tabs[tabs.length - 1])?.focus();
  };
  container.addEventListener('click', onClick);
  container.addEventListener('keydown', onKeyDown as EventListener);
  return () => {
    container.removeEventListener('click', onClick);
    container.removeEventListener('keydown', onKeyDown as EventListener);
  };
}

const tabs: Behaviour = (root) => eachIn(root, '.tabs-container', enhanceTabs);

export default tabs;
