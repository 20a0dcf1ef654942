import * as Dialog from '@radix-ui/react-dialog';
import { Menu } from 'lucide-react';
import { type MouseEvent, useRef, useState } from 'react';
import { SearchButton } from '../features/search';
import { cn } from '../lib/cn';
import { FOCUS_RING as SIDEBAR_FOCUS_RING, Sidebar } from './Sidebar';

const TOP_BAR_BUTTON = cn('rounded-md p-2 text-slate-200 hover:bg-slate-800', SIDEBAR_FOCUS_RING);

/**
 * Below Tailwind's md the sidebar would leave a phone a third of its width, so there it is a drawer,
 * closed by default and opened from a top bar, which also holds the search button. Radix traps focus
 * in it and closes it on Escape.
 */

export function MobileNav({ onSearch }: { onSearch: () => void }) {
  const [open, setOpen] = useState(false);
  const openedOn = useRef('');
  // Any link followed inside the drawer closes it: the page behind is where the user is going.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  };
  const openDrawer = (next: boolean) => {
    if (next) openedOn.current = window.location.pathname;
    setOpen(next);
  };
  // Focus goes back to the menu button only on the same page; on another, to its heading (AppLayout).
  const keepNewPageFocus = (event: Event) => {
    if (window.location.pathname !== openedOn.current) event.preventDefault();
  };

  return (
    <Dialog.Root open={open} onOpenChange={openDrawer}>
      <div className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-slate-900 px-3 text-white md:hidden">
        <Dialog.Trigger aria-label="Abrir menú" className={TOP_BAR_BUTTON}>
          <Menu aria-hidden="true" className="size-6" />
        </Dialog.Trigger>
        <span className="truncate font-semibold">Agencia de Viajes</span>
        <SearchButton onClick={onSearch} compactClassName={cn(TOP_BAR_BUTTON, 'ml-auto')} />
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onClick={closeOnLink}
          onCloseAutoFocus={keepNewPageFocus}
          className="fixed inset-y-0 left-0 z-50 flex max-w-[85vw] md:hidden"
        >
          <Dialog.Title className="sr-only">Menú</Dialog.Title>
          <Sidebar onClose={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
