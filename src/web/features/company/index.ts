export { useAgencyPreferences, useAgencyToday } from './agency';
