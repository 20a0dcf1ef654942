export { activeRate, activeRates } from './rates';
export { agencyPreferences, agencyTimeZone, getCompanySettings } from './settings';
