export { loadAlerts } from './queries';
