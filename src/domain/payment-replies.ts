import { z } from 'zod';
import { BASE_CURRENCY } from './company';
import { moneyText, type NumberFormat } from './format';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments';
import { absentWhenNull, pagedReply, savedReply } from './replies';
import { SALE_STATUSES } from './status';

/** A customer payment as every payments call returns it, with the sale it belongs to. */
export const paymentReplySchema = z.object({
  id: z.number(),
  saleId: z.number(),
  date: z.string(),
  /** In `currency`, as the client paid. */
  amount: z.number(),
  currency: z.string(),
  /** USD per unit of `currency`, frozen when the payment was recorded. */
  exchangeRate: z.number(),
  /** Set when the rate was typed instead of taken from Configuraciones. */
  rateEdited: z.boolean(),
  /** amount * exchangeRate rounded once to the cent. */
  usdAmount: z.number(),
  /**
   * The payment's value in its sale's currency (`sale.currency`), rounded once when it was recorded: what
   * counts toward the sale's debt (docs/decisions/0085-sale-currency.md).
   */
  saleAmount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: absentWhenNull(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  sale: z.object({
    id: z.number(),
    passengerName: z.string(),
    status: z.enum(SALE_STATUSES),
    sellerId: z.number(),
    clientName: z.string(),
    currency: z.string(),
  }),
});
export type PaymentReply = z.infer<typeof paymentReplySchema>;
/** A payment's own fields, which the payment form edits. */
export type Payment = Omit<PaymentReply, 'sale'>;

/** GET /api/payments: one page, and the sums over everything the filters match (not only the page). */
export const paymentsPageReplySchema = pagedReply('payments', paymentReplySchema).extend({
  totals: z.object({ confirmed: z.number(), pending: z.number() }),
});

export const paymentStatsReplySchema = z.object({
  stats: z.object({
    totalConfirmed: z.number(),
    totalPending: z.number(),
    count: z.number(),
    byMethod: z.record(z.string(), z.object({ count: z.number(), total: z.number() })),
  }),
});

/** GET /api/payments/currencies: what a payment may be made in, with each one's rate today. */
export const paymentCurrenciesReplySchema = z.object({
  currencies: z.array(z.object({ currency: z.string(), rate: z.number() })),
});
export type PaymentCurrency = z.infer<typeof paymentCurrenciesReplySchema>['currencies'][number];

export const paymentsOfSaleReplySchema = z.array(paymentReplySchema);
export const paymentOneReplySchema = z.object({ payment: paymentReplySchema });
export const paymentSavedReplySchema = savedReply('payment', paymentReplySchema);

/**
 * A payment's amount as its rows show it: in the currency the client paid, with its value in the sale's
 * currency (what counts toward the sale) beside it when that is another currency: "CLP 1,000,000
 * (US$ 1,052.00)" on a USD sale, "US$ 500.00 (CLP 500,000)" on a peso sale.
 */
export function paymentAmountText(
  p: Pick<PaymentReply, 'amount' | 'currency' | 'saleAmount'>,
  saleCurrency: string = BASE_CURRENCY,
  style: NumberFormat = 'en',
): string {
  const formatMoney = moneyText(style);
  const own = formatMoney(p.amount, p.currency);
  return p.currency === saleCurrency ? own : `${own} (${formatMoney(p.saleAmount, saleCurrency)})`;
}
