// The public face of the payments feature: the sale detail page shows a sale's payments and registers
// new ones with these; the sales list shows a pending amount the same way.
export { paymentKeys, usePaymentCurrencies } from './api';
export { PaymentDialog, type PaymentDialogProps } from './PaymentDialog';
export { balanceView, CREDIT_LABEL } from './payment-model';
export { type PaymentsSale, RegisterPaymentButton, SalePayments } from './SalePayments';
