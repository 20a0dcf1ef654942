// The public face of the passengers feature for other features: the sale item dialog creates
// passengers inline with this form, and its picker can list passengers under the same cache keys.
export { type PassengerData, passengersResource } from './api';
export { PassengerForm, type PassengerFormProps } from './PassengerForm';
