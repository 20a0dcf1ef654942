import { useEffect } from 'react';

/** Whether a key typed here is text for a field, so `/` must stay a character. */
function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [role="combobox"]') !== null)
  );
}

/**
 * Ctrl+K (Cmd+K on a Mac) anywhere, and `/` outside a text field, open the search, as in the tools
 * agents already use. Not over another dialog: two modal dialogs would fight over focus.
 */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const modifier = event.ctrlKey || event.metaKey;
      const wanted =
        (modifier && event.key.toLowerCase() === 'k') ||
        (!modifier && event.key === '/' && !isTypingTarget(event.target));
      if (!wanted || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
