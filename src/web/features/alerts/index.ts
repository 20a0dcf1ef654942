// The public face of the alerts: the dashboard and the sale detail show them with these.
export { AlertsPanel } from './AlertsPanel';
export { SaleAlerts } from './SaleAlerts';
