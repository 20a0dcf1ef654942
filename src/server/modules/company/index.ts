export { getCompanySettings } from './settings';
