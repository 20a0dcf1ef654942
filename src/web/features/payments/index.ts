// The public face of the payments feature: the sale detail page shows a sale's payments and registers
// new ones with these.
export { paymentKeys } from './api';
export { PaymentDialog, type PaymentDialogProps } from './PaymentDialog';
export { type PaymentsSale, RegisterPaymentButton, SalePayments } from './SalePayments';
