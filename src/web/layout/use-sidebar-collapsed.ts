import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'sidebar_collapsed';

/** The user's choice survives reloads and new sign-ins on the same browser. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true');
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(!previous));
      return !previous;
    });
  }, []);
  return [collapsed, toggle];
}
