import { useQuery } from '@tanstack/react-query';
import { agencyToday, DEFAULT_TIME_ZONE } from '../../../domain/agency-day';
import { DEFAULT_LARGE_AMOUNT_THRESHOLD } from '../../../domain/company';
import type { AgencyPreferences } from '../../../domain/company-replies';
import { agencyPreferencesQuery } from '../../api/agency-preferences';

const DEFAULTS: AgencyPreferences = {
  timeZone: DEFAULT_TIME_ZONE,
  largeAmountThreshold: DEFAULT_LARGE_AMOUNT_THRESHOLD,
  numberFormat: 'en',
  electronicInvoicing: false,
};

/**
 * The agency's zone and large-amount threshold; the defaults until the server has answered (a form's
 * first render must not wait for them, and the server decides anyway).
 */
export function useAgencyPreferences(): AgencyPreferences {
  return useQuery(agencyPreferencesQuery()).data ?? DEFAULTS;
}

/** The agency's today as yyyy-mm-dd: the default of report and payment dates. */
export function useAgencyToday(): string {
  return agencyToday(useAgencyPreferences().timeZone);
}

/**
 * Whether "Generar Factura" issues a DTE (the company's tax data are saved), undefined until the
 * server has answered: the invoice button waits for it, as issuing without the preview is another path.
 */
export function useElectronicInvoicing(): boolean | undefined {
  return useQuery(agencyPreferencesQuery()).data?.electronicInvoicing;
}
