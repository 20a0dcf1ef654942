// The public face of the catalogs feature for other features: the sale item dialog's pickers list
// suppliers, operators and classifications under the same cache keys.
export { catalogResource } from './api';
