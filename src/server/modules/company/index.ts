export { agencyPreferences, agencyTimeZone, getCompanySettings } from './settings';
