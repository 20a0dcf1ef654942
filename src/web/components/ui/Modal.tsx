import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './Button';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Set while closing by accident would lose work (unsaved changes): Escape and a click outside then
   * call this instead of closing, so the owner can ask first. The close button and Cancelar still close.
   */
  onDismissHeld?: () => void;
}

/**
 * Escape belongs to the innermost popup. Radix hears the key first (on the document) and its way to
 * keep the dialog open, preventDefault, also makes Headless UI's combobox ignore the key; so while the
 * focused combobox has its list open, the dialog stays and the list is closed the way Headless UI
 * closes it when focus leaves, with focus put straight back.
 */
function keepEscapeForOpenPopup(event: KeyboardEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches('[role="combobox"][aria-expanded="true"]')) return;
  event.preventDefault();
  target.blur();
  target.focus();
}

/**
 * The element that had focus when the dialog opened. Radix returns focus to a Dialog.Trigger only, and
 * these dialogs open from state, so without this focus would fall to <body> on close. A layout effect
 * runs before Radix moves focus into the dialog.
 */
function useOpener(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const openedOn = useRef('');
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
    if (open) openedOn.current = window.location.pathname;
  }, [open]);
  return (event: Event) => {
    // A dialog that led to another page (a search result) leaves focus where that page put it.
    if (window.location.pathname !== openedOn.current) {
      event.preventDefault();
      return;
    }
    const target = opener.current;
    // An opener removed meanwhile (a deleted row) cannot take focus; Radix's default then applies.
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}

/** For dialogs that only ever ask to close (opening is their owner's business): onOpenChange={whenClosed(f)}. */
export const whenClosed = (onClose: () => void) => (open: boolean) => {
  if (!open) onClose();
};

/**
 * React sends a submit up the component tree, through the portal, to a form the dialog was opened
 * from (the item dialog inside the sale form): the form inside the dialog has handled it by then, so
 * it goes no further.
 */
const keepSubmitInside = (event: FormEvent) => event.stopPropagation();

/**
 * A titled dialog; Radix traps focus and closes on Escape; focus returns to the opener; a form inside
 * submits only itself.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  onDismissHeld,
}: ModalProps) {
  const returnFocus = useOpener(open);
  const holdDismiss = (event: Event) => {
    if (!onDismissHeld || event.defaultPrevented) return;
    event.preventDefault();
    onDismissHeld();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <Dialog.Content
          // Without a description Radix would point aria-describedby at nothing and warn about it.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            keepEscapeForOpenPopup(event);
            holdDismiss(event);
          }}
          onInteractOutside={holdDismiss}
          onCloseAutoFocus={returnFocus}
          onSubmit={keepSubmitInside}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6',
            className,
          )}
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          {description && (
            <Dialog.Description asChild>
              <div className="mt-2 text-sm text-gray-700">{description}</div>
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <Dialog.Close
            aria-label="Cerrar"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1 text-gray-600 hover:bg-gray-100 sm:top-4 sm:right-4',
              FOCUS_RING,
            )}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface TargetModalProps<T> extends Omit<ModalProps, 'open' | 'onOpenChange' | 'children'> {
  /** What the dialog works on (a record, or {} for a new one); it is open while there is one. */
  target: T | null;
  onClose: () => void;
  children: (target: T) => ReactNode;
}

/**
 * A Modal over a target, for a form that edits it. The form is mounted per opening, so each opening
 * starts from the target's values, not from the last attempt's.
 */
export function TargetModal<T>({ target, onClose, children, ...props }: TargetModalProps<T>) {
  return (
    <Modal open={target !== null} onOpenChange={whenClosed(onClose)} {...props}>
      {target !== null && children(target)}
    </Modal>
  );
}
