export { hasDemoData } from './demo-removal';
export { activeRate, activeRateOrNull, activeRates, rateOn, refuseTypedBaseRate } from './rates';
export {
  agencyNumberFormat,
  agencyPreferences,
  agencyTimeZone,
  forgetAgencyPreferences,
  getCompanySettings,
} from './settings';
