import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { agencyPreferencesQuery } from '../api/agency-preferences';
import { NumberFormatContext } from '../lib/use-money';

/**
 * The agency's number format for every signed-in screen, read once with the preferences every screen
 * already reads (decision 0089); a change in Configuraciones refreshes them, and so every amount at once.
 */
export function AgencyNumberFormat({ children }: { children: ReactNode }) {
  const style = useQuery(agencyPreferencesQuery()).data?.numberFormat ?? 'en';
  return <NumberFormatContext value={style}>{children}</NumberFormatContext>;
}
