import { Search } from 'lucide-react';
import { useCallback } from 'react';
import { FOCUS_RING } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { cn } from '../../lib/cn';
import { SearchPanel } from './SearchPanel';
import { useSearchShortcut } from './use-search-shortcut';

interface GlobalSearchProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The search dialog of every signed-in screen, with its keyboard shortcuts. The panel lives inside
 * the dialog, so each opening starts from an empty box.
 */
export function GlobalSearch({ open, onOpenChange }: GlobalSearchProps) {
  useSearchShortcut(useCallback(() => onOpenChange(true), [onOpenChange]));
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Buscar">
      <SearchPanel onClose={() => onOpenChange(false)} />
    </Modal>
  );
}

interface SearchButtonProps {
  onClick: () => void;
  /** An icon alone, styled by the caller (the phone's dark top bar); otherwise a wide box. */
  compactClassName?: string;
}

/** Opens the search: a wide box in the desktop header, an icon in the phone's top bar. */
export function SearchButton({ onClick, compactClassName }: SearchButtonProps) {
  const compact = compactClassName !== undefined;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={compact ? 'Buscar' : undefined}
      aria-keyshortcuts="Control+K /"
      className={
        compactClassName ??
        cn(
          'flex w-full max-w-sm items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2',
          'text-sm text-gray-700 hover:border-gray-400',
          FOCUS_RING,
        )
      }
    >
      <Search aria-hidden="true" className={compact ? 'size-6' : 'size-4 text-gray-500'} />
      {!compact && (
        <>
          <span className="flex-1 text-left">Buscar...</span>
          <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 font-sans text-xs text-gray-600">
            Ctrl K
          </kbd>
        </>
      )}
    </button>
  );
}
