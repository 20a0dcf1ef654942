import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * Asks before leaving a form with unsaved changes: a link, the back button or a typed URL inside the
 * app get the dialog this hook returns; a reload or closing the tab get the browser's own question.
 * `release()` lets a successful save navigate away without asking. Going to /login is never held: the
 * session has ended (logout or 401) and the form could not be saved anyway.
 */
export function useLeaveGuard(dirty: boolean) {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== '/login',
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const prompt = (
    <Modal
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="¿Salir sin guardar?"
      description="Los cambios que no has guardado se perderán."
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Seguir editando
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Salir sin guardar
        </Button>
      </div>
    </Modal>
  );

  return {
    prompt,
    release: () => {
      released.current = true;
    },
  };
}
