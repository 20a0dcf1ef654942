export { activeRate, activeRateOrNull, activeRates } from './rates';
export {
  agencyNumberFormat,
  agencyPreferences,
  agencyTimeZone,
  forgetAgencyPreferences,
  getCompanySettings,
} from './settings';
