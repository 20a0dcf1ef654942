export {
  useAgencyPreferences,
  useAgencyToday,
  useElectronicInvoicing,
} from './agency';
export { currencyRatesQuery } from './api';
export { SetupChecklist } from './SetupChecklist';
