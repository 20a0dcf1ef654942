export { activeRate, activeRates } from './rates';
export { agencyPreferences, agencyTimeZone, forgetAgencyPreferences, getCompanySettings } from './settings';
