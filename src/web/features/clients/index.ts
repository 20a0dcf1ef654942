// The public face of the clients feature for other features: the sale form reuses the form in its
// '+ Crear nuevo cliente' dialog, and its picker can list clients under the same cache keys.
export { type ClientData, clientsResource } from './api';
export { ClientForm, type ClientFormProps } from './ClientForm';
