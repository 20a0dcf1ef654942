export { createPayment } from './service';
