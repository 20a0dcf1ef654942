import { useEffect } from 'react';

/** How many records a picker lists at once: the first page, large enough to scroll through. */
export const PICKER_LIMIT = 100;

/** A picker that fails to load is only logged, with its own message; the select simply stays empty. */
export function useLoggedFailure(error: Error | null, message: string) {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
