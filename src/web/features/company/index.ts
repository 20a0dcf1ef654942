export { useAgencyPreferences, useAgencyToday } from './agency';
export { currencyRatesQuery } from './api';
