import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether focus already sits on something of the new page (a control it focused itself). */
const focusedInside = (main: HTMLElement) =>
  document.activeElement !== main && main.contains(document.activeElement);

/** Focuses the page's heading (made focusable by script, not by Tab); false while it has none. */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * After moving to another page, focus goes to its heading, as a new page's load would put a screen
 * reader there: otherwise it stayed on the menu link followed, 14 Tabs away from the page's first
 * button. Not on the first screen shown (the browser starts it at the top) nor for a new query string
 * (a filter or a page of a list keeps its control focused). A page whose heading waits for its data
 * focuses <main> meanwhile, so Tab already starts in the page, and the heading once it is there unless
 * the person has moved on.
 */
export function useFocusOnNavigate(mainId: string) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById(mainId);
    if (!main || focusedInside(main) || focusHeading(main)) return;
    main.focus();
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainId]);
}
